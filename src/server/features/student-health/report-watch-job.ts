/**
 * Reports missing: every hour, the students of each session that passed 48 hours since its end
 * in the last hours without a report (still "scheduled": filing a report completes a session)
 * are marked due, so that the "report missing" alert opens within the hour instead of at night.
 * Marking twice is harmless; the window overlaps the previous run's by an hour in case a run
 * was late.
 */
import { asc, sql } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { organization } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { REPORT_MISSING_HOURS } from "./alert-rules.ts";

const HOUR_MS = 3_600_000;

export const reportWatchJob = defineScheduledJob({
  name: "student-health-report-watch",
  cron: "7 * * * *",
  settings: { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 86_400 },
  async run(deps) {
    const result = await markUnreportedDue(deps);
    if (result.students > 0) deps.logger.info(result, "student health: students with a report now missing marked due");
  },
});

export async function markUnreportedDue(deps: Pick<AppDeps, "db" | "logger" | "clock">): Promise<{ students: number }> {
  const now = deps.clock.now();
  const to = new Date(now.getTime() - REPORT_MISSING_HOURS * HOUR_MS);
  const from = new Date(to.getTime() - 2 * HOUR_MS);
  // The owner reads every workspace (organization is an identity table).
  const workspaces = await deps.db.select({ id: organization.id }).from(organization).orderBy(asc(organization.createdAt));
  let students = 0;
  for (const workspace of workspaces) {
    try {
      const result = await withWorkspace(deps.db, workspace.id, (tx) =>
        tx.execute(sql`
          insert into student_health_due (organization_id, student_id, due_since)
          select distinct ss.organization_id, ss.student_id, ${now.toISOString()}::timestamptz
          from tutoring_session s
          join session_student ss on ss.organization_id = s.organization_id and ss.session_id = s.id
          join student st on st.organization_id = ss.organization_id and st.id = ss.student_id and st.status = 'active'
          where s.organization_id = ${workspace.id} and s.status = 'scheduled'
            and s.ends_at > ${from.toISOString()}::timestamptz and s.ends_at <= ${to.toISOString()}::timestamptz
          order by ss.student_id
          on conflict (organization_id, student_id) do update set due_since = least(student_health_due.due_since, excluded.due_since)`),
      );
      students += result.rowCount ?? 0;
    } catch (error) {
      deps.logger.error({ err: error, organizationId: workspace.id }, "student health: unreported sessions not marked");
    }
  }
  return { students };
}
