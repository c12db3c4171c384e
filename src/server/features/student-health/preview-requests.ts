/**
 * Asking for a preview of proposed health rules and reading it. The request writes a queued
 * health_rules_preview row and queues the preview job (preview-job.ts) in one transaction, so
 * the job exists exactly when the row does; the screen then polls the row until the job has
 * written it done or failed. Previews are working copies: the workspace's older than a day go
 * when the next is asked for.
 */
import { randomUUID } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import type { HealthRulesPreviewQueued, HealthRulesPreviewState } from "../../../shared/schemas/student-health-preview.ts";
import type { HealthRules } from "../../../shared/schemas/student-health.ts";
import type { Actor } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { healthRulesPreview } from "../../db/health-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";
import { healthRulesPreviewQueue } from "./preview-job.ts";

/** How long a preview is kept once asked for. */
const KEEP_MS = 24 * 3_600_000;

/** POST /admin/health/rules/preview: queues the scoring of every active student under these rules. */
export async function requestHealthRulesPreview(
  deps: Pick<AppDeps, "db" | "jobs">,
  actor: Actor,
  rules: HealthRules,
  now: Date,
): Promise<HealthRulesPreviewQueued> {
  const organizationId = actor.viewer.organizationId;
  const id = randomUUID();
  await withWorkspace(deps.db, organizationId, async (tx) => {
    await tx
      .delete(healthRulesPreview)
      .where(and(eq(healthRulesPreview.organizationId, organizationId), lt(healthRulesPreview.requestedAt, new Date(now.getTime() - KEEP_MS))));
    await tx.insert(healthRulesPreview).values({ organizationId, id, rules, status: "queued", requestedByUserId: actor.viewer.user.id, requestedAt: now });
    await deps.jobs.send(tx, healthRulesPreviewQueue, { organizationId, previewId: id });
  });
  return { id, status: "queued", requestedAt: now.toISOString() };
}

/** GET /admin/health/rules/previews/{previewId}: the preview's state; 404 for one that is not the workspace's (or was deleted). */
export async function viewHealthRulesPreview(deps: Pick<AppDeps, "db">, actor: Actor, previewId: string): Promise<HealthRulesPreviewState> {
  if (!isRecordId(previewId)) throw notFound("The preview");
  const organizationId = actor.viewer.organizationId;
  const [row] = await withWorkspace(deps.db, organizationId, (tx) =>
    tx
      .select()
      .from(healthRulesPreview)
      .where(and(eq(healthRulesPreview.organizationId, organizationId), eq(healthRulesPreview.id, previewId))),
  );
  if (!row) throw notFound("The preview");
  return {
    id: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ...(row.result ? { result: row.result } : {}),
    ...(row.status === "failed" ? { error: row.error ?? "The preview could not be completed." } : {}),
  };
}
