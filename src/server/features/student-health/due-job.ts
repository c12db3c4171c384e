/**
 * The health due job: every minute, the students whose card waits to be recomputed
 * (student_health_due, marked by the change that moved an input, or by the nightly job) are
 * scored, workspace by workspace, in batches.
 *
 * Each batch is claimed with FOR UPDATE SKIP LOCKED inside the transaction that recomputes it
 * and deletes its due rows: a second run at the same time (another app instance) skips the rows
 * held and takes others, and finds the first run's rows gone once it commits. A student is
 * thus computed once per mark, however many instances run the job. A run that fails leaves its
 * batch due for the next minute.
 */
import { asc, eq } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { studentHealthDue } from "../../db/health-schema.ts";
import { withLookup, withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { recomputeWithin } from "./recompute.ts";

/** Students claimed and scored per transaction; a larger backlog carries on in the same run, up to MAX_PER_RUN. */
const BATCH = 100;
const MAX_PER_RUN = 5_000;

export const healthDueJob = defineScheduledJob({
  name: "student-health-due",
  cron: "* * * * *",
  // A run that hangs is given up after 5 minutes; the batches it had not committed stay due.
  settings: { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3_600 },
  async run(deps) {
    const result = await recomputeDueStudents(deps);
    if (result.students > 0) deps.logger.info(result, "student health cards recomputed");
  },
});

/** Claims and recomputes the due students of every workspace. */
export async function recomputeDueStudents(deps: Pick<AppDeps, "db" | "logger" | "clock">): Promise<{ students: number }> {
  const now = deps.clock.now();
  // The owner's scan policy (app.scan = 'student_health') shows the due list across workspaces.
  const workspaces = await withLookup(deps.db, "app.scan", "student_health", (tx) =>
    tx.selectDistinct({ organizationId: studentHealthDue.organizationId }).from(studentHealthDue).orderBy(asc(studentHealthDue.organizationId)),
  );
  let students = 0;
  for (const { organizationId } of workspaces) {
    try {
      while (students < MAX_PER_RUN) {
        const scored = await recomputeBatch(deps, organizationId, now);
        students += scored.claimed;
        if (scored.claimed < BATCH) break;
      }
    } catch (error) {
      // This workspace's students stay due and are tried again next minute; the others go on.
      deps.logger.error({ err: error, organizationId }, "student health cards not recomputed");
    }
  }
  return { students };
}

async function recomputeBatch(deps: Pick<AppDeps, "db">, organizationId: string, now: Date): Promise<{ claimed: number }> {
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const claimed = await tx
      .select({ studentId: studentHealthDue.studentId })
      .from(studentHealthDue)
      .where(eq(studentHealthDue.organizationId, organizationId))
      .orderBy(asc(studentHealthDue.dueSince), asc(studentHealthDue.studentId))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    await recomputeWithin(
      tx,
      organizationId,
      claimed.map((row) => row.studentId),
      now,
    );
    return { claimed: claimed.length };
  });
}
