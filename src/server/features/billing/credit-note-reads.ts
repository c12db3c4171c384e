/** Reading credit notes: the admin list (newest first), one note in full, and a payer's view of one. */
import { workspaceCurrency } from "../../core/currency.ts";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { CreditNoteDetail } from "../../../shared/schemas/billing-invoices.ts";
import { isRecordId } from "../../core/ids.ts";
import { allocation, creditNote, creditNoteLine, invoice } from "../../db/billing-schema.ts";
import { payerAccount } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";
import type { TaxBand } from "./arithmetic.ts";

const summaryColumns = { row: creditNote, accountName: payerAccount.name, invoiceNumber: invoice.number };

const summaryQuery = (tx: Transaction, organizationId: string, where: SQL | undefined) =>
  tx
    .select(summaryColumns)
    .from(creditNote)
    .innerJoin(payerAccount, and(eq(payerAccount.organizationId, creditNote.organizationId), eq(payerAccount.id, creditNote.accountId)))
    .leftJoin(invoice, and(eq(invoice.organizationId, creditNote.organizationId), eq(invoice.id, creditNote.invoiceId)))
    .where(and(eq(creditNote.organizationId, organizationId), where));

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

const toSummary = ({ row, accountName, invoiceNumber }: SummaryRow, currency: string) => ({
  id: row.id,
  number: row.number,
  accountId: row.accountId,
  accountName,
  invoiceId: row.invoiceId,
  invoiceNumber,
  reason: row.reason,
  issuedOn: row.issuedOn,
  totalMinor: row.totalMinor,
  currency,
});

export async function listCreditNotes(
  tx: Transaction,
  organizationId: string,
  query: { page: number; pageSize: number; accountId?: string; invoiceId?: string },
) {
  const where = and(
    query.accountId ? eq(creditNote.accountId, query.accountId) : undefined,
    query.invoiceId ? eq(creditNote.invoiceId, query.invoiceId) : undefined,
  );
  const [totalRow] = await tx
    .select({ total: count() })
    .from(creditNote)
    .where(and(eq(creditNote.organizationId, organizationId), where));
  const rows = await summaryQuery(tx, organizationId, where)
    .orderBy(desc(creditNote.createdAt), desc(creditNote.number))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const currency = await workspaceCurrency(tx, organizationId);
  return { items: rows.map((row) => toSummary(row, currency)), total: totalRow?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One credit note in full; 404 when unknown or outside `visible`. */
export async function creditNoteDetail(tx: Transaction, organizationId: string, creditNoteId: string, visible?: SQL): Promise<CreditNoteDetail> {
  const [found] = isRecordId(creditNoteId) ? await summaryQuery(tx, organizationId, and(eq(creditNote.id, creditNoteId), visible)) : [];
  if (!found) throw notFound("The credit note");
  const row = found.row;
  const lines = await tx
    .select()
    .from(creditNoteLine)
    .where(and(eq(creditNoteLine.organizationId, organizationId), eq(creditNoteLine.creditNoteId, row.id)))
    .orderBy(asc(creditNoteLine.position));
  const allocations = await tx
    .select({ invoiceId: allocation.invoiceId, amountMinor: sql<string>`sum(${allocation.amountMinor})` })
    .from(allocation)
    .where(and(eq(allocation.organizationId, organizationId), eq(allocation.creditNoteId, row.id)))
    .groupBy(allocation.invoiceId);
  const allocated = allocations.reduce((sum, item) => sum + Number(item.amountMinor), 0);
  return {
    ...toSummary(found, await workspaceCurrency(tx, organizationId)),
    pricesIncludeTax: row.pricesIncludeTax,
    taxRule: row.taxRule,
    subtotalMinor: row.subtotalMinor,
    taxMinor: row.taxMinor,
    taxBands: row.taxBreakdown as TaxBand[],
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      description: line.description,
      invoiceLineId: line.invoiceLineId,
      amountMinor: line.amountMinor,
      taxRateId: line.taxRateId,
      taxRateBps: line.taxRateBps,
      taxRateName: line.taxRateName,
    })),
    allocations: allocations.map((item) => ({ invoiceId: item.invoiceId, amountMinor: Number(item.amountMinor) })),
    unallocatedMinor: row.totalMinor - allocated,
  };
}
