/**
 * Student churn: of the students active when the period starts, the share no longer active
 * when it ends. "Active at a date" is one completed session in the 30 days before it, so
 * each end reads 30 days of sessions, never a student's whole history.
 */
import { and, sql } from "drizzle-orm";
import { sessionStudent, student, tutoringSession } from "../../../db/schema.ts";
import type { Transaction } from "../../../db/tenant.ts";
import { type Metric, type MetricScope, type Period, shareOf } from "../metric.ts";
import { periodIn } from "../period.ts";
import { sessionsInScope } from "../session-scope.ts";
import { addDays, completed, sessionStudentJoin } from "./teaching-parts.ts";

/** How many days back a completed session keeps a student active. */
export const ACTIVE_DAYS = 30;

/** Activity is read over the workspace's sessions or one tutor's or subject's (one student's churn means little). */
const activityScope = (scope: MetricScope): MetricScope => ({ ...scope, studentId: null });

/** The students with a completed session of the scope in `window`, with their last one. */
const activeIn = (scope: MetricScope, window: Period) => sql`
  select ${sessionStudent.studentId} as student_id, max(${tutoringSession.startsAt}) as last_at
  from ${tutoringSession} join ${sessionStudent} on ${sessionStudentJoin}
  where ${and(sessionsInScope(activityScope(scope), window), completed)}
  group by ${sessionStudent.studentId}`;

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
      with at_start as (${activeIn(scope, windows.start)}), at_end as (${activeIn(scope, windows.end)})
      select count(*)::int as at_start, count(at_end.student_id)::int as kept
      from at_start left join at_end on at_end.student_id = at_start.student_id`);
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
      with at_start as (${activeIn(scope, windows.start)}), at_end as (${activeIn(scope, windows.end)}), before_end as (${activeIn(scope, windows.last)})
      select before_end.student_id, before_end.last_at
      from at_start join before_end on before_end.student_id = at_start.student_id
      where not exists (select 1 from at_end where at_end.student_id = at_start.student_id)`;
    const [total] = (await tx.execute<{ value: number }>(sql`select count(*)::int as value from (${churned}) as churned`)).rows;
    const { rows } = await tx.execute<{ id: string; name: string; last_session: string }>(sql`
      select ${student.id} as id, ${student.name} as name, ((churned.last_at at time zone ${period.zone})::date)::text as last_session
      from (${churned}) as churned
      join ${student} on ${student.organizationId} = ${scope.organizationId} and ${student.id} = churned.student_id
      order by churned.last_at asc, ${student.name} asc, ${student.id} asc
      limit ${page.limit} offset ${page.offset}`);
    return {
      total: Number(total?.value ?? 0),
      rows: rows.map((row) => ({ record: { kind: "student", id: row.id }, cells: { student: row.name, lastSession: row.last_session } })),
    };
  },
};
