/**
 * The workspace's pipeline stages, in order. A workspace that never used the CRM gets the
 * default stages on its first read (DEFAULT_STAGES), written once: two first reads at once
 * insert under the stage name's unique index and the second does nothing.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { DEFAULT_STAGES, type Stage, type StageList } from "../../../shared/schemas/crm.ts";
import { readSettings } from "../../core/settings/index.ts";
import { crmStage } from "../../db/crm-schema.ts";
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

/** The workspace's CRM settings (its settings section): how long a lead is kept, who owns an enquiry, the reasons a lead is lost. */
export const crmSettingsOf = (tx: Queryable, organizationId: string) => readSettings(tx, organizationId, "crm");

/** The pipeline as the stages screen shows it: the stages in force and the reasons a lead may be lost. */
export async function stageList(tx: Queryable, organizationId: string): Promise<StageList> {
  return { items: await stagesInForce(tx, organizationId), lostReasons: (await crmSettingsOf(tx, organizationId)).lostReasons };
}
