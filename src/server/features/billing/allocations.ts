/**
 * Allocations: money from a payment or a credit note applied to an issued invoice. An
 * invoice's paid amount (invoice.paid_minor) is the sum of its allocations, kept in the same
 * transaction as each allocation. What a source has not allocated (a payment's amount less its
 * allocations and refunds; a credit note's total less its allocations) is the account's credit,
 * applied to the next invoice issued, oldest source first.
 *
 * Allocations move no money in the ledger (the payment or credit note already did); they say
 * which invoices the money paid. They are append-only: a release is a negative row.
 *
 * Each function takes the workspace's money lock first (the same lock as the ledger), so two
 * transactions never allocate the same credit or the same outstanding amount twice.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { markAccountDue } from "../../core/health-due.ts";
import { holdWorkspaceCurrency } from "../../core/currency.ts";
import { allocation, creditNote, invoice, payment } from "../../db/billing-schema.ts";
import type { Queryable, Transaction } from "../../db/tenant.ts";
import { invalidField, notFound } from "../../lib/app-error.ts";
import { activatePurchasesOfInvoice } from "./hours.ts";
import { lockLedger, type LedgerContext } from "./ledger.ts";

export type AllocationRow = typeof allocation.$inferSelect;
export type InvoiceRow = typeof invoice.$inferSelect;

/** Where allocated money comes from: one payment or one credit note. */
export type AllocationSource = { paymentId: string; creditNoteId?: undefined } | { creditNoteId: string; paymentId?: undefined };

export type AllocationRequest = AllocationSource & { invoiceId: string; amountMinor: number };

/** A source with money left to allocate, as applyAccountCredit spends them (oldest first). */
export interface CreditSource {
  paymentId: string | null;
  creditNoteId: string | null;
  unallocatedMinor: number;
}

/** The workspace's money lock: the currency held, then the ledger's writer lock (the order appendEntries takes them). */
export async function lockMoney(tx: Transaction, organizationId: string): Promise<void> {
  await holdWorkspaceCurrency(tx, organizationId);
  await lockLedger(tx, organizationId);
}

/** An invoice's amount still to pay. */
export const outstandingOf = (row: Pick<InvoiceRow, "totalMinor" | "paidMinor">): number => row.totalMinor - row.paidMinor;

/*
 * The unallocated amounts as SQL over an outer row of payment or credit_note, for lists and
 * sums. Written with table names in full: drizzle leaves the columns of a single-table
 * query unqualified, and a correlated "id" would then bind to the subquery's own table.
 */
/** A payment's amount less its allocations and refunds (over an outer "payment" row). */
export const paymentUnallocatedSql = sql.raw(`(payment.amount_minor
  - coalesce((select sum(a.amount_minor) from allocation a where a.organization_id = payment.organization_id and a.payment_id = payment.id), 0)
  - coalesce((select sum(r.amount_minor) from payment_refund r where r.organization_id = payment.organization_id and r.payment_id = payment.id), 0))`);
/** A credit note's total less its allocations (over an outer "credit_note" row). */
export const creditNoteUnallocatedSql = sql.raw(`(credit_note.total_minor
  - coalesce((select sum(a.amount_minor) from allocation a where a.organization_id = credit_note.organization_id and a.credit_note_id = credit_note.id), 0))`);

/** What a payment or credit note has not yet allocated (nor, for a payment, refunded). Unknown: 404. */
export async function unallocatedOf(tx: Queryable, organizationId: string, source: AllocationSource): Promise<number> {
  if (source.paymentId !== undefined) {
    const [row] = await tx
      .select({ unallocated: sql<string>`${paymentUnallocatedSql}` })
      .from(payment)
      .where(and(eq(payment.organizationId, organizationId), eq(payment.id, source.paymentId)));
    if (!row) throw notFound("The payment");
    return Number(row.unallocated);
  }
  const [row] = await tx
    .select({ unallocated: sql<string>`${creditNoteUnallocatedSql}` })
    .from(creditNote)
    .where(and(eq(creditNote.organizationId, organizationId), eq(creditNote.id, source.creditNoteId)));
  if (!row) throw notFound("The credit note");
  return Number(row.unallocated);
}

/** The account's payments and credit notes with money left, oldest first. */
export async function creditSources(tx: Queryable, organizationId: string, accountId: string): Promise<CreditSource[]> {
  const rows = await tx.execute<{ payment_id: string | null; credit_note_id: string | null; unallocated: string }>(sql`
    select payment_id, credit_note_id, unallocated from (
      select payment.id as payment_id, null::uuid as credit_note_id, ${paymentUnallocatedSql} as unallocated, payment.created_at
        from payment where payment.organization_id = ${organizationId} and payment.account_id = ${accountId}
      union all
      select null::uuid, credit_note.id, ${creditNoteUnallocatedSql}, credit_note.created_at
        from credit_note where credit_note.organization_id = ${organizationId} and credit_note.account_id = ${accountId}
    ) source
    where unallocated > 0
    order by created_at, coalesce(payment_id, credit_note_id)`);
  return rows.rows.map((row) => ({ paymentId: row.payment_id, creditNoteId: row.credit_note_id, unallocatedMinor: Number(row.unallocated) }));
}

/** The account's credit: the sum of its sources' unallocated amounts. */
export async function accountCredit(tx: Queryable, organizationId: string, accountId: string): Promise<number> {
  const sources = await creditSources(tx, organizationId, accountId);
  return sources.reduce((sum, source) => sum + source.unallocatedMinor, 0);
}

async function lockedInvoice(tx: Transaction, organizationId: string, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(invoice)
    .where(and(eq(invoice.organizationId, organizationId), eq(invoice.id, invoiceId)))
    .for("update");
  if (!row) throw notFound("The invoice");
  return row;
}

async function sourceAccount(tx: Transaction, organizationId: string, source: AllocationSource): Promise<string> {
  if (source.paymentId !== undefined) {
    const [row] = await tx
      .select({ accountId: payment.accountId })
      .from(payment)
      .where(and(eq(payment.organizationId, organizationId), eq(payment.id, source.paymentId)));
    if (!row) throw notFound("The payment");
    return row.accountId;
  }
  const [row] = await tx
    .select({ accountId: creditNote.accountId })
    .from(creditNote)
    .where(and(eq(creditNote.organizationId, organizationId), eq(creditNote.id, source.creditNoteId)));
  if (!row) throw notFound("The credit note");
  return row.accountId;
}

async function insertAllocation(
  tx: Transaction,
  context: LedgerContext,
  source: AllocationSource,
  invoiceId: string,
  amountMinor: number,
): Promise<AllocationRow> {
  const [row] = await tx
    .insert(allocation)
    .values({
      organizationId: context.organizationId,
      id: randomUUID(),
      invoiceId,
      paymentId: source.paymentId ?? null,
      creditNoteId: source.creditNoteId ?? null,
      amountMinor,
      createdByUserId: context.actorUserId,
      createdAt: context.now,
    })
    .returning();
  return row!;
}

async function addToPaid(tx: Transaction, context: LedgerContext, invoiceId: string, amountMinor: number): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoice)
    .set({ paidMinor: sql`${invoice.paidMinor} + ${amountMinor}` })
    .where(and(eq(invoice.organizationId, context.organizationId), eq(invoice.id, invoiceId)))
    .returning();
  // An invoice paid may no longer be overdue: the family's health alerts are read again.
  await markAccountDue(tx, context.organizationId, row!.accountId, context.now);
  return row!;
}

/**
 * Applies amountMinor of a payment or credit note to an issued invoice of the same account:
 * at most the invoice's outstanding amount and the source's unallocated amount (422 naming
 * amountMinor otherwise). An invoice it pays in full has its package purchases activated.
 */
export async function allocate(tx: Transaction, context: LedgerContext, request: AllocationRequest): Promise<AllocationRow> {
  const { organizationId } = context;
  const { invoiceId, amountMinor } = request;
  const source: AllocationSource = request.paymentId !== undefined ? { paymentId: request.paymentId } : { creditNoteId: request.creditNoteId };
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw invalidField("amountMinor", "An allocation must be a positive whole amount.");
  await lockMoney(tx, organizationId);
  const target = await lockedInvoice(tx, organizationId, invoiceId);
  if (target.status !== "issued") throw invalidField("invoiceId", `Only an issued invoice can be paid; this one is ${target.status}.`);
  if ((await sourceAccount(tx, organizationId, source)) !== target.accountId)
    throw invalidField("invoiceId", "The invoice belongs to another family's account.");
  const outstanding = outstandingOf(target);
  if (amountMinor > outstanding) throw invalidField("amountMinor", `The invoice has ${outstanding} outstanding; ${amountMinor} cannot be allocated to it.`);
  const unallocated = await unallocatedOf(tx, organizationId, source);
  if (amountMinor > unallocated)
    throw invalidField("amountMinor", `Only ${unallocated} of the ${source.paymentId ? "payment" : "credit note"} is unallocated.`);
  const row = await insertAllocation(tx, context, source, invoiceId, amountMinor);
  const paid = await addToPaid(tx, context, invoiceId, amountMinor);
  if (paid.paidMinor === paid.totalMinor) await activatePurchasesOfInvoice(tx, context, invoiceId);
  return row;
}

/**
 * Takes amountMinor of payments back off an invoice (a credit note offsetting an invoice its
 * payments already covered): negative allocation rows, from the most recently allocated payment
 * first, so that money becomes the account's credit again. Refused (422) beyond what payments
 * hold on the invoice.
 */
export async function releasePaymentAllocations(tx: Transaction, context: LedgerContext, invoiceId: string, amountMinor: number): Promise<AllocationRow[]> {
  const { organizationId } = context;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw invalidField("amountMinor", "A release must be a positive whole amount.");
  await lockMoney(tx, organizationId);
  await lockedInvoice(tx, organizationId, invoiceId);
  const held = await tx
    .select({ paymentId: allocation.paymentId, heldMinor: sql<string>`sum(${allocation.amountMinor})` })
    .from(allocation)
    .where(and(eq(allocation.organizationId, organizationId), eq(allocation.invoiceId, invoiceId), sql`${allocation.paymentId} is not null`))
    .groupBy(allocation.paymentId)
    .having(sql`sum(${allocation.amountMinor}) > 0`)
    .orderBy(sql`max(${allocation.createdAt}) desc`, sql`${allocation.paymentId} desc`);
  const total = held.reduce((sum, row) => sum + Number(row.heldMinor), 0);
  if (amountMinor > total) throw invalidField("amountMinor", `Payments hold only ${total} on the invoice; ${amountMinor} cannot be released.`);
  const released: AllocationRow[] = [];
  let remaining = amountMinor;
  for (const row of held) {
    if (remaining === 0) break;
    const part = Math.min(remaining, Number(row.heldMinor));
    released.push(await insertAllocation(tx, context, { paymentId: row.paymentId! }, invoiceId, -part));
    remaining -= part;
  }
  await addToPaid(tx, context, invoiceId, -amountMinor);
  return released;
}

/**
 * Takes amountMinor of one payment back off the invoices it paid (a card refund made in Stripe
 * beyond the payment's unallocated amount: the family has that money back, so those invoices are
 * owed again): negative allocation rows, the most recently allocated invoice first.
 */
export async function releaseAllocationsOfPayment(tx: Transaction, context: LedgerContext, paymentId: string, amountMinor: number): Promise<AllocationRow[]> {
  const { organizationId } = context;
  await lockMoney(tx, organizationId);
  const held = await tx
    .select({ invoiceId: allocation.invoiceId, heldMinor: sql<string>`sum(${allocation.amountMinor})` })
    .from(allocation)
    .where(and(eq(allocation.organizationId, organizationId), eq(allocation.paymentId, paymentId)))
    .groupBy(allocation.invoiceId)
    .having(sql`sum(${allocation.amountMinor}) > 0`)
    .orderBy(sql`max(${allocation.createdAt}) desc`, sql`${allocation.invoiceId} desc`);
  const released: AllocationRow[] = [];
  let remaining = amountMinor;
  for (const row of held) {
    if (remaining <= 0) break;
    const part = Math.min(remaining, Number(row.heldMinor));
    await lockedInvoice(tx, organizationId, row.invoiceId);
    released.push(await insertAllocation(tx, context, { paymentId }, row.invoiceId, -part));
    await addToPaid(tx, context, row.invoiceId, -part);
    remaining -= part;
  }
  if (remaining > 0) throw new RangeError(`payment ${paymentId} holds ${amountMinor - remaining} on invoices; ${amountMinor} cannot be released`);
  return released;
}

/**
 * Applies the account's credit to an issued invoice's outstanding amount, oldest source first.
 * Returns the allocations made (none when there is no credit or nothing is outstanding).
 */
export async function applyAccountCredit(tx: Transaction, context: LedgerContext, invoiceId: string): Promise<AllocationRow[]> {
  const { organizationId } = context;
  await lockMoney(tx, organizationId);
  const target = await lockedInvoice(tx, organizationId, invoiceId);
  if (target.status !== "issued") return [];
  let outstanding = outstandingOf(target);
  const made: AllocationRow[] = [];
  for (const source of await creditSources(tx, organizationId, target.accountId)) {
    if (outstanding <= 0) break;
    const amountMinor = Math.min(outstanding, source.unallocatedMinor);
    const from: AllocationSource = source.paymentId ? { paymentId: source.paymentId } : { creditNoteId: source.creditNoteId! };
    made.push(await allocate(tx, context, { ...from, invoiceId, amountMinor }));
    outstanding -= amountMinor;
  }
  return made;
}
