/**
 * Draft invoices: a family's uninvoiced work in a period (a line per charge, with its
 * snapshots), or fee lines written by hand. A draft changes freely (fee lines added, any line
 * removed, notes) and may be deleted; its session and package lines hold their charges, so
 * no other invoice bills them meanwhile (the live-charge unique index).
 */
import { and, asc, eq, inArray, max, sql } from "drizzle-orm";
import type { FeeLineInput, InvoiceCreate, InvoiceUpdate } from "../../../shared/schemas/billing-invoices.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { invoice, invoiceLine } from "../../db/billing-schema.ts";
import { payerAccount } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { isRecordId } from "../../core/ids.ts";
import { uninvoicedCharges, type UninvoicedCharge } from "./invoice-charges.ts";
import { auditBilling, type BillingContext } from "./invoice-context.ts";
import { defaultLineTax, type LineTax, usableTaxRate, lineTaxOf } from "./tax-rates.ts";

export type InvoiceRow = typeof invoice.$inferSelect;
type LineInsert = typeof invoiceLine.$inferInsert;

/** How far ahead a period may end: a year past the workspace's today. */
const MAX_DAYS_AHEAD = 366;

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The account, in the workspace (404 otherwise: another workspace's account is not there). */
export async function requireAccount(tx: Transaction, organizationId: string, accountId: string) {
  const [row] = isRecordId(accountId)
    ? await tx
        .select()
        .from(payerAccount)
        .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId)))
    : [];
  if (!row) throw notFound("The account");
  return row;
}

/** Refuses a period ending more than a year after the workspace's today. */
export async function refuseFarFuture(tx: Transaction, context: BillingContext, periodTo: string): Promise<void> {
  const today = await workspaceToday(tx, context.organizationId, context.now);
  const limit = addDays(today, MAX_DAYS_AHEAD);
  if (periodTo > limit) throw invalidField("periodTo", `Period end must be no later than ${limit}, a year from today.`);
}

/** The draft invoice locked for this transaction: 404 unknown, 409 once issued or void. */
export async function lockedDraft(tx: Transaction, organizationId: string, invoiceId: string): Promise<InvoiceRow> {
  const row = await lockedInvoice(tx, organizationId, invoiceId);
  if (row.status !== "draft")
    throw conflict(`Invoice ${row.number} is ${row.status === "void" ? "void" : "issued"} and cannot change: correct it with a credit note.`);
  return row;
}

export async function lockedInvoice(tx: Transaction, organizationId: string, invoiceId: string): Promise<InvoiceRow> {
  const [row] = isRecordId(invoiceId)
    ? await tx
        .select()
        .from(invoice)
        .where(and(eq(invoice.organizationId, organizationId), eq(invoice.id, invoiceId)))
        .for("update")
    : [];
  if (!row) throw notFound("The invoice");
  return row;
}

const chargeLine = (organizationId: string, invoiceId: string, position: number, charge: UninvoicedCharge): LineInsert => ({
  organizationId,
  invoiceId,
  position,
  kind: charge.kind === "session_charge" ? "session" : "package",
  chargeEntryId: charge.entryId,
  description: charge.description,
  sessionId: charge.sessionId,
  studentId: charge.studentId,
  serviceDate: charge.serviceDate,
  tutorName: charge.tutorName,
  attendance: charge.attendance,
  policyVersionId: charge.policyVersionId,
  policyVersion: charge.policyVersion,
  minutes: charge.minutes,
  unitPriceMinor: charge.rateMinor,
  amountMinor: charge.amountMinor,
  taxRateId: charge.taxRateId,
  taxRateBps: charge.taxRateBps,
  taxRateName: charge.taxRateName,
});

async function feeLines(
  tx: Transaction,
  organizationId: string,
  invoiceId: string,
  firstPosition: number,
  lines: readonly FeeLineInput[],
  field: string,
): Promise<LineInsert[]> {
  const fallback = await defaultLineTax(tx, organizationId);
  const result: LineInsert[] = [];
  for (const [index, line] of lines.entries()) {
    const tax: LineTax = line.taxRateId ? lineTaxOf(await usableTaxRate(tx, organizationId, line.taxRateId, [field, index, "taxRateId"])) : fallback;
    result.push({
      organizationId,
      invoiceId,
      position: firstPosition + index,
      kind: "fee",
      description: line.description,
      amountMinor: line.amountMinor,
      ...tax,
    });
  }
  return result;
}

/** Inserts lines; a charge another draft or invoice took meanwhile is a conflict, not a duplicate. */
async function insertLines(tx: Transaction, lines: LineInsert[]): Promise<void> {
  if (lines.length === 0) return;
  try {
    await tx.transaction((savepoint) => savepoint.insert(invoiceLine).values(lines));
  } catch (error) {
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
    if (cause?.code === "23505" && cause.constraint === "invoice_line_live_charge_idx")
      throw conflict("Another invoice took some of these charges at the same time: try again.");
    throw error;
  }
}

export interface DraftInput {
  accountId: string;
  periodFrom?: string;
  periodTo?: string;
  lines?: readonly FeeLineInput[];
  notes?: string;
  /** Exactly these charges (a package sale's): each must be the account's and uninvoiced. */
  chargeEntryIds?: readonly string[];
  batchId?: string | null;
}

/** Creates a draft; refusals are 404 for an unknown account and 422 naming the field. */
export async function createDraft(tx: Transaction, context: BillingContext, input: DraftInput): Promise<InvoiceRow> {
  const { organizationId } = context;
  const account = await requireAccount(tx, organizationId, input.accountId);
  let charges: UninvoicedCharge[] = [];
  if (input.chargeEntryIds) {
    charges = await uninvoicedCharges(tx, organizationId, { accountIds: [account.id], entryIds: input.chargeEntryIds });
    if (charges.length !== new Set(input.chargeEntryIds).size) throw invalidField("chargeEntryIds", "Some charges are not this family's uninvoiced charges.");
  } else if (input.periodFrom && input.periodTo) {
    await refuseFarFuture(tx, context, input.periodTo);
    charges = await uninvoicedCharges(tx, organizationId, { accountIds: [account.id], from: input.periodFrom, to: input.periodTo });
    if (charges.length === 0) throw invalidField("periodFrom", `${account.name} has no uninvoiced work from ${input.periodFrom} to ${input.periodTo}.`);
  }
  const [row] = await tx
    .insert(invoice)
    .values({
      organizationId,
      accountId: account.id,
      periodFrom: input.periodFrom ?? null,
      periodTo: input.periodTo ?? null,
      notes: input.notes ?? "",
      batchId: input.batchId ?? null,
      createdByUserId: context.actorUserId,
      createdAt: context.now,
    })
    .returning();
  const draft = row!;
  const lines = charges.map((charge, index) => chargeLine(organizationId, draft.id, index + 1, charge));
  lines.push(...(await feeLines(tx, organizationId, draft.id, lines.length + 1, input.lines ?? [], "lines")));
  await insertLines(tx, lines);
  return draft;
}

/** The draft for a create request (audited). */
export async function draftInvoice(tx: Transaction, context: BillingContext, input: InvoiceCreate): Promise<InvoiceRow> {
  const draft = await createDraft(tx, context, input);
  await auditBilling(tx, context, "INVOICE_DRAFTED", `Draft invoice created for account ${draft.accountId}`, {
    invoiceId: draft.id,
    accountId: draft.accountId,
  });
  return draft;
}

export async function updateDraft(tx: Transaction, context: BillingContext, invoiceId: string, changes: InvoiceUpdate): Promise<void> {
  const { organizationId } = context;
  const draft = await lockedDraft(tx, organizationId, invoiceId);
  if (changes.removeLineIds) {
    const found = await tx
      .select({ id: invoiceLine.id })
      .from(invoiceLine)
      .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.invoiceId, draft.id), inArray(invoiceLine.id, changes.removeLineIds)));
    if (found.length !== new Set(changes.removeLineIds).size) throw invalidField("removeLineIds", "Some lines to remove are not lines of this invoice.");
    await tx
      .delete(invoiceLine)
      .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.invoiceId, draft.id), inArray(invoiceLine.id, changes.removeLineIds)));
  }
  if (changes.addLines) {
    const [last] = await tx
      .select({ position: max(invoiceLine.position) })
      .from(invoiceLine)
      .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.invoiceId, draft.id)));
    await insertLines(tx, await feeLines(tx, organizationId, draft.id, (last?.position ?? 0) + 1, changes.addLines, "addLines"));
  }
  if (changes.notes !== undefined) {
    await tx
      .update(invoice)
      .set({ notes: changes.notes })
      .where(and(eq(invoice.organizationId, organizationId), eq(invoice.id, draft.id)));
  }
  await auditBilling(tx, context, "INVOICE_DRAFT_CHANGED", "Draft invoice changed", {
    invoiceId: draft.id,
    added: changes.addLines?.length ?? 0,
    removed: changes.removeLineIds?.length ?? 0,
    notes: changes.notes !== undefined,
  });
}

export async function deleteDraft(tx: Transaction, context: BillingContext, invoiceId: string): Promise<void> {
  const draft = await lockedDraft(tx, context.organizationId, invoiceId);
  await tx.delete(invoice).where(and(eq(invoice.organizationId, context.organizationId), eq(invoice.id, draft.id)));
  await auditBilling(tx, context, "INVOICE_DRAFT_DELETED", "Draft invoice deleted", { invoiceId: draft.id, accountId: draft.accountId });
}

/** The lines of an invoice in order. */
export async function linesOf(tx: Transaction, organizationId: string, invoiceId: string) {
  return tx
    .select()
    .from(invoiceLine)
    .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLine.position), asc(invoiceLine.id));
}

/** Refreshes a draft's lines' tax snapshots from their rates (a rate renamed or changed since). */
export async function refreshDraftTax(tx: Transaction, organizationId: string, invoiceId: string): Promise<void> {
  await tx.execute(sql`update invoice_line set tax_rate_bps = tax_rate.rate_bps, tax_rate_name = tax_rate.name
    from tax_rate where tax_rate.organization_id = invoice_line.organization_id and tax_rate.id = invoice_line.tax_rate_id
    and invoice_line.organization_id = ${organizationId} and invoice_line.invoice_id = ${invoiceId}`);
}
