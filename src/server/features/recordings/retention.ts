/**
 * The workspace setting "delete recordings after N days" (workspace_policy.
 * recording_retention_days; null keeps them): deletes the recorded files older than that, in
 * every workspace that set it, with an audit entry on each student's record. Links are not
 * files held here and are kept. Run daily.
 *
 * The scan across workspaces runs on the owner connection naming itself (withLookup: it sees
 * recorded files and workspace policies, nothing else), oldest first through the partial
 * index session_recording_file_created_idx (every retention is at least a day, so nothing
 * younger than a day is read); each workspace's batch is then deleted inside withWorkspace,
 * re-checked against the policy as it is then, each stored file before its row.
 */
import { and, asc, eq, gt, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { sessionRecording, tutoringSession, workspacePolicy } from "../../db/schema.ts";
import { withLookup, withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { writeAudit } from "../../core/audit.ts";
import { describeTime } from "../../core/time.ts";
import { studentsOf } from "../sessions/index.ts";
import { readSettings } from "../../core/settings/index.ts";

const DAY_MS = 86_400_000;

/** Deletes every expired recorded file; one workspace's failure (its storage, say) is logged and the others go on. */
export async function deleteExpiredRecordings(
  deps: Pick<AppDeps, "db" | "recordings" | "logger" | "clock">,
  now = deps.clock.now(),
  batchSize = 500,
): Promise<{ deleted: number; failedWorkspaces: string[] }> {
  let deleted = 0;
  const failed = new Set<string>();
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const batch = await withLookup(deps.db, "app.scan", "recording-retention", (tx) =>
      tx
        .select({ organizationId: sessionRecording.organizationId, id: sessionRecording.id, createdAt: sessionRecording.createdAt })
        .from(sessionRecording)
        .innerJoin(workspacePolicy, eq(workspacePolicy.organizationId, sessionRecording.organizationId))
        .where(
          and(
            eq(sessionRecording.kind, "file"),
            lt(sessionRecording.createdAt, new Date(now.getTime() - DAY_MS)),
            isNotNull(workspacePolicy.recordingRetentionDays),
            sql`${sessionRecording.createdAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${workspacePolicy.recordingRetentionDays})`,
            after
              ? or(gt(sessionRecording.createdAt, after.createdAt), and(eq(sessionRecording.createdAt, after.createdAt), gt(sessionRecording.id, after.id)))
              : undefined,
          ),
        )
        .orderBy(asc(sessionRecording.createdAt), asc(sessionRecording.id))
        .limit(batchSize),
    );
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!;
    const byWorkspace = new Map<string, string[]>();
    for (const row of batch) byWorkspace.set(row.organizationId, [...(byWorkspace.get(row.organizationId) ?? []), row.id]);
    for (const [organizationId, ids] of byWorkspace) {
      if (failed.has(organizationId)) continue;
      try {
        deleted += await deleteInWorkspace(deps, organizationId, ids, now);
      } catch (error) {
        failed.add(organizationId);
        deps.logger.error({ err: error, organizationId }, "expired recordings not deleted");
      }
    }
    if (batch.length < batchSize) break;
  }
  if (deleted > 0) deps.logger.info({ deleted }, "expired recordings deleted");
  return { deleted, failedWorkspaces: [...failed] };
}

async function deleteInWorkspace(deps: Pick<AppDeps, "db" | "recordings">, organizationId: string, ids: string[], now: Date): Promise<number> {
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const days = (await readSettings(tx, organizationId, "sessions")).recordingRetentionDays;
    if (days === null) return 0;
    const rows = await tx
      .select({ recording: sessionRecording, session: tutoringSession })
      .from(sessionRecording)
      .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, sessionRecording.organizationId), eq(tutoringSession.id, sessionRecording.sessionId)))
      .where(
        and(
          eq(sessionRecording.organizationId, organizationId),
          inArray(sessionRecording.id, ids),
          eq(sessionRecording.kind, "file"),
          lt(sessionRecording.createdAt, new Date(now.getTime() - days * DAY_MS)),
        ),
      )
      .for("update", { of: sessionRecording });
    for (const { recording, session } of rows) {
      if (recording.storageKey) await deps.recordings.delete(recording.storageKey);
      await tx.delete(sessionRecording).where(and(eq(sessionRecording.organizationId, organizationId), eq(sessionRecording.id, recording.id)));
      const description = `A recording of the ${session.subject} session of ${describeTime(session.startsAt, session.endsAt, session.timeZone)} was deleted: the workspace keeps recordings ${days} days`;
      for (const studentId of await studentsOf(tx, organizationId, [session.id])) {
        await writeAudit(tx, {
          organizationId,
          userId: null,
          actorRole: null,
          action: "RECORDING_EXPIRED",
          studentId,
          description,
          metadata: { sessionId: session.id, recordingId: recording.id, retentionDays: days },
        });
      }
    }
    return rows.length;
  });
}

/**
 * Daily at 03:17 UTC. Safe when two instances overlap: each workspace's rows are locked and
 * re-read before deletion, and deleting a stored file twice is harmless. A workspace whose
 * files could not be deleted fails the run (pg-boss retries it) after the others are done.
 */
export const recordingRetentionJob = defineScheduledJob({
  name: "recording-retention",
  cron: "17 3 * * *",
  settings: { retryLimit: 3, retryDelaySeconds: 600, expireInSeconds: 3_600, deleteAfterSeconds: 7 * 86_400 },
  async run(deps) {
    const result = await deleteExpiredRecordings(deps);
    if (result.failedWorkspaces.length > 0)
      throw new Error(`Expired recordings of ${result.failedWorkspaces.length} workspace(s) could not be deleted (see the log).`);
  },
});
