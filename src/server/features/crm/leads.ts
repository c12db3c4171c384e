/**
 * Leads: made by hand by admins and tutors, listed and read through visibleLeads, changed,
 * moved between stages and given timeline entries. Every write adds its entry to the lead's
 * timeline in the same transaction; the creation, changes and moves are audited without the
 * lead's personal data (the audit log outlives a purged lead).
 */
import { isRecordId } from "../../core/ids.ts";
import { cappedTotal } from "../../core/list-total.ts";
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import {
  DEFAULT_LEAD_PURGE_MONTHS,
  type LeadActivityCreate,
  type LeadCreate,
  type LeadDetail,
  type LeadListQuery,
  type LeadMove,
  type LeadPage,
  type LeadSummary,
  type LeadUpdate,
  type Stage,
} from "../../../shared/schemas/crm.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import type { Database } from "../../db/client.ts";
import { member, user } from "../../db/auth-schema.ts";
import { lead, leadActivity, PHONE_DIGITS } from "../../db/crm-schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { conflictOn, invalidField, notFound } from "../../lib/app-error.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { type CrmArea, visibleLeads } from "./policy.ts";
import { crmSettingsOf, stagesInForce } from "./stages.ts";

const LEAD = "The lead";

/** ILIKE pattern for "contains `text`", its pattern characters taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const summaryFields = {
  id: lead.id,
  guardianName: lead.guardianName,
  studentName: lead.studentName,
  email: lead.email,
  phone: lead.phone,
  subjects: lead.subjects,
  source: lead.source,
  ownerMemberId: lead.ownerMemberId,
  ownerName: user.name,
  stageId: lead.stageId,
  stageEnteredAt: lead.stageEnteredAt,
  purgeOn: lead.purgeOn,
  convertedAt: lead.convertedAt,
  createdAt: lead.createdAt,
};
interface SummaryRow {
  id: string;
  guardianName: string | null;
  studentName: string | null;
  email: string | null;
  phone: string | null;
  subjects: string[];
  source: LeadSummary["source"];
  ownerMemberId: string | null;
  ownerName: string | null;
  stageId: string;
  stageEnteredAt: Date;
  purgeOn: string;
  convertedAt: Date | null;
  createdAt: Date;
}

const ownerJoin = and(eq(member.organizationId, lead.organizationId), eq(member.id, lead.ownerMemberId));

function summaryOf(row: SummaryRow, stages: Map<string, Stage>): LeadSummary {
  return {
    id: row.id,
    guardianName: row.guardianName,
    studentName: row.studentName,
    email: row.email,
    phone: row.phone,
    subjects: row.subjects,
    source: row.source,
    owner: row.ownerMemberId ? { memberId: row.ownerMemberId, name: row.ownerName ?? "A former member" } : null,
    stage: stages.get(row.stageId) ?? { id: row.stageId, name: "An archived stage", position: 0, outcome: "open" },
    stageEnteredAt: row.stageEnteredAt.toISOString(),
    purgeOn: row.purgeOn,
    convertedAt: row.convertedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A lead's name in lists and timelines: the guardian's, else the student's. */
export const leadName = (row: { guardianName: string | null; studentName: string | null }) =>
  row.guardianName && row.studentName ? `${row.guardianName} (for ${row.studentName})` : (row.guardianName ?? row.studentName ?? "A lead");

/** The owner a lead may have: an active admin or tutor of the workspace. */
export async function checkOwner(tx: Queryable, organizationId: string, memberId: string, field = "ownerMemberId"): Promise<void> {
  const [row] = await tx
    .select({ role: member.role, status: member.status })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
  if (!row || row.status !== "active" || !["admin", "tutor"].includes(row.role))
    throw invalidField(field, `The ${field === "ownerMemberId" ? "owner" : "assignee"} must be an active admin or tutor of the workspace.`);
}

/** The owner asked for: admins choose any admin or tutor (themselves by default); a tutor's leads are their own. */
async function ownerFor(tx: Queryable, actor: Actor, area: CrmArea, asked: string | undefined): Promise<string> {
  const self = actor.viewer.membership.id;
  if (area === "tutor") {
    if (asked && asked !== self) throw invalidField("ownerMemberId", "A tutor's leads are their own: you cannot give one to someone else.");
    return self;
  }
  if (asked && asked !== self) await checkOwner(tx, actor.viewer.organizationId, asked);
  return asked ?? self;
}

export async function addActivity(
  tx: Queryable,
  organizationId: string,
  leadId: string,
  entry: { kind: (typeof leadActivity.$inferInsert)["kind"]; summary: string; body?: string | null },
  actor: Actor | null,
  now: Date,
) {
  // Entries of one moment (a lead made with its task by one request) keep the order they were
  // written in: each is at least a microsecond after the lead's latest.
  const occurredAt = sql`greatest(${now.toISOString()}::timestamptz, (select max(${leadActivity.occurredAt}) + interval '1 microsecond' from ${leadActivity}
    where ${leadActivity.organizationId} = ${organizationId} and ${leadActivity.leadId} = ${leadId}))`;
  await tx.insert(leadActivity).values({ organizationId, leadId, ...entry, body: entry.body ?? null, actorUserId: actor?.viewer.user.id ?? null, occurredAt });
}

const audit = (tx: Queryable, actor: Actor, action: "LEAD_CREATED" | "LEAD_UPDATED" | "LEAD_MOVED", description: string, leadId: string) =>
  writeAudit(tx, {
    organizationId: actor.viewer.organizationId,
    userId: actor.viewer.user.id,
    actorRole: actor.viewer.role,
    action,
    description,
    ipAddress: actor.ipAddress,
    metadata: { leadId },
  });

const SOURCE_WORDS: Record<LeadCreate["source"], string> = {
  enquiry_page: "the enquiry page",
  referral: "a referral",
  phone: "phone",
  walk_in: "a walk-in",
  campaign: "a campaign",
  other: "another way",
};

/** POST /{admin,tutor}/crm/leads: a lead made by hand, in the first stage unless another is named. */
export async function createLead(db: Database, actor: Actor, area: CrmArea, input: LeadCreate, now: Date): Promise<LeadDetail> {
  const organizationId = actor.viewer.organizationId;
  const id = await withWorkspace(db, organizationId, async (tx) => {
    const stages = await stagesInForce(tx, organizationId);
    const stage = input.stageId ? stages.find((candidate) => candidate.id === input.stageId) : stages[0];
    if (!stage) throw invalidField("stageId", "No such stage in the pipeline.");
    if (stage.outcome !== "open") throw invalidField("stageId", `A new lead starts in an open stage, not in ${stage.name}.`);
    const ownerMemberId = await ownerFor(tx, actor, area, input.ownerMemberId);
    const { purgeMonths } = await crmSettingsOf(tx, organizationId);
    const today = await workspaceToday(tx, organizationId, now);
    const [row] = await tx
      .insert(lead)
      .values({
        organizationId,
        guardianName: input.guardianName ?? null,
        studentName: input.studentName ?? null,
        email: input.email,
        phone: input.phone,
        subjects: input.subjects ?? [],
        level: input.level ?? null,
        preferredTimes: input.preferredTimes ?? null,
        source: input.source,
        utm: input.source === "campaign" || input.source === "enquiry_page" ? cleanUtm(input.utm) : null,
        ownerMemberId,
        stageId: stage.id,
        stageEnteredAt: now,
        notes: input.notes ?? "",
        consentBasis: input.consentBasis,
        purgeOn: sql`(${today}::date + make_interval(months => ${purgeMonths ?? DEFAULT_LEAD_PURGE_MONTHS}::int))::date`,
        createdByUserId: actor.viewer.user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: lead.id });
    await addActivity(tx, organizationId, row!.id, { kind: "created", summary: `Added by hand: came by ${SOURCE_WORDS[input.source]}` }, actor, now);
    await audit(tx, actor, "LEAD_CREATED", `Lead added (${SOURCE_WORDS[input.source]})`, row!.id);
    return row!.id;
  });
  return viewLead(db, actor, area, id);
}

/** UTM values kept only when one was given. */
function cleanUtm(utm: LeadCreate["utm"]) {
  if (!utm) return null;
  const kept = Object.fromEntries(Object.entries(utm).filter(([, value]) => value));
  return Object.keys(kept).length > 0 ? kept : null;
}

/** The conditions of the list's filters. */
function listConditions(query: LeadListQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.stageId) conditions.push(eq(lead.stageId, query.stageId));
  if (query.source) conditions.push(eq(lead.source, query.source));
  if (query.ownerMemberId) conditions.push(eq(lead.ownerMemberId, query.ownerMemberId));
  if (query.q) {
    const pattern = contains(query.q);
    conditions.push(or(ilike(lead.guardianName, pattern), ilike(lead.studentName, pattern), ilike(lead.email, pattern))!);
  }
  return conditions;
}

/** GET /{admin,tutor}/crm/leads: a page of the viewer's leads, newest first. */
export async function listLeads(db: Database, actor: Actor, area: CrmArea, query: LeadListQuery): Promise<LeadPage> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const stages = new Map((await stagesInForce(tx, organizationId)).map((stage) => [stage.id, stage]));
    const where = and(visibleLeads(actor.viewer, area), ...listConditions(query));
    // Leads grow with the years: counted up to a thousand, then "more than" (core/list-total.ts).
    const counted = await cappedTotal(tx, tx.select({ id: lead.id }).from(lead).where(where));
    const rows = await tx
      .select(summaryFields)
      .from(lead)
      .leftJoin(member, ownerJoin)
      .leftJoin(user, eq(user.id, member.userId))
      .where(where)
      .orderBy(...LEAD_LIST_ORDER)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { items: rows.map((row) => summaryOf(row, stages)), ...counted, page: query.page, pageSize: query.pageSize };
  });
}

/** The lead if the viewer sees it; 404 otherwise. */
export async function visibleLead(tx: Queryable, actor: Actor, area: CrmArea, leadId: string) {
  const [row] = await tx
    .select()
    .from(lead)
    .where(and(visibleLeads(actor.viewer, area), eq(lead.id, leadId)));
  if (!row) throw notFound(LEAD);
  return row;
}

/** GET /{admin,tutor}/crm/leads/{leadId}: the lead, its timeline newest first, and the leads it may duplicate. */
export async function viewLead(db: Database, actor: Actor, area: CrmArea, leadId: string): Promise<LeadDetail> {
  if (!isRecordId(leadId)) throw notFound(LEAD);
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const stages = new Map((await stagesInForce(tx, organizationId)).map((stage) => [stage.id, stage]));
    const [row] = await tx
      .select({
        ...summaryFields,
        level: lead.level,
        preferredTimes: lead.preferredTimes,
        utm: lead.utm,
        notes: lead.notes,
        consentBasis: lead.consentBasis,
        lostReason: lead.lostReason,
      })
      .from(lead)
      .leftJoin(member, ownerJoin)
      .leftJoin(user, eq(user.id, member.userId))
      .where(and(visibleLeads(actor.viewer, area), eq(lead.id, leadId)));
    if (!row) throw notFound(LEAD);
    return {
      ...summaryOf(row, stages),
      level: row.level,
      preferredTimes: row.preferredTimes,
      utm: row.utm,
      notes: row.notes,
      consentBasis: row.consentBasis,
      lostReason: row.lostReason,
      timeline: await leadTimeline(tx, organizationId, leadId),
      duplicates: await duplicatesOf(tx, actor, area, row, stages),
    };
  });
}

/** The leads list's order, newest first, as lead_created_idx holds them (created_at is never null), so a page reads the index in order. */
export const LEAD_LIST_ORDER = [sql`${lead.createdAt} desc nulls last`, asc(lead.id)] as const;

/** A lead's timeline, newest first (its latest 200 entries), each with who and when. */
export async function leadTimeline(tx: Queryable, organizationId: string, leadId: string) {
  const timeline = await tx
    .select({
      id: leadActivity.id,
      kind: leadActivity.kind,
      summary: leadActivity.summary,
      body: leadActivity.body,
      actorName: user.name,
      occurredAt: leadActivity.occurredAt,
    })
    .from(leadActivity)
    .leftJoin(user, eq(user.id, leadActivity.actorUserId))
    .where(and(eq(leadActivity.organizationId, organizationId), eq(leadActivity.leadId, leadId)))
    .orderBy(desc(leadActivity.occurredAt), desc(leadActivity.id))
    .limit(200);
  return timeline.map((entry) => ({ ...entry, occurredAt: entry.occurredAt.toISOString() }));
}

/** Other leads the viewer sees with the same email or the same phone digits: offered for merging, never merged silently. */
async function duplicatesOf(
  tx: Queryable,
  actor: Actor,
  area: CrmArea,
  row: { id: string; email: string | null; phone: string | null },
  stages: Map<string, Stage>,
): Promise<LeadDetail["duplicates"]> {
  const digits = row.phone?.replace(/\D/g, "") || null;
  const matches: SQL[] = [];
  if (row.email) matches.push(eq(lead.email, row.email));
  if (digits) matches.push(and(sql`${lead.phone} is not null`, sql`${PHONE_DIGITS} = ${digits}`)!);
  if (matches.length === 0) return [];
  const rows = await tx
    .select({ id: lead.id, guardianName: lead.guardianName, studentName: lead.studentName, email: lead.email, stageId: lead.stageId })
    .from(lead)
    .where(and(visibleLeads(actor.viewer, area), ne(lead.id, row.id), or(...matches)))
    .orderBy(asc(lead.createdAt))
    .limit(10);
  return rows.map((match) => ({
    id: match.id,
    name: leadName(match),
    matchedOn: row.email && match.email === row.email ? ("email" as const) : ("phone" as const),
    stage: stages.get(match.stageId)?.name ?? "An archived stage",
  }));
}

const FIELD_WORDS: Partial<Record<keyof LeadUpdate, string>> = {
  guardianName: "guardian's name",
  studentName: "student's name",
  email: "email",
  phone: "phone",
  subjects: "subjects",
  level: "level",
  preferredTimes: "preferred times",
  notes: "notes",
  consentBasis: "consent basis",
  ownerMemberId: "owner",
};

/** PATCH /{admin,tutor}/crm/leads/{leadId}: a change of its fields; the name and a contact must remain. */
export async function updateLead(db: Database, actor: Actor, area: CrmArea, leadId: string, input: LeadUpdate, now: Date): Promise<LeadDetail> {
  if (!isRecordId(leadId)) throw notFound(LEAD);
  const organizationId = actor.viewer.organizationId;
  await withWorkspace(db, organizationId, async (tx) => {
    const current = await visibleLead(tx, actor, area, leadId);
    const next = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) };
    if (!next.guardianName && !next.studentName) throw invalidField("guardianName", "Give the guardian's or the student's name.");
    if (!next.email && !next.phone) throw invalidField("email", "Give an email address or a phone number.");
    if (input.ownerMemberId !== undefined && input.ownerMemberId !== current.ownerMemberId) {
      if (area === "tutor") throw invalidField("ownerMemberId", "Only an admin gives a lead to someone else.");
      await checkOwner(tx, organizationId, input.ownerMemberId);
    }
    const changed = (Object.keys(input) as (keyof LeadUpdate)[]).filter(
      (key) => input[key] !== undefined && JSON.stringify(input[key]) !== JSON.stringify(current[key as keyof typeof current]),
    );
    if (changed.length === 0) return;
    await tx
      .update(lead)
      .set({ ...Object.fromEntries(changed.map((key) => [key, input[key]])), updatedAt: now })
      .where(and(eq(lead.organizationId, organizationId), eq(lead.id, leadId)));
    const words = changed.map((key) => FIELD_WORDS[key] ?? key).join(", ");
    await addActivity(tx, organizationId, leadId, { kind: "edited", summary: `Changed: ${words}` }, actor, now);
    await audit(tx, actor, "LEAD_UPDATED", `Lead changed: ${words}`, leadId);
  });
  return viewLead(db, actor, area, leadId);
}

/** POST /{admin,tutor}/crm/leads/{leadId}/move: to another stage (lost with one of the workspace's reasons). */
export async function moveLead(db: Database, actor: Actor, area: CrmArea, leadId: string, input: LeadMove, now: Date): Promise<LeadDetail> {
  if (!isRecordId(leadId)) throw notFound(LEAD);
  const organizationId = actor.viewer.organizationId;
  await withWorkspace(db, organizationId, async (tx) => {
    const current = await visibleLead(tx, actor, area, leadId);
    const stages = await stagesInForce(tx, organizationId);
    const target = stages.find((stage) => stage.id === input.stageId);
    if (!target) throw invalidField("stageId", "No such stage in the pipeline.");
    if (target.id === current.stageId) throw conflictOn("stageId", `The lead is in ${target.name} already.`);
    if (current.convertedAt) throw conflictOn("stageId", "The lead has converted: it stays won.");
    if (target.outcome === "won") throw conflictOn("stageId", "A lead is won by converting it, which makes the family and the student.");
    let lostReason: string | null = null;
    if (target.outcome === "lost") {
      const { lostReasons } = await crmSettingsOf(tx, organizationId);
      if (!input.lostReason) throw invalidField("lostReason", `Say why the lead is lost: ${lostReasons.join(", ")}.`);
      if (!lostReasons.includes(input.lostReason)) throw invalidField("lostReason", `The reason must be one of ${lostReasons.join(", ")}.`);
      lostReason = input.lostReason;
    }
    const from = stages.find((stage) => stage.id === current.stageId)?.name ?? "an archived stage";
    await tx
      .update(lead)
      .set({ stageId: target.id, stageEnteredAt: now, lostReason, updatedAt: now })
      .where(and(eq(lead.organizationId, organizationId), eq(lead.id, leadId)));
    const summary = `Moved from ${from} to ${target.name}${lostReason ? `: ${lostReason}` : ""}`;
    await addActivity(tx, organizationId, leadId, { kind: "stage", summary }, actor, now);
    await audit(tx, actor, "LEAD_MOVED", `Lead moved from ${from} to ${target.name}`, leadId);
  });
  return viewLead(db, actor, area, leadId);
}

const ACTIVITY_WORDS: Record<LeadActivityCreate["kind"], string> = { note: "Note", call: "Call", email: "Email" };

/** POST /{admin,tutor}/crm/leads/{leadId}/activities: a call, an email or a note on the timeline. */
export async function logActivity(db: Database, actor: Actor, area: CrmArea, leadId: string, input: LeadActivityCreate, now: Date): Promise<LeadDetail> {
  if (!isRecordId(leadId)) throw notFound(LEAD);
  const organizationId = actor.viewer.organizationId;
  await withWorkspace(db, organizationId, async (tx) => {
    await visibleLead(tx, actor, area, leadId);
    await addActivity(tx, organizationId, leadId, { kind: input.kind, summary: ACTIVITY_WORDS[input.kind], body: input.body }, actor, now);
    await tx
      .update(lead)
      .set({ updatedAt: now })
      .where(and(eq(lead.organizationId, organizationId), eq(lead.id, leadId)));
  });
  return viewLead(db, actor, area, leadId);
}
