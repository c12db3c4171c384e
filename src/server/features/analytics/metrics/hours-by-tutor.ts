/** Hours delivered, by tutor: the length of the completed sessions that started in the period. */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { member, tutoringSession, user } from "../../../db/schema.ts";
import type { Metric } from "../metric.ts";
import { localDay, sessionMinutes, sessionsInScope, tutorJoin, tutorName, tutorNameOf } from "../session-scope.ts";

const completed = eq(tutoringSession.status, "completed");

export const hoursByTutor: Metric = {
  key: "hours-by-tutor",
  name: "Hours delivered by tutor",
  definition:
    "The length of every completed session (one with its report filed) that started in the period, added up per tutor. Cancelled sessions and no-shows do not count.",
  unit: "minutes",
  better: "higher",
  areas: ["admin"],
  filters: ["tutor", "subject", "student"],
  async figure(tx, scope, period) {
    // Grouped by tutor first, then named: a tutor's name per line, not per session.
    const { rows: byTutor } = await tx.execute<{ name: string; minutes: number }>(sql`
      with taught as (
        select ${tutoringSession.tutorMemberId} as member_id, sum(${sessionMinutes})::float8 as minutes
        from ${tutoringSession} where ${and(sessionsInScope(scope, period), completed)}
        group by ${tutoringSession.tutorMemberId}
      )
      select ${tutorNameOf(scope.organizationId, sql`taught.member_id`)} as name, taught.minutes
      from taught order by taught.minutes desc, name, taught.member_id`);
    const values = byTutor.map((row) => Math.round(Number(row.minutes)));
    return {
      value: values.reduce((total, value) => total + value, 0),
      chart: {
        kind: "category",
        labelHeading: "Tutor",
        labels: byTutor.map((row) => row.name),
        series: [{ name: "Hours delivered", unit: "minutes", values }],
      },
    };
  },
  columns: [
    { key: "date", label: "Date", unit: "date" },
    { key: "tutor", label: "Tutor", unit: "text" },
    { key: "subject", label: "Subject", unit: "text" },
    { key: "minutes", label: "Length", unit: "minutes" },
  ],
  async rows(tx, scope, period, page) {
    const where = and(sessionsInScope(scope, period), completed);
    const [total] = await tx.select({ value: count() }).from(tutoringSession).where(where);
    const rows = await tx
      .select({ id: tutoringSession.id, date: localDay(period), tutor: tutorName, subject: tutoringSession.subject, minutes: sessionMinutes })
      .from(tutoringSession)
      .leftJoin(member, tutorJoin.member)
      .leftJoin(user, tutorJoin.user)
      .where(where)
      .orderBy(desc(tutoringSession.startsAt), asc(tutoringSession.id))
      .limit(page.limit)
      .offset(page.offset);
    return {
      total: total?.value ?? 0,
      rows: rows.map((row) => ({
        record: { kind: "session", id: row.id },
        cells: { date: row.date, tutor: row.tutor, subject: row.subject, minutes: Math.round(Number(row.minutes)) },
      })),
    };
  },
};
