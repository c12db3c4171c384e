/**
 * What the progress metrics share. A student's place is their part of a session's report (one
 * session_report_student row: attendance, homework, ratings, score); the places a figure counts
 * are those of the scope's sessions starting in the period, and only the scope's student's when
 * it names one, so that a parent never sees the other students of a group session. A time
 * chart is built from a part and a whole per step, and the figure from their totals (never an
 * average of the steps' averages).
 */
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { MetricRow, MetricUnit, RowColumn } from "../../../../shared/schemas/analytics.ts";
import { member, sessionReportStudent, student, tutoringSession, user } from "../../../db/schema.ts";
import type { Transaction } from "../../../db/tenant.ts";
import { alongLabels, bucketHeading, bucketLabels, bucketOf, bucketSizeOf } from "../buckets.ts";
import type { FigureResult, MetricScope, Period, RowsPage, RowsResult } from "../metric.ts";
import { localDay, sessionsInScope, tutorJoin, tutorName } from "../session-scope.ts";

/** A place joined to its session. */
export const placeJoin = and(eq(sessionReportStudent.organizationId, tutoringSession.organizationId), eq(sessionReportStudent.sessionId, tutoringSession.id));

/**
 * The places of the scope's sessions starting in the period (a tutor's: only their own
 * sessions), narrowed to the scope's student when it names one. Their session's status is not
 * asked: a place exists only once a report is filed (completed, or a no-show when every student
 * was absent).
 */
export function placesInScope(scope: MetricScope, period: Period): SQL {
  return and(sessionsInScope(scope, period), scope.studentId ? eq(sessionReportStudent.studentId, scope.studentId) : undefined)!;
}

/** The student was there: present or late. */
export const attended = sql`${sessionReportStudent.attendance} in ('present', 'late')`;

/** The words of an attendance mark. */
export const ATTENDANCE_WORDS: Record<string, string> = { present: "Present", late: "Late", absent: "Absent" };

/** A 1–5 average to two places, or null over nothing. */
export const averageOf = (sum: number, count: number): number | null => (count > 0 ? Math.round((sum / count) * 100) / 100 : null);

export interface StepSums {
  step: string;
  part: number;
  whole: number;
}

/**
 * `<aggregates>` over the places of the scope's sessions in the period (and `where`), grouped
 * by `groupBy` (an expression over the sessions' `scoped` columns, or nothing for one row).
 * The places are read for the sorted list of the sessions' ids, in one pass over
 * session_report_student's primary key, as withStudents reads a period's students: neither
 * the workspace's whole history of places (a hash join's choice) nor one descent per session.
 */
function placesOfPeriod(scope: MetricScope, period: Period, aggregates: SQL, where?: SQL, grouped = false): SQL {
  const narrowed = and(scope.studentId ? eq(sessionReportStudent.studentId, scope.studentId) : undefined, where);
  return sql`
    with scoped as materialized (
      select ${tutoringSession.id} as id, ${bucketOf(period, tutoringSession.startsAt)} as step
      from ${tutoringSession} where ${sessionsInScope(scope, period)}
    )
    select ${grouped ? sql`scoped.step as step, ` : sql``}${aggregates}
    from ${sessionReportStudent} join scoped on scoped.id = ${sessionReportStudent.sessionId}
    where ${sessionReportStudent.organizationId} = ${scope.organizationId}
      and ${sessionReportStudent.sessionId} = any(array(select id from scoped))
      ${narrowed ? sql`and ${narrowed}` : sql``}
    ${grouped ? sql`group by scoped.step` : sql``}`;
}

/** Per step of the period, a part and a whole (aggregates over places) of the places of the scope (and `where`). */
export async function placeSums(tx: Transaction, scope: MetricScope, period: Period, part: SQL, whole: SQL, where?: SQL): Promise<StepSums[]> {
  const { rows } = await tx.execute<{ step: string; part: number; whole: number }>(
    placesOfPeriod(scope, period, sql`coalesce(${part}, 0)::float8 as part, coalesce(${whole}, 0)::float8 as whole`, where, true),
  );
  return rows.map((row) => ({ step: row.step, part: Number(row.part), whole: Number(row.whole) }));
}

/** How many places of the scope (and `where`) there are, read like placeSums. */
async function placeCount(tx: Transaction, scope: MetricScope, period: Period, where?: SQL): Promise<number> {
  const { rows } = await tx.execute<{ value: number }>(placesOfPeriod(scope, period, sql`count(*)::int as value`, where));
  return Number(rows[0]?.value ?? 0);
}

/** A figure over the steps' totals and its time chart of one series, each step's value from its own part and whole. */
export async function timeFigure(
  tx: Transaction,
  period: Period,
  sums: StepSums[],
  series: { name: string; unit: MetricUnit; of: (part: number, whole: number) => number | null },
): Promise<FigureResult> {
  const labels = await bucketLabels(tx, period);
  const values = new Map<string, number>();
  for (const sum of sums) {
    const value = series.of(sum.part, sum.whole);
    if (value !== null) values.set(sum.step, value);
  }
  const total = (key: "part" | "whole") => sums.reduce((sum, step) => sum + step[key], 0);
  return {
    value: series.of(total("part"), total("whole")),
    chart: {
      kind: "time",
      labelHeading: bucketHeading(bucketSizeOf(period)),
      labels,
      series: [{ name: series.name, unit: series.unit, values: alongLabels(labels, values) }],
    },
  };
}

/** The columns every list of places starts with. */
export const PLACE_COLUMNS: readonly RowColumn[] = [
  { key: "date", label: "Date", unit: "date" },
  { key: "student", label: "Student", unit: "text" },
  { key: "tutor", label: "Tutor", unit: "text" },
  { key: "subject", label: "Subject", unit: "text" },
];

/**
 * A page of the places behind a figure (of the scope, and `where`), newest first, each with its
 * session as the record and the metric's own cell `key`.
 */
export async function placeRows(
  tx: Transaction,
  scope: MetricScope,
  period: Period,
  page: RowsPage,
  cell: { key: string; value: SQL<string | number | null>; where?: SQL; format?: (value: string | number | null) => string | number | null },
): Promise<RowsResult> {
  const where = and(placesInScope(scope, period), cell.where);
  const rows = await tx
    .select({
      sessionId: tutoringSession.id,
      date: localDay(period),
      student: student.name,
      tutor: tutorName,
      subject: tutoringSession.subject,
      value: cell.value,
    })
    .from(tutoringSession)
    .innerJoin(sessionReportStudent, placeJoin)
    .innerJoin(student, and(eq(student.organizationId, sessionReportStudent.organizationId), eq(student.id, sessionReportStudent.studentId)))
    .leftJoin(member, tutorJoin.member)
    .leftJoin(user, tutorJoin.user)
    .where(where)
    .orderBy(desc(tutoringSession.startsAt), asc(tutoringSession.id), asc(student.name), asc(student.id))
    .limit(page.limit)
    .offset(page.offset);
  const format = cell.format ?? ((value) => value);
  return {
    total: await placeCount(tx, scope, period, cell.where),
    rows: rows.map((row): MetricRow => ({
      record: { kind: "session", id: row.sessionId },
      cells: { date: row.date, student: row.student, tutor: row.tutor, subject: row.subject, [cell.key]: format(row.value) },
    })),
  };
}
