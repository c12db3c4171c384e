/**
 * Cancelling a session, or "this and following" of its series: late when inside the
 * workspace's notice period, audited on its students, mailed to its people, and the sessions'
 * open cancellation requests closed. Accepting a family's request cancels through here too.
 */
import { and, eq } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import type { SessionBatch, SessionCancel } from "../../../shared/schemas/sessions.ts";
import type { Actor } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { describeTime } from "../../core/time.ts";
import { readSettings } from "../../core/settings/index.ts";
import { markHealthDue } from "../../core/health-due.ts";
import { tutoringSession } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict } from "../../lib/app-error.ts";
import { billSession } from "../billing/index.ts";
import { earnSession } from "../tutor-pay/index.ts";
import { queueSessionChangeMails } from "../session-mail/index.ts";
import { closeOpenRequests } from "./open-requests.ts";
import { canWrite } from "./policy.ts";
import { findVisible, sessionNotFound, type SessionRow, shape, studentsOf } from "./read-model.ts";
import { targetsOf } from "./series-changes.ts";
import { auditSessions } from "./session-audit.ts";

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
  const hours = (await readSettings(tx, organizationId, "sessions")).lateCancellationHours;
  const now = deps.clock.now();
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
    // A late cancellation is charged (or draws hours) at the policy's share; one in time, nothing.
    await billSession(tx, { organizationId, actorUserId: actor.viewer.user.id, now }, target.id);
    // The tutor is paid the late-cancellation share of the session's length; in time, nothing.
    await earnSession(tx, { organizationId, actorUserId: actor.viewer.user.id, now }, target.id);
  }
  // A late cancellation is a miss on the students' health cards; one in time lowers the minutes received.
  await markHealthDue(
    tx,
    organizationId,
    await studentsOf(
      tx,
      organizationId,
      targets.map((target) => target.id),
    ),
    now,
  );
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
