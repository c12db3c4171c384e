/**
 * The CRM's settings (admins): the settings section (months a lead is kept, who owns an
 * enquiry, the lost reasons) and the pipeline's stages. Stages are renamed, reordered, added
 * (open ones) and archived (an open stage no lead stands in), never deleted: timelines name
 * them. The won and lost stages stay, last, one of each.
 */
import { isRecordId } from "../../core/ids.ts";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { CrmSettings, CrmSettingsUpdate, Stage, StageCreate, StageList } from "../../../shared/schemas/crm.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { changeSettings } from "../../core/settings/index.ts";
import { member } from "../../db/auth-schema.ts";
import type { Database } from "../../db/client.ts";
import { crmStage, lead } from "../../db/crm-schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { conflict, conflictOn, invalidField, notFound } from "../../lib/app-error.ts";
import {} from "./leads.ts";
import { stageList, stagesInForce } from "./stages.ts";

const STAGE = "The stage";

/** PATCH /admin/crm/settings: the default owner must be an active admin or tutor of the workspace. */
export async function changeCrmSettings(db: Database, actor: Actor, changes: CrmSettingsUpdate, now: Date): Promise<CrmSettings> {
  const ownerId = changes.defaultOwnerMemberId;
  if (ownerId) {
    const organizationId = actor.viewer.organizationId;
    const [owner] = await withWorkspace(db, organizationId, (tx) =>
      tx
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.organizationId, organizationId), eq(member.id, ownerId), eq(member.status, "active"), inArray(member.role, ["admin", "tutor"]))),
    );
    if (!owner) throw invalidField("defaultOwnerMemberId", "Default owner must be an active admin or tutor of the workspace.");
  }
  return changeSettings(db, actor, "crm", changes, now);
}

async function stageInForce(tx: Queryable, organizationId: string, stageId: string): Promise<Stage> {
  const stage = isRecordId(stageId) ? (await stagesInForce(tx, organizationId)).find((candidate) => candidate.id === stageId) : undefined;
  if (!stage) throw notFound(STAGE);
  return stage;
}

async function refuseTakenName(tx: Queryable, organizationId: string, name: string, exceptId?: string) {
  const taken = (await stagesInForce(tx, organizationId)).find((stage) => stage.name.toLowerCase() === name.toLowerCase() && stage.id !== exceptId);
  if (taken) throw conflictOn("name", `A stage named "${taken.name}" is already in the pipeline.`);
}

/** Positions 1…n in the given order (two passes: the positions have no unique index, but readers sort by them). */
async function renumber(tx: Queryable, organizationId: string, orderedIds: string[]) {
  for (const [index, id] of orderedIds.entries()) {
    await tx
      .update(crmStage)
      .set({ position: index + 1 })
      .where(and(eq(crmStage.organizationId, organizationId), eq(crmStage.id, id)));
  }
}

async function auditStages(tx: Queryable, actor: Actor, description: string) {
  await writeAudit(tx, {
    organizationId: actor.viewer.organizationId,
    userId: actor.viewer.user.id,
    actorRole: actor.viewer.role,
    action: "CRM_STAGES_CHANGED",
    description: `${actor.viewer.user.name} ${description}`,
    ipAddress: actor.ipAddress,
  });
}

/** Every stage ends open stages first, then won, then lost. */
const outcomeRank = (stage: Stage) => (stage.outcome === "open" ? 0 : stage.outcome === "won" ? 1 : 2);

/** POST /admin/crm/stages: a new open stage after the one named, else after the last open one. */
export async function addStage(db: Database, actor: Actor, input: StageCreate): Promise<StageList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const stages = await stagesInForce(tx, organizationId);
    await refuseTakenName(tx, organizationId, input.name);
    const open = stages.filter((stage) => stage.outcome === "open");
    let at = open.length;
    if (input.afterStageId) {
      const after = open.findIndex((stage) => stage.id === input.afterStageId);
      if (after < 0) throw invalidField("afterStageId", "Stage to follow must be an open stage of the pipeline.");
      at = after + 1;
    }
    const [created] = await tx
      .insert(crmStage)
      .values({ organizationId, name: input.name, outcome: "open", position: stages.length + 1 })
      .returning({ id: crmStage.id });
    const ids = open.map((stage) => stage.id);
    ids.splice(at, 0, created!.id);
    await renumber(tx, organizationId, [...ids, ...stages.filter((stage) => stage.outcome !== "open").map((stage) => stage.id)]);
    await auditStages(tx, actor, `added the stage "${input.name}"`);
    return stageList(tx, organizationId);
  });
}

/** PATCH /admin/crm/stages/{stageId}: a new name (the timelines' entries keep the name they were written with). */
export async function renameStage(db: Database, actor: Actor, stageId: string, name: string): Promise<StageList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const stage = await stageInForce(tx, organizationId, stageId);
    await refuseTakenName(tx, organizationId, name, stage.id);
    await tx
      .update(crmStage)
      .set({ name })
      .where(and(eq(crmStage.organizationId, organizationId), eq(crmStage.id, stage.id)));
    await auditStages(tx, actor, `renamed the stage "${stage.name}" to "${name}"`);
    return stageList(tx, organizationId);
  });
}

/** PUT /admin/crm/stages/order: every stage in force once, open ones first, then won, then lost. */
export async function reorderStages(db: Database, actor: Actor, stageIds: string[]): Promise<StageList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const stages = await stagesInForce(tx, organizationId);
    const byId = new Map(stages.map((stage) => [stage.id, stage]));
    const ordered = stageIds.map((id) => byId.get(id));
    if (new Set(stageIds).size !== stageIds.length || stageIds.length !== stages.length || ordered.some((stage) => !stage)) {
      throw invalidField("stageIds", "Give every stage of the pipeline once, in its new order.");
    }
    const ranks = (ordered as Stage[]).map(outcomeRank);
    if (ranks.some((rank, index) => index > 0 && rank < ranks[index - 1]!)) throw invalidField("stageIds", "The won and lost stages stay last, in that order.");
    await renumber(tx, organizationId, stageIds);
    await auditStages(tx, actor, `reordered the pipeline: ${(ordered as Stage[]).map((stage) => stage.name).join(" → ")}`);
    return stageList(tx, organizationId);
  });
}

/** POST /admin/crm/stages/{stageId}/archive: an open stage no lead stands in leaves the pipeline; one open stage always stays. */
export async function archiveStage(db: Database, actor: Actor, stageId: string, now: Date): Promise<StageList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const stage = await stageInForce(tx, organizationId, stageId);
    if (stage.outcome !== "open") throw conflict(`"${stage.name}" is the pipeline's ${stage.outcome} stage: rename it instead.`);
    const open = (await stagesInForce(tx, organizationId)).filter((candidate) => candidate.outcome === "open");
    if (open.length <= 1) throw conflict("The pipeline needs at least one open stage.");
    const [inStage] = await tx
      .select({ leads: count() })
      .from(lead)
      .where(and(eq(lead.organizationId, organizationId), eq(lead.stageId, stage.id)));
    if ((inStage?.leads ?? 0) > 0)
      throw conflict(`${inStage!.leads} lead${inStage!.leads === 1 ? " is" : "s are"} in "${stage.name}": move them to another stage first.`);
    await tx
      .update(crmStage)
      .set({ archivedAt: now })
      .where(and(eq(crmStage.organizationId, organizationId), eq(crmStage.id, stage.id), isNull(crmStage.archivedAt)));
    await auditStages(tx, actor, `took the stage "${stage.name}" out of the pipeline`);
    return stageList(tx, organizationId);
  });
}
