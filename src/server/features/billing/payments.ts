/**
 * Payments an admin records (cash, bank transfer, card terminal, cheque) and refunds of them.
 * A payment is a ledger entry in the family's favour, allocated to the invoices the admin
 * chooses; what it does not allocate is the account's credit, applied to the next invoice
 * issued. A refund gives back part of a payment's unallocated amount. Each is recorded once per
 * idempotency key (one per form opening): the same request again answers the first record, a
 * different request with the same key is refused.
 */
import { workspaceCurrency } from "../../core/currency.ts";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Payment, PaymentCreate, PaymentListQuery, PaymentPage, PaymentSummary, RefundCreate } from "../../../shared/schemas/billing-payments.ts";
import { type Actor, actorLabel } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { allocation, billingNotice, invoice, payment, paymentRefund } from "../../db/billing-schema.ts";
import { payerAccount, user } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, conflictOn, invalidField, notFound } from "../../lib/app-error.ts";
import { formatMoney } from "../../../shared/money.ts";
import { allocate, lockMoney, outstandingOf, paymentUnallocatedSql, unallocatedOf } from "./allocations.ts";
import { auditBilling, billingContextOf } from "./invoice-context.ts";
import { appendEntries } from "./ledger.ts";

type PaymentRow = typeof payment.$inferSelect;
type RefundRow = typeof paymentRefund.$inferSelect;

export const paymentNotFound = () => notFound("The payment");

/** A payment or refund saved, or the one an earlier request with the same key saved. */
export interface Recorded<T> {
  record: T;
  created: boolean;
}

/** The last date money may be dated: tomorrow in the workspace's zone (a payment made late in a zone ahead). */
async function refuseFutureDate(tx: Transaction, organizationId: string, now: Date, field: string, value: string): Promise<void> {
  const today = await workspaceToday(tx, organizationId, now);
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (value > tomorrow) throw invalidField(field, `The date must not be after ${tomorrow} (the workspace's today is ${today}).`);
}

async function requireAccount(tx: Transaction, organizationId: string, accountId: string) {
  const [row] = await tx
    .select()
    .from(payerAccount)
    .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId)));
  if (!row) throw notFound("The account");
  return row;
}

/** The allocations a payment was recorded with: those written in its own transaction (at its creation time). */
async function initialAllocations(tx: Transaction, row: PaymentRow): Promise<{ invoiceId: string; amountMinor: number }[]> {
  return tx
    .select({ invoiceId: allocation.invoiceId, amountMinor: allocation.amountMinor })
    .from(allocation)
    .where(and(eq(allocation.organizationId, row.organizationId), eq(allocation.paymentId, row.id), eq(allocation.createdAt, row.createdAt)))
    .orderBy(asc(allocation.invoiceId));
}

const allocationKey = (items: { invoiceId: string; amountMinor: number }[]) =>
  JSON.stringify(items.map((item) => [item.invoiceId, item.amountMinor]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))));

async function samePaymentRequest(tx: Transaction, row: PaymentRow, input: PaymentCreate): Promise<boolean> {
  const sameFields =
    row.accountId === input.accountId &&
    row.method === input.method &&
    row.amountMinor === input.amountMinor &&
    row.receivedOn === input.receivedOn &&
    row.reference === input.reference;
  return sameFields && allocationKey(await initialAllocations(tx, row)) === allocationKey(input.allocations);
}

/**
 * Checks each requested allocation before anything is written, naming its field: the invoice
 * must be this account's, issued (not a draft, not void), and owed at least the amount.
 */
async function checkAllocations(
  tx: Transaction,
  organizationId: string,
  accountId: string,
  items: PaymentCreate["allocations"],
  currency: string,
): Promise<void> {
  for (const [index, item] of items.entries()) {
    const [row] = await tx
      .select()
      .from(invoice)
      .where(and(eq(invoice.organizationId, organizationId), eq(invoice.id, item.invoiceId)));
    const refuse = (name: string, message: string) => new AppError("VALIDATION_FAILED", 422, message, [{ path: ["allocations", index, name], message }]);
    if (!row) throw refuse("invoiceId", "No such invoice in this workspace.");
    if (row.accountId !== accountId) throw refuse("invoiceId", "The invoice belongs to another family's account.");
    if (row.status !== "issued") throw refuse("invoiceId", `Only an issued invoice can be paid; ${row.number ?? "this draft"} is ${row.status}.`);
    const outstanding = outstandingOf(row);
    if (item.amountMinor > outstanding)
      throw refuse("amountMinor", `Invoice ${row.number} has ${formatMoney(outstanding, currency)} outstanding: allocate at most that.`);
  }
}

export async function recordPayment(db: Database, actor: Actor, input: PaymentCreate, now: Date): Promise<Recorded<Payment>> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await lockMoney(tx, organizationId);
    const [earlier] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.organizationId, organizationId), eq(payment.idempotencyKey, input.idempotencyKey)));
    if (earlier) {
      if (!(await samePaymentRequest(tx, earlier, input)))
        throw conflictOn("idempotencyKey", "A different payment was already recorded with this key: open the form again to record another.");
      return { record: await paymentDetail(tx, organizationId, earlier.id), created: false };
    }
    const account = await requireAccount(tx, organizationId, input.accountId);
    await refuseFutureDate(tx, organizationId, now, "receivedOn", input.receivedOn);
    const currency = await workspaceCurrency(tx, organizationId);
    await checkAllocations(tx, organizationId, account.id, input.allocations, currency);

    const context = billingContextOf(actor, now);
    const [row] = await tx
      .insert(payment)
      .values({
        organizationId,
        id: randomUUID(),
        accountId: account.id,
        method: input.method,
        amountMinor: input.amountMinor,
        receivedOn: input.receivedOn,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
        recordedByUserId: actor.viewer.user.id,
        createdAt: now,
      })
      .returning();
    const recorded = row!;
    await appendEntries(tx, context, [
      {
        accountId: account.id,
        kind: "payment",
        amountMinor: -recorded.amountMinor,
        description: `Payment received (${METHOD_WORDS[recorded.method]}${recorded.reference ? `, ${recorded.reference}` : ""})`,
        causeKey: `payment:${recorded.id}`,
        paymentId: recorded.id,
      },
    ]);
    for (const item of input.allocations) await allocate(tx, context, { paymentId: recorded.id, invoiceId: item.invoiceId, amountMinor: item.amountMinor });
    await tx
      .insert(billingNotice)
      .values({
        organizationId,
        accountId: account.id,
        kind: "payment_recorded",
        dedupeKey: `payment:${recorded.id}`,
        text: `We received your payment of ${formatMoney(recorded.amountMinor, currency)} on ${recorded.receivedOn} (${METHOD_WORDS[recorded.method]}).`,
        createdAt: now,
      })
      .onConflictDoNothing();
    await auditBilling(
      tx,
      billingContextOf(actor, now),
      "PAYMENT_RECORDED",
      `${actorLabel(actor)} recorded a payment of ${formatMoney(recorded.amountMinor, currency)} for ${account.name}`,
      {
        paymentId: recorded.id,
        accountId: account.id,
        amountMinor: recorded.amountMinor,
        method: recorded.method,
        allocations: input.allocations,
      },
    );
    return { record: await paymentDetail(tx, organizationId, recorded.id), created: true };
  });
}

const METHOD_WORDS: Record<PaymentRow["method"], string> = {
  cash: "cash",
  bank_transfer: "bank transfer",
  card_terminal: "card terminal",
  cheque: "cheque",
  card_online: "card online",
};

const sameRefundRequest = (row: RefundRow, paymentId: string, input: RefundCreate) =>
  row.paymentId === paymentId && row.amountMinor === input.amountMinor && row.refundedOn === input.refundedOn && row.reason === input.reason;

/** Gives back part of a payment's unallocated amount: the family owes that much more again (ledger +amount). */
export async function recordRefund(db: Database, actor: Actor, paymentId: string, input: RefundCreate, now: Date): Promise<Recorded<Payment>> {
  const organizationId = actor.viewer.organizationId;
  if (!isRecordId(paymentId)) throw paymentNotFound();
  return withWorkspace(db, organizationId, async (tx) => {
    await lockMoney(tx, organizationId);
    const [paid] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.organizationId, organizationId), eq(payment.id, paymentId)));
    if (!paid) throw paymentNotFound();
    if (paid.method === "card_online")
      throw conflictOn("paymentId", "This payment was made by card online: refund it to the card through Stripe (Refund to card), not by hand.");
    const [earlier] = await tx
      .select()
      .from(paymentRefund)
      .where(and(eq(paymentRefund.organizationId, organizationId), eq(paymentRefund.idempotencyKey, input.idempotencyKey)));
    if (earlier) {
      if (!sameRefundRequest(earlier, paymentId, input))
        throw conflictOn("idempotencyKey", "A different refund was already recorded with this key: open the form again to record another.");
      return { record: await paymentDetail(tx, organizationId, paymentId), created: false };
    }
    await refuseFutureDate(tx, organizationId, now, "refundedOn", input.refundedOn);
    const currency = await workspaceCurrency(tx, organizationId);
    const unallocated = await unallocatedOf(tx, organizationId, { paymentId });
    if (input.amountMinor > unallocated)
      throw invalidField(
        "amountMinor",
        `At most ${formatMoney(unallocated, currency)} of this payment can be refunded: the rest is allocated to invoices or already refunded.`,
      );

    const [row] = await tx
      .insert(paymentRefund)
      .values({
        organizationId,
        id: randomUUID(),
        paymentId,
        accountId: paid.accountId,
        amountMinor: input.amountMinor,
        refundedOn: input.refundedOn,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        recordedByUserId: actor.viewer.user.id,
        createdAt: now,
      })
      .returning();
    const refund = row!;
    await appendEntries(tx, billingContextOf(actor, now), [
      {
        accountId: paid.accountId,
        kind: "refund",
        amountMinor: refund.amountMinor,
        description: `Refund of a payment: ${refund.reason}`,
        causeKey: `refund:${refund.id}`,
        paymentId,
      },
    ]);
    await tx
      .insert(billingNotice)
      .values({
        organizationId,
        accountId: paid.accountId,
        kind: "refund_recorded",
        dedupeKey: `refund:${refund.id}`,
        text: `We refunded ${formatMoney(refund.amountMinor, currency)} on ${refund.refundedOn}: ${refund.reason}`,
        createdAt: now,
      })
      .onConflictDoNothing();
    await auditBilling(
      tx,
      billingContextOf(actor, now),
      "REFUND_RECORDED",
      `${actorLabel(actor)} refunded ${formatMoney(refund.amountMinor, currency)} of a payment`,
      {
        refundId: refund.id,
        paymentId,
        accountId: paid.accountId,
        amountMinor: refund.amountMinor,
      },
    );
    return { record: await paymentDetail(tx, organizationId, paymentId), created: true };
  });
}

// Full table names: see paymentUnallocatedSql.
const allocatedSql = sql<string>`coalesce((select sum(a.amount_minor) from allocation a where a.organization_id = payment.organization_id and a.payment_id = payment.id), 0)`;
const refundedSql = sql<string>`coalesce((select sum(r.amount_minor) from payment_refund r where r.organization_id = payment.organization_id and r.payment_id = payment.id), 0)`;

const summaryColumns = {
  row: payment,
  accountName: payerAccount.name,
  allocated: allocatedSql,
  refunded: refundedSql,
  unallocated: sql<string>`${paymentUnallocatedSql}`,
};

function toSummary(row: { row: PaymentRow; accountName: string; allocated: string; refunded: string; unallocated: string }): PaymentSummary {
  return {
    id: row.row.id,
    accountId: row.row.accountId,
    accountName: row.accountName,
    method: row.row.method,
    amountMinor: row.row.amountMinor,
    receivedOn: row.row.receivedOn,
    reference: row.row.reference,
    allocatedMinor: Number(row.allocated),
    refundedMinor: Number(row.refunded),
    unallocatedMinor: Number(row.unallocated),
    recordedAt: row.row.createdAt.toISOString(),
  };
}

const accountJoin = and(eq(payerAccount.organizationId, payment.organizationId), eq(payerAccount.id, payment.accountId));

/** One payment with its allocations (invoice numbers) and refunds, inside the caller's transaction. */
export async function paymentDetail(tx: Transaction, organizationId: string, paymentId: string): Promise<Payment> {
  const [row] = await tx
    .select({ ...summaryColumns, recordedByName: user.name })
    .from(payment)
    .innerJoin(payerAccount, accountJoin)
    .leftJoin(user, eq(user.id, payment.recordedByUserId))
    .where(and(eq(payment.organizationId, organizationId), eq(payment.id, paymentId)));
  if (!row) throw paymentNotFound();
  const allocations = await tx
    .select({ invoiceId: allocation.invoiceId, invoiceNumber: invoice.number, amountMinor: allocation.amountMinor, at: allocation.createdAt })
    .from(allocation)
    .innerJoin(invoice, and(eq(invoice.organizationId, allocation.organizationId), eq(invoice.id, allocation.invoiceId)))
    .where(and(eq(allocation.organizationId, organizationId), eq(allocation.paymentId, paymentId)))
    .orderBy(asc(allocation.createdAt), asc(invoice.number), asc(allocation.id));
  const refunds = await tx
    .select()
    .from(paymentRefund)
    .where(and(eq(paymentRefund.organizationId, organizationId), eq(paymentRefund.paymentId, paymentId)))
    .orderBy(asc(paymentRefund.createdAt), asc(paymentRefund.id));
  return {
    ...toSummary(row),
    currency: await workspaceCurrency(tx, organizationId),
    recordedByName: row.recordedByName,
    allocations: allocations.map((item) => ({ ...item, at: item.at.toISOString() })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      paymentId: refund.paymentId,
      amountMinor: refund.amountMinor,
      refundedOn: refund.refundedOn,
      reason: refund.reason,
      recordedAt: refund.createdAt.toISOString(),
    })),
  };
}

export async function viewPayment(db: Database, actor: Actor, paymentId: string): Promise<Payment> {
  if (!isRecordId(paymentId)) throw paymentNotFound();
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, (tx) => paymentDetail(tx, organizationId, paymentId));
}

export async function listPayments(db: Database, actor: Actor, query: PaymentListQuery): Promise<PaymentPage> {
  const organizationId = actor.viewer.organizationId;
  const where = and(
    eq(payment.organizationId, organizationId),
    query.accountId ? eq(payment.accountId, query.accountId) : undefined,
    query.method ? eq(payment.method, query.method) : undefined,
    query.from ? gte(payment.receivedOn, query.from) : undefined,
    query.to ? lte(payment.receivedOn, query.to) : undefined,
  );
  return withWorkspace(db, organizationId, async (tx) => {
    const [total] = await tx.select({ total: count() }).from(payment).where(where);
    const rows = await tx
      .select(summaryColumns)
      .from(payment)
      .innerJoin(payerAccount, accountJoin)
      .where(where)
      .orderBy(desc(payment.receivedOn), desc(payment.createdAt), desc(payment.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      items: rows.map(toSummary),
      total: total?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      currency: await workspaceCurrency(tx, organizationId),
    };
  });
}
