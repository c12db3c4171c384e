/**
 * Cancellation requests: a parent or student asks to cancel a session of their children or
 * their own (the reason required); the session's tutor or an admin accepts (the session is
 * cancelled through the cancel path, late inside the notice period) or declines with a reason.
 * One open request per requester per session. Families read their own requests; the tutor
 * and admins read every request of the sessions they see. Everything inside withWorkspace,
 * audited on the session's students, mailed through session-mail (queued in the transaction).
 */
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { CancellationDecline, CancellationRequestList, CancellationRequestView } from "../../../shared/schemas/cancellation-requests.ts";
import type { CancellationRequest } from "../../../shared/schemas/sessions.ts";
import type { AppDeps } from "../../core/context.ts";
import type { Database } from "../../db/client.ts";
import { cancellationRequest, sessionStudent, student, tutoringSession, user } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, notFound } from "../../lib/app-error.ts";
import { queueCancellationDeclinedMail, queueCancellationRequestedMails } from "../session-mail/index.ts";
import type { Actor } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { shownStudents, visibleSessions } from "./policy.ts";
import { describeTime } from "../../core/time.ts";
import { auditSessions, cancelWithin, findVisible, type SessionRow, shape, studentsOf, workspaceZone } from "./service.ts";
import type { Area, ManagerArea, FamilyArea } from "../../../shared/roles.ts";

type RequestRow = typeof cancellationRequest.$inferSelect;

/** The most open requests one list answers (a workspace keeps its open requests few). */
const OPEN_LIST_LIMIT = 200;

const requestNotFound = () => notFound("The cancellation request");
const STATE_WORDS: Record<RequestRow["state"], string> = {
  requested: "open",
  accepted: "already accepted",
  declined: "already declined",
  closed: "closed: the session was cancelled",
};

/** The requests as the viewer reads them, each with its session in the viewer's zone, in the order of `rows`. */
async function shapeRequests(
  tx: Transaction,
  actor: Actor,
  area: Area,
  rows: { request: RequestRow; session: SessionRow }[],
  viewerZone: string,
): Promise<CancellationRequestView[]> {
  if (rows.length === 0) return [];
  const sessions = [...new Map(rows.map((row) => [row.session.id, row.session])).values()];
  const shaped = new Map((await shape(tx, actor, area, sessions, viewerZone)).map((session) => [session.id, session]));
  const userIds = [...new Set(rows.flatMap((row) => [row.request.requestedByUserId, row.request.decidedByUserId]).filter((id): id is string => Boolean(id)))];
  const people = userIds.length > 0 ? await tx.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, userIds)) : [];
  const nameOf = (id: string | null) => (id ? (people.find((person) => person.id === id)?.name ?? null) : null);
  return rows.map(({ request }) => {
    const session = shaped.get(request.sessionId)!;
    return {
      id: request.id,
      state: request.state,
      reason: request.reason,
      requester: { name: nameOf(request.requestedByUserId), role: request.requesterRole },
      createdAt: request.createdAt.toISOString(),
      decidedAt: request.decidedAt?.toISOString() ?? null,
      decidedBy: nameOf(request.decidedByUserId),
      declineReason: request.declineReason,
      session: {
        id: session.id,
        subject: session.subject,
        tutorName: session.tutor.name,
        studentNames: session.students.map((item) => item.name),
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        status: session.status,
        local: session.local,
      },
    };
  });
}

/** Requests joined with their sessions, under the viewer's visibility of sessions. */
function requestsWithSessions(tx: Queryable, viewerCondition: SQL | undefined) {
  return tx
    .select({ request: cancellationRequest, session: tutoringSession })
    .from(cancellationRequest)
    .innerJoin(
      tutoringSession,
      and(eq(tutoringSession.organizationId, cancellationRequest.organizationId), eq(tutoringSession.id, cancellationRequest.sessionId)),
    )
    .where(viewerCondition);
}

/** The open requests the tutor (their sessions) or an admin (all) decides, the soonest session first (the bench times this builder). */
export function openRequestsQuery(tx: Queryable, actor: Pick<Actor, "viewer">, area: ManagerArea) {
  return requestsWithSessions(
    tx,
    and(eq(cancellationRequest.organizationId, actor.viewer.organizationId), eq(cancellationRequest.state, "requested"), visibleSessions(actor.viewer, area)),
  )
    .orderBy(asc(tutoringSession.startsAt), asc(cancellationRequest.createdAt))
    .limit(OPEN_LIST_LIMIT);
}

export async function listOpenRequests(db: Database, actor: Actor, area: ManagerArea, timeZone: string | undefined): Promise<CancellationRequestList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const rows = await openRequestsQuery(tx, actor, area);
    return { items: await shapeRequests(tx, actor, area, rows, timeZone ?? (await workspaceZone(tx, organizationId))) };
  });
}

/** The requests on one session: a parent or student reads their own, the tutor and admins all; newest first. */
export async function listSessionRequests(
  db: Database,
  actor: Actor,
  area: Area,
  sessionId: string,
  timeZone: string | undefined,
): Promise<CancellationRequestList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const session = await findVisible(tx, actor, area, sessionId);
    const own = area === "parent" || area === "student" ? eq(cancellationRequest.requestedByUserId, actor.viewer.user.id) : undefined;
    const rows = await requestsWithSessions(
      tx,
      and(eq(cancellationRequest.organizationId, organizationId), eq(cancellationRequest.sessionId, session.id), own),
    ).orderBy(desc(cancellationRequest.createdAt));
    return { items: await shapeRequests(tx, actor, area, rows, timeZone ?? (await workspaceZone(tx, organizationId))) };
  });
}

/** The viewer's own students in the session (the audit entries go on their records). */
async function ownStudents(tx: Transaction, actor: Actor, area: FamilyArea, sessionId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: student.id })
    .from(sessionStudent)
    .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
    .where(and(eq(sessionStudent.organizationId, actor.viewer.organizationId), eq(sessionStudent.sessionId, sessionId), shownStudents(actor.viewer, area)));
  return rows.map((row) => row.id);
}

/**
 * A parent or student asks to cancel a scheduled session not yet over. A second open request
 * of the same person on the same session is refused (409); the session row is locked so that
 * two requests sent at once cannot both pass that check.
 */
export async function requestCancellation(
  deps: AppDeps,
  actor: Actor,
  area: FamilyArea,
  sessionId: string,
  input: CancellationRequest,
): Promise<CancellationRequestView> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const row = await findVisible(tx, actor, area, sessionId, true);
    if (row.status !== "scheduled") throw conflict(`Only a scheduled session can be cancelled; this one is ${row.status.replace("_", " ")}.`);
    if (row.endsAt.getTime() <= Date.now()) throw conflict("This session is over; it can no longer be cancelled.");
    const [open] = await tx
      .select({ id: cancellationRequest.id })
      .from(cancellationRequest)
      .where(
        and(
          eq(cancellationRequest.organizationId, organizationId),
          eq(cancellationRequest.sessionId, row.id),
          eq(cancellationRequest.requestedByUserId, actor.viewer.user.id),
          eq(cancellationRequest.state, "requested"),
        ),
      );
    if (open) throw conflict("You already asked to cancel this session; the tutor or an admin has not decided yet.");
    const [created] = await tx
      .insert(cancellationRequest)
      .values({ organizationId, sessionId: row.id, requestedByUserId: actor.viewer.user.id, requesterRole: area, reason: input.reason })
      .returning();
    const when = describeTime(row.startsAt, row.endsAt, row.timeZone);
    const requester = `${actor.viewer.user.name} (${area})`;
    await auditSessions(
      tx,
      actor,
      "SESSION_CANCELLATION_REQUESTED",
      await ownStudents(tx, actor, area, row.id),
      `${requester} asked to cancel the ${row.subject} session of ${when}`,
      {
        sessionId: row.id,
        requestId: created!.id,
        reasonLength: input.reason.length,
      },
    );
    await queueCancellationRequestedMails(deps, tx, row, { requester, reason: input.reason });
    const [view] = await shapeRequests(tx, actor, area, [{ request: created!, session: row }], await workspaceZone(tx, organizationId));
    return view!;
  });
}

/** The open request and its session, locked, among the sessions the tutor or admin sees; 404 outside, 409 when already decided. */
async function openRequest(tx: Transaction, actor: Actor, area: ManagerArea, requestId: string): Promise<{ request: RequestRow; session: SessionRow }> {
  if (!isRecordId(requestId)) throw requestNotFound();
  const [found] = await requestsWithSessions(
    tx,
    and(eq(cancellationRequest.organizationId, actor.viewer.organizationId), eq(cancellationRequest.id, requestId), visibleSessions(actor.viewer, area)),
  ).for("update", {
    of: cancellationRequest,
  });
  if (!found) throw requestNotFound();
  if (found.request.state !== "requested") throw conflict(`This cancellation request is ${STATE_WORDS[found.request.state]}.`);
  return found;
}

async function viewOf(tx: Transaction, actor: Actor, area: ManagerArea, requestId: string, timeZone: string | undefined): Promise<CancellationRequestView> {
  const rows = await requestsWithSessions(tx, and(eq(cancellationRequest.organizationId, actor.viewer.organizationId), eq(cancellationRequest.id, requestId)));
  const [view] = await shapeRequests(tx, actor, area, rows, timeZone ?? (await workspaceZone(tx, actor.viewer.organizationId)));
  return view!;
}

/**
 * The tutor or an admin accepts: the request is marked accepted (who, when), then the session
 * is cancelled through the cancel path, so the late-cancellation policy, the audit, the mails
 * to its people and the closing of the session's other open requests all apply as for any
 * cancellation; the request's reason is kept with the session.
 */
export async function acceptRequest(
  deps: AppDeps,
  actor: Actor,
  area: ManagerArea,
  requestId: string,
  timeZone: string | undefined,
): Promise<CancellationRequestView> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const { request, session } = await openRequest(tx, actor, area, requestId);
    await tx
      .update(cancellationRequest)
      .set({ state: "accepted", decidedByUserId: actor.viewer.user.id, decidedAt: new Date() })
      .where(and(eq(cancellationRequest.organizationId, organizationId), eq(cancellationRequest.id, request.id)));
    const [requester] = request.requestedByUserId ? await tx.select({ name: user.name }).from(user).where(eq(user.id, request.requestedByUserId)) : [];
    const reason = `Requested by ${requester?.name ?? `a ${request.requesterRole}`}: ${request.reason}`;
    await cancelWithin(deps, tx, actor, area, session.id, { scope: "this", reason });
    await auditSessions(
      tx,
      actor,
      "SESSION_CANCELLATION_ACCEPTED",
      await studentsOf(tx, organizationId, [session.id]),
      `${actor.viewer.user.name} accepted the request to cancel the ${session.subject} session of ${describeTime(session.startsAt, session.endsAt, session.timeZone)}`,
      {
        sessionId: session.id,
        requestId: request.id,
      },
    );
    return viewOf(tx, actor, area, request.id, timeZone);
  });
}

/** The tutor or an admin declines, with a reason the requester reads (and is mailed); the session stays as it is. */
export async function declineRequest(
  deps: AppDeps,
  actor: Actor,
  area: ManagerArea,
  requestId: string,
  input: CancellationDecline,
  timeZone: string | undefined,
): Promise<CancellationRequestView> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const { request, session } = await openRequest(tx, actor, area, requestId);
    await tx
      .update(cancellationRequest)
      .set({ state: "declined", decidedByUserId: actor.viewer.user.id, decidedAt: new Date(), declineReason: input.reason })
      .where(and(eq(cancellationRequest.organizationId, organizationId), eq(cancellationRequest.id, request.id)));
    await auditSessions(
      tx,
      actor,
      "SESSION_CANCELLATION_DECLINED",
      await studentsOf(tx, organizationId, [session.id]),
      `${actor.viewer.user.name} declined the request to cancel the ${session.subject} session of ${describeTime(session.startsAt, session.endsAt, session.timeZone)}`,
      {
        sessionId: session.id,
        requestId: request.id,
        reasonLength: input.reason.length,
      },
    );
    await queueCancellationDeclinedMail(deps, tx, session, {
      requesterUserId: request.requestedByUserId,
      requesterRole: request.requesterRole,
      by: actor.viewer.user.name,
      reason: input.reason,
    });
    return viewOf(tx, actor, area, request.id, timeZone);
  });
}
