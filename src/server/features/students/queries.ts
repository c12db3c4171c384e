/**
 * Reads of student records, as the API shows them. Lists fetch one page of rows and then the
 * guardians and tutors of the whole page in one query each (never one query per student).
 * Callers pass the visibility condition from policy.ts and run inside withWorkspace.
 */
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Guardian, StudentDetail, StudentSummary } from "../../../shared/schemas/students.ts";
import type { StudentStatus } from "../../../shared/student-states.ts";
import { assignment, member, student, studentGuardian, user } from "../../db/schema.ts";
import type { Queryable } from "../../db/tenant.ts";
import { assignmentsWhere, notEnded } from "../assignments/index.ts";

const summaryColumns = {
  id: student.id,
  name: student.name,
  preferredName: student.preferredName,
  grade: student.grade,
  school: student.school,
  subjects: student.subjects,
  status: student.status,
  erasedAt: student.erasedAt,
};

/** ILIKE pattern for "contains `text`", with the pattern characters in `text` taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Name search: the trigram index on name answers '%…%' patterns. */
export function studentSearch(q: string | undefined, status: StudentStatus | undefined): SQL | undefined {
  const pattern = q ? containsPattern(q) : undefined;
  // Through student_search_ids (migration 0005): under row-level security a plain ILIKE here
  // cannot use the trigram indexes, and the search would read every record.
  return and(pattern ? inArray(student.id, sql`(select student_search_ids(${pattern}))`) : undefined, status ? eq(student.status, status) : undefined);
}

/** The guardians of each student, by student id (one query for any number of students). */
export async function guardiansOf(tx: Queryable, organizationId: string, studentIds: string[]): Promise<Map<string, Guardian[]>> {
  const byStudent = new Map<string, Guardian[]>();
  if (studentIds.length === 0) return byStudent;
  const rows = await tx
    .select({ studentId: studentGuardian.studentId, memberId: member.id, userId: user.id, name: user.name, email: user.email })
    .from(studentGuardian)
    .innerJoin(member, and(eq(member.organizationId, studentGuardian.organizationId), eq(member.id, studentGuardian.memberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(studentGuardian.organizationId, organizationId), inArray(studentGuardian.studentId, studentIds)))
    .orderBy(asc(user.name), asc(member.id));
  for (const { studentId, ...guardian } of rows) byStudent.set(studentId, [...(byStudent.get(studentId) ?? []), guardian]);
  return byStudent;
}

/** The tutors with a not-ended assignment to each student, by student id (one query). */
export async function tutorsOf(
  tx: Queryable,
  organizationId: string,
  studentIds: string[],
  now: Date,
): Promise<Map<string, { memberId: string; name: string }[]>> {
  const byStudent = new Map<string, { memberId: string; name: string }[]>();
  if (studentIds.length === 0) return byStudent;
  const rows = await tx
    .selectDistinct({ studentId: assignment.studentId, memberId: member.id, name: user.name })
    .from(assignment)
    .innerJoin(member, and(eq(member.organizationId, assignment.organizationId), eq(member.id, assignment.tutorMemberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(assignment.organizationId, organizationId), inArray(assignment.studentId, studentIds), notEnded(organizationId, now)))
    .orderBy(asc(assignment.studentId), asc(user.name), asc(member.id));
  for (const { studentId, ...tutor } of rows) byStudent.set(studentId, [...(byStudent.get(studentId) ?? []), tutor]);
  return byStudent;
}

type SummaryRow = { [K in keyof typeof summaryColumns]: (typeof student.$inferSelect)[K] };

async function withPeople(tx: Queryable, organizationId: string, rows: SummaryRow[], now: Date): Promise<StudentSummary[]> {
  const ids = rows.map((row) => row.id);
  const [guardians, tutors] = [await guardiansOf(tx, organizationId, ids), await tutorsOf(tx, organizationId, ids, now)];
  return rows.map(({ erasedAt, ...row }) => ({
    ...row,
    guardians: (guardians.get(row.id) ?? []).map(({ memberId, name }) => ({ memberId, name })),
    tutors: tutors.get(row.id) ?? [],
    erased: erasedAt !== null,
  }));
}

/**
 * The page query of the admin list, ordered by name then id: the (organization_id, name) and
 * (organization_id, status, name) indexes give the order, the trigram index serves the search.
 * Exported for the query-scaling benchmark, which EXPLAINs the service's own builder.
 */
export function studentPageQuery(tx: Queryable, organizationId: string, where: SQL | undefined, page: number, pageSize: number) {
  return tx
    .select(summaryColumns)
    .from(student)
    .where(and(eq(student.organizationId, organizationId), where))
    .orderBy(asc(student.name), asc(student.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** The number of records matching `where` (the list's total). */
export function studentCountQuery(tx: Queryable, organizationId: string, where: SQL | undefined) {
  return tx
    .select({ total: count() })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), where));
}

/** The number of records matching `where`. */
export async function countStudents(tx: Queryable, organizationId: string, where: SQL | undefined): Promise<number> {
  const [row] = await studentCountQuery(tx, organizationId, where);
  return row?.total ?? 0;
}

/** One page of the records matching `where`, with their guardians and tutors, and the list's `total`. */
export async function studentPage(tx: Queryable, organizationId: string, where: SQL | undefined, total: number, page: number, pageSize: number, now: Date) {
  const rows = await studentPageQuery(tx, organizationId, where, page, pageSize);
  return { items: await withPeople(tx, organizationId, rows, now), total, page, pageSize };
}

/** Every record matching `where` (a parent's children, a tutor's students), ordered by name. */
export async function studentList(tx: Queryable, organizationId: string, where: SQL, now: Date): Promise<StudentSummary[]> {
  const rows = await tx
    .select(summaryColumns)
    .from(student)
    .where(and(eq(student.organizationId, organizationId), where))
    .orderBy(asc(student.name), asc(student.id));
  return withPeople(tx, organizationId, rows, now);
}

/** The id of the record matching `where` with this id, or undefined; `forUpdate` locks the row. */
export async function findStudent(tx: Queryable, organizationId: string, studentId: string, where: SQL, options: { forUpdate?: boolean } = {}) {
  const query = tx
    .select()
    .from(student)
    .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId), where));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The full record: fields, the student's login, guardians and every assignment. */
export async function studentDetail(tx: Queryable, organizationId: string, studentId: string, now: Date): Promise<StudentDetail | undefined> {
  const [row] = await tx
    .select({ record: student, login: { userId: user.id, name: user.name, email: user.email } })
    .from(student)
    .leftJoin(user, eq(user.id, student.userId))
    .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId)));
  if (!row) return undefined;
  const guardians = await guardiansOf(tx, organizationId, [studentId]);
  const assignments = await assignmentsWhere(tx, organizationId, eq(assignment.studentId, studentId), now);
  const { record } = row;
  return {
    id: record.id,
    name: record.name,
    preferredName: record.preferredName,
    grade: record.grade,
    school: record.school,
    subjects: record.subjects,
    goals: record.goals,
    notes: record.notes,
    status: record.status,
    login: row.login?.userId ? { userId: row.login.userId, name: row.login.name, email: row.login.email } : null,
    guardians: guardians.get(studentId) ?? [],
    assignments,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    erasedAt: record.erasedAt?.toISOString() ?? null,
  };
}
