/**
 * The leads purge: every night, each workspace's leads whose purge date has come (in the
 * workspace's zone) and that never converted are deleted, with their timelines and tasks (the
 * foreign keys cascade). The audit log keeps that a lead was purged, where it came from and how
 * far it got, never who it was. DELETE … RETURNING claims each lead once, however many
 * instances run the job.
 */
import { asc, sql } from "drizzle-orm";
import { writeAudit } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { organization } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";

/** Leads deleted per transaction. */
const BATCH = 500;

export const leadPurgeJob = defineScheduledJob({
  name: "crm-lead-purge",
  cron: "17 3 * * *",
  settings: { retryLimit: 1, expireInSeconds: 1800, deleteAfterSeconds: 7 * 86_400 },
  async run(deps) {
    const result = await purgeExpiredLeads(deps);
    if (result.leads > 0) deps.logger.info(result, "crm: leads past their purge date deleted");
  },
});

export async function purgeExpiredLeads(deps: Pick<AppDeps, "db" | "logger" | "clock">): Promise<{ leads: number }> {
  const now = deps.clock.now();
  // The owner reads every workspace (organization is an identity table).
  const workspaces = await deps.db.select({ id: organization.id }).from(organization).orderBy(asc(organization.createdAt));
  let leads = 0;
  for (const workspace of workspaces) {
    try {
      for (;;) {
        const purged = await withWorkspace(deps.db, workspace.id, async (tx) => {
          const { rows } = await tx.execute<{ id: string; source: string; stage: string }>(sql`
            with due as (
              select l.organization_id, l.id from lead l
              join organization o on o.id = l.organization_id
              where l.organization_id = ${workspace.id} and l.converted_at is null
                and l.purge_on <= (${now.toISOString()}::timestamptz at time zone o.time_zone)::date
              order by l.purge_on, l.id
              limit ${BATCH}
              for update of l skip locked
            )
            delete from lead using due, crm_stage s
            where lead.organization_id = due.organization_id and lead.id = due.id
              and s.organization_id = lead.organization_id and s.id = lead.stage_id
            returning lead.id, lead.source, s.name as stage`);
          for (const row of rows)
            await writeAudit(tx, {
              organizationId: workspace.id,
              userId: null,
              actorRole: null,
              action: "LEAD_PURGED",
              description: `Lead deleted on its purge date (came by ${row.source.replace("_", " ")}, stage ${row.stage})`,
              metadata: { leadId: row.id },
            });
          return rows.length;
        });
        leads += purged;
        if (purged < BATCH) break;
      }
    } catch (error) {
      deps.logger.error({ err: error, organizationId: workspace.id }, "crm: leads past their purge date not deleted");
    }
  }
  return { leads };
}
