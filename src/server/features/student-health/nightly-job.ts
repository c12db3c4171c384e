/**
 * The nightly health job: once a day, every active student of every workspace is marked due,
 * so that the rules time alone moves ("no session attended in 21 days", a miss leaving the
 * window) are read again; the due job (due-job.ts) scores them within minutes. Marking twice
 * is harmless: a student already due stays due once.
 */
import { asc } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { organization } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { markActiveStudentsDue } from "../../core/health-due.ts";

export const healthNightlyJob = defineScheduledJob({
  name: "student-health-nightly",
  // Night in Europe and Africa, evening in the Americas: away from the day's sessions almost everywhere.
  cron: "41 2 * * *",
  settings: { retryLimit: 0, expireInSeconds: 1_800, deleteAfterSeconds: 86_400 },
  async run(deps) {
    const result = await markEveryoneDue(deps);
    deps.logger.info(result, "student health: every active student marked due");
  },
});

/** Marks every active student of every workspace due, one transaction per workspace. */
export async function markEveryoneDue(deps: Pick<AppDeps, "db" | "logger" | "clock">): Promise<{ workspaces: number; students: number }> {
  const now = deps.clock.now();
  // The owner reads every workspace (organization is an identity table, as the ledger check reads it).
  const workspaces = await deps.db.select({ id: organization.id }).from(organization).orderBy(asc(organization.createdAt));
  let students = 0;
  for (const workspace of workspaces) {
    try {
      students += await withWorkspace(deps.db, workspace.id, (tx) => markActiveStudentsDue(tx, workspace.id, now));
    } catch (error) {
      // This workspace is marked again next night; the others go on.
      deps.logger.error({ err: error, organizationId: workspace.id }, "student health: students not marked due");
    }
  }
  return { workspaces: workspaces.length, students };
}
