/**
 * Who is mailed about a session: its tutor, the guardians of its students (active parent
 * members linked through student_guardian) and its students that have a login of their own.
 * Only active members of the session's workspace; each person once, however many of the
 * sessions' students they are linked to. Read inside withWorkspace (row-level security).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { member, organization, sessionStudent, student, studentGuardian, tutoringSession, user } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";

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
    .selectDistinct({ id: student.id, name: student.name, userId: student.userId })
    .from(sessionStudent)
    .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
    .where(and(eq(sessionStudent.organizationId, organizationId), inArray(sessionStudent.sessionId, sessionIds), isNull(student.erasedAt)))
    .orderBy(asc(student.name));
  const studentIds = students.map((row) => row.id);
  const guardians =
    studentIds.length === 0
      ? []
      : await tx
          .select({ studentId: studentGuardian.studentId, userId: user.id, email: user.email, name: user.name })
          .from(studentGuardian)
          .innerJoin(member, and(eq(member.organizationId, studentGuardian.organizationId), eq(member.id, studentGuardian.memberId)))
          .innerJoin(user, eq(user.id, member.userId))
          .where(
            and(
              eq(studentGuardian.organizationId, organizationId),
              inArray(studentGuardian.studentId, studentIds),
              eq(member.role, "parent"),
              eq(member.status, "active"),
            ),
          );
  const loginIds = students.flatMap((row) => (row.userId ? [row.userId] : []));
  const logins =
    loginIds.length === 0
      ? []
      : await tx
          .select({ userId: user.id, email: user.email, name: user.name })
          .from(member)
          .innerJoin(user, eq(user.id, member.userId))
          .where(and(eq(member.organizationId, organizationId), inArray(member.userId, loginIds), eq(member.role, "student"), eq(member.status, "active")));

  const byUser = new Map<string, Recipient>();
  for (const tutor of tutors) {
    if (tutor.status === "active") byUser.set(tutor.userId, { userId: tutor.userId, email: tutor.email, name: tutor.name, relation: "tutor", children: [] });
  }
  for (const login of logins) {
    if (!byUser.has(login.userId)) byUser.set(login.userId, { ...login, relation: "student", children: [] });
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
