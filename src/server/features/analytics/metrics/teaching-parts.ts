/**
 * Pieces the teaching metrics share: what a completed session is, how a session's students are
 * joined, a student's name, a time chart laid along the period's steps, and day arithmetic on
 * the period's dates.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Chart, MetricUnit } from "../../../../shared/schemas/analytics.ts";
import { sessionStudent, student, tutoringSession } from "../../../db/schema.ts";
import type { Queryable } from "../../../db/tenant.ts";
import { alongLabels, bucketHeading, bucketLabels, bucketSizeOf } from "../buckets.ts";
import type { Period, RowsPage } from "../metric.ts";

/** A session that took place: its report was filed. */
export const completed = eq(tutoringSession.status, "completed");

/** session_student on the session of the query. */
export const sessionStudentJoin = and(eq(sessionStudent.organizationId, tutoringSession.organizationId), eq(sessionStudent.sessionId, tutoringSession.id));

/** student on session_student. */
export const studentOfSessionJoin = and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId));

/** The date `days` after `day` (before, when negative), both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export interface TimeSeries {
  name: string;
  unit: MetricUnit;
  /** Values by step label (bucketOf); a step without one is a gap. */
  values: Map<string, number>;
}

/** A time chart over every step of the period. */
export async function timeChart(tx: Queryable, period: Period, series: TimeSeries[]): Promise<Chart> {
  const labels = await bucketLabels(tx, period);
  return {
    kind: "time",
    labelHeading: bucketHeading(bucketSizeOf(period)),
    labels,
    series: series.map((one) => ({ name: one.name, unit: one.unit, values: alongLabels(labels, one.values) })),
  };
}

/** A local date-time (YYYY-MM-DD HH:MM) of a timestamptz expression in the period's zone. */
export const localDateTime = (period: Period, instant: unknown) => sql<string>`to_char(${instant} at time zone ${period.zone}, 'YYYY-MM-DD HH24:MI')`;

/**
 * A `with` list of two queries: `<name>_sessions`, the sessions `sessions` selects (an `id`
 * column and any others), and `<name>`, each of those sessions once per student (its columns
 * and `student_id`).
 *
 * The students are read in one pass over session_student's primary key for the sorted list of
 * the sessions' ids (`session_id = any(array(…))`), never the workspace's whole session_student
 * (a hash join's choice, which grows with the history) nor one index descent per session (a
 * nested loop's): at 1M sessions a year's 52k sessions read about 13k index pages instead of
 * about 157k. The work follows the period's sessions, not the history.
 */
export function withStudents(name: string, organizationId: string, sessions: SQL): SQL {
  const list = sql.raw(`"${name}_sessions"`);
  return sql`${list} as materialized (${sessions}),
    ${sql.raw(`"${name}"`)} as (
      select ${list}.*, attendee.student_id
      from session_student as attendee join ${list} on ${list}.id = attendee.session_id
      where attendee.organization_id = ${organizationId} and attendee.session_id = any(array(select id from ${list}))
    )`;
}

/**
 * The total of a page read with `count(*) over () as total`: its first row's, or for an empty
 * page past the first, `count()`'s (the window has no row to ride on there).
 */
export async function totalOf(rows: { total: number }[], page: RowsPage, count: () => Promise<number>): Promise<number> {
  if (rows[0]) return Number(rows[0].total);
  return page.offset === 0 ? 0 : count();
}
