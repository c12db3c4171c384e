/**
 * The exports for accounting software: issued invoices, their lines, payments and credit
 * notes as CSV (RFC 4180, UTF-8 with a byte-order mark, amounts as decimal text of the
 * workspace currency). README.md, "Billing exports", documents every column: keep it in step.
 *
 * Streamed page by page, as the audit log's export: each page is read in its own short
 * withWorkspace transaction, by keyset (the last row's sort key), and only when the client has
 * taken the page before, so a workspace's whole history never sits in memory.
 */
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { minorToDecimal } from "../../../shared/money.ts";
import type { ExportQuery } from "../../../shared/schemas/billing-statements.ts";
import { BYTE_ORDER_MARK, type CsvCell, csvNumber, csvRow } from "../../core/csv.ts";
import type { Database } from "../../db/client.ts";
import { allocation, creditNote, invoice, invoiceLine, payment, paymentRefund } from "../../db/billing-schema.ts";
import { payerAccount, student } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import type { Logger } from "../../lib/logger.ts";

export const EXPORT_PAGE_SIZE = 1000;

export const EXPORT_KINDS = ["invoices", "invoice-lines", "payments", "credit-notes"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

interface ExportDefinition<Row> {
  header: (currency: string) => string[];
  /** Rows after `after` (the previous page's last row), in the export's order. */
  page: (tx: Queryable, organizationId: string, query: ExportQuery, after: Row | undefined, limit: number) => Promise<Row[]>;
  cells: (row: Row, currency: string) => CsvCell[];
}

const amount = (minor: number, currency: string) => csvNumber(minorToDecimal(minor, currency));
const day = (column: AnyPgColumn, query: ExportQuery): SQL[] => [
  ...(query.from ? [sql`${column} >= ${query.from}::date`] : []),
  ...(query.to ? [sql`${column} <= ${query.to}::date`] : []),
];

const invoiceRowQuery = (tx: Queryable) =>
  tx
    .select({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      issuedOn: invoice.issuedOn,
      dueOn: invoice.dueOn,
      accountId: invoice.accountId,
      accountName: payerAccount.name,
      periodFrom: invoice.periodFrom,
      periodTo: invoice.periodTo,
      pricesIncludeTax: invoice.pricesIncludeTax,
      subtotalMinor: invoice.subtotalMinor,
      taxMinor: invoice.taxMinor,
      totalMinor: invoice.totalMinor,
      paidMinor: invoice.paidMinor,
      voidedAt: invoice.voidedAt,
      voidReason: invoice.voidReason,
    })
    .from(invoice)
    .innerJoin(payerAccount, and(eq(payerAccount.organizationId, invoice.organizationId), eq(payerAccount.id, invoice.accountId)))
    .$dynamic();
type InvoiceRow = Awaited<ReturnType<ReturnType<typeof invoiceRowQuery>["execute"]>>[number];

const invoices: ExportDefinition<InvoiceRow> = {
  header: (currency) => [
    "Invoice number",
    "Status",
    "Issued on",
    "Due on",
    "Account",
    "Account id",
    "Period from",
    "Period to",
    "Prices include tax",
    `Subtotal (${currency})`,
    `Tax (${currency})`,
    `Total (${currency})`,
    `Paid (${currency})`,
    `Outstanding (${currency})`,
    "Currency",
    "Voided on",
    "Void reason",
    "Invoice id",
  ],
  page: (tx, organizationId, query, after, limit) =>
    invoiceRowQuery(tx)
      .where(
        and(
          eq(invoice.organizationId, organizationId),
          inArray(invoice.status, ["issued", "void"]),
          ...day(invoice.issuedOn, query),
          after ? sql`(${invoice.issuedOn}, ${invoice.id}) > (${after.issuedOn}::date, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(invoice.issuedOn), asc(invoice.id))
      .limit(limit),
  cells: (row, currency) => [
    row.number,
    row.status,
    row.issuedOn,
    row.dueOn,
    row.accountName,
    row.accountId,
    row.periodFrom,
    row.periodTo,
    row.pricesIncludeTax ? "yes" : "no",
    amount(row.subtotalMinor, currency),
    amount(row.taxMinor, currency),
    amount(row.totalMinor, currency),
    amount(row.paidMinor, currency),
    amount(row.status === "void" ? 0 : row.totalMinor - row.paidMinor, currency),
    currency,
    row.voidedAt ? row.voidedAt.toISOString().slice(0, 10) : null,
    row.voidReason,
    row.id,
  ],
};

const lineRowQuery = (tx: Queryable) =>
  tx
    .select({
      id: invoiceLine.id,
      invoiceId: invoiceLine.invoiceId,
      invoiceNumber: invoice.number,
      issuedOn: invoice.issuedOn,
      position: invoiceLine.position,
      kind: invoiceLine.kind,
      description: invoiceLine.description,
      serviceDate: invoiceLine.serviceDate,
      studentId: invoiceLine.studentId,
      studentName: student.name,
      tutorName: invoiceLine.tutorName,
      attendance: invoiceLine.attendance,
      policyVersion: invoiceLine.policyVersion,
      minutes: invoiceLine.minutes,
      unitPriceMinor: invoiceLine.unitPriceMinor,
      amountMinor: invoiceLine.amountMinor,
      taxRateName: invoiceLine.taxRateName,
      taxRateBps: invoiceLine.taxRateBps,
      live: invoiceLine.live,
      chargeEntryId: invoiceLine.chargeEntryId,
    })
    .from(invoiceLine)
    .innerJoin(invoice, and(eq(invoice.organizationId, invoiceLine.organizationId), eq(invoice.id, invoiceLine.invoiceId)))
    .leftJoin(student, and(eq(student.organizationId, invoiceLine.organizationId), eq(student.id, invoiceLine.studentId)))
    .$dynamic();
type LineRow = Awaited<ReturnType<ReturnType<typeof lineRowQuery>["execute"]>>[number];

/** Basis points as a percentage's decimal text: 2000 → "20.00". */
const percent = (bps: number) => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, "0")}`;

const invoiceLines: ExportDefinition<LineRow> = {
  header: (currency) => [
    "Invoice number",
    "Issued on",
    "Line",
    "Kind",
    "Description",
    "Service date",
    "Student",
    "Student id",
    "Tutor",
    "Attendance",
    "Policy version",
    "Minutes",
    `Unit price (${currency})`,
    `Amount (${currency})`,
    "Tax rate",
    "Tax rate (%)",
    "Live",
    "Ledger entry id",
    "Invoice id",
    "Line id",
  ],
  page: (tx, organizationId, query, after, limit) =>
    lineRowQuery(tx)
      .where(
        and(
          eq(invoiceLine.organizationId, organizationId),
          inArray(invoice.status, ["issued", "void"]),
          ...day(invoice.issuedOn, query),
          after
            ? sql`(${invoice.issuedOn}, ${invoiceLine.invoiceId}, ${invoiceLine.position}) > (${after.issuedOn}::date, ${after.invoiceId}::uuid, ${after.position}::integer)`
            : undefined,
        ),
      )
      .orderBy(asc(invoice.issuedOn), asc(invoiceLine.invoiceId), asc(invoiceLine.position))
      .limit(limit),
  cells: (row, currency) => [
    row.invoiceNumber,
    row.issuedOn,
    csvNumber(row.position),
    row.kind,
    row.description,
    row.serviceDate,
    row.studentName,
    row.studentId,
    row.tutorName,
    row.attendance,
    row.policyVersion === null ? null : csvNumber(row.policyVersion),
    row.minutes === null ? null : csvNumber(row.minutes),
    row.unitPriceMinor === null ? null : amount(row.unitPriceMinor, currency),
    amount(row.amountMinor, currency),
    row.taxRateName,
    csvNumber(percent(row.taxRateBps)),
    row.live ? "yes" : "no",
    row.chargeEntryId,
    row.invoiceId,
    row.id,
  ],
};

const paymentRowQuery = (tx: Queryable) =>
  tx
    .select({
      id: payment.id,
      receivedOn: payment.receivedOn,
      accountId: payment.accountId,
      accountName: payerAccount.name,
      method: payment.method,
      reference: payment.reference,
      amountMinor: payment.amountMinor,
      allocatedMinor:
        sql<number>`(select coalesce(sum(${allocation.amountMinor}), 0) from ${allocation} where ${allocation.organizationId} = ${payment.organizationId} and ${allocation.paymentId} = ${payment.id})`.mapWith(
          Number,
        ),
      refundedMinor:
        sql<number>`(select coalesce(sum(${paymentRefund.amountMinor}), 0) from ${paymentRefund} where ${paymentRefund.organizationId} = ${payment.organizationId} and ${paymentRefund.paymentId} = ${payment.id})`.mapWith(
          Number,
        ),
    })
    .from(payment)
    .innerJoin(payerAccount, and(eq(payerAccount.organizationId, payment.organizationId), eq(payerAccount.id, payment.accountId)))
    .$dynamic();
type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentRowQuery>["execute"]>>[number];

const payments: ExportDefinition<PaymentRow> = {
  header: (currency) => [
    "Received on",
    "Account",
    "Account id",
    "Method",
    "Reference",
    `Amount (${currency})`,
    `Allocated to invoices (${currency})`,
    `Refunded (${currency})`,
    `Unallocated (${currency})`,
    "Currency",
    "Payment id",
  ],
  page: (tx, organizationId, query, after, limit) =>
    paymentRowQuery(tx)
      .where(
        and(
          eq(payment.organizationId, organizationId),
          ...day(payment.receivedOn, query),
          after ? sql`(${payment.receivedOn}, ${payment.id}) > (${after.receivedOn}::date, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(payment.receivedOn), asc(payment.id))
      .limit(limit),
  cells: (row, currency) => [
    row.receivedOn,
    row.accountName,
    row.accountId,
    row.method,
    row.reference,
    amount(row.amountMinor, currency),
    amount(row.allocatedMinor, currency),
    amount(row.refundedMinor, currency),
    amount(row.amountMinor - row.allocatedMinor - row.refundedMinor, currency),
    currency,
    row.id,
  ],
};

const creditNoteRowQuery = (tx: Queryable) =>
  tx
    .select({
      id: creditNote.id,
      number: creditNote.number,
      issuedOn: creditNote.issuedOn,
      accountId: creditNote.accountId,
      accountName: payerAccount.name,
      invoiceId: creditNote.invoiceId,
      invoiceNumber: invoice.number,
      reason: creditNote.reason,
      pricesIncludeTax: creditNote.pricesIncludeTax,
      subtotalMinor: creditNote.subtotalMinor,
      taxMinor: creditNote.taxMinor,
      totalMinor: creditNote.totalMinor,
      allocatedMinor:
        sql<number>`(select coalesce(sum(${allocation.amountMinor}), 0) from ${allocation} where ${allocation.organizationId} = ${creditNote.organizationId} and ${allocation.creditNoteId} = ${creditNote.id})`.mapWith(
          Number,
        ),
    })
    .from(creditNote)
    .innerJoin(payerAccount, and(eq(payerAccount.organizationId, creditNote.organizationId), eq(payerAccount.id, creditNote.accountId)))
    .leftJoin(invoice, and(eq(invoice.organizationId, creditNote.organizationId), eq(invoice.id, creditNote.invoiceId)))
    .$dynamic();
type CreditNoteRow = Awaited<ReturnType<ReturnType<typeof creditNoteRowQuery>["execute"]>>[number];

const creditNotes: ExportDefinition<CreditNoteRow> = {
  header: (currency) => [
    "Credit note number",
    "Issued on",
    "Account",
    "Account id",
    "Invoice number",
    "Reason",
    "Prices include tax",
    `Subtotal (${currency})`,
    `Tax (${currency})`,
    `Total (${currency})`,
    `Allocated to invoices (${currency})`,
    `Unallocated (${currency})`,
    "Currency",
    "Invoice id",
    "Credit note id",
  ],
  page: (tx, organizationId, query, after, limit) =>
    creditNoteRowQuery(tx)
      .where(
        and(
          eq(creditNote.organizationId, organizationId),
          ...day(creditNote.issuedOn, query),
          after ? sql`(${creditNote.issuedOn}, ${creditNote.id}) > (${after.issuedOn}::date, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(creditNote.issuedOn), asc(creditNote.id))
      .limit(limit),
  cells: (row, currency) => [
    row.number,
    row.issuedOn,
    row.accountName,
    row.accountId,
    row.invoiceNumber,
    row.reason,
    row.pricesIncludeTax ? "yes" : "no",
    amount(row.subtotalMinor, currency),
    amount(row.taxMinor, currency),
    amount(row.totalMinor, currency),
    amount(row.allocatedMinor, currency),
    amount(row.totalMinor - row.allocatedMinor, currency),
    currency,
    row.invoiceId,
    row.id,
  ],
};

// Each definition keeps its own row type; the stream below only passes rows back to it.
const DEFINITIONS: Record<ExportKind, ExportDefinition<never>> = {
  invoices: invoices as unknown as ExportDefinition<never>,
  "invoice-lines": invoiceLines as unknown as ExportDefinition<never>,
  payments: payments as unknown as ExportDefinition<never>,
  "credit-notes": creditNotes as unknown as ExportDefinition<never>,
};

export interface ExportJob {
  kind: ExportKind;
  organizationId: string;
  currency: string;
  query: ExportQuery;
}

/** The first page, read before the answer starts: a database that fails at once gets an ordinary error answer. */
export async function firstExportPage(tx: Queryable, job: ExportJob): Promise<unknown[]> {
  return DEFINITIONS[job.kind].page(tx, job.organizationId, job.query, undefined, EXPORT_PAGE_SIZE);
}

/**
 * The whole export as a byte stream, from its first page on. A failure on a later page aborts
 * the download, which the client sees as broken rather than as a complete file.
 */
export function exportCsvStream(db: Database, logger: Logger, job: ExportJob, firstPage: unknown[]): ReadableStream<Uint8Array> {
  const definition = DEFINITIONS[job.kind] as unknown as ExportDefinition<unknown>;
  const encoder = new TextEncoder();
  const lines = (rows: unknown[]) => rows.map((row) => csvRow(definition.cells(row, job.currency))).join("");
  let last: unknown = firstPage.length === EXPORT_PAGE_SIZE ? firstPage.at(-1) : undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${BYTE_ORDER_MARK}${csvRow(definition.header(job.currency))}${lines(firstPage)}`));
      if (last === undefined) controller.close();
    },
    async pull(controller) {
      if (last === undefined) return;
      try {
        const after = last;
        const page = await withWorkspace(db, job.organizationId, (tx) => definition.page(tx, job.organizationId, job.query, after, EXPORT_PAGE_SIZE));
        controller.enqueue(encoder.encode(lines(page)));
        last = page.length === EXPORT_PAGE_SIZE ? page.at(-1) : undefined;
        if (last === undefined) controller.close();
      } catch (error) {
        logger.error({ err: error, export: job.kind }, "billing export failed after it started: the download was cut off");
        controller.error(error);
      }
    },
  });
}
