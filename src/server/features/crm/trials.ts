/**
 * Trial lessons: booked for a lead on a tutor's calendar through the sessions feature's own
 * create path (its double-booking and availability checks, a session without students: the
 * lead is no person of the workspace yet, decision 022), and the tutor's feedback after it,
 * which makes the owner's follow-up tasks due one and three days after the trial, once.
 */
import { isRecordId } from "../../core/ids.ts";
import { and, asc, desc, eq, isNull, lte, notInArray, type SQL, sql } from "drizzle-orm";
import { TRIAL_RECOMMENDATION_LABELS, type Trial, type TrialBook, type TrialFeedbackCreate, type TrialList } from "../../../shared/schemas/crm-trials.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { describeTime } from "../../core/time.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { member, user } from "../../db/auth-schema.ts";
import type { Database } from "../../db/client.ts";
import { crmTask, lead, leadTrial } from "../../db/crm-schema.ts";
import { tutoringSession } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, notFound } from "../../lib/app-error.ts";
import { createSessions } from "../sessions/index.ts";
import { addActivity, leadName, visibleLead } from "./leads.ts";
import type { CrmArea } from "./policy.ts";
import { stagesInForce } from "./stages.ts";

const LEAD = "The lead";
const TRIAL = "The trial";
const DAY_MS = 86_400_000;
/** What the session says on the tutor's calendar; the lead's name stays off it (a purged lead leaves no name behind). */
const TRIAL_NOTE = "Trial lesson booked from the CRM.";
/** The follow-up tasks after a trial, in days after its date. */
const FOLLOW_UP_DAYS = [1, 3] as const;

/**
 * Another feature's command, run inside this transaction: drizzle answers a transaction's own
 * `transaction()` with a savepoint, so the feature's withWorkspace becomes a savepoint of ours
 * and everything commits or rolls back together.
 */
export const insideTransaction = (tx: Transaction): Database => tx as unknown as Database;

/** The local end of a trial, `minutes` after its local start (both YYYY-MM-DDTHH:MM). */
const localEnd = (startsAt: string, minutes: number) => new Date(Date.parse(`${startsAt}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

export const auditLead = (
  tx: Queryable,
  actor: Actor,
  action: "LEAD_TRIAL_BOOKED" | "LEAD_TRIAL_FEEDBACK" | "LEAD_CONVERTED" | "LEAD_MOVED",
  description: string,
  metadata: Record<string, unknown>,
) =>
  writeAudit(tx, {
    organizationId: actor.viewer.organizationId,
    userId: actor.viewer.user.id,
    actorRole: actor.viewer.role,
    action,
    description,
    ipAddress: actor.ipAddress,
    metadata,
  });

/**
 * Moves the lead on to the open stage named `name` when the pipeline has one after its current
 * stage; a lead further along (or a workspace without such a stage) stays where it is.
 */
async function advanceTo(tx: Transaction, actor: Actor, leadRow: { id: string; stageId: string }, name: string, now: Date): Promise<void> {
  const organizationId = actor.viewer.organizationId;
  const stages = await stagesInForce(tx, organizationId);
  const current = stages.find((stage) => stage.id === leadRow.stageId);
  const target = stages.find((stage) => stage.outcome === "open" && stage.name.toLowerCase() === name.toLowerCase());
  if (!current || !target || current.outcome !== "open" || target.position <= current.position) return;
  await tx
    .update(lead)
    .set({ stageId: target.id, stageEnteredAt: now, lostReason: null, updatedAt: now })
    .where(and(eq(lead.organizationId, organizationId), eq(lead.id, leadRow.id)));
  await addActivity(tx, organizationId, leadRow.id, { kind: "stage", summary: `Moved from ${current.name} to ${target.name}` }, actor, now);
  await auditLead(tx, actor, "LEAD_MOVED", `Lead moved from ${current.name} to ${target.name}`, { leadId: leadRow.id });
}

const trialFields = {
  id: leadTrial.id,
  leadId: leadTrial.leadId,
  sessionId: leadTrial.sessionId,
  tutorMemberId: leadTrial.tutorMemberId,
  tutorName: user.name,
  subject: tutoringSession.subject,
  startsAt: tutoringSession.startsAt,
  endsAt: tutoringSession.endsAt,
  timeZone: tutoringSession.timeZone,
  sessionStatus: tutoringSession.status,
  attended: leadTrial.attended,
  feedbackNotes: leadTrial.feedbackNotes,
  recommendation: leadTrial.recommendation,
  feedbackByName: sql<string | null>`(select u.name from "user" u where u.id = ${leadTrial.feedbackByUserId})`,
  feedbackAt: leadTrial.feedbackAt,
  createdAt: leadTrial.createdAt,
  guardianName: lead.guardianName,
  studentName: lead.studentName,
};

async function trialsWhere(
  tx: Queryable,
  organizationId: string,
  where: SQL | undefined,
  order: "latest" | "oldest" = "latest",
  limit = 200,
): Promise<Trial[]> {
  const rows = await tx
    .select(trialFields)
    .from(leadTrial)
    .innerJoin(lead, and(eq(lead.organizationId, leadTrial.organizationId), eq(lead.id, leadTrial.leadId)))
    .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, leadTrial.organizationId), eq(tutoringSession.id, leadTrial.sessionId)))
    .innerJoin(member, and(eq(member.organizationId, leadTrial.organizationId), eq(member.id, leadTrial.tutorMemberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(leadTrial.organizationId, organizationId), where))
    .orderBy(order === "latest" ? desc(tutoringSession.startsAt) : asc(tutoringSession.startsAt), asc(leadTrial.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    leadId: row.leadId,
    leadName: leadName(row),
    sessionId: row.sessionId,
    tutor: { memberId: row.tutorMemberId, name: row.tutorName },
    subject: row.subject,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    sessionStatus: row.sessionStatus,
    feedback:
      row.feedbackAt && row.attended !== null && row.recommendation
        ? {
            attended: row.attended,
            notes: row.feedbackNotes ?? "",
            recommendation: row.recommendation,
            byName: row.feedbackByName,
            at: row.feedbackAt.toISOString(),
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** POST /{admin,tutor}/crm/leads/{leadId}/trials: a trial on the tutor's calendar (a tutor's own), on the lead's timeline. */
export async function bookTrial(deps: AppDeps, actor: Actor, area: CrmArea, leadId: string, input: TrialBook): Promise<Trial> {
  if (!isRecordId(leadId)) throw notFound(LEAD);
  const organizationId = actor.viewer.organizationId;
  const now = deps.clock.now();
  const trialId = await withWorkspace(deps.db, organizationId, async (tx) => {
    const current = await visibleLead(tx, actor, area, leadId);
    if (current.convertedAt) throw conflict("The lead has converted: schedule lessons for the student instead.");
    const subject = input.subject ?? current.subjects[0] ?? "Trial lesson";
    const batch = await createSessions({ ...deps, db: insideTransaction(tx) }, actor, area, {
      tutorMemberId: input.tutorMemberId,
      studentIds: [],
      subject,
      startsAt: input.startsAt,
      endsAt: localEnd(input.startsAt, input.durationMinutes),
      timeZone: input.timeZone,
      location: input.location,
      notes: TRIAL_NOTE,
      confirmOutsideAvailability: input.confirmOutsideAvailability,
    });
    const session = batch.items[0]!;
    const [row] = await tx
      .insert(leadTrial)
      .values({ organizationId, leadId, sessionId: session.id, tutorMemberId: session.tutor.memberId, createdByUserId: actor.viewer.user.id, createdAt: now })
      .returning({ id: leadTrial.id });
    const when = describeTime(new Date(session.startsAt), new Date(session.endsAt), session.timeZone);
    await addActivity(tx, organizationId, leadId, { kind: "trial", summary: `Trial booked: ${subject} with ${session.tutor.name} on ${when}` }, actor, now);
    await tx
      .update(lead)
      .set({ updatedAt: now })
      .where(and(eq(lead.organizationId, organizationId), eq(lead.id, leadId)));
    await advanceTo(tx, actor, current, "Trial booked", now);
    await auditLead(tx, actor, "LEAD_TRIAL_BOOKED", `Trial booked with ${session.tutor.name} on ${when}`, {
      leadId,
      trialId: row!.id,
      sessionId: session.id,
      tutorMemberId: session.tutor.memberId,
    });
    return row!.id;
  });
  return withWorkspace(deps.db, organizationId, async (tx) => (await trialsWhere(tx, organizationId, eq(leadTrial.id, trialId)))[0]!);
}

/** GET /{admin,tutor}/crm/leads/{leadId}/trials: the lead's trials, the latest first. */
export async function listTrials(db: Database, actor: Actor, area: CrmArea, leadId: string): Promise<TrialList> {
  if (!isRecordId(leadId)) throw notFound(LEAD);
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await visibleLead(tx, actor, area, leadId);
    return { items: await trialsWhere(tx, organizationId, eq(leadTrial.leadId, leadId)) };
  });
}

/**
 * GET /{admin,tutor}/crm/trials/awaiting-feedback: the trials that have begun and wait for
 * their feedback, the oldest first: a tutor's own (also for leads someone else owns, whose page
 * the tutor cannot open), every one for admins.
 */
export async function listTrialsAwaitingFeedback(db: Database, actor: Actor, area: CrmArea, now: Date): Promise<TrialList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => ({
    items: await trialsWhere(
      tx,
      organizationId,
      and(
        isNull(leadTrial.feedbackAt),
        lte(tutoringSession.startsAt, now),
        notInArray(tutoringSession.status, ["cancelled", "late_cancelled"]),
        area === "tutor" ? eq(leadTrial.tutorMemberId, actor.viewer.membership.id) : undefined,
      ),
      "oldest",
      50,
    ),
  }));
}

/**
 * POST /{admin,tutor}/crm/trials/{trialId}/feedback: by the trial's tutor (any trial for an
 * admin), once, after the trial has begun. Filing it is what makes the follow-up tasks: the
 * tutor's word is what says the trial took place, and no job has to watch the calendar.
 */
export async function fileTrialFeedback(deps: AppDeps, actor: Actor, area: CrmArea, trialId: string, input: TrialFeedbackCreate): Promise<Trial> {
  if (!isRecordId(trialId)) throw notFound(TRIAL);
  const organizationId = actor.viewer.organizationId;
  const now = deps.clock.now();
  await withWorkspace(deps.db, organizationId, async (tx) => {
    const [row] = await tx
      .select({ trial: leadTrial, session: tutoringSession, lead })
      .from(leadTrial)
      .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, leadTrial.organizationId), eq(tutoringSession.id, leadTrial.sessionId)))
      .innerJoin(lead, and(eq(lead.organizationId, leadTrial.organizationId), eq(lead.id, leadTrial.leadId)))
      .where(
        and(
          eq(leadTrial.organizationId, organizationId),
          eq(leadTrial.id, trialId),
          area === "tutor" ? eq(leadTrial.tutorMemberId, actor.viewer.membership.id) : undefined,
        ),
      )
      .for("update", { of: [leadTrial, lead] });
    if (!row) throw notFound(TRIAL);
    const { trial, session } = row;
    if (trial.feedbackAt) throw conflict("The trial's feedback was filed already.");
    if (session.status === "cancelled" || session.status === "late_cancelled") throw conflict("The trial was cancelled: there is nothing to give feedback on.");
    if (now < session.startsAt) throw conflict("The trial has not begun yet: give feedback after it.");
    await tx
      .update(leadTrial)
      .set({
        attended: input.attended,
        feedbackNotes: input.notes ?? "",
        recommendation: input.recommendation,
        feedbackByUserId: actor.viewer.user.id,
        feedbackAt: now,
        followUpsAt: now,
      })
      .where(and(eq(leadTrial.organizationId, organizationId), eq(leadTrial.id, trialId)));
    // The trial leaves the tutor's reports to file: its feedback is its report.
    await tx
      .update(tutoringSession)
      .set({ status: input.attended ? "completed" : "no_show", updatedByUserId: actor.viewer.user.id, updatedAt: now })
      .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, session.id), eq(tutoringSession.status, "scheduled")));
    const leadId = trial.leadId;
    const summary = `Trial feedback: ${input.attended ? "attended" : "did not attend"}; recommends ${TRIAL_RECOMMENDATION_LABELS[input.recommendation].toLowerCase()}`;
    await addActivity(tx, organizationId, leadId, { kind: "trial", summary, body: input.notes || null }, actor, now);

    const assignee = row.lead.ownerMemberId ?? trial.tutorMemberId;
    for (const days of FOLLOW_UP_DAYS) {
      const dueOn = await workspaceToday(tx, organizationId, new Date(session.startsAt.getTime() + days * DAY_MS));
      const title = `Follow up the trial (day ${days})`;
      await tx.insert(crmTask).values({ organizationId, title, kind: "trial_follow_up", dueOn, assigneeMemberId: assignee, leadId, createdAt: now });
      await addActivity(tx, organizationId, leadId, { kind: "task", summary: `Task: ${title}, due ${dueOn}` }, null, now);
    }
    await tx
      .update(lead)
      .set({ updatedAt: now })
      .where(and(eq(lead.organizationId, organizationId), eq(lead.id, leadId)));
    if (input.attended) await advanceTo(tx, actor, row.lead, "Trial attended", now);
    await auditLead(tx, actor, "LEAD_TRIAL_FEEDBACK", `Trial feedback filed (${input.attended ? "attended" : "did not attend"})`, { leadId, trialId });
  });
  return withWorkspace(deps.db, organizationId, async (tx) => (await trialsWhere(tx, organizationId, eq(leadTrial.id, trialId)))[0]!);
}
