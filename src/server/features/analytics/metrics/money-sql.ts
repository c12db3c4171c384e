/**
 * Pieces the money metrics share. Money belongs to a family's payer account, not to a student,
 * so a student filter (an admin's, or a parent's child) reads as the student's account: one
 * indexed lookup, evaluated once, which the account indexes of the billing tables then use.
 */
import { type SQL, sql } from "drizzle-orm";
import { bucketSizeOf } from "../buckets.ts";
import type { MetricScope, Period, RowsPage } from "../metric.ts";

/** The student's family account, as a scalar subquery (null when the scope names no student). */
export const studentAccountSql = (scope: MetricScope): SQL | null =>
  scope.studentId ? sql`(select st.payer_account_id from student st where st.organization_id = ${scope.organizationId} and st.id = ${scope.studentId})` : null;

/** `and <column> = the student's account` when the scope names a student; nothing otherwise. */
export function accountCondition(scope: MetricScope, column: SQL): SQL {
  const account = studentAccountSql(scope);
  return account ? sql` and ${column} = ${account}` : sql``;
}

/** The period's bounds as SQL values: its first and last days, and the instants that bound them. */
export const bounds = (period: Period) => ({
  from: sql`${period.from}::date`,
  to: sql`${period.to}::date`,
  startsAt: sql`${period.startsAt}::timestamptz`,
  endsAt: sql`${period.endsAt}::timestamptz`,
});

/** An instant as the workspace's day (YYYY-MM-DD). */
export const dayOf = (period: Period, instant: SQL) => sql`((${instant} at time zone ${period.zone})::date)::text`;

/** A bigint or numeric from PostgreSQL (text on the wire) as an exact integer. */
export const whole = (value: string | number | null | undefined): number => Number(value ?? 0);

/** Values by step (text keys) from rows of (step, amount); a step without an amount is left out (a gap). */
export const byStep = (rows: readonly { step: string; amount: string | number | null }[]): Map<string, number> =>
  new Map(rows.flatMap((row) => (row.amount === null ? [] : [[row.step, whole(row.amount)] as const])));

/** The sum of a map's values. */
export const totalOf = (values: Map<string, number>): number => [...values.values()].reduce((sum, value) => sum + value, 0);

/**
 * The steps of the period's time chart as ranges of instants: label (as bucketLabels makes it),
 * starts_at and ends_at (the step's local midnights, clamped to the period). Summing a timestamp
 * column step by step through its index costs one range read per step; labelling each row with
 * bucketOf costs a time zone conversion per row, which at a year of payments is most of the time.
 */
export function stepRanges(period: Period): SQL {
  const size = bucketSizeOf(period);
  const format = size === "month" ? "YYYY-MM" : "YYYY-MM-DD";
  const step = `1 ${size}`;
  return sql`
    select to_char(step, ${format}) as label,
           greatest(step at time zone ${period.zone}, ${period.startsAt}::timestamptz) as starts_at,
           least((step + ${step}::interval) at time zone ${period.zone}, ${period.endsAt}::timestamptz) as ends_at
      from generate_series(date_trunc(${size}, ${period.from}::timestamp), ${period.to}::timestamp, ${step}::interval) as step`;
}

/**
 * A page's total from its rows' `count(*) over ()` (for rows whose order needs every row
 * anyway), or, for an empty page past the first, from `count`.
 */
export async function pageTotal(rows: readonly { total: number | string }[], page: RowsPage, count: () => Promise<number>): Promise<number> {
  if (rows[0]) return Number(rows[0].total);
  return page.offset === 0 ? 0 : count();
}
