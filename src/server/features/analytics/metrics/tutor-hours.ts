/** A tutor's hours delivered: the length of their completed sessions that started in the period, by step. */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { sessionStudent, student, tutoringSession } from "../../../db/schema.ts";
import type { Transaction } from "../../../db/tenant.ts";
import { bucketOf } from "../buckets.ts";
import type { Metric } from "../metric.ts";
import { localDay, sessionMinutes, sessionsInScope } from "../session-scope.ts";
import { timeFigure } from "./student-places.ts";

const completed = eq(tutoringSession.status, "completed");

/** Each session's students by name (the tutor's own: they teach them). */
async function studentNamesOf(tx: Transaction, organizationId: string, sessionIds: string[]): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await tx
    .select({ sessionId: sessionStudent.sessionId, names: sql<string>`string_agg(${student.name}, ', ' order by ${student.name})` })
    .from(sessionStudent)
    .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
    .where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, sessionIds)))
    .groupBy(sessionStudent.sessionId);
  return new Map(rows.map((row) => [row.sessionId, row.names]));
}

export const tutorHours: Metric = {
  key: "tutor-hours",
  name: "Hours delivered",
  definition:
    "The length of your completed sessions (report filed, at least one student there) that started in the period, added up; a group session counts once. Cancelled sessions, no-shows and sessions still waiting for their report do not count.",
  unit: "minutes",
  better: "higher",
  areas: ["tutor"],
  filters: ["subject", "student"],
  async figure(tx, scope, period) {
    const rows = await tx
      .select({ step: bucketOf(period, tutoringSession.startsAt), minutes: sql<number>`sum(${sessionMinutes})::float8` })
      .from(tutoringSession)
      .where(and(sessionsInScope(scope, period), completed))
      .groupBy(sql`1`);
    const sums = rows.map((row) => ({ step: row.step, part: Math.round(Number(row.minutes)), whole: 1 }));
    return timeFigure(tx, period, sums, { name: "Hours delivered", unit: "minutes", of: (minutes) => minutes });
  },
  columns: [
    { key: "date", label: "Date", unit: "date" },
    { key: "subject", label: "Subject", unit: "text" },
    { key: "students", label: "Students", unit: "text" },
    { key: "minutes", label: "Length", unit: "minutes" },
  ],
  async rows(tx, scope, period, page) {
    const where = and(sessionsInScope(scope, period), completed);
    const [total] = await tx.select({ value: count() }).from(tutoringSession).where(where);
    const rows = await tx
      .select({ id: tutoringSession.id, date: localDay(period), subject: tutoringSession.subject, minutes: sessionMinutes })
      .from(tutoringSession)
      .where(where)
      .orderBy(desc(tutoringSession.startsAt), asc(tutoringSession.id))
      .limit(page.limit)
      .offset(page.offset);
    const names = await studentNamesOf(
      tx,
      scope.organizationId,
      rows.map((row) => row.id),
    );
    return {
      total: total?.value ?? 0,
      rows: rows.map((row) => ({
        record: { kind: "session", id: row.id },
        cells: { date: row.date, subject: row.subject, students: names.get(row.id) ?? "", minutes: Math.round(Number(row.minutes)) },
      })),
    };
  },
};
