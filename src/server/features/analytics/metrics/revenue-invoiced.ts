/**
 * Revenue invoiced: the invoices issued in the period less the credit notes issued in it. An
 * issued invoice never changes (billing corrects it with a credit note, in the period the note is
 * issued), so the two documents together are the period's sales; a void invoice is one that
 * never counted (voiding undoes an invoice nothing has paid, and its charges are invoiced again).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../../db/tenant.ts";
import { alongLabels, bucketHeading, bucketLabels, bucketOfDate, bucketSizeOf } from "../buckets.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { accountCondition, bounds, byStep, totalOf, whole } from "./money-sql.ts";

/** The period's issued invoices (alias i), by issue day, not void. */
const issuedInvoices = (scope: MetricScope, period: Period): SQL =>
  sql`i.organization_id = ${scope.organizationId} and i.status = 'issued' and i.issued_on >= ${bounds(period).from} and i.issued_on <= ${bounds(period).to}${accountCondition(scope, sql`i.account_id`)}`;

/** The period's credit notes (alias c), by issue day. */
const issuedCreditNotes = (scope: MetricScope, period: Period): SQL =>
  sql`c.organization_id = ${scope.organizationId} and c.issued_on >= ${bounds(period).from} and c.issued_on <= ${bounds(period).to}${accountCondition(scope, sql`c.account_id`)}`;

/**
 * The period's documents: each issued invoice with its total, each credit note with minus its
 * total. Columns: kind, id, invoice_id (the invoice a credit note corrects, if any), account_id,
 * number, day (date), amount.
 */
export function invoicedDocuments(scope: MetricScope, period: Period): SQL {
  return sql`
    select 'invoice' as kind, i.id, i.id as invoice_id, i.account_id, i.number, i.issued_on as day, i.total_minor as amount
      from invoice i where ${issuedInvoices(scope, period)}
    union all
    select 'credit_note', c.id, c.invoice_id, c.account_id, c.number, c.issued_on, -c.total_minor
      from credit_note c where ${issuedCreditNotes(scope, period)}`;
}

/**
 * The revenue invoiced in the period, by step of the period's time chart: summed by day first
 * (a year of invoices is a few hundred days), then by step.
 */
export async function invoicedBySteps(tx: Transaction, scope: MetricScope, period: Period): Promise<Map<string, number>> {
  const { rows } = await tx.execute<{ step: string; amount: string }>(sql`
    select ${bucketOfDate(period, sql`d.day`)} as step, sum(d.amount)::bigint as amount
      from (
        select i.issued_on as day, sum(i.total_minor) as amount from invoice i where ${issuedInvoices(scope, period)} group by i.issued_on
        union all
        select c.issued_on, -sum(c.total_minor) from credit_note c where ${issuedCreditNotes(scope, period)} group by c.issued_on
      ) d
     group by 1`);
  return byStep(rows);
}

export const revenueInvoiced: Metric = {
  key: "revenue-invoiced",
  name: "Revenue invoiced",
  definition:
    "The totals of the invoices issued in the period (by issue date, in the workspace's days, tax included as invoiced), less the credit notes issued in the period: a credit note corrects an issued invoice, so it lowers the revenue of the period it is issued in. Drafts and void invoices do not count. For one student, the invoices and credit notes of their family's account.",
  unit: "money",
  better: "higher",
  areas: ["admin"],
  filters: ["student"],
  async figure(tx, scope, period) {
    const values = await invoicedBySteps(tx, scope, period);
    const labels = await bucketLabels(tx, period);
    return {
      value: totalOf(values),
      chart: {
        kind: "time",
        labelHeading: bucketHeading(bucketSizeOf(period)),
        labels,
        series: [{ name: "Invoiced", unit: "money", values: alongLabels(labels, values) }],
      },
    };
  },
  columns: [
    { key: "date", label: "Issued on", unit: "date" },
    { key: "number", label: "Number", unit: "text" },
    { key: "document", label: "Document", unit: "text" },
    { key: "family", label: "Family account", unit: "text" },
    { key: "amount", label: "Total", unit: "money" },
  ],
  async rows(tx, scope, period, page) {
    const documents = invoicedDocuments(scope, period);
    const counted = await tx.execute<{ total: number }>(sql`select count(*)::int as total from (${documents}) d`);
    const { rows } = await tx.execute<{
      kind: string;
      id: string;
      invoice_id: string | null;
      account_id: string;
      number: string;
      day: string;
      amount: string;
      family: string;
    }>(sql`
      select d.kind, d.id, d.invoice_id, d.account_id, d.number, d.day::text as day, d.amount, a.name as family
        from (select * from (${documents}) d order by d.day desc, d.number desc, d.id limit ${page.limit} offset ${page.offset}) d
        join payer_account a on a.organization_id = ${scope.organizationId} and a.id = d.account_id
       order by d.day desc, d.number desc, d.id`);
    return {
      total: counted.rows[0]?.total ?? 0,
      rows: rows.map((row) => ({
        // A credit note opens the invoice it corrects, else the family's account (where its credit waits).
        record: row.invoice_id ? { kind: "invoice", id: row.invoice_id } : { kind: "account", id: row.account_id },
        cells: {
          date: row.day,
          number: row.number,
          document: row.kind === "invoice" ? "Invoice" : "Credit note",
          family: row.family,
          amount: whole(row.amount),
        },
      })),
    };
  },
};
