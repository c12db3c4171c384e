/**
 * Revenue collected: the ledger's payments less its refunds in the period. The ledger is the
 * record of money that moved (every payment, by hand or by card online, and every refund is one
 * entry of it), so the figure is read from it alone, on the days its entries were written: the
 * days a family's statement shows them.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../../db/tenant.ts";
import { alongLabels, bucketHeading, bucketLabels, bucketSizeOf } from "../buckets.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { accountCondition, bounds, byStep, dayOf, stepRanges, totalOf, whole } from "./money-sql.ts";

/** The ledger's payment and refund entries of the period (alias e). */
function cashEntries(scope: MetricScope, period: Period): SQL {
  const { startsAt, endsAt } = bounds(period);
  return sql`e.organization_id = ${scope.organizationId} and e.kind in ('payment', 'refund') and e.created_at >= ${startsAt} and e.created_at < ${endsAt}${accountCondition(scope, sql`e.account_id`)}`;
}

/**
 * Money in by step: a payment entry is negative in the ledger (in the family's favour), a refund
 * positive. The steps are joined by range (see stepRanges): with the index on the entries' time,
 * each step is one range read of it; without it, one pass over the entries still serves them all.
 */
export async function collectedBySteps(tx: Transaction, scope: MetricScope, period: Period): Promise<Map<string, number>> {
  const { rows } = await tx.execute<{ step: string; amount: string }>(sql`
    with steps as materialized (${stepRanges(period)})
    select steps.label as step, -sum(e.amount_minor)::bigint as amount
      from steps
      join ledger_entry e on e.created_at >= steps.starts_at and e.created_at < steps.ends_at
     where ${cashEntries(scope, period)}
     group by steps.label`);
  return byStep(rows);
}

export const revenueCollected: Metric = {
  key: "revenue-collected",
  name: "Revenue collected",
  definition:
    "Money received less money refunded, as the ledger records them: every payment (recorded by hand or paid by card online) and every refund counts on the day it was recorded, in the workspace's days, as on the family's statement. A payment recorded late counts on the day it was recorded, not the day it says it was received. Credit notes move no money and do not count. For one student, their family account's payments and refunds.",
  unit: "money",
  better: "higher",
  areas: ["admin"],
  filters: ["student"],
  async figure(tx, scope, period) {
    const values = await collectedBySteps(tx, scope, period);
    const labels = await bucketLabels(tx, period);
    return {
      value: totalOf(values),
      chart: {
        kind: "time",
        labelHeading: bucketHeading(bucketSizeOf(period)),
        labels,
        series: [{ name: "Collected", unit: "money", values: alongLabels(labels, values) }],
      },
    };
  },
  columns: [
    { key: "date", label: "Recorded on", unit: "date" },
    { key: "family", label: "Family account", unit: "text" },
    { key: "entry", label: "Entry", unit: "text" },
    { key: "details", label: "Details", unit: "text" },
    { key: "amount", label: "Amount", unit: "money" },
  ],
  async rows(tx, scope, period, page) {
    const where = cashEntries(scope, period);
    const counted = await tx.execute<{ total: number }>(sql`select count(*)::int as total from ledger_entry e where ${where}`);
    const { rows } = await tx.execute<{ kind: string; payment_id: string | null; day: string; family: string; description: string; amount: string }>(sql`
      select e.kind, e.payment_id, ${dayOf(period, sql`e.created_at`)} as day, a.name as family, e.description, -e.amount_minor as amount
        from (select * from ledger_entry e where ${where} order by e.created_at desc, e.sequence desc limit ${page.limit} offset ${page.offset}) e
        join payer_account a on a.organization_id = e.organization_id and a.id = e.account_id
       order by e.created_at desc, e.sequence desc`);
    return {
      total: counted.rows[0]?.total ?? 0,
      rows: rows.map((row) => ({
        // A refund opens the payment it gives back.
        record: row.payment_id ? { kind: "payment", id: row.payment_id } : null,
        cells: { date: row.day, family: row.family, entry: row.kind === "payment" ? "Payment" : "Refund", details: row.description, amount: whole(row.amount) },
      })),
    };
  },
};
