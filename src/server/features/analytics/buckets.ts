/**
 * The steps of a time chart: days for a range of up to 31 days, weeks (starting Monday) up to
 * 26 weeks, months beyond. Every metric's time chart uses these, so that the charts of one
 * range line up, and lists every step of the range (a step without data is a gap, not skipped).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/tenant.ts";
import type { Period } from "./metric.ts";

export type BucketSize = "day" | "week" | "month";

export const bucketSizeOf = (period: Period): BucketSize => (period.days <= 31 ? "day" : period.days <= 183 ? "week" : "month");

/** The heading of a time chart's labels. */
export const bucketHeading = (size: BucketSize) => ({ day: "Day", week: "Week of", month: "Month" })[size];

/**
 * The step an instant falls in, as the label of its first day (YYYY-MM-DD; YYYY-MM for months),
 * in the period's zone. `instant` is a timestamptz expression.
 */
export function bucketOf(period: Period, instant: SQL | SQL.Aliased | unknown): SQL<string> {
  const size = bucketSizeOf(period);
  const local = sql`(${instant} at time zone ${period.zone})`;
  return size === "month" ? sql<string>`to_char(${local}, 'YYYY-MM')` : sql<string>`to_char(date_trunc(${size}, ${local}), 'YYYY-MM-DD')`;
}

/** The same for a local date expression (a `date` column such as an invoice's issue date). */
export function bucketOfDate(period: Period, day: SQL | unknown): SQL<string> {
  const size = bucketSizeOf(period);
  return size === "month" ? sql<string>`to_char(${day}, 'YYYY-MM')` : sql<string>`to_char(date_trunc(${size}, ${day}::timestamp), 'YYYY-MM-DD')`;
}

/** Every step's label from the period's first day to its last, in order. */
export async function bucketLabels(tx: Queryable, period: Period): Promise<string[]> {
  const size = bucketSizeOf(period);
  const format = size === "month" ? "YYYY-MM" : "YYYY-MM-DD";
  const { rows } = await tx.execute<{ label: string }>(sql`
    select to_char(step, ${format}) as label
    from generate_series(date_trunc(${size}, ${period.from}::timestamp), ${period.to}::timestamp, ${`1 ${size}`}::interval) as step
    order by step`);
  return rows.map((row) => row.label);
}

/** Values by label laid along `labels`; a label without a value is null. */
export function alongLabels(labels: string[], values: Map<string, number>): (number | null)[] {
  return labels.map((label) => values.get(label) ?? null);
}
