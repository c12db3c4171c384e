/**
 * Package sales: the prices of the packages sold in the period, compared by package. A sale is
 * a purchase (its price frozen at the sale); one whose invoice was voided is cancelled and, as
 * billing says, never happened.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { accountCondition, bounds, dayOf, whole } from "./money-sql.ts";

/** The period's sales, not cancelled (alias pp); for one student, those for them or their whole family. */
function salesOf(scope: MetricScope, period: Period): SQL {
  const { startsAt, endsAt } = bounds(period);
  const student = scope.studentId ? sql` and (pp.student_id = ${scope.studentId} or pp.student_id is null)` : sql``;
  return sql`pp.organization_id = ${scope.organizationId} and pp.created_at >= ${startsAt} and pp.created_at < ${endsAt} and pp.status <> 'cancelled'${accountCondition(scope, sql`pp.account_id`)}${student}`;
}

const STATUS_WORDS: Record<string, string> = { awaiting_payment: "Awaiting payment", active: "Active" };

export const packageSales: Metric = {
  key: "package-sales",
  name: "Package sales",
  definition:
    "The prices of the packages sold in the period (on the day of the sale, in the workspace's days), paid yet or not; a free package counts at nothing. A sale whose invoice was voided since is cancelled and does not count. The chart compares the packages of the catalogue. For one student, the packages sold for them or for their whole family.",
  unit: "money",
  better: "higher",
  areas: ["admin"],
  filters: ["student"],
  async figure(tx, scope, period) {
    const { rows } = await tx.execute<{ name: string; amount: string }>(sql`
      select pr.name, sum(pp.price_minor)::bigint as amount
        from package_purchase pp
        join package_product pr on pr.organization_id = pp.organization_id and pr.id = pp.product_id
       where ${salesOf(scope, period)}
       group by pp.product_id, pr.name
       order by amount desc, pr.name, pp.product_id`);
    const values = rows.map((row) => whole(row.amount));
    return {
      value: values.reduce((sum, value) => sum + value, 0),
      chart: { kind: "category", labelHeading: "Package", labels: rows.map((row) => row.name), series: [{ name: "Sold", unit: "money", values }] },
    };
  },
  columns: [
    { key: "date", label: "Sold on", unit: "date" },
    { key: "family", label: "Family account", unit: "text" },
    { key: "package", label: "Package", unit: "text" },
    { key: "forWhom", label: "For", unit: "text" },
    { key: "minutes", label: "Hours", unit: "minutes" },
    { key: "status", label: "Status", unit: "text" },
    { key: "price", label: "Price", unit: "money" },
  ],
  async rows(tx, scope, period, page) {
    const where = salesOf(scope, period);
    const counted = await tx.execute<{ total: number }>(sql`select count(*)::int as total from package_purchase pp where ${where}`);
    const { rows } = await tx.execute<{
      account_id: string;
      invoice_id: string | null;
      day: string;
      family: string;
      name: string;
      student: string | null;
      minutes: number;
      status: string;
      price_minor: string;
    }>(sql`
      select pp.account_id, pp.invoice_id, ${dayOf(period, sql`pp.created_at`)} as day, a.name as family, pp.name, st.name as student, pp.minutes, pp.status, pp.price_minor
        from (select * from package_purchase pp where ${where} order by pp.created_at desc, pp.id limit ${page.limit} offset ${page.offset}) pp
        join payer_account a on a.organization_id = pp.organization_id and a.id = pp.account_id
        left join student st on st.organization_id = pp.organization_id and st.id = pp.student_id
       order by pp.created_at desc, pp.id`);
    return {
      total: counted.rows[0]?.total ?? 0,
      rows: rows.map((row) => ({
        // The sale's invoice; a free package has none, so its family's account.
        record: row.invoice_id ? { kind: "invoice", id: row.invoice_id } : { kind: "account", id: row.account_id },
        cells: {
          date: row.day,
          family: row.family,
          package: row.name,
          forWhom: row.student ?? "Whole family",
          minutes: Number(row.minutes),
          status: STATUS_WORDS[row.status] ?? row.status,
          price: whole(row.price_minor),
        },
      })),
    };
  },
};
