/**
 * An admin's side of the workspace export: ask for one (a queued row and its job in one
 * transaction, one export of a workspace at a time), list the recent ones, and download an
 * archive while it is ready. Asking and each download are audited.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { WorkspaceExport, WorkspaceExportList } from "../../../shared/schemas/workspace-export.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { workspaceExport } from "../../db/resources-schema.ts";
import { organization, user } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { AppError, conflict, notFound } from "../../lib/app-error.ts";
import { ObjectNotFound, type StoredObject } from "../../storage/storage.ts";
import { workspaceExportQueue } from "./export-job.ts";
import { describeInstant, downloadFileName } from "./names.ts";

/** How many exports the list shows, newest first. */
export const RECENT_EXPORTS = 20;

type ExportRow = typeof workspaceExport.$inferSelect;

const fileUrlOf = (exportId: string) => `/api/admin/system/exports/${exportId}/file`;
const exportNotFound = () => notFound("The export");

function shape(row: ExportRow, requestedByName: string | null, now: Date): WorkspaceExport {
  const expired = row.status === "ready" && row.expiresAt !== null && row.expiresAt <= now;
  const status = expired ? "expired" : row.status;
  return {
    id: row.id,
    status,
    requestedByName,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    error: status === "failed" ? row.error : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: status === "ready" ? fileUrlOf(row.id) : null,
  };
}

/** The workspace's newest exports with who asked for each, newest first (workspace_export_created_idx). */
export function recentExportsQuery(db: Queryable, organizationId: string) {
  return db
    .select({ row: workspaceExport, requestedByName: user.name })
    .from(workspaceExport)
    .leftJoin(user, eq(user.id, workspaceExport.requestedByUserId))
    .where(eq(workspaceExport.organizationId, organizationId))
    .orderBy(desc(workspaceExport.createdAt), desc(workspaceExport.id))
    .limit(RECENT_EXPORTS);
}

/** GET /admin/system/exports. */
export async function listExports(deps: Pick<AppDeps, "db">, actor: Actor, now: Date): Promise<WorkspaceExportList> {
  const rows = await withWorkspace(deps.db, actor.viewer.organizationId, (tx) => recentExportsQuery(tx, actor.viewer.organizationId));
  const items = rows.map(({ row, requestedByName }) => shape(row, requestedByName, now));
  return { items, inProgress: items.some((item) => item.status === "queued" || item.status === "running") };
}

/** An export of the workspace that is queued or running, if there is one: a new one waits until it has ended. */
export function exportInProgressQuery(db: Queryable, organizationId: string) {
  return db
    .select({ id: workspaceExport.id })
    .from(workspaceExport)
    .where(and(eq(workspaceExport.organizationId, organizationId), inArray(workspaceExport.status, ["queued", "running"])))
    .limit(1);
}

/**
 * POST /admin/system/exports: queues a full export of the workspace, unless one is queued or
 * running (409). The workspace's export lock makes two requests at the same moment wait for
 * each other, so the second sees the first's row.
 */
export async function requestExport(deps: Pick<AppDeps, "db" | "jobs">, actor: Actor, now: Date): Promise<WorkspaceExport> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`workspace-export:${organizationId}`}, 0))`);
    const [busy] = await exportInProgressQuery(tx, organizationId);
    if (busy)
      throw conflict("An export of this workspace is already being made. Wait until it is ready (it is mailed to whoever asked for it), then ask again.");
    const [row] = await tx
      .insert(workspaceExport)
      .values({ organizationId, id: randomUUID(), status: "queued", requestedByUserId: actor.viewer.user.id, createdAt: now })
      .returning();
    await deps.jobs.send(tx, workspaceExportQueue, { organizationId, exportId: row!.id });
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: "WORKSPACE_EXPORT_REQUESTED",
      description: `${actor.viewer.user.name} asked for a full export of the workspace`,
      ipAddress: actor.ipAddress,
      metadata: { exportId: row!.id },
    });
    return shape(row!, actor.viewer.user.name, now);
  });
}

export interface ExportDownload {
  object: StoredObject;
  headers: Record<string, string>;
}

/**
 * GET /admin/system/exports/{exportId}/file: the archive while it is ready, audited once per
 * download (a HEAD request reads nothing and is not). 404 for an id that names no ready export
 * of the workspace, 410 once its download expired.
 */
export async function openExportFile(
  deps: Pick<AppDeps, "db" | "exports" | "logger">,
  actor: Actor,
  exportId: string,
  request: { headOnly: boolean },
  now: Date,
): Promise<ExportDownload> {
  if (!isRecordId(exportId)) throw exportNotFound();
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const [found] = await tx
      .select({ row: workspaceExport, slug: organization.slug, timeZone: organization.timeZone })
      .from(workspaceExport)
      .innerJoin(organization, eq(organization.id, workspaceExport.organizationId))
      .where(and(eq(workspaceExport.organizationId, organizationId), eq(workspaceExport.id, exportId)));
    if (!found) throw exportNotFound();
    const { row } = found;
    if (row.status !== "ready" || !row.storageKey || !row.expiresAt || !row.finishedAt)
      throw new AppError("NOT_FOUND", 404, "This export has no archive to download: it is still being made, or it failed.");
    if (row.expiresAt <= now)
      throw new AppError(
        "GONE",
        410,
        `This export's download expired on ${describeInstant(row.expiresAt, found.timeZone)} and its archive was deleted. Ask for a new export in System.`,
      );
    // Audited first: should the archive be missing, the error rolls the entry back with the transaction.
    if (!request.headOnly)
      await writeAudit(tx, {
        organizationId,
        userId: actor.viewer.user.id,
        actorRole: actor.viewer.role,
        action: "WORKSPACE_EXPORT_DOWNLOADED",
        description: `${actor.viewer.user.name} downloaded the full export of the workspace made ${describeInstant(row.finishedAt, found.timeZone)}`,
        ipAddress: actor.ipAddress,
        metadata: { exportId },
      });
    let object: StoredObject;
    try {
      object = await deps.exports.get(row.storageKey);
    } catch (error) {
      if (!(error instanceof ObjectNotFound)) throw error;
      deps.logger.error({ organizationId, exportId, key: row.storageKey }, "workspace export archive missing from storage");
      throw new AppError("NOT_FOUND", 404, "This export's archive is missing from storage. Ask for a new export in System.");
    }
    return {
      object,
      headers: {
        "content-type": "application/zip",
        "content-length": String(object.length),
        "content-disposition": `attachment; filename="${downloadFileName(found.slug, row.finishedAt, found.timeZone)}"`,
        // Every record of the workspace: never for a shared cache, nor kept by a shared computer's browser.
        "cache-control": "private, no-store",
      },
    };
  });
}
