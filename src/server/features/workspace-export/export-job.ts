/**
 * The workspace export job. An admin's request (requests.ts) writes a queued workspace_export
 * row and queues this job in the same transaction; the job:
 *
 * 1. claims the row (queued → running, with started_at) in one UPDATE: a second delivery of
 *    the same job finds it running and builds nothing. A run that pg-boss gave up on (its
 *    process stopped, or it ran past the queue's expiry) is taken over by the retry, whose
 *    claim finds it running since longer than that;
 * 2. builds the archive in a folder of its own under the system's temporary folder (removed
 *    whatever happens) and stores it in the exports store with its length (Storage.put wants
 *    it first) under a key of this run's own;
 * 3. marks the row ready, with its size and a download until a day later, and mails the admin
 *    who asked, in one transaction (core/notify.ts). A run that lost its claim meanwhile
 *    deletes its own archive and leaves the row to the run that took over.
 *
 * On failure the row is failed with a reason in words, whatever was stored is deleted, and the
 * admin is mailed. The failure is recorded at once rather than after pg-boss's retries: the
 * admin asks again. Nothing is ever half-written: the row says ready only once the whole
 * archive is stored.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, lte, or } from "drizzle-orm";
import { formatBytes } from "../../../shared/schemas/recordings.ts";
import { EXPORT_DOWNLOAD_HOURS } from "../../../shared/schemas/workspace-export.ts";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { workspaceExport } from "../../db/resources-schema.ts";
import { organization, user } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineQueue } from "../../jobs/define.ts";
import { mails } from "../../mail/templates.ts";
import { buildArchive } from "./build-archive.ts";
import { archiveKeyOf, describeInstant } from "./names.ts";
import { ArchiveTooLarge, MAX_ARCHIVE_BYTES } from "./zip-writer.ts";

export interface WorkspaceExportJob {
  organizationId: string;
  exportId: string;
}

/** A run still going after this long is given up by pg-boss, and its retry takes the export over. */
export const RUN_EXPIRY_SECONDS = 3_600;
const DOWNLOAD_MS = EXPORT_DOWNLOAD_HOURS * 3_600_000;
/** Where the mail sends the admin: the System screen's export part (the archive's own URL needs a signed-in admin too). */
export const EXPORT_SCREEN_PATH = "/admin/system?tab=export";

export const workspaceExportQueue = defineQueue<WorkspaceExportJob>({
  name: "workspace-export",
  // notify: the admin watches the screen for it.
  settings: { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: RUN_EXPIRY_SECONDS, deleteAfterSeconds: 7 * 86_400, notify: true },
  // Each run reads a whole workspace and writes a file of up to 4 GiB: one at a time per instance.
  concurrency: 1,
  work: runWorkspaceExport,
});

type Deps = Pick<AppDeps, "db" | "jobs" | "clock" | "logger" | "config" | "exports" | "recordings" | "resources">;

interface Claim {
  startedAt: Date;
  requestedBy: { name: string; email: string } | null;
  workspaceName: string;
}

/** Why an export failed, as the admin reads it (the error itself goes to the log). */
function failureReason(error: unknown): string {
  if (error instanceof ArchiveTooLarge)
    return `${error.message.replace(/\.$/, "")}, the most one zip file made by Glassroom can hold (recordings are usually most of it). Contact support to export a workspace this large.`;
  return "something went wrong while building the archive. Ask for a new export; if it fails again, contact support.";
}

async function claim(deps: Deps, { organizationId, exportId }: WorkspaceExportJob, now: Date): Promise<Claim | null> {
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const givenUpBefore = new Date(now.getTime() - RUN_EXPIRY_SECONDS * 1000);
    const [claimed] = await tx
      .update(workspaceExport)
      .set({ status: "running", startedAt: now })
      .where(
        and(
          eq(workspaceExport.organizationId, organizationId),
          eq(workspaceExport.id, exportId),
          or(eq(workspaceExport.status, "queued"), and(eq(workspaceExport.status, "running"), lte(workspaceExport.startedAt, givenUpBefore))),
        ),
      )
      .returning({ requestedByUserId: workspaceExport.requestedByUserId });
    if (!claimed) return null;
    const [requester] = claimed.requestedByUserId
      ? await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, claimed.requestedByUserId))
      : [];
    const [workspace] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));
    return { startedAt: now, requestedBy: requester ?? null, workspaceName: workspace!.name };
  });
}

/** The condition of this run's row: still running under this run's claim. */
const stillOurs = ({ organizationId, exportId }: WorkspaceExportJob, claimed: Claim) =>
  and(
    eq(workspaceExport.organizationId, organizationId),
    eq(workspaceExport.id, exportId),
    eq(workspaceExport.status, "running"),
    eq(workspaceExport.startedAt, claimed.startedAt),
  );

/** Marks the export ready and mails the admin who asked; false when the run lost its claim. */
async function markReady(deps: Deps, job: WorkspaceExportJob, claimed: Claim, storageKey: string, sizeBytes: number): Promise<boolean> {
  const finishedAt = deps.clock.now();
  const expiresAt = new Date(finishedAt.getTime() + DOWNLOAD_MS);
  return withWorkspace(deps.db, job.organizationId, async (tx) => {
    const [ready] = await tx
      .update(workspaceExport)
      .set({ status: "ready", storageKey, sizeBytes, finishedAt, expiresAt, error: null })
      .where(stillOurs(job, claimed))
      .returning({ id: workspaceExport.id });
    if (!ready) return false;
    if (claimed.requestedBy) {
      const [workspace] = await tx.select({ timeZone: organization.timeZone }).from(organization).where(eq(organization.id, job.organizationId));
      await notify(
        deps.jobs,
        tx,
        mails.workspaceExportReady({
          to: claimed.requestedBy.email,
          name: claimed.requestedBy.name,
          workspace: claimed.workspaceName,
          size: formatBytes(sizeBytes),
          until: describeInstant(expiresAt, workspace!.timeZone),
          url: `${deps.config.appUrl}${EXPORT_SCREEN_PATH}`,
        }),
      );
    }
    return true;
  });
}

async function markFailed(deps: Deps, job: WorkspaceExportJob, claimed: Claim, reason: string): Promise<void> {
  await withWorkspace(deps.db, job.organizationId, async (tx) => {
    const [failed] = await tx
      .update(workspaceExport)
      .set({ status: "failed", error: `The export failed: ${reason}`, finishedAt: deps.clock.now(), storageKey: null, sizeBytes: null })
      .where(stillOurs(job, claimed))
      .returning({ id: workspaceExport.id });
    if (!failed || !claimed.requestedBy) return;
    await notify(
      deps.jobs,
      tx,
      mails.workspaceExportFailed({
        to: claimed.requestedBy.email,
        name: claimed.requestedBy.name,
        workspace: claimed.workspaceName,
        reason,
        url: `${deps.config.appUrl}${EXPORT_SCREEN_PATH}`,
      }),
    );
  });
}

/** Builds, stores and records one export (see the file's comment). */
export async function runWorkspaceExport(deps: Deps, job: WorkspaceExportJob): Promise<void> {
  const claimed = await claim(deps, job, deps.clock.now());
  if (!claimed) return;
  const storageKey = archiveKeyOf(job.organizationId, job.exportId, claimed.startedAt);
  let folder: string | undefined;
  try {
    folder = await mkdtemp(path.join(os.tmpdir(), "glassroom-export-"));
    const file = path.join(folder, "archive.zip");
    const built = await buildArchive(deps, { ...job, madeAt: claimed.startedAt, requestedBy: claimed.requestedBy, file, maxBytes: MAX_ARCHIVE_BYTES });
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    await deps.exports.put(storageKey, body, { length: built.size, maxBytes: MAX_ARCHIVE_BYTES, contentType: "application/zip" });
    if (!(await markReady(deps, job, claimed, storageKey, built.size))) {
      deps.logger.warn(job, "workspace export: another run took the export over; this run's archive is deleted");
      await deps.exports.delete(storageKey);
    }
  } catch (error) {
    deps.logger.error({ err: error, ...job }, "workspace export failed");
    await deps.exports
      .delete(storageKey)
      .catch((cleanup: unknown) => deps.logger.error({ err: cleanup, storageKey }, "workspace export: archive left in storage"));
    // Should this write fail too, the job throws; the cleanup job fails the export once it has run too long.
    await markFailed(deps, job, claimed, failureReason(error));
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
