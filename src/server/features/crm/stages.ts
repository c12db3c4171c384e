/**
 * The workspace's pipeline stages, in order. A workspace that never used the CRM gets the
 * default stages on its first read (DEFAULT_STAGES), written once: two first reads at once
 * insert under the stage name's unique index and the second does nothing.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { DEFAULT_LEAD_PURGE_MONTHS, DEFAULT_LOST_REASONS, DEFAULT_STAGES, type Stage } from "../../../shared/schemas/crm.ts";
import { crmSettings, crmStage } from "../../db/crm-schema.ts";
import type { Queryable } from "../../db/tenant.ts";

async function readStages(tx: Queryable, organizationId: string): Promise<Stage[]> {
  return tx
    .select({ id: crmStage.id, name: crmStage.name, position: crmStage.position, outcome: crmStage.outcome })
    .from(crmStage)
    .where(and(eq(crmStage.organizationId, organizationId), isNull(crmStage.archivedAt)))
    .orderBy(asc(crmStage.position), asc(crmStage.name));
}

/** The stages in force, the defaults written first if the workspace has none. */
export async function stagesInForce(tx: Queryable, organizationId: string): Promise<Stage[]> {
  const stages = await readStages(tx, organizationId);
  if (stages.length > 0) return stages;
  await tx
    .insert(crmStage)
    .values(DEFAULT_STAGES.map((stage, index) => ({ organizationId, name: stage.name, outcome: stage.outcome, position: index + 1 })))
    .onConflictDoNothing();
  return readStages(tx, organizationId);
}

/** The CRM settings the leads need: how long a lead is kept, and the reasons a lead is lost. */
export async function crmSettingsOf(tx: Queryable, organizationId: string) {
  const [row] = await tx
    .select({ purgeMonths: crmSettings.purgeMonths, lostReasons: crmSettings.lostReasons })
    .from(crmSettings)
    .where(eq(crmSettings.organizationId, organizationId));
  return row ?? { purgeMonths: DEFAULT_LEAD_PURGE_MONTHS, lostReasons: [...DEFAULT_LOST_REASONS] };
}
