/**
 * Active students: the distinct students of the completed sessions that started in the period,
 * and per step of the time chart the distinct students of that step's sessions (so the steps
 * need not add up to the period's figure: a student active every week counts once in it).
 */
import { and, asc, count, countDistinct, desc, max, sql } from "drizzle-orm";
import { sessionStudent, student, tutoringSession } from "../../../db/schema.ts";
import { bucketOf } from "../buckets.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { localDay, sessionsInScope } from "../session-scope.ts";
import { completed, sessionStudentJoin, studentOfSessionJoin, timeChart } from "./teaching-parts.ts";

/** The completed sessions of the scope in the period. */
const activeIn = (scope: MetricScope, period: Period) => and(sessionsInScope(scope, period), completed);

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
    const step = bucketOf(period, tutoringSession.startsAt);
    // One pass: the distinct students per step and, in the grand-total grouping set, over the period.
    const { rows } = await tx.execute<{ step: string | null; students: number; total_row: number }>(sql`
      select step, count(distinct student_id)::int as students, grouping(step)::int as total_row
      from (
        select ${step} as step, ${sessionStudent.studentId} as student_id
        from ${tutoringSession} join ${sessionStudent} on ${sessionStudentJoin}
        where ${activeIn(scope, period)}
      ) as attended
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
    const where = activeIn(scope, period);
    const [total] = await tx
      .select({ value: countDistinct(sessionStudent.studentId) })
      .from(tutoringSession)
      .innerJoin(sessionStudent, sessionStudentJoin)
      .where(where);
    const sessions = count();
    const rows = await tx
      .select({ id: student.id, name: student.name, sessions, lastSession: max(localDay(period)) })
      .from(tutoringSession)
      .innerJoin(sessionStudent, sessionStudentJoin)
      .innerJoin(student, studentOfSessionJoin)
      .where(where)
      .groupBy(student.id, student.name)
      .orderBy(desc(sessions), asc(student.name), asc(student.id))
      .limit(page.limit)
      .offset(page.offset);
    return {
      total: total?.value ?? 0,
      rows: rows.map((row) => ({
        record: { kind: "student", id: row.id },
        cells: { student: row.name, sessions: row.sessions, lastSession: row.lastSession },
      })),
    };
  },
};
