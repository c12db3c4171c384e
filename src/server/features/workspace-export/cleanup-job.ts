/**
 * The exports' hourly clean-up, workspace by workspace (workspace_export has no policy for a
 * scan across workspaces):
 *
 * - an archive whose download expired is deleted from the exports store. The row stays, as the
 *   history of who exported what and when; it is claimed with FOR UPDATE SKIP LOCKED and marked
 *   in the transaction that deletes the object, so two instances never both handle it and a
 *   failed deletion is tried again next hour. archive_deleted_at says it is done.
 * - an export still queued or running long after every run of its job must have ended (a
 *   process stopped twice, the database away when it failed) is marked failed, and an archive
 *   a run stored before it stopped is deleted: otherwise it would hold the workspace's next
 *   export back (one at a time) for ever.
 */
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { workspaceExport } from "../../db/resources-schema.ts";
import { organization } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { RUN_EXPIRY_SECONDS } from "./export-job.ts";
import { archiveKeyOf } from "./names.ts";

/** Longer than a run and its retry can take (each given up after RUN_EXPIRY_SECONDS). */
export const ABANDONED_AFTER_MS = 6 * RUN_EXPIRY_SECONDS * 1000;
export const ABANDONED_ERROR = "The export failed: it did not finish (the server may have restarted while building it). Ask for a new export.";
/** Archives deleted per transaction. */
const BATCH = 100;

type Deps = Pick<AppDeps, "db" | "exports" | "clock" | "logger">;

export const exportCleanupJob = defineScheduledJob({
  name: "workspace-export-cleanup",
  cron: "29 * * * *",
  settings: { retryLimit: 0, expireInSeconds: 1_800, deleteAfterSeconds: 7 * 86_400 },
  async run(deps) {
    const result = await cleanUpExports(deps);
    if (result.deleted > 0 || result.abandoned > 0) deps.logger.info(result, "workspace exports cleaned up");
  },
});

async function deleteExpiredArchives(deps: Deps, organizationId: string, now: Date): Promise<number> {
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const expired = await tx
      .select({ id: workspaceExport.id, storageKey: workspaceExport.storageKey })
      .from(workspaceExport)
      .where(
        and(
          eq(workspaceExport.organizationId, organizationId),
          eq(workspaceExport.status, "ready"),
          lte(workspaceExport.expiresAt, now),
          isNull(workspaceExport.archiveDeletedAt),
        ),
      )
      .orderBy(asc(workspaceExport.expiresAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const row of expired) await deps.exports.delete(row.storageKey!);
    if (expired.length > 0)
      await tx
        .update(workspaceExport)
        .set({ archiveDeletedAt: now })
        .where(
          and(
            eq(workspaceExport.organizationId, organizationId),
            inArray(
              workspaceExport.id,
              expired.map((row) => row.id),
            ),
          ),
        );
    return expired.length;
  });
}

async function failAbandonedExports(deps: Deps, organizationId: string, now: Date): Promise<number> {
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const abandoned = await tx
      .update(workspaceExport)
      .set({ status: "failed", error: ABANDONED_ERROR, finishedAt: now })
      .where(
        and(
          eq(workspaceExport.organizationId, organizationId),
          inArray(workspaceExport.status, ["queued", "running"]),
          lte(workspaceExport.createdAt, new Date(now.getTime() - ABANDONED_AFTER_MS)),
        ),
      )
      .returning({ id: workspaceExport.id, startedAt: workspaceExport.startedAt });
    for (const row of abandoned) if (row.startedAt) await deps.exports.delete(archiveKeyOf(organizationId, row.id, row.startedAt));
    return abandoned.length;
  });
}

/** Deletes expired archives and fails abandoned exports in every workspace (see the file's comment). */
export async function cleanUpExports(deps: Deps): Promise<{ deleted: number; abandoned: number }> {
  const now = deps.clock.now();
  // The owner reads every workspace (organization is an identity table).
  const workspaces = await deps.db.select({ id: organization.id }).from(organization).orderBy(asc(organization.createdAt));
  let deleted = 0;
  let abandoned = 0;
  for (const workspace of workspaces) {
    try {
      for (;;) {
        const batch = await deleteExpiredArchives(deps, workspace.id, now);
        deleted += batch;
        if (batch < BATCH) break;
      }
      abandoned += await failAbandonedExports(deps, workspace.id, now);
    } catch (error) {
      // This workspace's are tried again next hour; the others go on.
      deps.logger.error({ err: error, organizationId: workspace.id }, "workspace exports not cleaned up");
    }
  }
  return { deleted, abandoned };
}
