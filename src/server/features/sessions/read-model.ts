/**
 * The sessions read model: the rows the viewer may see through an area (policy.ts), shaped
 * for the API with tutor and shown students in the viewer's zone; the list of a date range,
 * one session, and the students of sessions (whose records an entry about them goes on).
 */
import { workspaceZone } from "../../core/workspace-time.ts";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import { SESSION_MAX_MINUTES, type Session, type SessionListQuery, type SessionPage } from "../../../shared/schemas/sessions.ts";
import type { Actor } from "../../core/audit.ts";
import type { Viewer } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { qualified } from "../../core/sql.ts";
import { localTimeOf } from "../../core/time.ts";
import type { Database } from "../../db/client.ts";
import { member, sessionStudent, student, tutoringSession, user } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";
import { shownStudents, visibleSessions, visibleSessionsStartingBetween } from "./policy.ts";

export const sessionNotFound = () => notFound("The session");

export type SessionRow = typeof tutoringSession.$inferSelect;

export { workspaceZone };

/** The sessions with tutor and (shown) students, in the viewer's zone, in the order of `rows`. */
export async function shape(tx: Transaction, actor: Actor, area: Area, rows: SessionRow[], viewerZone: string): Promise<Session[]> {
  if (rows.length === 0) return [];
  const organizationId = actor.viewer.organizationId;
  const ids = rows.map((row) => row.id);
  const tutorIds = [...new Set(rows.map((row) => row.tutorMemberId))];
  const tutors = await tx
    .select({ memberId: member.id, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), inArray(member.id, tutorIds)));
  const attendees = await tx
    .select({ sessionId: sessionStudent.sessionId, id: student.id, name: student.name })
    .from(sessionStudent)
    .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
    .where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, ids), shownStudents(actor.viewer, area)))
    .orderBy(asc(student.name));
  const tutorName = new Map(tutors.map((tutor) => [tutor.memberId, tutor.name]));
  const actorIds = [
    ...new Set(rows.flatMap((row) => [row.createdByUserId, row.updatedByUserId, row.cancelledByUserId]).filter((id): id is string => Boolean(id))),
  ];
  const actors = actorIds.length > 0 ? await tx.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, actorIds)) : [];
  const actorName = new Map(actors.map((person) => [person.id, person.name]));
  const nameOf = (userId: string | null) => (userId ? (actorName.get(userId) ?? null) : null);
  return rows.map((row) => {
    const start = localTimeOf(row.startsAt, viewerZone);
    return {
      id: row.id,
      tutor: { memberId: row.tutorMemberId, name: tutorName.get(row.tutorMemberId) ?? "" },
      students: attendees.filter((attendee) => attendee.sessionId === row.id).map(({ id, name }) => ({ id, name })),
      subject: row.subject,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timeZone: row.timeZone,
      local: { timeZone: viewerZone, date: start.date, startTime: start.time, endTime: localTimeOf(row.endsAt, viewerZone).time },
      location: row.location,
      onlineUrl: row.onlineUrl,
      notes: row.notes,
      status: row.status,
      seriesId: row.seriesId,
      occurrenceDate: row.occurrenceDate,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      cancellationReason: row.cancellationReason,
      createdBy: nameOf(row.createdByUserId),
      updatedBy: nameOf(row.updatedByUserId),
      cancelledBy: nameOf(row.cancelledByUserId),
    };
  });
}

/** The list's condition: what the viewer may see through `area`, overlapping [from, to), with the filters. */
export function sessionRangeWhere(viewer: Viewer, area: Area, query: Pick<SessionListQuery, "from" | "to" | "tutorMemberId" | "studentId">): SQL | undefined {
  // A lower bound the starts_at indexes can use (a session lasts at most SESSION_MAX_MINUTES,
  // also checked by the database): without it a week's query read all earlier history.
  const startsAfter = new Date(Date.parse(query.from) - SESSION_MAX_MINUTES * 60_000);
  const startsBefore = new Date(query.to);
  return and(
    visibleSessionsStartingBetween(viewer, area, startsAfter, startsBefore),
    sql`${tutoringSession.endsAt} > ${new Date(query.from).toISOString()}::timestamptz`,
    query.tutorMemberId ? eq(tutoringSession.tutorMemberId, query.tutorMemberId) : undefined,
    query.studentId
      ? sql`exists (select 1 from ${sessionStudent} where ${qualified("session_student", "organization_id")} = ${qualified("tutoring_session", "organization_id")} and ${qualified("session_student", "session_id")} = ${qualified("tutoring_session", "id")} and ${qualified("session_student", "student_id")} = ${query.studentId})`
      : undefined,
  );
}

/** One page of the list, by start time (the bench times this builder). */
export function sessionPageQuery(tx: Queryable, where: SQL | undefined, page: number, pageSize: number) {
  return tx
    .select()
    .from(tutoringSession)
    .where(where)
    .orderBy(asc(tutoringSession.startsAt), asc(tutoringSession.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** The list's total. */
export function sessionCountQuery(tx: Queryable, where: SQL | undefined) {
  return tx.select({ value: count() }).from(tutoringSession).where(where);
}

export async function listSessions(db: Database, actor: Actor, area: Area, query: SessionListQuery): Promise<SessionPage> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const viewerZone = query.timeZone ?? (await workspaceZone(tx, organizationId));
    const where = sessionRangeWhere(actor.viewer, area, query);
    const [total] = await sessionCountQuery(tx, where);
    const rows = await sessionPageQuery(tx, where, query.page, query.pageSize);
    return { items: await shape(tx, actor, area, rows, viewerZone), total: total?.value ?? 0, page: query.page, pageSize: query.pageSize };
  });
}

export async function findVisible(tx: Transaction, actor: Actor, area: Area, sessionId: string, lock = false): Promise<SessionRow> {
  if (!isRecordId(sessionId)) throw sessionNotFound();
  const query = tx
    .select()
    .from(tutoringSession)
    .where(and(visibleSessions(actor.viewer, area), eq(tutoringSession.id, sessionId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw sessionNotFound();
  return row;
}

export async function viewSession(db: Database, actor: Actor, area: Area, sessionId: string, timeZone: string | undefined): Promise<Session> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const row = await findVisible(tx, actor, area, sessionId);
    const [shaped] = await shape(tx, actor, area, [row], timeZone ?? (await workspaceZone(tx, organizationId)));
    return shaped!;
  });
}

export async function studentsOf(tx: Transaction, organizationId: string, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ studentId: sessionStudent.studentId })
    .from(sessionStudent)
    .where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, sessionIds)));
  return rows.map((row) => row.studentId);
}
