/**
 * Converting a won lead in one step and one transaction, through the features that own each
 * record: the students (students), their family's payer account named or an existing one
 * (billing: a new student gets an account of its own, renamed or merged into the family's),
 * the trial tutor's assignment (assignments), the guardians' invitations mailed as any
 * invitation (invitations); then the lead is linked to its students, set won and converted.
 * The lead's row is locked first, so a second convert (or two at once) answers what the
 * first made and makes nothing.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { LeadConversion, LeadConvert, StudentLeadTimeline } from "../../../shared/schemas/crm-trials.ts";
import type { Actor } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { lead, leadStudent, leadTrial } from "../../db/crm-schema.ts";
import { assignment, payerAccount, student, tutoringSession, workspaceInvitation } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { createAssignment } from "../assignments/index.ts";
import { mergeAccount, renameAccount } from "../billing/index.ts";
import { createInvitation } from "../invitations/index.ts";
import { createStudent, visibleStudents } from "../students/index.ts";
import { addActivity, leadTimeline } from "./leads.ts";
import { type CrmArea, visibleLeads } from "./policy.ts";
import { stagesInForce } from "./stages.ts";
import { auditLead, insideTransaction } from "./trials.ts";

const LEAD = "The lead";

/** What a conversion made, read back: the same answer however often it is asked. */
async function conversionOf(tx: Transaction, organizationId: string, leadId: string): Promise<LeadConversion> {
  const [row] = await tx
    .select({ convertedAt: lead.convertedAt, accountId: payerAccount.id, accountName: payerAccount.name })
    .from(lead)
    .innerJoin(payerAccount, and(eq(payerAccount.organizationId, lead.organizationId), eq(payerAccount.id, lead.payerAccountId)))
    .where(and(eq(lead.organizationId, organizationId), eq(lead.id, leadId)));
  const students = await tx
    .select({ id: student.id, name: student.name })
    .from(leadStudent)
    .innerJoin(student, and(eq(student.organizationId, leadStudent.organizationId), eq(student.id, leadStudent.studentId)))
    .where(and(eq(leadStudent.organizationId, organizationId), eq(leadStudent.leadId, leadId)))
    .orderBy(asc(leadStudent.position));
  const ids = students.map((item) => item.id);
  const assignments =
    ids.length === 0
      ? []
      : await tx
          .select({ id: assignment.id, studentId: assignment.studentId, tutorMemberId: assignment.tutorMemberId, subject: assignment.subject })
          .from(assignment)
          .where(and(eq(assignment.organizationId, organizationId), inArray(assignment.studentId, ids)))
          .orderBy(asc(assignment.startsOn), asc(assignment.id));
  const invitations =
    ids.length === 0
      ? []
      : await tx
          .select({ id: workspaceInvitation.id, email: workspaceInvitation.email, studentId: workspaceInvitation.studentId })
          .from(workspaceInvitation)
          .where(
            and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.role, "parent"), inArray(workspaceInvitation.studentId, ids)),
          )
          .orderBy(asc(workspaceInvitation.email));
  return {
    leadId,
    convertedAt: row!.convertedAt!.toISOString(),
    account: { id: row!.accountId, name: row!.accountName },
    students,
    assignments,
    invitations,
  };
}

/** A refusal of a feature's command, its field named as the convert body names it. */
function asField(error: unknown, path: (string | number)[]): unknown {
  if (!(error instanceof AppError) || error.status !== 422) return error;
  return new AppError("VALIDATION_FAILED", 422, error.message, [{ path, message: error.message }]);
}

/** POST /{admin,tutor}/crm/leads/{leadId}/convert: won, in one step; again, the same answer. */
export async function convertLead(deps: AppDeps, actor: Actor, area: CrmArea, leadId: string, input: LeadConvert): Promise<LeadConversion> {
  if (!isRecordId(leadId)) throw notFound(LEAD);
  const organizationId = actor.viewer.organizationId;
  const now = deps.clock.now();
  return withWorkspace(deps.db, organizationId, async (tx) => {
    // Two converts at once: the second waits here, then finds the lead converted.
    const [current] = await tx
      .select()
      .from(lead)
      .where(and(visibleLeads(actor.viewer, area), eq(lead.id, leadId)))
      .for("update");
    if (!current) throw notFound(LEAD);
    if (current.convertedAt) return conversionOf(tx, organizationId, leadId);

    const stages = await stagesInForce(tx, organizationId);
    const won = stages.find((stage) => stage.outcome === "won");
    if (!won) throw conflict("The pipeline has no won stage.");
    const [trial] = await tx
      .select({ tutorMemberId: leadTrial.tutorMemberId, subject: tutoringSession.subject })
      .from(leadTrial)
      .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, leadTrial.organizationId), eq(tutoringSession.id, leadTrial.sessionId)))
      .where(and(eq(leadTrial.organizationId, organizationId), eq(leadTrial.leadId, leadId)))
      .orderBy(desc(tutoringSession.startsAt))
      .limit(1);
    const names = input.students?.map((item) => item.name) ?? (current.studentName ? [current.studentName] : []);
    if (names.length === 0) throw invalidField("students", "Name the student: the lead names none.");
    const emails = input.guardianEmails ?? (current.email ? [current.email] : []);
    const tutorMemberId = input.tutorMemberId ?? trial?.tutorMemberId;
    const subject = input.subject ?? trial?.subject ?? current.subjects[0];
    if (tutorMemberId && !subject) throw invalidField("subject", "Name the subject the tutor is assigned for: the lead names none.");
    if (input.account?.kind === "existing") {
      const [existing] = await tx
        .select({ id: payerAccount.id })
        .from(payerAccount)
        .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, input.account.accountId)));
      if (!existing) throw invalidField("account.accountId", "No such account in this workspace.");
    }

    const db = insideTransaction(tx);
    const made: { id: string; ownAccountId: string }[] = [];
    for (const [index, name] of names.entries()) {
      let created;
      try {
        created = await createStudent(db, actor, { name, subjects: current.subjects, grade: current.level ?? undefined }, now);
      } catch (error) {
        throw asField(error, ["students", index, "name"]);
      }
      const [own] = await tx
        .select({ accountId: student.payerAccountId })
        .from(student)
        .where(and(eq(student.organizationId, organizationId), eq(student.id, created.id)));
      made.push({ id: created.id, ownAccountId: own!.accountId });
    }
    // The family's account: the first student's own, named for the family, or the one chosen;
    // the other accounts the students were given are merged into it (they hold nothing yet).
    const family = input.account?.kind === "existing" ? input.account.accountId : made[0]!.ownAccountId;
    if (input.account?.kind !== "existing") {
      const familyName = input.account?.name ?? current.guardianName ?? names[0]!;
      await renameAccount(db, actor, family, familyName, now);
    }
    for (const item of made) if (item.ownAccountId !== family) await mergeAccount(db, actor, item.ownAccountId, family, now);

    if (tutorMemberId) {
      const startsOn = await workspaceToday(tx, organizationId, now);
      for (const item of made) {
        try {
          await createAssignment(db, actor, { tutorMemberId, studentId: item.id, subject: subject!, startsOn }, now);
        } catch (error) {
          throw asField(error, [input.tutorMemberId ? "tutorMemberId" : "subject"]);
        }
      }
    }
    for (const [index, email] of emails.entries()) {
      try {
        await createInvitation({ ...deps, db }, actor.viewer, { email, role: "parent", studentId: made[0]!.id }, actor.ipAddress);
      } catch (error) {
        throw asField(error, ["guardianEmails", index]);
      }
    }

    await tx.insert(leadStudent).values(made.map((item, index) => ({ organizationId, leadId, studentId: item.id, position: index + 1, createdAt: now })));
    await tx
      .update(lead)
      .set({ convertedAt: now, payerAccountId: family, stageId: won.id, stageEnteredAt: now, lostReason: null, updatedAt: now })
      .where(and(eq(lead.organizationId, organizationId), eq(lead.id, leadId)));
    const from = stages.find((stage) => stage.id === current.stageId)?.name ?? "an archived stage";
    await addActivity(tx, organizationId, leadId, { kind: "stage", summary: `Moved from ${from} to ${won.name}` }, actor, now);
    const words = [
      `${made.length} student${made.length === 1 ? "" : "s"}`,
      tutorMemberId ? "assigned to the tutor" : null,
      emails.length > 0 ? `${emails.length} guardian${emails.length === 1 ? "" : "s"} invited` : null,
    ].filter(Boolean);
    await addActivity(tx, organizationId, leadId, { kind: "converted", summary: `Converted: ${words.join(", ")}` }, actor, now);
    await auditLead(tx, actor, "LEAD_CONVERTED", `Lead converted: ${words.join(", ")}`, {
      leadId,
      accountId: family,
      studentIds: made.map((item) => item.id),
      tutorMemberId: tutorMemberId ?? null,
    });
    return conversionOf(tx, organizationId, leadId);
  });
}

/**
 * GET /{admin,tutor}/crm/students/{studentId}/lead-timeline: the student's history from before
 * enrolment, for those who see the student (admins, the student's tutors); 404 outside.
 */
export async function studentLeadTimeline(db: Database, actor: Actor, area: CrmArea, studentId: string, now: Date): Promise<StudentLeadTimeline> {
  if (!isRecordId(studentId)) throw notFound("The student");
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const [seen] = await tx
      .select({ id: student.id })
      .from(student)
      .where(and(visibleStudents(actor.viewer, area, now), eq(student.id, studentId)));
    if (!seen) throw notFound("The student");
    const [origin] = await tx
      .select({ id: lead.id, source: lead.source, createdAt: lead.createdAt, convertedAt: lead.convertedAt })
      .from(leadStudent)
      .innerJoin(lead, and(eq(lead.organizationId, leadStudent.organizationId), eq(lead.id, leadStudent.leadId)))
      .where(and(eq(leadStudent.organizationId, organizationId), eq(leadStudent.studentId, studentId)))
      .orderBy(asc(lead.createdAt))
      .limit(1);
    if (!origin) return { lead: null, timeline: [] };
    return {
      lead: { id: origin.id, source: origin.source, createdAt: origin.createdAt.toISOString(), convertedAt: origin.convertedAt?.toISOString() ?? null },
      timeline: await leadTimeline(tx, organizationId, origin.id),
    };
  });
}
