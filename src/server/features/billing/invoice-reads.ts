/**
 * Reading invoices: the admin list (filters by state, open, family and issue date; overdue first,
 * then newest), one invoice with its lines, tax bands, allocations and credit notes, and a
 * parent's view of an invoice of an account they pay (never a draft).
 */
import { workspaceCurrency } from "../../core/currency.ts";
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL, sql } from "drizzle-orm";
import type { InvoiceDetail, InvoiceListQuery, InvoiceReadState, InvoiceSummary } from "../../../shared/schemas/billing-invoices.ts";
import type { Viewer } from "../../core/context.ts";
import { readSettings } from "../../core/settings/index.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { allocation, creditNote, invoice } from "../../db/billing-schema.ts";
import { payerAccount, student } from "../../db/schema.ts";
import type { Queryable, Transaction } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";
import { isRecordId } from "../../core/ids.ts";
import { documentTotals, type DocumentTotals, type TaxBand, taxRuleText } from "./arithmetic.ts";
import { linesOf } from "./invoice-drafts.ts";
import { payerOf } from "./policy.ts";
import { CHARGED_MISSES, policiesOf } from "./policy-documents.ts";

export type InvoiceRow = typeof invoice.$inferSelect;

/**
 * What credit notes applied to an invoice, net of what they released. Full table names: drizzle
 * leaves a single-table query's columns unqualified, which the subquery would read as its own.
 */
export const invoiceCreditedSql = sql<string>`coalesce((select sum(a.amount_minor) from allocation a where a.organization_id = invoice.organization_id and a.invoice_id = invoice.id and a.credit_note_id is not null), 0)`;

/**
 * The state a reader sees, derived here only (admin and parent screens, the PDF): an issued
 * invoice is paid once payments and credit notes cover its total, and "credited" when credit
 * notes alone cover it.
 */
export function readStateOf(row: Pick<InvoiceRow, "status" | "paidMinor" | "totalMinor">, creditedMinor: number): InvoiceReadState {
  if (row.status !== "issued") return row.status;
  if (row.paidMinor >= row.totalMinor) return row.totalMinor > 0 && creditedMinor >= row.totalMinor ? "credited" : "paid";
  return row.paidMinor > 0 ? "partly_paid" : "issued";
}

const unpaidIssued = sql`${invoice.status} = 'issued' and ${invoice.paidMinor} < ${invoice.totalMinor}`;
const overdueSql = (today: string) => sql`(${unpaidIssued} and ${invoice.dueOn} < ${today}::date)`;
const settled = sql`${invoice.status} = 'issued' and ${invoice.paidMinor} >= ${invoice.totalMinor}`;
const creditedWholly = sql`(${invoice.totalMinor} > 0 and ${invoiceCreditedSql} >= ${invoice.totalMinor})`;

function stateCondition(state: InvoiceListQuery["state"], today: string): SQL | undefined {
  switch (state) {
    case undefined:
      return undefined;
    case "draft":
    case "void":
      return eq(invoice.status, state);
    case "issued":
      return sql`${invoice.status} = 'issued' and ${invoice.paidMinor} = 0 and ${invoice.totalMinor} > 0`;
    case "partly_paid":
      return sql`${invoice.status} = 'issued' and ${invoice.paidMinor} > 0 and ${invoice.paidMinor} < ${invoice.totalMinor}`;
    case "paid":
      return sql`${settled} and not ${creditedWholly}`;
    case "credited":
      return sql`${settled} and ${creditedWholly}`;
    case "overdue":
      return overdueSql(today);
    case "open":
      return unpaidIssued;
  }
}

const summaryColumns = { row: invoice, accountName: payerAccount.name, credited: invoiceCreditedSql };

function toSummary(row: InvoiceRow, accountName: string, creditedMinor: number, currency: string, today: string): InvoiceSummary {
  const state = readStateOf(row, creditedMinor);
  return {
    id: row.id,
    number: row.number,
    accountId: row.accountId,
    accountName,
    state,
    overdue: row.status === "issued" && row.paidMinor < row.totalMinor && row.dueOn !== null && row.dueOn < today,
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    totalMinor: row.totalMinor,
    paidMinor: row.paidMinor,
    outstandingMinor: row.status === "issued" ? row.totalMinor - row.paidMinor : 0,
    currency,
  };
}

/** The list's page query, overdue first, then newest: exported for the query-scaling benchmark. */
export function invoicePageQuery(tx: Queryable, organizationId: string, where: SQL | undefined, today: string, page: number, pageSize: number) {
  return tx
    .select(summaryColumns)
    .from(invoice)
    .innerJoin(payerAccount, and(eq(payerAccount.organizationId, invoice.organizationId), eq(payerAccount.id, invoice.accountId)))
    .where(and(eq(invoice.organizationId, organizationId), where))
    .orderBy(desc(overdueSql(today)), desc(invoice.createdAt), desc(invoice.number), desc(invoice.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function listInvoices(tx: Transaction, organizationId: string, query: InvoiceListQuery, now: Date, visible?: SQL) {
  const today = await workspaceToday(tx, organizationId, now);
  const where = and(
    visible,
    stateCondition(query.state, today),
    query.accountId ? eq(invoice.accountId, query.accountId) : undefined,
    query.from ? gte(invoice.issuedOn, query.from) : undefined,
    query.to ? lte(invoice.issuedOn, query.to) : undefined,
  );
  const [totalRow] = await tx
    .select({ total: count() })
    .from(invoice)
    .where(and(eq(invoice.organizationId, organizationId), where));
  const rows = await invoicePageQuery(tx, organizationId, where, today, query.page, query.pageSize);
  const currency = await workspaceCurrency(tx, organizationId);
  return {
    items: rows.map(({ row, accountName, credited }) => toSummary(row, accountName, Number(credited), currency, today)),
    total: totalRow?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A parent's invoices: those of the accounts they pay, drafts never. */
export const parentInvoiceCondition = (viewer: Viewer): SQL => and(payerOf(viewer, invoice.accountId), ne(invoice.status, "draft"))!;

/** One invoice in full; 404 when unknown or outside `visible`. */
export async function invoiceDetail(tx: Transaction, organizationId: string, invoiceId: string, now: Date, visible?: SQL): Promise<InvoiceDetail> {
  const [found] = isRecordId(invoiceId)
    ? await tx
        .select(summaryColumns)
        .from(invoice)
        .innerJoin(payerAccount, and(eq(payerAccount.organizationId, invoice.organizationId), eq(payerAccount.id, invoice.accountId)))
        .where(and(eq(invoice.organizationId, organizationId), eq(invoice.id, invoiceId), visible))
    : [];
  if (!found) throw notFound("The invoice");
  const { row, accountName, credited } = found;
  const today = await workspaceToday(tx, organizationId, now);
  const currency = await workspaceCurrency(tx, organizationId);
  const lines = await linesOf(tx, organizationId, row.id);
  const studentIds = [...new Set(lines.flatMap((line) => (line.studentId ? [line.studentId] : [])))];
  const studentNames = new Map(
    studentIds.length === 0
      ? []
      : (
          await tx
            .select({ id: student.id, name: student.name })
            .from(student)
            .where(and(eq(student.organizationId, organizationId), inArray(student.id, studentIds)))
        ).map((found) => [found.id, found.name]),
  );
  const allocations = await tx
    .select()
    .from(allocation)
    .where(and(eq(allocation.organizationId, organizationId), eq(allocation.invoiceId, row.id)))
    .orderBy(asc(allocation.createdAt), asc(allocation.id));
  const credits = await tx
    .select({ id: creditNote.id, number: creditNote.number, issuedOn: creditNote.issuedOn, totalMinor: creditNote.totalMinor })
    .from(creditNote)
    .where(and(eq(creditNote.organizationId, organizationId), eq(creditNote.invoiceId, row.id)))
    .orderBy(asc(creditNote.createdAt));
  // A draft shows what issuing it now would compute; an issued invoice what it froze.
  const pricesIncludeTax = row.status === "draft" ? (await readSettings(tx, organizationId, "billing")).pricesIncludeTax : row.pricesIncludeTax;
  const totals: DocumentTotals =
    row.status === "draft"
      ? documentTotals(lines, pricesIncludeTax)
      : { subtotalMinor: row.subtotalMinor, taxMinor: row.taxMinor, totalMinor: row.totalMinor, bands: row.taxBreakdown as TaxBand[] };
  return {
    ...toSummary({ ...row, totalMinor: totals.totalMinor }, accountName, Number(credited), currency, today),
    notes: row.notes,
    pricesIncludeTax,
    taxRule: row.status === "draft" ? taxRuleText(pricesIncludeTax, totals.bands) : row.taxRule,
    subtotalMinor: totals.subtotalMinor,
    taxMinor: totals.taxMinor,
    taxBands: totals.bands,
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      kind: line.kind,
      description: line.description,
      chargeEntryId: line.chargeEntryId,
      live: line.live,
      sessionId: line.sessionId,
      studentId: line.studentId,
      studentName: line.studentId ? (studentNames.get(line.studentId) ?? null) : null,
      serviceDate: line.serviceDate,
      tutorName: line.tutorName,
      attendance: line.attendance,
      policyVersion: line.policyVersion,
      minutes: line.minutes,
      unitPriceMinor: line.unitPriceMinor,
      amountMinor: line.amountMinor,
      taxRateId: line.taxRateId,
      taxRateBps: line.taxRateBps,
      taxRateName: line.taxRateName,
    })),
    allocations: allocations.map((item) => ({
      id: item.id,
      paymentId: item.paymentId,
      creditNoteId: item.creditNoteId,
      amountMinor: item.amountMinor,
      createdAt: item.createdAt.toISOString(),
    })),
    creditNotes: credits,
    voidReason: row.voidReason,
    batchId: row.batchId,
    policies: await policiesOf(
      tx,
      organizationId,
      row.accountId,
      // The policy prices only what was not taught: a late cancellation or a no-show.
      lines.flatMap((line) => (line.policyVersionId && line.attendance && CHARGED_MISSES.has(line.attendance) ? [line.policyVersionId] : [])),
    ),
  };
}
