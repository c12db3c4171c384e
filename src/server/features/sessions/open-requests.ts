/**
 * A session cancelled by its tutor or an admin closes its open cancellation requests: the
 * cancellation they asked for happened. Who cancelled and when are recorded as the decision.
 * (Accepting a request marks that one accepted first, then cancels through the same path.)
 */
import { and, eq, inArray } from "drizzle-orm";
import { cancellationRequest } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import type { Actor } from "../../core/audit.ts";

export async function closeOpenRequests(tx: Transaction, actor: Actor, sessionIds: string[], now: Date): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx
    .update(cancellationRequest)
    .set({ state: "closed", decidedByUserId: actor.viewer.user.id, decidedAt: now })
    .where(
      and(
        eq(cancellationRequest.organizationId, actor.viewer.organizationId),
        inArray(cancellationRequest.sessionId, sessionIds),
        eq(cancellationRequest.state, "requested"),
      ),
    );
}
