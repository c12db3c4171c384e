/**
 * Every background job of the app. bootApp creates a pg-boss queue for each; the server's
 * workers run them (README, "Background jobs", says what runs and how often: keep it in step).
 *
 * To add a job: define it next to its feature with defineQueue or defineScheduledJob
 * (./define.ts explains both) and append it here. A scheduled job's handler may run on any
 * instance and must claim its work in the database, as the session reminders do.
 */
import { hoursExpiryJob, billingDigestJob, overdueRemindersJob, ledgerVerificationQueue } from "../features/billing/index.ts";
import { autopayJob } from "../features/online-payments/index.ts";
import { sessionReminderJob } from "../features/session-mail/index.ts";
import { recordingRetentionJob } from "../features/recordings/index.ts";
import { alertDigestJob, healthDueJob, healthNightlyJob, healthRulesPreviewQueue, reportWatchJob } from "../features/student-health/index.ts";
import { crmTaskDigestJob, leadPurgeJob } from "../features/crm/index.ts";
import { acknowledgementReminderQueue, resourceTextQueue } from "../features/resources/index.ts";
import { exportCleanupJob, workspaceExportQueue } from "../features/workspace-export/index.ts";
import type { JobDefinition } from "./define.ts";
import { mailQueue } from "./mail.ts";

export const JOBS: readonly JobDefinition[] = [
  mailQueue,
  sessionReminderJob,
  recordingRetentionJob,
  hoursExpiryJob,
  billingDigestJob,
  overdueRemindersJob,
  ledgerVerificationQueue,
  autopayJob,
  healthDueJob,
  healthNightlyJob,
  alertDigestJob,
  reportWatchJob,
  healthRulesPreviewQueue,
  leadPurgeJob,
  crmTaskDigestJob,
  resourceTextQueue,
  acknowledgementReminderQueue,
  workspaceExportQueue,
  exportCleanupJob,
];
