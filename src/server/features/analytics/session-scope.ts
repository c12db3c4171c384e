/**
 * The sessions a figure counts: of the workspace, starting in the period, narrowed by the
 * scope (a tutor's own, a subject, one student's). Every session metric starts from here so
 * that "hours delivered" and "report completion" count the same sessions.
 */
import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { member, sessionStudent, tutoringSession, user } from "../../db/schema.ts";
import type { MetricScope, Period } from "./metric.ts";

/** Sessions of the scope starting in the period (any status: add the status a metric counts). */
export function sessionsInScope(scope: MetricScope, period: Period): SQL {
  return and(
    eq(tutoringSession.organizationId, scope.organizationId),
    gte(tutoringSession.startsAt, new Date(period.startsAt)),
    lt(tutoringSession.startsAt, new Date(period.endsAt)),
    scope.tutorMemberId ? eq(tutoringSession.tutorMemberId, scope.tutorMemberId) : undefined,
    scope.subject ? eq(tutoringSession.subject, scope.subject) : undefined,
    scope.studentId
      ? sql`exists (select 1 from ${sessionStudent} where ${sessionStudent.organizationId} = ${tutoringSession.organizationId} and ${sessionStudent.sessionId} = ${tutoringSession.id} and ${sessionStudent.studentId} = ${scope.studentId})`
      : undefined,
  )!;
}

/** A session's length in minutes. */
export const sessionMinutes = sql<number>`(extract(epoch from ${tutoringSession.endsAt} - ${tutoringSession.startsAt}) / 60)`;

/** A session's start as a local date (YYYY-MM-DD) in the period's zone. */
export const localDay = (period: Period, column: SQL | AnyPgColumn = tutoringSession.startsAt) =>
  sql<string>`((${column} at time zone ${period.zone})::date)::text`;

/** The tutor's name, for a query joining member (on the session's tutor) and user. */
export const tutorName = sql<string>`coalesce(${user.name}, 'Former tutor')`;

/**
 * The name of the tutor whose member id is `memberId` (a plain column of a grouped or
 * materialized row), looked up one by one through member's index: for the tens of lines of a
 * per-tutor figure. Joined before grouping instead, the planner may hash every member.
 */
export const tutorNameOf = (organizationId: string, memberId: SQL) =>
  sql<string>`coalesce((select ${user.name} from ${member} join ${user} on ${user.id} = ${member.userId}
    where ${member.organizationId} = ${organizationId} and ${member.id} = ${memberId}), 'Former tutor')`;

/** Joins of a session query that names the tutor. */
export const tutorJoin = {
  member: and(eq(member.organizationId, tutoringSession.organizationId), eq(member.id, tutoringSession.tutorMemberId)),
  user: eq(user.id, member.userId),
};
