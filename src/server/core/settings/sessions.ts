/**
 * The workspace's session settings: the late-cancellation notice, the reminder lead time,
 * whether family summaries wait for an admin's review, and how long recordings are kept.
 * Sessions, their mails, reports and recordings all follow them.
 */
import { eq } from "drizzle-orm";
import type { SessionSettings } from "../../../shared/schemas/sessions.ts";
import { workspacePolicy } from "../../db/schema.ts";
import { defineSettingsSection } from "./section.ts";

export const SESSION_SETTINGS_DEFAULTS: SessionSettings = {
  lateCancellationHours: 24,
  reminderLeadHours: 24,
  summaryRequiresReview: false,
  recordingRetentionDays: null,
};

export const sessionSettings = defineSettingsSection<SessionSettings>({
  title: "the session policies",
  defaults: SESSION_SETTINGS_DEFAULTS,
  async load(tx, organizationId) {
    const [row] = await tx
      .select({
        lateCancellationHours: workspacePolicy.lateCancellationHours,
        reminderLeadHours: workspacePolicy.reminderLeadHours,
        summaryRequiresReview: workspacePolicy.summaryRequiresReview,
        recordingRetentionDays: workspacePolicy.recordingRetentionDays,
      })
      .from(workspacePolicy)
      .where(eq(workspacePolicy.organizationId, organizationId));
    return row;
  },
  async save(tx, organizationId, values, now) {
    await tx
      .insert(workspacePolicy)
      .values({ organizationId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: workspacePolicy.organizationId, set: { ...values, updatedAt: now } });
  },
  describe: {
    lateCancellationHours: (value) => `late-cancellation notice ${value} hours`,
    reminderLeadHours: (value) => `reminders ${value} hours ahead`,
    summaryRequiresReview: (value) => (value ? "summaries reviewed by an admin before sharing" : "summaries shared without review"),
    recordingRetentionDays: (value) => (value === null ? "recordings kept" : `recordings deleted after ${value} days`),
  },
  auditAction: "SESSION_POLICY_CHANGED",
});
