/**
 * Cancellation requests as each area reads them: a family its own on a session, the tutor and
 * admins every request of the sessions they see, and the open ones to decide, soonest first.
 */
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Area, ManagerArea } from "../../../shared/roles.ts";
import type { CancellationRequestList, CancellationRequestView } from "../../../shared/schemas/cancellation-requests.ts";
import type { Actor } from "../../core/audit.ts";
import type { Database } from "../../db/client.ts";
import { cancellationRequest, tutoringSession, user } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { visibleSessions } from "./policy.ts";
import { findVisible, type SessionRow, shape, workspaceZone } from "./read-model.ts";

export type RequestRow = typeof cancellationRequest.$inferSelect;

/** The most open requests one list answers (a workspace keeps its open requests few). */
const OPEN_LIST_LIMIT = 200;

/** The requests as the viewer reads them, each with its session in the viewer's zone, in the order of `rows`. */
export async function shapeRequests(
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
export function requestsWithSessions(tx: Queryable, viewerCondition: SQL | undefined) {
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

export async function viewOf(
  tx: Transaction,
  actor: Actor,
  area: ManagerArea,
  requestId: string,
  timeZone: string | undefined,
): Promise<CancellationRequestView> {
  const rows = await requestsWithSessions(tx, and(eq(cancellationRequest.organizationId, actor.viewer.organizationId), eq(cancellationRequest.id, requestId)));
  const [view] = await shapeRequests(tx, actor, area, rows, timeZone ?? (await workspaceZone(tx, actor.viewer.organizationId)));
  return view!;
}
