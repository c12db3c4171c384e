/**
 * A family's card activity for the admin: the card saved for autopay, autopay's tries (with
 * Stripe's reason for each decline and when it is tried again) and the family's Checkout
 * payments, however they ended. What support needs to answer "did my card payment go through?".
 */
import { and, desc, eq } from "drizzle-orm";
import type { CardActivity } from "../../../shared/schemas/online-payments.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { isRecordId } from "../../core/ids.ts";
import { autopayCharge, checkoutAttempt, invoice, packageProduct, savedCard } from "../../db/billing-schema.ts";
import type { Database } from "../../db/client.ts";
import { payerAccount } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import type { Config } from "../../env.ts";
import { notFound } from "../../lib/app-error.ts";
import { cardSeen } from "./saved-cards.ts";
import { stripeKeysOf } from "./stripe-keys.ts";

/** How many of the latest tries and payments are shown: older ones are in the ledger and the audit log. */
export const CARD_ACTIVITY_LIMIT = 20;

const invoiceOf = (table: typeof autopayCharge | typeof checkoutAttempt) =>
  and(eq(invoice.organizationId, table.organizationId), eq(invoice.id, table.invoiceId));

/** The account's latest autopay tries, with their invoices' numbers. */
export function accountAutopayTriesQuery(tx: Queryable, organizationId: string, accountId: string) {
  return tx
    .select({ charge: autopayCharge, invoiceNumber: invoice.number })
    .from(autopayCharge)
    .leftJoin(invoice, invoiceOf(autopayCharge))
    .where(and(eq(autopayCharge.organizationId, organizationId), eq(autopayCharge.accountId, accountId)))
    .orderBy(desc(autopayCharge.createdAt), desc(autopayCharge.attempt))
    .limit(CARD_ACTIVITY_LIMIT);
}

/** The account's latest Checkout payments, with the invoice's number or the package's name. */
export function accountCheckoutsQuery(tx: Queryable, organizationId: string, accountId: string) {
  return tx
    .select({ attempt: checkoutAttempt, invoiceNumber: invoice.number, productName: packageProduct.name })
    .from(checkoutAttempt)
    .leftJoin(invoice, invoiceOf(checkoutAttempt))
    .leftJoin(packageProduct, and(eq(packageProduct.organizationId, checkoutAttempt.organizationId), eq(packageProduct.id, checkoutAttempt.productId)))
    .where(and(eq(checkoutAttempt.organizationId, organizationId), eq(checkoutAttempt.accountId, accountId)))
    .orderBy(desc(checkoutAttempt.createdAt))
    .limit(CARD_ACTIVITY_LIMIT);
}

/** GET /admin/billing/accounts/{accountId}/card-activity */
export async function viewCardActivity(db: Database, config: Config, actor: Actor, accountId: string): Promise<CardActivity> {
  const organizationId = actor.viewer.organizationId;
  if (!isRecordId(accountId)) throw notFound("The account");
  return withWorkspace(db, organizationId, async (tx) => {
    const [account] = await tx
      .select({ id: payerAccount.id })
      .from(payerAccount)
      .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId)));
    if (!account) throw notFound("The account");
    const [card] = await tx
      .select()
      .from(savedCard)
      .where(and(eq(savedCard.organizationId, organizationId), eq(savedCard.accountId, accountId)));
    const tries = await accountAutopayTriesQuery(tx, organizationId, accountId);
    const checkouts = await accountCheckoutsQuery(tx, organizationId, accountId);
    return {
      available: (await stripeKeysOf(tx, config, organizationId)) !== null,
      currency: await workspaceCurrency(tx, organizationId),
      ...cardSeen(card),
      autopayTries: tries.map(({ charge, invoiceNumber }) => ({
        id: charge.id,
        invoiceId: charge.invoiceId,
        invoiceNumber,
        attempt: charge.attempt,
        amountMinor: charge.amountMinor,
        status: charge.status,
        failureReason: charge.failureReason,
        retryAt: charge.retryAt?.toISOString() ?? null,
        createdAt: charge.createdAt.toISOString(),
      })),
      checkouts: checkouts.map(({ attempt, invoiceNumber, productName }) => ({
        id: attempt.id,
        kind: attempt.kind,
        status: attempt.status,
        amountMinor: attempt.amountMinor,
        invoiceId: attempt.invoiceId,
        invoiceNumber,
        productName,
        failureReason: attempt.failureReason,
        paymentId: attempt.paymentId,
        createdAt: attempt.createdAt.toISOString(),
      })),
    };
  });
}
