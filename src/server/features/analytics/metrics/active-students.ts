/**
 * Active students: the distinct students of the completed sessions that started in the period,
 * and per step of the time chart the distinct students of that step's sessions (so the steps
 * need not add up to the period's figure: a student active every week counts once in it).
 */
import { and, sql } from "drizzle-orm";
import { student, tutoringSession } from "../../../db/schema.ts";
import { bucketOf } from "../buckets.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { sessionsInScope } from "../session-scope.ts";
import { completed, timeChart, totalOf, withStudents } from "./teaching-parts.ts";

/** The completed sessions of the scope in the period, each once per student (`attended`: id, starts_at, step, student_id). */
const attended = (scope: MetricScope, period: Period) =>
  withStudents(
    "attended",
    scope.organizationId,
    sql`select ${tutoringSession.id} as id, ${tutoringSession.startsAt} as starts_at, ${bucketOf(period, tutoringSession.startsAt)} as step
        from ${tutoringSession} where ${and(sessionsInScope(scope, period), completed)}`,
  );

export const activeStudents: Metric = {
  key: "active-students",
  name: "Active students",
  definition:
    "Students with at least one completed session (one with its report filed) that started in the period, each counted once however many sessions they had. The chart counts the students active in each step the same way. Filtered by tutor or subject, only that tutor's or subject's sessions count.",
  unit: "count",
  better: "higher",
  areas: ["admin"],
  filters: ["tutor", "subject", "student"],
  async figure(tx, scope, period) {
    // The distinct students per step and, in the grand-total grouping set, over the period.
    const { rows } = await tx.execute<{ step: string | null; students: number; total_row: number }>(sql`
      with ${attended(scope, period)}
      select step, count(distinct student_id)::int as students, grouping(step)::int as total_row
      from (select distinct step, student_id from attended) as pairs
      group by grouping sets ((step), ())`);
    const total = rows.find((row) => Number(row.total_row) === 1);
    const bySteps = new Map(rows.filter((row) => Number(row.total_row) === 0).map((row) => [row.step!, Number(row.students)]));
    return {
      value: Number(total?.students ?? 0),
      chart: await timeChart(tx, period, [{ name: "Active students", unit: "count", values: bySteps }]),
    };
  },
  columns: [
    { key: "student", label: "Student", unit: "text" },
    { key: "sessions", label: "Sessions", unit: "count" },
    { key: "lastSession", label: "Last session", unit: "date" },
  ],
  async rows(tx, scope, period, page) {
    const { rows } = await tx.execute<{ id: string; name: string; sessions: number; last_session: string; total: number }>(sql`
      with ${attended(scope, period)},
      per_student as (select student_id, count(*)::int as sessions, max(starts_at) as last_at from attended group by student_id)
      select ${student.id} as id, ${student.name} as name, per_student.sessions,
             ((per_student.last_at at time zone ${period.zone})::date)::text as last_session, count(*) over ()::int as total
      from per_student join ${student} on ${student.organizationId} = ${scope.organizationId} and ${student.id} = per_student.student_id
      order by per_student.sessions desc, ${student.name}, ${student.id}
      limit ${page.limit} offset ${page.offset}`);
    const total = await totalOf(rows, page, async () => {
      const counted = await tx.execute<{ total: number }>(sql`with ${attended(scope, period)} select count(distinct student_id)::int as total from attended`);
      return Number(counted.rows[0]!.total);
    });
    return {
      total,
      rows: rows.map((row) => ({
        record: { kind: "student", id: row.id },
        cells: { student: row.name, sessions: Number(row.sessions), lastSession: row.last_session },
      })),
    };
  },
};
