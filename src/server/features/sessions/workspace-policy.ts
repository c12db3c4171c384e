/**
 * The workspace's session policies (workspace_policy): late-cancellation notice, reminder lead
 * time, whether family summaries need an admin's review, and how long recordings are kept.
 * A workspace without a row has the defaults.
 */
import type { SessionPolicy, SessionPolicyUpdate } from "../../../shared/schemas/sessions.ts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { workspacePolicy } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { writeAudit } from "../audit/service.ts";
import type { Actor } from "../students/audit.ts";

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  lateCancellationHours: 24,
  reminderLeadHours: 24,
  summaryRequiresReview: false,
  recordingRetentionDays: null,
};

export async function readWorkspacePolicy(tx: Queryable, organizationId: string): Promise<SessionPolicy> {
  const [row] = await tx
    .select({
      lateCancellationHours: workspacePolicy.lateCancellationHours,
      reminderLeadHours: workspacePolicy.reminderLeadHours,
      summaryRequiresReview: workspacePolicy.summaryRequiresReview,
      recordingRetentionDays: workspacePolicy.recordingRetentionDays,
    })
    .from(workspacePolicy)
    .where(eq(workspacePolicy.organizationId, organizationId));
  return row ?? DEFAULT_SESSION_POLICY;
}

export async function readSessionPolicy(db: Database, actor: Actor): Promise<SessionPolicy> {
  const organizationId = actor.viewer.organizationId!;
  return withWorkspace(db, organizationId, (tx) => readWorkspacePolicy(tx, organizationId));
}

const describe = {
  lateCancellationHours: (value: number) => `late-cancellation notice ${value} hours`,
  reminderLeadHours: (value: number) => `reminders ${value} hours ahead`,
  summaryRequiresReview: (value: boolean) => (value ? "summaries reviewed by an admin before sharing" : "summaries shared without review"),
  recordingRetentionDays: (value: number | null) => (value === null ? "recordings kept" : `recordings deleted after ${value} days`),
} satisfies { [K in keyof SessionPolicy]: (value: SessionPolicy[K]) => string };

export async function updateSessionPolicy(db: Database, actor: Actor, input: SessionPolicyUpdate): Promise<SessionPolicy> {
  const organizationId = actor.viewer.organizationId!;
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
      description: changes.length > 0 ? `${actor.viewer.user.name} set ${changes.join(", ")}` : `${actor.viewer.user.name} saved the session policies unchanged`,
      ipAddress: actor.ipAddress,
      metadata: { changed, previous: Object.fromEntries(changed.map((key) => [key, before[key]])) },
    });
    return after;
  });
}
