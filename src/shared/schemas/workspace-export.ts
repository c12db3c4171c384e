/**
 * The full workspace export: an admin asks for it, a job builds one zip of every table of the
 * workspace (CSV and JSON) and its files, and the archive can be downloaded for a day.
 */
import { z } from "zod";

/** How long an archive can be downloaded once it is ready. */
export const EXPORT_DOWNLOAD_HOURS = 24;

/**
 * queued: asked for, waiting for the job; running: being built; ready: downloadable until
 * expiresAt; expired: ready once, its archive deleted (or about to be); failed: not built, see
 * the error.
 */
export const WORKSPACE_EXPORT_STATES = ["queued", "running", "ready", "expired", "failed"] as const;
export type WorkspaceExportState = (typeof WORKSPACE_EXPORT_STATES)[number];

export const workspaceExportSchema = z.object({
  id: z.string(),
  status: z.enum(WORKSPACE_EXPORT_STATES),
  requestedByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The archive's size in bytes, once built. */
  sizeBytes: z.number().int().nullable(),
  /** Why it failed, in words (failed only). */
  error: z.string().nullable(),
  /** Until when the archive can be downloaded (ready and expired). */
  expiresAt: z.string().nullable(),
  /** The archive's address while it is ready and not expired; it works for a signed-in admin of the workspace only. */
  downloadUrl: z.string().nullable(),
});
export type WorkspaceExport = z.infer<typeof workspaceExportSchema>;

export const workspaceExportListSchema = z.object({
  items: z.array(workspaceExportSchema),
  /** Whether an export is queued or running: a new one cannot be asked for until it ends. */
  inProgress: z.boolean(),
});
export type WorkspaceExportList = z.infer<typeof workspaceExportListSchema>;

/** An export's id in a path: anything but a record id answers 404, as a record that is not there. */
export const workspaceExportParams = z.object({ exportId: z.string().min(1).max(100) });
