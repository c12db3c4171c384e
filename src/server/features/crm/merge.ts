/**
 * Two leads for the same family merged into one: the lead kept keeps what it says and takes
 * from the duplicate only what it lacks; the duplicate's timeline entries and tasks move to it
 * (the only change the database lets the app make to a timeline entry), a "merged" entry says
 * so, and the duplicate is deleted. A converted lead is a student's history and is never the
 * one deleted: the other lead is merged into it instead.
 */
import { isRecordId } from "../../core/ids.ts";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { LeadDetail } from "../../../shared/schemas/crm.ts";
import type { LeadMerge } from "../../../shared/schemas/crm-pipeline.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import type { Database } from "../../db/client.ts";
import { crmTask, lead, leadActivity } from "../../db/crm-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { conflictOn, notFound } from "../../lib/app-error.ts";
import { addActivity, leadName, viewLead } from "./leads.ts";
import { type CrmArea, visibleLeads } from "./policy.ts";

/** The fields filled from the duplicate when the kept lead has none, and how the timeline names them. */
const FILLED = [
  ["guardianName", "guardian's name"],
  ["studentName", "student's name"],
  ["email", "email"],
  ["phone", "phone"],
  ["subjects", "subjects"],
  ["level", "level"],
  ["preferredTimes", "preferred times"],
  ["notes", "notes"],
  ["utm", "UTM parameters"],
] as const;

const isEmpty = (value: unknown) => value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** POST /{admin,tutor}/crm/leads/{leadId}/merge: the duplicate merged into the lead of the path. */
export async function mergeLeads(db: Database, actor: Actor, area: CrmArea, leadId: string, input: LeadMerge, now: Date): Promise<LeadDetail> {
  if (!isRecordId(leadId)) throw notFound("The lead");
  const organizationId = actor.viewer.organizationId;
  await withWorkspace(db, organizationId, async (tx) => {
    if (input.duplicateLeadId === leadId) throw conflictOn("duplicateLeadId", "A lead cannot be merged into itself.");
    // Both rows locked at once, in the order of their ids: two merges of one pair wait, not deadlock.
    const rows = await tx
      .select()
      .from(lead)
      .where(and(visibleLeads(actor.viewer, area), inArray(lead.id, [leadId, input.duplicateLeadId])))
      .orderBy(asc(lead.id))
      .for("update");
    const kept = rows.find((row) => row.id === leadId);
    const duplicate = rows.find((row) => row.id === input.duplicateLeadId);
    if (!kept) throw notFound("The lead");
    if (!duplicate) throw notFound("The duplicate lead");
    if (duplicate.convertedAt)
      throw conflictOn(
        "duplicateLeadId",
        kept.convertedAt
          ? "Both leads have converted: each is a student's history, and neither is deleted."
          : "The duplicate has converted and is kept as a student's history: merge this lead into it instead.",
      );
    const filled = FILLED.filter(([field]) => isEmpty(kept[field]) && !isEmpty(duplicate[field]));
    await tx
      .update(lead)
      .set({ ...Object.fromEntries(filled.map(([field]) => [field, duplicate[field]])), updatedAt: now })
      .where(and(eq(lead.organizationId, organizationId), eq(lead.id, kept.id)));
    await tx
      .update(leadActivity)
      .set({ leadId: kept.id })
      .where(and(eq(leadActivity.organizationId, organizationId), eq(leadActivity.leadId, duplicate.id)));
    await tx
      .update(crmTask)
      .set({ leadId: kept.id })
      .where(and(eq(crmTask.organizationId, organizationId), eq(crmTask.leadId, duplicate.id)));
    await tx.delete(lead).where(and(eq(lead.organizationId, organizationId), eq(lead.id, duplicate.id)));
    const words = filled.map(([, words]) => words);
    // The duplicate's notes, when the kept lead had its own, stay readable on the entry.
    const notes = duplicate.notes && !filled.some(([field]) => field === "notes") && duplicate.notes !== kept.notes ? duplicate.notes : null;
    await addActivity(
      tx,
      organizationId,
      kept.id,
      {
        kind: "merged",
        summary: `Merged with a duplicate: ${leadName(duplicate)}${words.length ? `; taken from it: ${words.join(", ")}` : ""}`,
        body: notes ? `The duplicate's notes: ${notes}` : null,
      },
      actor,
      now,
    );
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      action: "LEAD_MERGED",
      description: `Duplicate lead merged into another (came by ${duplicate.source.replace("_", " ")})${words.length ? `; filled: ${words.join(", ")}` : ""}`,
      ipAddress: actor.ipAddress,
      metadata: { leadId: kept.id, mergedLeadId: duplicate.id },
    });
  });
  return viewLead(db, actor, area, leadId);
}
