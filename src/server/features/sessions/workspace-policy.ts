/**
 * The admin setting of the workspace's session policies (read and change, audited); the
 * policies and their defaults are read with core/workspace-policy.ts.
 */
import type { SessionPolicy, SessionPolicyUpdate } from "../../../shared/schemas/sessions.ts";
import type { Database } from "../../db/client.ts";
import { workspacePolicy } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { readWorkspacePolicy } from "../../core/workspace-policy.ts";

export async function readSessionPolicy(db: Database, actor: Actor): Promise<SessionPolicy> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, (tx) => readWorkspacePolicy(tx, organizationId));
}

const describe = {
  lateCancellationHours: (value: number) => `late-cancellation notice ${value} hours`,
  reminderLeadHours: (value: number) => `reminders ${value} hours ahead`,
  summaryRequiresReview: (value: boolean) => (value ? "summaries reviewed by an admin before sharing" : "summaries shared without review"),
  recordingRetentionDays: (value: number | null) => (value === null ? "recordings kept" : `recordings deleted after ${value} days`),
} satisfies { [K in keyof SessionPolicy]: (value: SessionPolicy[K]) => string };

export async function updateSessionPolicy(db: Database, actor: Actor, input: SessionPolicyUpdate): Promise<SessionPolicy> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const before = await readWorkspacePolicy(tx, organizationId);
    const after: SessionPolicy = { ...before, ...input };
    await tx
      .insert(workspacePolicy)
      .values({ organizationId, ...after })
      .onConflictDoUpdate({ target: workspacePolicy.organizationId, set: { ...after, updatedAt: new Date() } });
    const changed = (Object.keys(input) as (keyof SessionPolicy)[]).filter((key) => before[key] !== after[key]);
    const changes = changed.map((key) => (describe[key] as (value: unknown) => string)(after[key]));
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: "SESSION_POLICY_CHANGED",
      description:
        changes.length > 0 ? `${actor.viewer.user.name} set ${changes.join(", ")}` : `${actor.viewer.user.name} saved the session policies unchanged`,
      ipAddress: actor.ipAddress,
      metadata: { changed, previous: Object.fromEntries(changed.map((key) => [key, before[key]])) },
    });
    return after;
  });
}
