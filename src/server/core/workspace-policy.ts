/**
 * The workspace's session policies (workspace_policy): late-cancellation notice, reminder lead
 * time, whether family summaries need an admin's review, and how long recordings are kept.
 * A workspace without a row has the defaults. Sessions, their mails, reports and recordings
 * all follow them; the admin setting itself is the sessions feature's.
 */
import { eq } from "drizzle-orm";
import type { SessionPolicy } from "../../shared/schemas/sessions.ts";
import { workspacePolicy } from "../db/schema.ts";
import type { Queryable } from "../db/tenant.ts";

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
