/**
 * Student records: list, create, read (every read audited), change. Guardians, erasure, the
 * access log and the export have files of their own in this folder.
 */
import { and, eq } from "drizzle-orm";
import type { StudentCreate, StudentDetail, StudentListQuery, StudentPage, StudentSummary, StudentUpdate } from "../../../shared/schemas/students.ts";
import type { Database } from "../../db/client.ts";
import { student } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, conflict, notFound } from "../../lib/app-error.ts";
import { type Actor, actorLabel, auditStudent } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { keptStudentTotal } from "../../core/kept-counts.ts";
import { visibleStudents, withVisibleContacts } from "./policy.ts";
import { countStudents, findStudent, studentDetail, studentList, studentPage, studentSearch } from "./queries.ts";
import type { Area } from "../../../shared/roles.ts";

export const studentNotFound = () => notFound("The student");

/** The record's words in descriptions ("changed goals, notes"). */
const FIELD_LABELS: Record<keyof StudentCreate, string> = {
  name: "name",
  preferredName: "preferred name",
  grade: "grade or year",
  school: "school",
  subjects: "subjects",
  goals: "goals",
  notes: "notes",
  status: "status",
};

export async function listStudents(db: Database, actor: Actor, query: StudentListQuery, now: Date): Promise<StudentPage> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const where = and(visibleStudents(actor.viewer, "admin", now), studentSearch(query.q, query.status));
    // A search counts its matches (ids from the trigram indexes); the whole list or a status
    // reads the count the database keeps, instead of every record of the workspace.
    const total = query.q ? await countStudents(tx, organizationId, where) : await keptStudentTotal(tx, organizationId, query.status);
    return studentPage(tx, organizationId, where, total, query.page, query.pageSize, now);
  });
}

/** A parent's children or a tutor's current students (a short list: no paging). */
export async function listRelatedStudents(db: Database, actor: Actor, area: "parent" | "tutor", now: Date): Promise<StudentSummary[]> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, (tx) => studentList(tx, organizationId, visibleStudents(actor.viewer, area, now), now));
}

/**
 * The id of the record the viewer may see through `area`, or a 404. Run inside the
 * caller's transaction; `forUpdate` locks the row against a concurrent change or erasure.
 */
export async function requireVisibleStudent(tx: Transaction, actor: Actor, area: Area, studentId: string, now: Date, options: { forUpdate?: boolean } = {}) {
  if (!isRecordId(studentId)) throw studentNotFound();
  const row = await findStudent(tx, actor.viewer.organizationId, studentId, visibleStudents(actor.viewer, area, now), options);
  if (!row) throw studentNotFound();
  return row;
}

/** The full record after a write in the same transaction (it exists: the caller just found it). */
export async function detailOf(tx: Transaction, organizationId: string, studentId: string, now: Date): Promise<StudentDetail> {
  const detail = await studentDetail(tx, organizationId, studentId, now);
  if (!detail) throw studentNotFound();
  return detail;
}

/** Reads a record through a area, auditing the read (STUDENT_VIEWED) in the same transaction. */
export async function viewStudent(db: Database, actor: Actor, area: Area, studentId: string, now: Date): Promise<StudentDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await requireVisibleStudent(tx, actor, area, studentId, now);
    await auditStudent(tx, actor, { action: "STUDENT_VIEWED", studentId, description: `${actorLabel(actor, area)} viewed the record` });
    return withVisibleContacts(await detailOf(tx, organizationId, studentId, now), actor.viewer, area);
  });
}

/** The student's own record: the one whose login is the viewer. */
export async function viewOwnRecord(db: Database, actor: Actor, now: Date): Promise<StudentDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const studentId = await ownRecordId(tx, actor, now);
    await auditStudent(tx, actor, { action: "STUDENT_VIEWED", studentId, description: `${actorLabel(actor, "student")} viewed the record` });
    return withVisibleContacts(await detailOf(tx, organizationId, studentId, now), actor.viewer, "student");
  });
}

/** The id of the viewer's own record, or the student-area 404. */
export async function ownRecordId(tx: Transaction, actor: Actor, now: Date): Promise<string> {
  const [own] = await tx
    .select({ id: student.id })
    .from(student)
    .where(visibleStudents(actor.viewer, "student", now));
  if (!own) throw ownRecordMissing();
  return own.id;
}

const ownRecordMissing = () => new AppError("NOT_FOUND", 404, "No student record is linked to your account yet.");

export async function createStudent(db: Database, actor: Actor, input: StudentCreate, now: Date): Promise<StudentDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const [created] = await tx
      .insert(student)
      .values({
        organizationId,
        name: input.name,
        preferredName: input.preferredName ?? null,
        grade: input.grade ?? null,
        school: input.school ?? null,
        subjects: input.subjects ?? [],
        goals: input.goals ?? "",
        notes: input.notes ?? "",
        status: input.status ?? "active",
      })
      .returning({ id: student.id });
    await auditStudent(tx, actor, {
      action: "STUDENT_CREATED",
      studentId: created!.id,
      description: `${actorLabel(actor)} created the record`,
      metadata: { fields: Object.keys(input) },
    });
    return detailOf(tx, organizationId, created!.id, now);
  });
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes the fields given (pause = status paused, archive = status former). Only fields whose
 * value really changes are written and named in the entry; a change to nothing writes nothing.
 * An erased record refuses edits: its personal data must not come back.
 */
export async function updateStudent(db: Database, actor: Actor, studentId: string, changes: StudentUpdate, now: Date): Promise<StudentDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const current = await requireVisibleStudent(tx, actor, "admin", studentId, now, { forUpdate: true });
    if (current.erasedAt) throw conflict("This student's personal data was erased; the record can no longer be edited.");
    const changed = (Object.keys(changes) as (keyof StudentCreate)[]).filter(
      (field) => changes[field] !== undefined && !sameValue(changes[field], current[field]),
    );
    if (changed.length > 0) {
      const values = Object.fromEntries(changed.map((field) => [field, changes[field]]));
      await tx
        .update(student)
        .set({ ...values, updatedAt: now })
        .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId)));
      const statusNote = changes.status && changed.includes("status") ? ` (now ${changes.status})` : "";
      await auditStudent(tx, actor, {
        action: "STUDENT_UPDATED",
        studentId,
        description: `${actorLabel(actor)} changed ${changed.map((field) => FIELD_LABELS[field]).join(", ")}${statusNote}`,
        metadata: { fields: changed },
      });
    }
    return detailOf(tx, organizationId, studentId, now);
  });
}
