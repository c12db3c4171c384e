/**
 * The health rules preview job: an admin's request (preview-requests.ts) writes a queued
 * health_rules_preview row and queues this job in the same transaction; the job scores every
 * active student under the proposed rules (previewHealthRules, read-only) and writes the row
 * done with the result, or failed with the reason in plain words.
 *
 * A run that throws while scoring records the failure at once rather than leaving the admin's
 * screen waiting through pg-boss's retries: the admin previews again. Retries are for a run
 * that never finished (its process stopped, or it expired): the row is still queued, and the
 * retry scores it. A row already done is left as it is, and a failure never overwrites a result,
 * so two runs of one job (an expired run still going beside its retry) agree.
 */
import { and, eq, ne } from "drizzle-orm";
import type { HealthRulesPreview } from "../../../shared/schemas/student-health-preview.ts";
import type { AppDeps } from "../../core/context.ts";
import { healthRulesPreview } from "../../db/health-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineQueue } from "../../jobs/define.ts";
import { previewHealthRules } from "./preview.ts";

export interface HealthRulesPreviewJob {
  organizationId: string;
  previewId: string;
}

/** What the admin reads when scoring failed; the error itself goes to the log. */
export const PREVIEW_FAILED_MESSAGE = "The preview could not be completed: scoring the students failed. Preview again; if it keeps failing, contact support.";

export const healthRulesPreviewQueue = defineQueue<HealthRulesPreviewJob>({
  name: "student-health-rules-preview",
  // 100,000 students take under a minute; a run still going after ten is given up and retried.
  // notify: an admin waits at the screen for it.
  settings: { retryLimit: 2, retryDelaySeconds: 5, expireInSeconds: 600, deleteAfterSeconds: 86_400, notify: true },
  // Each run reads a whole workspace: two at a time per instance, so that previews do not take every database connection.
  concurrency: 2,
  work: runHealthRulesPreview,
});

/** Scores the preview's rules and writes the outcome on its row; a row gone (deleted as old) or done is skipped. */
export async function runHealthRulesPreview(
  deps: Pick<AppDeps, "db" | "clock" | "logger">,
  { organizationId, previewId }: HealthRulesPreviewJob,
): Promise<void> {
  const [row] = await withWorkspace(deps.db, organizationId, (tx) =>
    tx
      .select({ status: healthRulesPreview.status, rules: healthRulesPreview.rules })
      .from(healthRulesPreview)
      .where(and(eq(healthRulesPreview.organizationId, organizationId), eq(healthRulesPreview.id, previewId))),
  );
  if (!row || row.status === "done") return;
  const notDone = and(eq(healthRulesPreview.organizationId, organizationId), eq(healthRulesPreview.id, previewId), ne(healthRulesPreview.status, "done"));
  let result: HealthRulesPreview;
  try {
    result = await previewHealthRules(deps.db, organizationId, row.rules, deps.clock.now());
  } catch (error) {
    deps.logger.error({ err: error, organizationId, previewId }, "health rules preview failed");
    // Should this write fail too, the job throws and pg-boss retries the whole run.
    await withWorkspace(deps.db, organizationId, (tx) =>
      tx.update(healthRulesPreview).set({ status: "failed", result: null, error: PREVIEW_FAILED_MESSAGE, finishedAt: deps.clock.now() }).where(notDone),
    );
    return;
  }
  await withWorkspace(deps.db, organizationId, (tx) =>
    tx.update(healthRulesPreview).set({ status: "done", result, error: null, finishedAt: deps.clock.now() }).where(notDone),
  );
}
