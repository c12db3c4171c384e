/**
 * Names the export gives things: files inside the archive (made from titles people typed, so
 * they must not carry a path), the archive in storage, the file a browser saves, and the
 * moments its README, mails and answers speak of.
 */
import { asciiSlug } from "../../lib/content-disposition.ts";
import { describeDay, localTimeOf } from "../../core/time.ts";

/**
 * A title or file name as one safe path segment: no folder separators or characters that
 * Windows refuses, no control characters, no leading or trailing dots and spaces (so never "."
 * or ".."), at most 100 characters; `fallback` when nothing is left.
 */
export function safeFileName(text: string, fallback: string): string {
  const cleaned = text
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[. ]+|[. ]+$/g, "");
  const short = [...cleaned]
    .slice(0, 100)
    .join("")
    .replace(/[. ]+$/, "");
  return short || fallback;
}

/**
 * Where an archive is kept in the exports store: one folder per workspace, one object per run
 * of the job (a run that lost its claim never touches the archive of the run that took over).
 */
export const archiveKeyOf = (organizationId: string, exportId: string, startedAt: Date) => `${organizationId}/${exportId}-${startedAt.getTime()}.zip`;

/** The download's file name: glassroom-export-<workspace slug>-<the day it was made, in the workspace's zone>.zip. */
export function downloadFileName(workspaceSlug: string, madeAt: Date, timeZone: string): string {
  return `glassroom-export-${asciiSlug(workspaceSlug) || "workspace"}-${localTimeOf(madeAt, timeZone).date}.zip`;
}

/** A moment in the workspace's zone, as the README, the mails and the answers name it: "Tue 20 Oct 2026, 17:05 (Europe/London)". */
export const describeInstant = (at: Date, timeZone: string) => `${describeDay(at, timeZone)}, ${localTimeOf(at, timeZone).time} (${timeZone})`;
