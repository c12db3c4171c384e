/**
 * Sessions: list a date range, read one, schedule (one or a weekly series), change one or
 * "this and following" (splitting the series), cancel (late inside the workspace's notice
 * period; a family's cancellation requests are in cancellation-requests.ts). Everything inside withWorkspace; every change
 * audited once per student concerned (the entry shows in that student's access log).
 */
import { and, asc, count, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import {
  SERIES_MAX_OCCURRENCES,
  SESSION_MAX_MINUTES,
  type Session,
  type SessionBatch,
  type SessionCancel,
  type SessionCreate,
  type SessionListQuery,
  type SessionPage,
  type SessionUpdate,
} from "../../../shared/schemas/sessions.ts";
import type { AppDeps, Viewer } from "../../core/context.ts";
import type { Database } from "../../db/client.ts";
import { assignment, member, organization, sessionSeries, sessionStudent, student, tutorProfile, tutoringSession, user } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { notEnded, workspaceToday } from "../assignments/index.ts";
import { queueSessionChangeMails } from "../session-mail/index.ts";
import { type Actor, auditStudent } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { closeOpenRequests } from "./open-requests.ts";
import { lockCalendars, refuseDoubleBooking, requireWithinAvailability, type Slot } from "./conflicts.ts";
import { describeTime, localTimeOf, zonedInstant } from "../../core/time.ts";
import { addLocalDays, daysBetween, expandWeekly, weeklyRule } from "./series.ts";
import { readWorkspacePolicy } from "../../core/workspace-policy.ts";
import { qualified } from "../../core/sql.ts";
import { canWrite, shownStudents, visibleSessions } from "./policy.ts";
import type { Area } from "../../../shared/roles.ts";

const sessionNotFound = () => notFound("The session");

export type SessionRow = typeof tutoringSession.$inferSelect;

export async function workspaceZone(tx: Transaction, organizationId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: organization.timeZone }).from(organization).where(eq(organization.id, organizationId));
  return row?.timeZone ?? "UTC";
}

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
  return and(
    visibleSessions(viewer, area),
    lt(tutoringSession.startsAt, new Date(query.to)),
    sql`${tutoringSession.endsAt} > ${new Date(query.from).toISOString()}::timestamptz`,
    // A lower bound the starts_at indexes can use (a session lasts at most SESSION_MAX_MINUTES,
    // also checked by the database): without it a week's query read all earlier history.
    gt(tutoringSession.startsAt, new Date(Date.parse(query.from) - SESSION_MAX_MINUTES * 60_000)),
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

/** The tutor a write is for: the viewer's own membership for a tutor, an active tutor member for an admin. */
async function resolveTutor(tx: Transaction, actor: Actor, area: Area, requested: string | undefined): Promise<string> {
  const organizationId = actor.viewer.organizationId;
  if (area === "tutor") {
    const own = actor.viewer.membership.id;
    if (requested !== undefined && requested !== own) throw invalidField("tutorMemberId", "Tutors schedule their own sessions only.");
    return own;
  }
  if (!requested) throw invalidField("tutorMemberId", "Choose the tutor.");
  const [row] = await tx
    .select({ role: member.role, status: member.status, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, requested)));
  if (!row) throw invalidField("tutorMemberId", "No such member in this workspace.");
  if (row.role !== "tutor" || row.status !== "active") throw invalidField("tutorMemberId", `${row.name} is not an active tutor in this workspace.`);
  return requested;
}

/**
 * The students, each a record of the workspace (not erased) with a current assignment to the
 * tutor. A tutor is told only "not among your students" (they must not learn other records exist).
 */
async function requireStudents(tx: Transaction, actor: Actor, area: Area, tutorMemberId: string, studentIds: string[]): Promise<void> {
  const organizationId = actor.viewer.organizationId;
  const rows = await tx
    .select({
      id: student.id,
      name: student.name,
      erasedAt: student.erasedAt,
      assigned: sql<boolean>`exists (select 1 from ${assignment} where ${qualified("assignment", "organization_id")} = ${qualified("student", "organization_id")} and ${qualified("assignment", "student_id")} = ${qualified("student", "id")}
        and ${qualified("assignment", "tutor_member_id")} = ${tutorMemberId} and ${qualified("assignment", "starts_on")} <= ${workspaceToday(organizationId)} and ${notEnded(organizationId)})`,
    })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), inArray(student.id, studentIds)))
    .for("share", { of: student });
  for (const [index, id] of studentIds.entries()) {
    const row = rows.find((candidate) => candidate.id === id);
    const field = (message: string) => new AppError("VALIDATION_FAILED", 422, message, [{ path: ["studentIds", index], message }]);
    if (area === "tutor" && (!row || row.erasedAt || !row.assigned)) throw field("No such student among yours (a student with a current assignment to you).");
    if (!row) throw field("No such student in this workspace.");
    if (row.erasedAt) throw field("This student's personal data was erased; no session can be scheduled.");
    if (!row.assigned) throw field(`${row.name} has no current assignment to this tutor; assign the tutor first.`);
  }
}

async function planningZone(tx: Transaction, organizationId: string, tutorMemberId: string, requested: string | undefined): Promise<string> {
  if (requested) return requested;
  const [profile] = await tx
    .select({ timeZone: tutorProfile.timeZone })
    .from(tutorProfile)
    .where(and(eq(tutorProfile.organizationId, organizationId), eq(tutorProfile.memberId, tutorMemberId)));
  return profile?.timeZone ?? (await workspaceZone(tx, organizationId));
}

export async function auditSessions(
  tx: Transaction,
  actor: Actor,
  action: AuditAction,
  studentIds: string[],
  description: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  for (const studentId of studentIds) await auditStudent(tx, actor, { action, studentId, description, metadata });
}

export async function studentsOf(tx: Transaction, organizationId: string, sessionIds: string[]): Promise<string[]> {
  if (sessionIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ studentId: sessionStudent.studentId })
    .from(sessionStudent)
    .where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, sessionIds)));
  return rows.map((row) => row.studentId);
}

export async function createSessions(db: Database, actor: Actor, area: Area, input: SessionCreate): Promise<SessionBatch> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const tutorMemberId = await resolveTutor(tx, actor, area, input.tutorMemberId);
    await lockCalendars(tx, organizationId, tutorMemberId, input.studentIds);
    await requireStudents(tx, actor, area, tutorMemberId, input.studentIds);
    const timeZone = await planningZone(tx, organizationId, tutorMemberId, input.timeZone);
    const occurrences = input.repeat
      ? expandWeekly(input.startsAt, input.endsAt, timeZone, input.repeat, SERIES_MAX_OCCURRENCES)
      : [
          {
            startsAt: zonedInstant(input.startsAt, timeZone),
            endsAt: zonedInstant(input.endsAt, timeZone),
            occurrenceDate: null,
            localStart: input.startsAt,
            localEnd: input.endsAt,
          },
        ];
    if (occurrences.length > SERIES_MAX_OCCURRENCES)
      throw invalidField("repeat", `A series has at most ${SERIES_MAX_OCCURRENCES} sessions; choose an earlier end date.`);
    if (input.repeat && occurrences.length < 2) throw invalidField("repeat", "This series would have only one session; schedule a single session instead.");
    await refuseDoubleBooking(tx, organizationId, { tutorMemberId, studentIds: input.studentIds, slots: occurrences, exceptIds: [], timeZone });
    await requireWithinAvailability(tx, organizationId, tutorMemberId, occurrences, input.confirmOutsideAvailability, timeZone);

    let seriesId: string | null = null;
    if (input.repeat) {
      const [series] = await tx
        .insert(sessionSeries)
        .values({
          organizationId,
          tutorMemberId,
          rule: weeklyRule(input.repeat),
          dtstartLocal: input.startsAt,
          timeZone,
          durationMinutes: Math.round((Date.parse(`${input.endsAt}:00Z`) - Date.parse(`${input.startsAt}:00Z`)) / 60_000),
          untilDate: input.repeat.until ?? null,
          count: input.repeat.count ?? null,
          createdByUserId: actor.viewer.user.id,
        })
        .returning({ id: sessionSeries.id });
      seriesId = series!.id;
    }
    const rows = await tx
      .insert(tutoringSession)
      .values(
        occurrences.map((occurrence) => ({
          organizationId,
          tutorMemberId,
          subject: input.subject,
          startsAt: occurrence.startsAt,
          endsAt: occurrence.endsAt,
          timeZone,
          location: input.location ?? null,
          onlineUrl: input.onlineUrl ?? null,
          notes: input.notes ?? "",
          seriesId,
          occurrenceDate: seriesId ? occurrence.occurrenceDate : null,
          createdByUserId: actor.viewer.user.id,
          updatedByUserId: actor.viewer.user.id,
        })),
      )
      .returning();
    await tx.insert(sessionStudent).values(rows.flatMap((row) => input.studentIds.map((studentId) => ({ organizationId, sessionId: row.id, studentId }))));
    const first = rows[0]!;
    const description = seriesId
      ? `${actor.viewer.user.name} scheduled a weekly series of ${rows.length} ${input.subject} sessions from ${describeTime(first.startsAt, first.endsAt, timeZone)}`
      : `${actor.viewer.user.name} scheduled a ${input.subject} session on ${describeTime(first.startsAt, first.endsAt, timeZone)}`;
    await auditSessions(tx, actor, "SESSION_SCHEDULED", input.studentIds, description, {
      sessionIds: rows.map((row) => row.id),
      seriesId,
      tutorMemberId,
      outsideAvailabilityConfirmed: input.confirmOutsideAvailability === true,
    });
    return { items: await shape(tx, actor, area, rows, timeZone), seriesId };
  });
}

/** The session and, for "following", the later scheduled sessions of its series (locked, in order). */
async function targetsOf(tx: Transaction, organizationId: string, row: SessionRow, scope: "this" | "following"): Promise<SessionRow[]> {
  if (scope === "this" || !row.seriesId || !row.occurrenceDate) return [row];
  const later = await tx
    .select()
    .from(tutoringSession)
    .where(
      and(
        eq(tutoringSession.organizationId, organizationId),
        eq(tutoringSession.seriesId, row.seriesId),
        sql`${tutoringSession.occurrenceDate} > ${row.occurrenceDate}`,
        eq(tutoringSession.status, "scheduled"),
      ),
    )
    .orderBy(asc(tutoringSession.occurrenceDate))
    .for("update");
  return [row, ...later];
}

/**
 * Moves "this and following" onto a new series: the old one now ends the day before this
 * occurrence; the new one starts at this occurrence (at its new local time) and ends as the old did.
 */
async function splitSeries(
  tx: Transaction,
  actor: Actor,
  row: SessionRow,
  targets: SessionRow[],
  firstLocalStart: string,
  durationMinutes: number,
  timeZone: string,
): Promise<string | null> {
  if (!row.seriesId || !row.occurrenceDate || targets.length === 0) return row.seriesId;
  const organizationId = actor.viewer.organizationId;
  const [old] = await tx
    .select()
    .from(sessionSeries)
    .where(and(eq(sessionSeries.organizationId, organizationId), eq(sessionSeries.id, row.seriesId)));
  if (!old) return row.seriesId;
  const lastDate = targets[targets.length - 1]!.occurrenceDate!;
  const until = old.untilDate && old.untilDate > lastDate ? old.untilDate : lastDate;
  const [created] = await tx
    .insert(sessionSeries)
    .values({
      organizationId,
      tutorMemberId: row.tutorMemberId,
      rule: weeklyRule({ until }),
      dtstartLocal: firstLocalStart,
      timeZone,
      durationMinutes,
      untilDate: until,
      count: null,
      createdByUserId: actor.viewer.user.id,
    })
    .returning({ id: sessionSeries.id });
  const oldUntil = addLocalDays(`${row.occurrenceDate}T00:00`, -1).slice(0, 10);
  await tx
    .update(sessionSeries)
    .set({ untilDate: oldUntil, count: null, rule: weeklyRule({ until: oldUntil }) })
    .where(and(eq(sessionSeries.organizationId, organizationId), eq(sessionSeries.id, old.id)));
  return created!.id;
}

export async function updateSession(deps: AppDeps, actor: Actor, area: Area, sessionId: string, input: SessionUpdate): Promise<SessionBatch> {
  const organizationId = actor.viewer.organizationId;
  if (!canWrite(area)) throw sessionNotFound();
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const current = await findVisible(tx, actor, area, sessionId);
    const oldStudents = await studentsOf(tx, organizationId, [current.id]);
    const studentIds = input.studentIds ?? oldStudents;
    await lockCalendars(tx, organizationId, current.tutorMemberId, [...new Set([...studentIds, ...oldStudents])]);
    const row = await findVisible(tx, actor, area, sessionId, true);
    if (row.status === "cancelled" || row.status === "late_cancelled") throw conflict("A cancelled session cannot be changed; schedule a new one.");
    // A reported session keeps the time and students its report is about.
    if (row.status !== "scheduled" && (input.startsAt !== undefined || input.studentIds !== undefined)) {
      throw conflict(`This session is ${row.status === "no_show" ? "a no-show" : "completed"} and has a report: its time and students can no longer change.`);
    }
    const targets = await targetsOf(tx, organizationId, row, input.scope);
    if (input.studentIds) await requireStudents(tx, actor, area, row.tutorMemberId, input.studentIds);

    const timeZone = input.timeZone ?? row.timeZone;
    const moving = input.startsAt !== undefined && input.endsAt !== undefined;
    const durationMinutes = moving
      ? Math.round((Date.parse(`${input.endsAt}:00Z`) - Date.parse(`${input.startsAt}:00Z`)) / 60_000)
      : Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
    const shiftDays = moving ? daysBetween(localTimeOf(row.startsAt, timeZone).date, input.startsAt!.slice(0, 10)) : 0;
    const planned = targets.map((target) => {
      if (!moving)
        return {
          target,
          startsAt: target.startsAt,
          endsAt: target.endsAt,
          localStart: `${localTimeOf(target.startsAt, timeZone).date}T${localTimeOf(target.startsAt, timeZone).time}`,
        };
      const localStart =
        target.id === row.id
          ? input.startsAt!
          : `${addLocalDays(`${localTimeOf(target.startsAt, timeZone).date}T00:00`, shiftDays).slice(0, 10)}T${input.startsAt!.slice(11)}`;
      const end = new Date(Date.parse(`${localStart}:00Z`) + durationMinutes * 60_000).toISOString().slice(0, 16);
      return { target, startsAt: zonedInstant(localStart, timeZone), endsAt: zonedInstant(end, timeZone), localStart };
    });
    const slots: Slot[] = planned.map(({ startsAt, endsAt }) => ({ startsAt, endsAt }));
    if (moving || input.studentIds) {
      await refuseDoubleBooking(tx, organizationId, {
        tutorMemberId: row.tutorMemberId,
        studentIds,
        slots,
        exceptIds: targets.map((target) => target.id),
        timeZone,
      });
    }
    if (moving) await requireWithinAvailability(tx, organizationId, row.tutorMemberId, slots, input.confirmOutsideAvailability, timeZone);

    const seriesId =
      input.scope === "following" && row.seriesId
        ? await splitSeries(tx, actor, row, targets, planned[0]!.localStart, durationMinutes, timeZone)
        : row.seriesId;
    const now = new Date();
    const updated: SessionRow[] = [];
    for (const plan of planned) {
      const [saved] = await tx
        .update(tutoringSession)
        .set({
          ...(input.subject !== undefined ? { subject: input.subject } : {}),
          ...(input.location !== undefined ? { location: input.location } : {}),
          ...(input.onlineUrl !== undefined ? { onlineUrl: input.onlineUrl } : {}),
          ...(input.notes !== undefined ? { notes: input.notes } : {}),
          ...(moving ? { startsAt: plan.startsAt, endsAt: plan.endsAt, timeZone } : {}),
          // A new start time needs its own reminder (session-mail/reminders.ts).
          ...(moving && plan.startsAt.getTime() !== plan.target.startsAt.getTime() ? { reminderSentAt: null } : {}),
          seriesId,
          updatedByUserId: actor.viewer.user.id,
          updatedAt: now,
        })
        .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, plan.target.id)))
        .returning();
      updated.push(saved!);
    }
    if (input.studentIds) {
      const ids = targets.map((target) => target.id);
      await tx.delete(sessionStudent).where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, ids)));
      await tx.insert(sessionStudent).values(ids.flatMap((id) => input.studentIds!.map((studentId) => ({ organizationId, sessionId: id, studentId }))));
    }
    const fields = Object.keys(input).filter((key) => !["scope", "confirmOutsideAvailability", "timeZone"].includes(key));
    const which =
      targets.length > 1
        ? `${targets.length} ${row.subject} sessions from ${describeTime(row.startsAt, row.endsAt, timeZone)} on`
        : `the ${row.subject} session of ${describeTime(row.startsAt, row.endsAt, timeZone)}`;
    await auditSessions(
      tx,
      actor,
      "SESSION_UPDATED",
      [...new Set([...oldStudents, ...studentIds])],
      `${actor.viewer.user.name} changed ${which} (${fields.join(", ")})`,
      {
        sessionIds: targets.map((target) => target.id),
        scope: input.scope,
        fields,
        seriesId,
        previousSeriesId: row.seriesId,
      },
    );
    await queueSessionChangeMails(deps, tx, organizationId, { kind: "changed", by: actor.viewer.user.name, before: targets, after: updated });
    return { items: await shape(tx, actor, area, updated, timeZone), seriesId };
  });
}

export async function cancelSession(deps: AppDeps, actor: Actor, area: Area, sessionId: string, input: SessionCancel): Promise<SessionBatch> {
  const organizationId = actor.viewer.organizationId;
  if (!canWrite(area)) throw sessionNotFound();
  return withWorkspace(deps.db, organizationId, (tx) => cancelWithin(deps, tx, actor, area, sessionId, input));
}

/**
 * The cancel path, inside the caller's transaction: late inside the workspace's notice period,
 * audited, mailed, and the sessions' open cancellation requests closed (accepting a request
 * comes through here too).
 */
export async function cancelWithin(deps: AppDeps, tx: Transaction, actor: Actor, area: Area, sessionId: string, input: SessionCancel): Promise<SessionBatch> {
  const organizationId = actor.viewer.organizationId;
  const row = await findVisible(tx, actor, area, sessionId, true);
  if (row.status !== "scheduled") throw conflict(`Only a scheduled session can be cancelled; this one is ${row.status.replace("_", " ")}.`);
  const targets = await targetsOf(tx, organizationId, row, input.scope);
  const hours = (await readWorkspacePolicy(tx, organizationId)).lateCancellationHours;
  const now = new Date();
  const updated: SessionRow[] = [];
  for (const target of targets) {
    const late = target.startsAt.getTime() - now.getTime() < hours * 3_600_000;
    const [saved] = await tx
      .update(tutoringSession)
      .set({
        status: late ? "late_cancelled" : "cancelled",
        cancelledAt: now,
        cancelledByUserId: actor.viewer.user.id,
        cancellationReason: input.reason || null,
        updatedAt: now,
        updatedByUserId: actor.viewer.user.id,
      })
      .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, target.id)))
      .returning();
    updated.push(saved!);
  }
  await closeOpenRequests(
    tx,
    actor,
    targets.map((target) => target.id),
    now,
  );
  const lateCount = updated.filter((saved) => saved.status === "late_cancelled").length;
  const which =
    targets.length > 1
      ? `${targets.length} ${row.subject} sessions from ${describeTime(row.startsAt, row.endsAt, row.timeZone)} on`
      : `the ${row.subject} session of ${describeTime(row.startsAt, row.endsAt, row.timeZone)}`;
  await auditSessions(
    tx,
    actor,
    "SESSION_CANCELLED",
    await studentsOf(
      tx,
      organizationId,
      targets.map((target) => target.id),
    ),
    `${actor.viewer.user.name} cancelled ${which}${lateCount > 0 ? ` (late: inside the ${hours}-hour notice period)` : ""}`,
    {
      sessionIds: targets.map((target) => target.id),
      scope: input.scope,
      late: lateCount > 0,
      lateCount,
      noticeHours: hours,
    },
  );
  await queueSessionChangeMails(deps, tx, organizationId, {
    kind: "cancelled",
    by: actor.viewer.user.name,
    before: targets,
    after: updated,
    reason: input.reason || null,
  });
  return { items: await shape(tx, actor, area, updated, row.timeZone), seriesId: row.seriesId };
}
