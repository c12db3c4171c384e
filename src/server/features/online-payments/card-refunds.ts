/**
 * An admin refunds a card payment to the card, through Stripe, from the payment's screen. As
 * for any refund, only what the payment has not paid invoices with can be given back: a credit
 * note first frees what an invoice holds. Stripe is asked first (keyed by the admin's form, so a
 * retry refunds once); the refund is then recorded with Stripe's id, which the charge.refunded
 * webhook finds recorded. If recording fails after Stripe refunded, that webhook records it.
 */
import { and, eq } from "drizzle-orm";
import type { Payment, RefundCreate } from "../../../shared/schemas/billing-payments.ts";
import { formatMoney } from "../../../shared/money.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { isRecordId } from "../../core/ids.ts";
import { payment, paymentRefund } from "../../db/billing-schema.ts";
import type { Database } from "../../db/client.ts";
import { withWorkspace } from "../../db/tenant.ts";
import type { Config } from "../../env.ts";
import { conflictOn, invalidField, notFound } from "../../lib/app-error.ts";
import { billingContextOf, paymentDetail, recordCardRefund } from "../billing/index.ts";
import { callStripe, stripeClient } from "./stripe-client.ts";
import { stripeKeysOf } from "./stripe-keys.ts";

const paymentNotFound = () => notFound("The payment");

/** POST /admin/billing/payments/{paymentId}/card-refunds */
export async function refundCardPayment(
  db: Database,
  config: Config,
  actor: Actor,
  paymentId: string,
  input: RefundCreate,
  now: Date,
): Promise<{ payment: Payment; created: boolean }> {
  const organizationId = actor.viewer.organizationId;
  if (!isRecordId(paymentId)) throw paymentNotFound();
  const checked = await withWorkspace(db, organizationId, async (tx) => {
    const [paid] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.organizationId, organizationId), eq(payment.id, paymentId)));
    if (!paid) throw paymentNotFound();
    if (paid.method !== "card_online" || !paid.stripePaymentIntentId)
      throw conflictOn("paymentId", "This payment was not made by card online: record its refund by hand.");
    const [earlier] = await tx
      .select()
      .from(paymentRefund)
      .where(and(eq(paymentRefund.organizationId, organizationId), eq(paymentRefund.idempotencyKey, input.idempotencyKey)));
    if (earlier) {
      if (earlier.paymentId !== paymentId || earlier.amountMinor !== input.amountMinor || earlier.reason !== input.reason)
        throw conflictOn("idempotencyKey", "A different refund was already recorded with this key: open the form again to record another.");
      return { done: await paymentDetail(tx, organizationId, paymentId), paymentIntentId: "", keys: null };
    }
    const detail = await paymentDetail(tx, organizationId, paymentId);
    if (input.amountMinor > detail.unallocatedMinor)
      throw invalidField(
        "amountMinor",
        `At most ${formatMoney(detail.unallocatedMinor, await workspaceCurrency(tx, organizationId))} of this payment can be refunded: the rest pays invoices (issue a credit note first) or was refunded already.`,
      );
    const keys = await stripeKeysOf(tx, config, organizationId);
    if (!keys)
      throw conflictOn("paymentId", "The workspace has no Stripe keys any more: set them in Settings → Billing → Online payments to refund to the card.");
    return { done: null, paymentIntentId: paid.stripePaymentIntentId, keys };
  });
  if (checked.done) return { payment: checked.done, created: false };
  const keys = checked.keys!;

  const refund = await callStripe(() =>
    stripeClient(config, keys).refunds.create(
      { payment_intent: checked.paymentIntentId, amount: input.amountMinor, reason: "requested_by_customer", metadata: { glassroom_reason: input.reason } },
      { idempotencyKey: `glassroom-refund:${organizationId}:${input.idempotencyKey}` },
    ),
  );
  return withWorkspace(db, organizationId, async (tx) => {
    const result = await recordCardRefund(tx, billingContextOf(actor, now), {
      paymentIntentId: checked.paymentIntentId,
      stripeRefundId: refund.id,
      amountMinor: refund.amount,
      refundedOn: input.refundedOn,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
    });
    return { payment: await paymentDetail(tx, organizationId, paymentId), created: result.created };
  });
}
