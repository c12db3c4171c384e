/**
 * A parent or student asks to cancel a session of their children or their own, with a reason:
 * audited on their own students, mailed to the tutor (queued in the transaction).
 */
import { and, eq } from "drizzle-orm";
import type { FamilyArea } from "../../../shared/roles.ts";
import type { CancellationRequestView } from "../../../shared/schemas/cancellation-requests.ts";
import type { CancellationRequest } from "../../../shared/schemas/sessions.ts";
import type { Actor } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { describeTime } from "../../core/time.ts";
import { cancellationRequest, sessionStudent, student } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict } from "../../lib/app-error.ts";
import { queueCancellationRequestedMails } from "../session-mail/index.ts";
import { shapeRequests } from "./cancellation-request-reads.ts";
import { shownStudents } from "./policy.ts";
import { findVisible, workspaceZone } from "./read-model.ts";
import { auditSessions } from "./session-audit.ts";

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
    if (row.endsAt.getTime() <= deps.clock.now().getTime()) throw conflict("This session is over; it can no longer be cancelled.");
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
