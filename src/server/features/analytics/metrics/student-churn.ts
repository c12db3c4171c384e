/**
 * Student churn: of the students active when the period starts, the share no longer active
 * when it ends. "Active at a date" is one completed session in the 30 days before it, so
 * each end reads 30 days of sessions, never a student's whole history.
 */
import { and, sql } from "drizzle-orm";
import { student, tutoringSession } from "../../../db/schema.ts";
import type { Transaction } from "../../../db/tenant.ts";
import { type Metric, type MetricScope, type Period, shareOf } from "../metric.ts";
import { periodIn } from "../period.ts";
import { sessionsInScope } from "../session-scope.ts";
import { addDays, completed, totalOf, withStudents } from "./teaching-parts.ts";

/** How many days back a completed session keeps a student active. */
export const ACTIVE_DAYS = 30;

/** Activity is read over the workspace's sessions or one tutor's or subject's (one student's churn means little). */
const activityScope = (scope: MetricScope): MetricScope => ({ ...scope, studentId: null });

/** `<name>`: the completed sessions of the scope in `window`, once per student (id, starts_at, student_id). */
const activeIn = (name: string, scope: MetricScope, window: Period) =>
  withStudents(
    name,
    scope.organizationId,
    sql`select ${tutoringSession.id} as id, ${tutoringSession.startsAt} as starts_at
        from ${tutoringSession} where ${and(sessionsInScope(activityScope(scope), window), completed)}`,
  );

/**
 * The students seen in the windows (`seen`: student_id, seen_in, starts_at): at the start, at
 * the end, and (for the rows) before the end window. Only ever grouped by student, never
 * joined: the windows' row counts are unknown to the planner (withStudents), and a join of
 * two such sets may be planned as a loop of one over the other.
 */
const seen = (scope: MetricScope, windows: Windows, withLast: boolean) => sql`
  ${activeIn("start_window", scope, windows.start)}, ${activeIn("end_window", scope, windows.end)}
  ${withLast ? sql`, ${activeIn("before_end", scope, windows.last)}` : sql``},
  seen as (
    select student_id, 'start' as seen_in, starts_at from start_window
    union all select student_id, 'end', starts_at from end_window
    ${withLast ? sql`union all select student_id, 'last', starts_at from before_end` : sql``}
  )`;

type Windows = Awaited<ReturnType<typeof windowsOf>>;

/** The days before the period's first day, and the last days of the period, that make a student active at either end. */
async function windowsOf(tx: Transaction, period: Period) {
  return {
    start: await periodIn(tx, period.zone, addDays(period.from, -ACTIVE_DAYS), addDays(period.from, -1)),
    end: await periodIn(tx, period.zone, addDays(period.to, 1 - ACTIVE_DAYS), period.to),
    // A churned student's last session falls before the end window: from the start window's first day to the day before the end window.
    last: await periodIn(tx, period.zone, addDays(period.from, -ACTIVE_DAYS), addDays(period.to, -ACTIVE_DAYS)),
  };
}

export const studentChurn: Metric = {
  key: "student-churn",
  name: "Student churn",
  definition: `A student is active on a date when they had a completed session (one with its report filed) in the ${ACTIVE_DAYS} days before it. Churn is the students active when the period starts (a completed session in the ${ACTIVE_DAYS} days before its first day) who are no longer active when it ends (none in its last ${ACTIVE_DAYS} days), as a share of those active at the start. Filtered by tutor or subject, only that tutor's or subject's sessions make a student active.`,
  unit: "share",
  better: "lower",
  areas: ["admin"],
  filters: ["tutor", "subject"],
  async figure(tx, scope, period) {
    const windows = await windowsOf(tx, period);
    const { rows } = await tx.execute<{ at_start: number; kept: number }>(sql`
      with ${seen(scope, windows, false)}
      select count(*) filter (where at_start)::int as at_start, count(*) filter (where at_start and at_end)::int as kept
      from (select student_id, bool_or(seen_in = 'start') as at_start, bool_or(seen_in = 'end') as at_end from seen group by student_id) as students`);
    const atStart = Number(rows[0]?.at_start ?? 0);
    const kept = Number(rows[0]?.kept ?? 0);
    const churned = atStart - kept;
    return {
      value: shareOf(churned, atStart),
      chart: {
        kind: "category",
        labelHeading: "Students",
        labels: ["Active at the start", "Still active at the end", "Churned"],
        series: [{ name: "Students", unit: "count", values: [atStart, kept, churned] }],
      },
    };
  },
  columns: [
    { key: "student", label: "Student", unit: "text" },
    { key: "lastSession", label: "Last session", unit: "date" },
  ],
  async rows(tx, scope, period, page) {
    const windows = await windowsOf(tx, period);
    const churned = sql`
      with ${seen(scope, windows, true)}
      select student_id, max(starts_at) filter (where seen_in = 'last') as last_at
      from seen group by student_id
      having bool_or(seen_in = 'start') and not bool_or(seen_in = 'end')`;
    const { rows } = await tx.execute<{ id: string; name: string; last_session: string; total: number }>(sql`
      select ${student.id} as id, ${student.name} as name, ((churned.last_at at time zone ${period.zone})::date)::text as last_session,
             count(*) over ()::int as total
      from (${churned}) as churned
      join ${student} on ${student.organizationId} = ${scope.organizationId} and ${student.id} = churned.student_id
      order by churned.last_at asc, ${student.name} asc, ${student.id} asc
      limit ${page.limit} offset ${page.offset}`);
    const total = await totalOf(rows, page, async () =>
      Number((await tx.execute<{ value: number }>(sql`select count(*)::int as value from (${churned}) as churned`)).rows[0]!.value),
    );
    return {
      total,
      rows: rows.map((row) => ({ record: { kind: "student", id: row.id }, cells: { student: row.name, lastSession: row.last_session } })),
    };
  },
};
