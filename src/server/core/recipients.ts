/**
 * Who gets mail about a student or a session: every feature asks here, so that mails about the
 * same people reach the same people. Read inside withWorkspace (row-level security).
 *
 * - A student's family (familyOf): the guardians linked through student_guardian, then the
 *   student's own login. How far it reaches depends on the mail (Reach).
 * - A session's people (sessionPeople): its tutor, and the family of each of its students
 *   (active parents and logins), each person once, however many of the students they are
 *   linked to. Only active members of the session's workspace.
 */
import { and, asc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { member, organization, sessionStudent, student, studentGuardian, tutoringSession, user } from "../db/schema.ts";
import type { Transaction } from "../db/tenant.ts";

/**
 * Whom of a student's family a mail reaches:
 * - "active parents": guardians who are active members in the parent role, and the login
 *   while it is an active student member (session mails);
 * - "active members": guardians who are active members in any role, and the login as above
 *   (shared summaries);
 * - "everyone linked": every linked guardian and the login's account, whatever their
 *   membership now (the notice that the student's data was erased).
 */
export type Reach = "active parents" | "active members" | "everyone linked";

export interface FamilyMember {
  studentId: string;
  userId: string;
  email: string;
  name: string;
  relation: "guardian" | "student";
}

/** The family of the students, guardians first, then the students' own logins. */
export async function familyOf(tx: Transaction, organizationId: string, studentIds: string[], reach: Reach): Promise<FamilyMember[]> {
  if (studentIds.length === 0) return [];
  const guardianConditions: SQL[] = [eq(studentGuardian.organizationId, organizationId), inArray(studentGuardian.studentId, studentIds)];
  if (reach !== "everyone linked") guardianConditions.push(eq(member.status, "active"));
  if (reach === "active parents") guardianConditions.push(eq(member.role, "parent"));
  const guardians = await tx
    .select({ studentId: studentGuardian.studentId, userId: user.id, email: user.email, name: user.name })
    .from(studentGuardian)
    .innerJoin(member, and(eq(member.organizationId, studentGuardian.organizationId), eq(member.id, studentGuardian.memberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(...guardianConditions));
  const studentsOf = and(eq(student.organizationId, organizationId), inArray(student.id, studentIds));
  const logins =
    reach === "everyone linked"
      ? await tx
          .select({ studentId: student.id, userId: user.id, email: user.email, name: user.name })
          .from(student)
          .innerJoin(user, eq(user.id, student.userId))
          .where(studentsOf)
      : await tx
          .select({ studentId: student.id, userId: user.id, email: user.email, name: user.name })
          .from(student)
          .innerJoin(user, eq(user.id, student.userId))
          .innerJoin(member, and(eq(member.organizationId, student.organizationId), eq(member.userId, user.id)))
          .where(and(studentsOf, eq(member.status, "active"), eq(member.role, "student")));
  return [...guardians.map((row) => ({ ...row, relation: "guardian" as const })), ...logins.map((row) => ({ ...row, relation: "student" as const }))];
}

export interface Recipient {
  userId: string;
  email: string;
  name: string;
  relation: "tutor" | "guardian" | "student";
  /** For a guardian: their children among the sessions' students (id and name). */
  children: { id: string; name: string }[];
}

export interface SessionPeople {
  workspace: string;
  tutorName: string;
  /** Every student of the sessions, by name (the tutor's mail names them). */
  studentNames: string[];
  recipients: Recipient[];
}

export async function sessionPeople(tx: Transaction, organizationId: string, sessionIds: string[]): Promise<SessionPeople> {
  const [org] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));
  const tutors = await tx
    .selectDistinct({ userId: user.id, email: user.email, name: user.name, status: member.status })
    .from(tutoringSession)
    .innerJoin(member, and(eq(member.organizationId, tutoringSession.organizationId), eq(member.id, tutoringSession.tutorMemberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(tutoringSession.organizationId, organizationId), inArray(tutoringSession.id, sessionIds)));
  const students = await tx
    .selectDistinct({ id: student.id, name: student.name })
    .from(sessionStudent)
    .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
    .where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, sessionIds), isNull(student.erasedAt)))
    .orderBy(asc(student.name));
  const family = await familyOf(
    tx,
    organizationId,
    students.map((row) => row.id),
    "active parents",
  );
  const guardians = family.filter((person) => person.relation === "guardian");
  const logins = family.filter((person) => person.relation === "student");

  const byUser = new Map<string, Recipient>();
  for (const tutor of tutors) {
    if (tutor.status === "active") byUser.set(tutor.userId, { userId: tutor.userId, email: tutor.email, name: tutor.name, relation: "tutor", children: [] });
  }
  for (const login of logins) {
    if (!byUser.has(login.userId)) byUser.set(login.userId, { userId: login.userId, email: login.email, name: login.name, relation: "student", children: [] });
  }
  for (const guardian of guardians) {
    const child = students.find((row) => row.id === guardian.studentId)!;
    const known = byUser.get(guardian.userId);
    if (!known)
      byUser.set(guardian.userId, {
        userId: guardian.userId,
        email: guardian.email,
        name: guardian.name,
        relation: "guardian",
        children: [{ id: child.id, name: child.name }],
      });
    else if (known.relation === "guardian" && !known.children.some((item) => item.id === child.id)) known.children.push({ id: child.id, name: child.name });
  }
  for (const recipient of byUser.values()) recipient.children.sort((a, b) => a.name.localeCompare(b.name));
  return {
    workspace: org?.name ?? "your workspace",
    tutorName: tutors[0]?.name ?? "",
    studentNames: students.map((row) => row.name),
    recipients: [...byUser.values()],
  };
}
