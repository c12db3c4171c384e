/**
 * Credit notes: a correction issued at once, with its own gapless number, lines taxed like an
 * invoice's, and a ledger entry of minus its total. Against an invoice, it first offsets what
 * is outstanding; what the invoice's payments already covered is released from them (so that
 * money becomes the family's credit) and taken by the credit note instead. An invoice is never
 * credited more than its total in all. Without an invoice, the credit waits for the next one.
 */
import { and, eq, sql } from "drizzle-orm";
import type { CreditNoteCreate } from "../../../shared/schemas/billing-invoices.ts";
import { readSettings } from "../../core/settings/index.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { allocation, billingNotice, creditNote, creditNoteLine, invoiceLine } from "../../db/billing-schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { conflictOn, invalidField } from "../../lib/app-error.ts";
import { allocate, lockMoney, releasePaymentAllocations } from "./allocations.ts";
import { documentTotals, taxRuleText } from "./arithmetic.ts";
import { auditBilling, type BillingContext } from "./invoice-context.ts";
import { lockedInvoice, requireAccount } from "./invoice-drafts.ts";
import { takeNextNumber } from "./invoice-numbers.ts";
import { appendEntries } from "./ledger.ts";
import { defaultLineTax, invalidAt, lineTaxOf, type LineTax, usableTaxRate } from "./tax-rates.ts";

export type CreditNoteInput = Omit<CreditNoteCreate, "invoiceId"> & {
  invoiceId?: string | null;
  /** The session charge this note undoes (a re-marked session on an issued invoice): its ledger entry cites it. */
  reversesEntryId?: string;
};
export type CreditNoteRow = typeof creditNote.$inferSelect;

/** What the request said (the family, invoice, reason and lines), to compare a repeated idempotency key's body with the first. */
const requestOf = (input: CreditNoteInput) =>
  JSON.stringify([
    input.accountId,
    input.invoiceId ?? null,
    input.reason,
    input.lines.map((line) => [line.description, line.amountMinor, line.invoiceLineId ?? null]),
  ]);

async function sameRequest(tx: Transaction, organizationId: string, existing: CreditNoteRow, input: CreditNoteInput): Promise<boolean> {
  const lines = await tx
    .select()
    .from(creditNoteLine)
    .where(and(eq(creditNoteLine.organizationId, organizationId), eq(creditNoteLine.creditNoteId, existing.id)))
    .orderBy(creditNoteLine.position);
  const stored = JSON.stringify([
    existing.accountId,
    existing.invoiceId,
    existing.reason,
    lines.map((line) => [line.description, line.amountMinor, line.invoiceLineId]),
  ]);
  return stored === requestOf(input);
}

/**
 * Issues a credit note in the caller's transaction (a dispute answered with one uses this).
 * The same idempotency key again returns the first note; with a different body, 409.
 */
export async function issueCreditNote(tx: Transaction, context: BillingContext, input: CreditNoteInput): Promise<CreditNoteRow> {
  const { organizationId } = context;
  await lockMoney(tx, organizationId);
  const [existing] = await tx
    .select()
    .from(creditNote)
    .where(and(eq(creditNote.organizationId, organizationId), eq(creditNote.idempotencyKey, input.idempotencyKey)));
  if (existing) {
    if (await sameRequest(tx, organizationId, existing, input)) return existing;
    throw conflictOn("idempotencyKey", "This idempotency key was used for a different credit note: open the form again to record a new one.");
  }

  const account = await requireAccount(tx, organizationId, input.accountId);
  const target = input.invoiceId ? await lockedInvoice(tx, organizationId, input.invoiceId) : null;
  if (target && target.accountId !== account.id) throw invalidField("invoiceId", "The invoice belongs to another family's account.");
  if (target && target.status !== "issued") throw invalidField("invoiceId", `Only an issued invoice can be credited; this one is ${target.status}.`);

  const settings = await readSettings(tx, organizationId, "billing");
  const pricesIncludeTax = target ? target.pricesIncludeTax : settings.pricesIncludeTax;
  const fallback = await defaultLineTax(tx, organizationId);
  const lines: (LineTax & { description: string; amountMinor: number; invoiceLineId: string | null })[] = [];
  for (const [index, line] of input.lines.entries()) {
    let tax = fallback;
    let invoiceLineId: string | null = null;
    if (line.invoiceLineId) {
      const [credited] = target
        ? await tx
            .select()
            .from(invoiceLine)
            .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.invoiceId, target.id), eq(invoiceLine.id, line.invoiceLineId)))
        : [];
      if (!credited) throw invalidAt(["lines", index, "invoiceLineId"], "The line is not a line of the credited invoice.");
      invoiceLineId = credited.id;
      tax = { taxRateId: credited.taxRateId, taxRateBps: credited.taxRateBps, taxRateName: credited.taxRateName };
    }
    // A line naming the credited line's own rate keeps it, even archived since.
    if (line.taxRateId && line.taxRateId !== tax.taxRateId)
      tax = lineTaxOf(await usableTaxRate(tx, organizationId, line.taxRateId, ["lines", index, "taxRateId"]));
    lines.push({ description: line.description, amountMinor: line.amountMinor, invoiceLineId, ...tax });
  }
  const totals = documentTotals(lines, pricesIncludeTax);

  if (target) {
    const [credited] = await tx
      .select({ total: sql<string>`coalesce(sum(${creditNote.totalMinor}), 0)` })
      .from(creditNote)
      .where(and(eq(creditNote.organizationId, organizationId), eq(creditNote.invoiceId, target.id)));
    const already = Number(credited?.total ?? 0);
    if (already + totals.totalMinor > target.totalMinor) {
      throw invalidField(
        "lines",
        `Invoice ${target.number} totals ${target.totalMinor} and ${already} of it is already credited: at most ${target.totalMinor - already} more can be.`,
      );
    }
  }

  const issuedOn = await workspaceToday(tx, organizationId, context.now);
  const number = await takeNextNumber(tx, organizationId, "credit_note", settings.creditNoteNumberFormat, issuedOn);
  const [row] = await tx
    .insert(creditNote)
    .values({
      organizationId,
      accountId: account.id,
      number,
      invoiceId: target?.id ?? null,
      reason: input.reason,
      issuedOn,
      pricesIncludeTax,
      taxRule: taxRuleText(pricesIncludeTax, totals.bands),
      taxBreakdown: totals.bands,
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
      idempotencyKey: input.idempotencyKey,
      issuedByUserId: context.actorUserId,
      createdAt: context.now,
    })
    .returning();
  const note = row!;
  await tx.insert(creditNoteLine).values(lines.map((line, index) => ({ organizationId, creditNoteId: note.id, position: index + 1, ...line })));
  await appendEntries(tx, context, [
    {
      accountId: account.id,
      kind: "credit_note",
      amountMinor: -note.totalMinor,
      description: `${number}: ${input.reason}`,
      causeKey: `credit-note:${note.id}`,
      creditNoteId: note.id,
      invoiceId: target?.id ?? null,
      reversesEntryId: input.reversesEntryId ?? null,
    },
  ]);

  if (target) {
    const outstanding = target.totalMinor - target.paidMinor;
    const [held] = await tx
      .select({ total: sql<string>`coalesce(sum(${allocation.amountMinor}), 0)` })
      .from(allocation)
      .where(and(eq(allocation.organizationId, organizationId), eq(allocation.invoiceId, target.id), sql`${allocation.paymentId} is not null`));
    const release = Math.min(Math.max(note.totalMinor - outstanding, 0), Number(held?.total ?? 0));
    if (release > 0) await releasePaymentAllocations(tx, context, target.id, release);
    const offset = Math.min(note.totalMinor, outstanding + release);
    if (offset > 0) await allocate(tx, context, { creditNoteId: note.id, invoiceId: target.id, amountMinor: offset });
  }

  await tx
    .insert(billingNotice)
    .values({
      organizationId,
      accountId: account.id,
      kind: "credit_note_issued",
      dedupeKey: `credit-note-issued:${note.id}`,
      creditNoteId: note.id,
      invoiceId: target?.id ?? null,
      text: `Credit note ${number} was issued${target ? ` against invoice ${target.number}` : ""}.`,
      createdAt: context.now,
    })
    .onConflictDoNothing();
  await auditBilling(tx, context, "CREDIT_NOTE_ISSUED", `Credit note ${number} issued: ${input.reason}`, {
    creditNoteId: note.id,
    accountId: account.id,
    invoiceId: target?.id ?? null,
    totalMinor: note.totalMinor,
  });
  return note;
}
