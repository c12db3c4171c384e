/**
 * The tutor or an admin decides a family's open cancellation request: accepting cancels the
 * session through the cancel path; declining keeps it and tells the requester why.
 */
import { and, eq } from "drizzle-orm";
import type { ManagerArea } from "../../../shared/roles.ts";
import type { CancellationDecline, CancellationRequestView } from "../../../shared/schemas/cancellation-requests.ts";
import type { Actor } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { describeTime } from "../../core/time.ts";
import { cancellationRequest, user } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, notFound } from "../../lib/app-error.ts";
import { queueCancellationDeclinedMail } from "../session-mail/index.ts";
import { cancelWithin } from "./cancel-session.ts";
import { type RequestRow, requestsWithSessions, viewOf } from "./cancellation-request-reads.ts";
import { visibleSessions } from "./policy.ts";
import { type SessionRow, studentsOf } from "./read-model.ts";
import { auditSessions } from "./session-audit.ts";

const requestNotFound = () => notFound("The cancellation request");
const STATE_WORDS: Record<RequestRow["state"], string> = {
  requested: "open",
  accepted: "already accepted",
  declined: "already declined",
  closed: "closed: the session was cancelled",
};

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

type Decision = { state: "accepted"; declineReason?: undefined } | { state: "declined"; declineReason: string };

/** Marks the open request decided: who, when, and the reason of a decline. */
async function markDecided(deps: AppDeps, tx: Transaction, actor: Actor, request: RequestRow, decision: Decision): Promise<void> {
  await tx
    .update(cancellationRequest)
    .set({ state: decision.state, decidedByUserId: actor.viewer.user.id, decidedAt: deps.clock.now(), declineReason: decision.declineReason ?? null })
    .where(and(eq(cancellationRequest.organizationId, actor.viewer.organizationId), eq(cancellationRequest.id, request.id)));
}

/** The decision in the access log of each of the session's students. */
async function auditDecision(
  tx: Transaction,
  actor: Actor,
  { request, session }: { request: RequestRow; session: SessionRow },
  decision: Decision,
): Promise<void> {
  await auditSessions(
    tx,
    actor,
    decision.state === "accepted" ? "SESSION_CANCELLATION_ACCEPTED" : "SESSION_CANCELLATION_DECLINED",
    await studentsOf(tx, actor.viewer.organizationId, [session.id]),
    `${actor.viewer.user.name} ${decision.state} the request to cancel the ${session.subject} session of ${describeTime(session.startsAt, session.endsAt, session.timeZone)}`,
    {
      sessionId: session.id,
      requestId: request.id,
      ...(decision.declineReason !== undefined ? { reasonLength: decision.declineReason.length } : {}),
    },
  );
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
    const decision: Decision = { state: "accepted" };
    await markDecided(deps, tx, actor, request, decision);
    const [requester] = request.requestedByUserId ? await tx.select({ name: user.name }).from(user).where(eq(user.id, request.requestedByUserId)) : [];
    const reason = `Requested by ${requester?.name ?? `a ${request.requesterRole}`}: ${request.reason}`;
    await cancelWithin(deps, tx, actor, area, session.id, { scope: "this", reason });
    await auditDecision(tx, actor, { request, session }, decision);
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
    const decision: Decision = { state: "declined", declineReason: input.reason };
    await markDecided(deps, tx, actor, request, decision);
    await auditDecision(tx, actor, { request, session }, decision);
    await queueCancellationDeclinedMail(deps, tx, session, {
      requesterUserId: request.requestedByUserId,
      requesterRole: request.requesterRole,
      by: actor.viewer.user.name,
      reason: input.reason,
    });
    return viewOf(tx, actor, area, request.id, timeZone);
  });
}
