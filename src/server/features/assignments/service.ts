/**
 * Assignments link a tutor member to a student for a subject, from a start date to an optional
 * end. Each change is audited on the student's record. Ending an assignment keeps it as
 * history; the tutor's access to the student ends with it (students/policy.ts).
 */
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import type { Assignment } from "../../../shared/schemas/students.ts";
import type { AssignmentCreate, AssignmentUpdate } from "../../../shared/schemas/tutors.ts";
import type { Database } from "../../db/client.ts";
import { assignment, member, student, user } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { type Actor, actorLabel, auditStudent } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { holdWorkspaceCurrency } from "../../core/currency.ts";
import { assignmentsWhere, todayIn } from "./queries.ts";

const assignmentNotFound = () => notFound("The assignment");

const FIELD_LABELS: Record<keyof AssignmentUpdate, string> = {
  subject: "subject",
  rateOverrideMinor: "rate",
  payRateOverrideMinor: "pay rate",
  startsOn: "start date",
  endsOn: "end date",
};

/** The member, if it is a tutor of this workspace (active or suspended); else a 422 on tutorMemberId. */
async function requireTutor(tx: Transaction, organizationId: string, memberId: string) {
  const [row] = await tx
    .select({ id: member.id, role: member.role, status: member.status, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
  if (!row) throw invalidField("tutorMemberId", "No such member in this workspace.");
  if (row.status === "pending") throw invalidField("tutorMemberId", `${row.name} is still waiting for approval; approve them as a tutor first.`);
  if (row.role !== "tutor") throw invalidField("tutorMemberId", `${row.name} is not a tutor in this workspace.`);
  return row;
}

/** The student, if it is a record of this workspace that can be taught; else a 422 on studentId. */
async function requireAssignableStudent(tx: Transaction, organizationId: string, studentId: string) {
  // FOR SHARE: an erasure running at the same time waits for this transaction, or this one sees it.
  const [row] = isRecordId(studentId)
    ? await tx
        .select({ id: student.id, erasedAt: student.erasedAt })
        .from(student)
        .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId)))
        .for("share")
    : [];
  if (!row) throw invalidField("studentId", "No such student in this workspace.");
  if (row.erasedAt) throw invalidField("studentId", "This student's personal data was erased; no tutor can be assigned.");
  return row;
}

/** Refuses a second assignment of the same tutor, student and subject over overlapping dates. */
async function refuseOverlap(
  tx: Transaction,
  organizationId: string,
  value: { tutorMemberId: string; studentId: string; subject: string; startsOn: string; endsOn: string | null },
  tutorName: string,
  exceptId?: string,
) {
  const [clash] = await tx
    .select({ id: assignment.id })
    .from(assignment)
    .where(
      and(
        eq(assignment.organizationId, organizationId),
        eq(assignment.studentId, value.studentId),
        eq(assignment.tutorMemberId, value.tutorMemberId),
        sql`lower(${assignment.subject}) = lower(${value.subject})`,
        sql`daterange(${assignment.startsOn}, ${assignment.endsOn}, '[]') && daterange(${value.startsOn}::date, ${value.endsOn}::date, '[]')`,
        exceptId ? ne(assignment.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw conflict(`${tutorName} is already assigned to this student for ${value.subject} over some of these dates.`);
}

async function readAssignment(tx: Transaction, organizationId: string, where: SQL, now: Date): Promise<Assignment> {
  const [row] = await assignmentsWhere(tx, organizationId, where, now);
  if (!row) throw assignmentNotFound();
  return row;
}

export async function createAssignment(db: Database, actor: Actor, input: AssignmentCreate, now: Date): Promise<Assignment> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    if (input.rateOverrideMinor != null || input.payRateOverrideMinor != null) await holdWorkspaceCurrency(tx, organizationId);
    const tutor = await requireTutor(tx, organizationId, input.tutorMemberId);
    await requireAssignableStudent(tx, organizationId, input.studentId);
    const value = {
      tutorMemberId: input.tutorMemberId,
      studentId: input.studentId,
      subject: input.subject,
      startsOn: input.startsOn,
      endsOn: input.endsOn ?? null,
    };
    await refuseOverlap(tx, organizationId, value, tutor.name);
    const [created] = await tx
      .insert(assignment)
      .values({ organizationId, ...value, rateOverrideMinor: input.rateOverrideMinor ?? null, payRateOverrideMinor: input.payRateOverrideMinor ?? null })
      .returning({ id: assignment.id });
    await auditStudent(tx, actor, {
      action: "ASSIGNMENT_CREATED",
      studentId: input.studentId,
      description: `${actorLabel(actor)} assigned ${tutor.name} for ${input.subject}`,
      metadata: { assignmentId: created!.id, tutorMemberId: input.tutorMemberId },
    });
    return readAssignment(tx, organizationId, eq(assignment.id, created!.id), now);
  });
}

/** The assignment row, locked for the change, or a 404. */
async function lockAssignment(tx: Transaction, organizationId: string, assignmentId: string) {
  const [row] = isRecordId(assignmentId)
    ? await tx
        .select({ record: assignment, tutorName: user.name })
        .from(assignment)
        .innerJoin(member, and(eq(member.organizationId, assignment.organizationId), eq(member.id, assignment.tutorMemberId)))
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(assignment.organizationId, organizationId), eq(assignment.id, assignmentId)))
        .for("update", { of: assignment })
    : [];
  if (!row) throw assignmentNotFound();
  return row;
}

export async function updateAssignment(db: Database, actor: Actor, assignmentId: string, changes: AssignmentUpdate, now: Date): Promise<Assignment> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    if (changes.rateOverrideMinor != null || changes.payRateOverrideMinor != null) await holdWorkspaceCurrency(tx, organizationId);
    const { record, tutorName } = await lockAssignment(tx, organizationId, assignmentId);
    const next = { ...record, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
    // The schema checks the dates only when both are given; here the other one is the stored one.
    if (next.endsOn !== null && next.endsOn < next.startsOn) {
      throw changes.endsOn !== undefined
        ? invalidField("endsOn", "End date must not be before the start date.")
        : invalidField("startsOn", `Start date must not be after the end date (${next.endsOn}).`);
    }
    const changed = (Object.keys(changes) as (keyof AssignmentUpdate)[]).filter((field) => changes[field] !== undefined && changes[field] !== record[field]);
    if (changed.length > 0) {
      await refuseOverlap(tx, organizationId, next, tutorName, assignmentId);
      await tx
        .update(assignment)
        .set(Object.fromEntries(changed.map((field) => [field, next[field]])))
        .where(and(eq(assignment.organizationId, organizationId), eq(assignment.id, assignmentId)));
      await auditStudent(tx, actor, {
        action: "ASSIGNMENT_UPDATED",
        studentId: record.studentId,
        description: `${actorLabel(actor)} changed the ${next.subject} assignment of ${tutorName}: ${changed.map((field) => FIELD_LABELS[field]).join(", ")}`,
        metadata: { assignmentId, fields: changed },
      });
    }
    return readAssignment(tx, organizationId, eq(assignment.id, assignmentId), now);
  });
}

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * Ends an assignment now: the tutor loses access to the student at once. One that ran before
 * today is kept as history, ending yesterday (an end date of today would leave it current
 * until midnight); one that starts today or later never ran, and is deleted.
 */
export async function endAssignment(db: Database, actor: Actor, assignmentId: string, now: Date): Promise<void> {
  const organizationId = actor.viewer.organizationId;
  await withWorkspace(db, organizationId, async (tx) => {
    const { record, tutorName } = await lockAssignment(tx, organizationId, assignmentId);
    const today = await todayIn(tx, organizationId, now);
    if (record.endsOn !== null && record.endsOn < today) throw conflict(`This assignment already ended on ${record.endsOn}.`);
    const where = and(eq(assignment.organizationId, organizationId), eq(assignment.id, assignmentId));
    const removed = record.startsOn >= today;
    if (removed) await tx.delete(assignment).where(where);
    else
      await tx
        .update(assignment)
        .set({ endsOn: dayBefore(today) })
        .where(where);
    await auditStudent(tx, actor, {
      action: "ASSIGNMENT_ENDED",
      studentId: record.studentId,
      description: removed
        ? `${actorLabel(actor)} removed the ${record.subject} assignment of ${tutorName}, before it started`
        : `${actorLabel(actor)} ended the ${record.subject} assignment of ${tutorName}`,
      metadata: { assignmentId, removed },
    });
  });
}
