/**
 * Revenue outstanding: what families owed at the end of the period's last day. Billing's
 * outstanding amount of an invoice is its total less its paid amount (the sum of its
 * allocations: payments and credit notes applied, less releases). Allocations are append-only
 * and dated, so the paid amount at the end of a past day is today's less what was allocated
 * since: a past period's figure is what was owed then, not what is still owed now. Aged as
 * billing's aged balances are: days past the due date on that day.
 *
 * Three disjoint sets of invoices issued by then can have owed something then, each read
 * through an index: those unpaid now, those settled now by an allocation made since, and those
 * voided since (an invoice voided later was still owed until then).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../../db/tenant.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { accountCondition, bounds, pageTotal, whole } from "./money-sql.ts";

/**
 * The invoices with something owed at the end of the period: id, number, account_id, issued_on,
 * due_on, total_minor, outstanding, days_overdue (on the period's last day).
 */
function owedInvoices(scope: MetricScope, period: Period): SQL {
  const { to, endsAt } = bounds(period);
  const org = scope.organizationId;
  const account = accountCondition(scope, sql`i.account_id`);
  const columns = sql`i.id, i.number, i.account_id, i.issued_on, i.due_on, i.total_minor, i.total_minor - i.paid_minor + coalesce(l.amount, 0) as outstanding`;
  return sql`
    with later as (
      select a.invoice_id, sum(a.amount_minor) as amount
        from allocation a
       where a.organization_id = ${org} and a.created_at >= ${endsAt}
       group by a.invoice_id
    ),
    owed as (
      select ${columns}
        from invoice i left join later l on l.invoice_id = i.id
       where i.organization_id = ${org} and i.status = 'issued' and i.paid_minor < i.total_minor and i.issued_on <= ${to}${account}
      union all
      select ${columns}
        from later l join invoice i on i.organization_id = ${org} and i.id = l.invoice_id
       where i.status = 'issued' and i.paid_minor >= i.total_minor and i.issued_on <= ${to}${account}
      union all
      select ${columns}
        from invoice i left join later l on l.invoice_id = i.id
       where i.organization_id = ${org} and i.status = 'void' and i.voided_at >= ${endsAt} and i.issued_on <= ${to}${account}
    )
    select owed.*, ${to} - owed.due_on as days_overdue from owed where owed.outstanding > 0`;
}

/** The age bands of billing's aged balances, by days past the due date. */
const BANDS = [
  { label: "Not yet due", when: sql`days_overdue <= 0` },
  { label: "1–30 days overdue", when: sql`days_overdue between 1 and 30` },
  { label: "31–60 days overdue", when: sql`days_overdue between 31 and 60` },
  { label: "61–90 days overdue", when: sql`days_overdue between 61 and 90` },
  { label: "Over 90 days overdue", when: sql`days_overdue > 90` },
] as const;

async function owedByBand(tx: Transaction, scope: MetricScope, period: Period): Promise<number[]> {
  const sums = sql.join(
    BANDS.map((band, index) => sql`coalesce(sum(outstanding) filter (where ${band.when}), 0)::bigint as ${sql.raw(`band${index}`)}`),
    sql`, `,
  );
  const { rows } = await tx.execute<Record<string, string>>(sql`select ${sums} from (${owedInvoices(scope, period)}) o`);
  return BANDS.map((_, index) => whole(rows[0]?.[`band${index}`]));
}

export const revenueOutstanding: Metric = {
  key: "revenue-outstanding",
  name: "Revenue outstanding",
  definition:
    "What families owed at the end of the period's last day: for every invoice issued by then (and not void by then), its total less what payments and credit notes had paid of it by then. The chart splits it by how far past its due date each invoice was on that day, as the aged balances do. The previous period's figure is what was owed at its own end. For one student, their family account's invoices.",
  unit: "money",
  better: "lower",
  areas: ["admin"],
  filters: ["student"],
  async figure(tx, scope, period) {
    const values = await owedByBand(tx, scope, period);
    return {
      value: values.reduce((sum, value) => sum + value, 0),
      chart: { kind: "category", labelHeading: "Age", labels: BANDS.map((band) => band.label), series: [{ name: "Outstanding", unit: "money", values }] },
    };
  },
  columns: [
    { key: "number", label: "Invoice", unit: "text" },
    { key: "family", label: "Family account", unit: "text" },
    { key: "issuedOn", label: "Issued on", unit: "date" },
    { key: "dueOn", label: "Due on", unit: "date" },
    { key: "daysOverdue", label: "Days overdue", unit: "days" },
    { key: "total", label: "Total", unit: "money" },
    { key: "outstanding", label: "Outstanding", unit: "money" },
  ],
  async rows(tx, scope, period, page) {
    const owed = owedInvoices(scope, period);
    const { rows } = await tx.execute<{
      id: string;
      number: string;
      family: string;
      issued_on: string;
      due_on: string;
      days_overdue: number;
      total_minor: string;
      outstanding: string;
      total: number;
    }>(sql`
      select o.id, o.number, a.name as family, o.issued_on::text as issued_on, o.due_on::text as due_on, o.days_overdue, o.total_minor, o.outstanding, o.total
        from (select o.*, count(*) over ()::int as total from (${owed}) o order by o.due_on, o.number, o.id limit ${page.limit} offset ${page.offset}) o
        join payer_account a on a.organization_id = ${scope.organizationId} and a.id = o.account_id
       order by o.due_on, o.number, o.id`);
    const total = await pageTotal(rows, page, async () => {
      const counted = await tx.execute<{ total: number }>(sql`select count(*)::int as total from (${owed}) o`);
      return counted.rows[0]?.total ?? 0;
    });
    return {
      total,
      rows: rows.map((row) => ({
        record: { kind: "invoice", id: row.id },
        cells: {
          number: row.number,
          family: row.family,
          issuedOn: row.issued_on,
          dueOn: row.due_on,
          daysOverdue: Math.max(0, Number(row.days_overdue)),
          total: whole(row.total_minor),
          outstanding: whole(row.outstanding),
        },
      })),
    };
  },
};
