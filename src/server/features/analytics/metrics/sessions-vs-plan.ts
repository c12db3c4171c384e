/**
 * Sessions received against sessions planned, for one student (a parent's child, a student's
 * own): what the family was promised and what they got. Planned is every session booked for
 * the student that started in the period, whatever became of it, except one the family called
 * off themselves in time (no longer owed); received is a completed one the student came to.
 */
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/pg-core";
import { cancellationRequest, member, sessionReportStudent, sessionStudent, student, studentGuardian, tutoringSession, user } from "../../../db/schema.ts";
import { alongLabels, bucketHeading, bucketLabels, bucketOf, bucketSizeOf } from "../buckets.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { localDay, sessionsInScope, tutorJoin, tutorName } from "../session-scope.ts";

const guardianMember = alias(member, "guardian_member");

/** The users of a student's family: the student's own sign-in and their guardians'. */
function familyUsers(organizationId: string, studentId: string) {
  const query = new QueryBuilder();
  return query
    .select({ userId: student.userId })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId)))
    .unionAll(
      query
        .select({ userId: guardianMember.userId })
        .from(studentGuardian)
        .innerJoin(guardianMember, and(eq(guardianMember.organizationId, studentGuardian.organizationId), eq(guardianMember.id, studentGuardian.memberId)))
        .where(and(eq(studentGuardian.organizationId, organizationId), eq(studentGuardian.studentId, studentId))),
    );
}

/**
 * Cancelled in time on a request of the student's own family that the business accepted.
 * Another family's request in a group session is not theirs: for this student that session
 * was called off by someone else.
 */
const calledOffByFamily = (organizationId: string, studentId: string) => sql`(${tutoringSession.status} = 'cancelled' and exists (
  select 1 from ${cancellationRequest}
  where ${cancellationRequest.organizationId} = ${tutoringSession.organizationId}
    and ${cancellationRequest.sessionId} = ${tutoringSession.id}
    and ${cancellationRequest.state} = 'accepted'
    and ${cancellationRequest.requestedByUserId} in (${familyUsers(organizationId, studentId)})))`;

/** The student's place in the session (their part of its report, when filed). */
const placeOf = and(
  eq(sessionReportStudent.organizationId, sessionStudent.organizationId),
  eq(sessionReportStudent.sessionId, sessionStudent.sessionId),
  eq(sessionReportStudent.studentId, sessionStudent.studentId),
);

const received = sql`(${tutoringSession.status} = 'completed' and ${sessionReportStudent.attendance} in ('present', 'late'))`;

/** What became of a planned session, for the student. */
const outcome = sql<string>`case
  when ${tutoringSession.status} = 'completed' and ${sessionReportStudent.attendance} = 'present' then 'Received'
  when ${tutoringSession.status} = 'completed' and ${sessionReportStudent.attendance} = 'late' then 'Received (arrived late)'
  when ${sessionReportStudent.attendance} = 'absent' then 'Absent'
  when ${tutoringSession.status} = 'late_cancelled' then 'Cancelled late'
  when ${tutoringSession.status} = 'cancelled' then 'Cancelled, not at the family''s request'
  else 'Booked (no report yet)' end`;

function studentOf(scope: MetricScope): string {
  // Only the parent and student areas ask: their scope always names the one student.
  if (!scope.studentId) throw new Error("Sessions against plan are read for one student");
  return scope.studentId;
}

/** The student's booked sessions. */
const sessionOf = and(eq(tutoringSession.organizationId, sessionStudent.organizationId), eq(tutoringSession.id, sessionStudent.sessionId));

/** The planned sessions of the scope's student (a query from session_student joined to its session). */
function planned(scope: MetricScope, period: Period): SQL {
  const studentId = studentOf(scope);
  return and(
    // The student is named on session_student here, rather than by sessionsInScope's own test of it.
    sessionsInScope({ ...scope, studentId: null }, period),
    eq(sessionStudent.organizationId, scope.organizationId),
    eq(sessionStudent.studentId, studentId),
    sql`not ${calledOffByFamily(scope.organizationId, studentId)}`,
  )!;
}

export const sessionsVsPlan: Metric = {
  key: "sessions-vs-plan",
  name: "Sessions received against plan",
  definition:
    "Planned: every session booked for the student to start in the period, whatever became of it (received, missed, cancelled by the tutoring business, cancelled late, or still to come or to be reported), except one the family called off themselves in time (a cancellation they asked for and the business accepted). Received: a planned session that took place with the student present or late. The figure is the sessions received.",
  unit: "count",
  better: "higher",
  areas: ["parent", "student"],
  filters: ["subject"],
  async figure(tx, scope, period) {
    const rows = await tx
      .select({
        step: bucketOf(period, tutoringSession.startsAt),
        planned: sql<number>`count(*)::int`,
        received: sql<number>`(count(*) filter (where ${received}))::int`,
      })
      .from(sessionStudent)
      .innerJoin(tutoringSession, sessionOf)
      .leftJoin(sessionReportStudent, placeOf)
      .where(planned(scope, period))
      .groupBy(sql`1`);
    const labels = await bucketLabels(tx, period);
    const along = (key: "planned" | "received") => alongLabels(labels, new Map(rows.map((row) => [row.step, Number(row[key])])));
    return {
      value: rows.reduce((sum, row) => sum + Number(row.received), 0),
      chart: {
        kind: "time",
        labelHeading: bucketHeading(bucketSizeOf(period)),
        labels,
        series: [
          { name: "Planned", unit: "count", values: along("planned") },
          { name: "Received", unit: "count", values: along("received") },
        ],
      },
    };
  },
  columns: [
    { key: "date", label: "Date", unit: "date" },
    { key: "subject", label: "Subject", unit: "text" },
    { key: "tutor", label: "Tutor", unit: "text" },
    { key: "outcome", label: "Outcome", unit: "text" },
  ],
  async rows(tx, scope, period, page) {
    const where = planned(scope, period);
    const [total] = await tx.select({ value: count() }).from(sessionStudent).innerJoin(tutoringSession, sessionOf).where(where);
    const rows = await tx
      .select({ id: tutoringSession.id, date: localDay(period), subject: tutoringSession.subject, tutor: tutorName, outcome })
      .from(sessionStudent)
      .innerJoin(tutoringSession, sessionOf)
      .leftJoin(sessionReportStudent, placeOf)
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
        cells: { date: row.date, subject: row.subject, tutor: row.tutor, outcome: row.outcome },
      })),
    };
  },
};
