/**
 * Card payments through Stripe, as billing records them: called by online payments when a
 * webhook (or the admin's refund through Stripe) has established what Stripe holds. Each write
 * is keyed by Stripe's own id (the PaymentIntent, the Refund), so that applying the same fact
 * twice records it once, in whatever order the events came.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { formatMoney } from "../../../shared/money.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { billingNotice, invoice, payment, paymentRefund } from "../../db/billing-schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { AppError } from "../../lib/app-error.ts";
import { allocate, lockMoney, outstandingOf, releaseAllocationsOfPayment, unallocatedOf } from "./allocations.ts";
import { auditBilling, type BillingContext } from "./invoice-context.ts";
import { appendEntries } from "./ledger.ts";
import { sellPackageIn } from "./packages.ts";

export interface CardPayment {
  accountId: string;
  amountMinor: number;
  paymentIntentId: string;
  receivedOn: string;
  /** The invoice it pays (as much of it as is still owed; the rest is the account's credit). */
  invoiceId?: string | null;
  /** The package it buys: sold in the same transaction and its invoice paid, so that its hours count. */
  package?: { productId: string; studentId: string | null; saleKey: string } | null;
}

export interface CardPaymentRecorded {
  paymentId: string;
  purchaseId: string | null;
  created: boolean;
}

/** Pays as much of an issued invoice as the payment has left and the invoice still owes. */
async function payInvoice(tx: Transaction, context: BillingContext, paymentId: string, invoiceId: string): Promise<void> {
  const [row] = await tx
    .select()
    .from(invoice)
    .where(and(eq(invoice.organizationId, context.organizationId), eq(invoice.id, invoiceId)));
  if (!row || row.status !== "issued") return;
  const amountMinor = Math.min(outstandingOf(row), await unallocatedOf(tx, context.organizationId, { paymentId }));
  if (amountMinor > 0) await allocate(tx, context, { paymentId, invoiceId, amountMinor });
}

/** Records a card payment Stripe took, once per PaymentIntent. */
export async function recordCardPayment(tx: Transaction, context: BillingContext, facts: CardPayment): Promise<CardPaymentRecorded> {
  const { organizationId } = context;
  await lockMoney(tx, organizationId);
  const [earlier] = await tx
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.organizationId, organizationId), eq(payment.stripePaymentIntentId, facts.paymentIntentId)));
  if (earlier) return { paymentId: earlier.id, purchaseId: null, created: false };

  const currency = await workspaceCurrency(tx, organizationId);
  const paymentId = randomUUID();
  await tx.insert(payment).values({
    organizationId,
    id: paymentId,
    accountId: facts.accountId,
    method: "card_online",
    amountMinor: facts.amountMinor,
    receivedOn: facts.receivedOn,
    reference: facts.paymentIntentId,
    idempotencyKey: `stripe:${facts.paymentIntentId}`,
    stripePaymentIntentId: facts.paymentIntentId,
    recordedByUserId: null,
    createdAt: context.now,
  });
  await appendEntries(tx, context, [
    {
      accountId: facts.accountId,
      kind: "payment",
      amountMinor: -facts.amountMinor,
      description: `Payment received (card online, ${facts.paymentIntentId})`,
      causeKey: `payment:${paymentId}`,
      paymentId,
    },
  ]);

  let purchaseId: string | null = null;
  if (facts.package) {
    try {
      const sold = await sellPackageIn(
        tx,
        context,
        facts.accountId,
        { productId: facts.package.productId, studentId: facts.package.studentId, idempotencyKey: facts.package.saleKey },
        "A card payment online",
      );
      purchaseId = sold.id;
      if (sold.invoiceId) await payInvoice(tx, context, paymentId, sold.invoiceId);
    } catch (error) {
      // The package can no longer be sold as chosen (archived, the student moved to another
      // family since): the money arrived all the same and stays the account's credit.
      if (!(error instanceof AppError) || error.status !== 422) throw error;
    }
  }
  if (facts.invoiceId) await payInvoice(tx, context, paymentId, facts.invoiceId);

  await tx
    .insert(billingNotice)
    .values({
      organizationId,
      accountId: facts.accountId,
      kind: "payment_recorded",
      dedupeKey: `payment:${paymentId}`,
      text: `We received your card payment of ${formatMoney(facts.amountMinor, currency)} on ${facts.receivedOn}.`,
      createdAt: context.now,
    })
    .onConflictDoNothing();
  await auditBilling(tx, context, "PAYMENT_RECORDED", `Stripe confirmed a card payment of ${formatMoney(facts.amountMinor, currency)}`, {
    paymentId,
    accountId: facts.accountId,
    amountMinor: facts.amountMinor,
    method: "card_online",
    paymentIntentId: facts.paymentIntentId,
    ...(facts.invoiceId ? { invoiceId: facts.invoiceId } : {}),
    ...(purchaseId ? { purchaseId } : {}),
  });
  return { paymentId, purchaseId, created: true };
}

export interface CardRefund {
  paymentIntentId: string;
  stripeRefundId: string;
  amountMinor: number;
  refundedOn: string;
  reason: string;
  /** The admin's form key when the refund was asked for here; Stripe's refund id otherwise. */
  idempotencyKey?: string;
}

/**
 * Records a refund Stripe made of a card payment, once per Stripe refund. Beyond the payment's
 * unallocated amount (a refund made in Stripe's dashboard without a credit note first), the
 * invoices it paid are owed again for the difference: the family has that money back.
 * Returns false when the payment is not recorded yet (the refund is applied with it later).
 */
export async function recordCardRefund(tx: Transaction, context: BillingContext, facts: CardRefund): Promise<{ recorded: boolean; created: boolean }> {
  const { organizationId } = context;
  await lockMoney(tx, organizationId);
  const [paid] = await tx
    .select()
    .from(payment)
    .where(and(eq(payment.organizationId, organizationId), eq(payment.stripePaymentIntentId, facts.paymentIntentId)));
  if (!paid) return { recorded: false, created: false };
  const [earlier] = await tx
    .select({ id: paymentRefund.id })
    .from(paymentRefund)
    .where(and(eq(paymentRefund.organizationId, organizationId), eq(paymentRefund.stripeRefundId, facts.stripeRefundId)));
  if (earlier) return { recorded: true, created: false };

  const unallocated = await unallocatedOf(tx, organizationId, { paymentId: paid.id });
  if (facts.amountMinor > unallocated) await releaseAllocationsOfPayment(tx, context, paid.id, facts.amountMinor - unallocated);
  const currency = await workspaceCurrency(tx, organizationId);
  const refundId = randomUUID();
  await tx.insert(paymentRefund).values({
    organizationId,
    id: refundId,
    paymentId: paid.id,
    accountId: paid.accountId,
    amountMinor: facts.amountMinor,
    refundedOn: facts.refundedOn,
    reason: facts.reason,
    idempotencyKey: facts.idempotencyKey ?? `stripe:${facts.stripeRefundId}`,
    stripeRefundId: facts.stripeRefundId,
    recordedByUserId: context.actorUserId,
    createdAt: context.now,
  });
  await appendEntries(tx, context, [
    {
      accountId: paid.accountId,
      kind: "refund",
      amountMinor: facts.amountMinor,
      description: `Refund of a card payment: ${facts.reason}`,
      causeKey: `refund:${refundId}`,
      paymentId: paid.id,
    },
  ]);
  await tx
    .insert(billingNotice)
    .values({
      organizationId,
      accountId: paid.accountId,
      kind: "refund_recorded",
      dedupeKey: `refund:${refundId}`,
      text: `We refunded ${formatMoney(facts.amountMinor, currency)} to your card on ${facts.refundedOn}: ${facts.reason}`,
      createdAt: context.now,
    })
    .onConflictDoNothing();
  await auditBilling(tx, context, "REFUND_RECORDED", `A refund of ${formatMoney(facts.amountMinor, currency)} to a card through Stripe`, {
    refundId,
    paymentId: paid.id,
    accountId: paid.accountId,
    amountMinor: facts.amountMinor,
    stripeRefundId: facts.stripeRefundId,
  });
  return { recorded: true, created: true };
}
