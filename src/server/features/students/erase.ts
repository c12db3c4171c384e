/**
 * Erasure of a student's personal data on request. The row stays (assignments and history
 * point at it) but is anonymised; guardian links go, pending invitations for the record are
 * revoked, and the student's login is unlinked, all in one transaction with the audit entry.
 * The people who were linked are told by mail after the commit.
 */
import { and, eq } from "drizzle-orm";
import type { StudentDetail } from "../../../shared/schemas/students.ts";
import type { AppDeps } from "../../context.ts";
import { member, organization, student, studentGuardian, user, workspaceInvitation } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { conflict, invalidField } from "../../lib/app-error.ts";
import { mails } from "../../mail/templates.ts";
import { type Actor, actorLabel, auditStudent } from "./audit.ts";
import { detailOf, requireVisibleStudent } from "./service.ts";

export const ERASED_NAME = "Erased student";

interface Recipient {
  email: string;
  name: string;
  recipient: "guardian" | "student";
}

export async function eraseStudent(deps: Pick<AppDeps, "db" | "mailer" | "logger">, actor: Actor, studentId: string, confirmName: string): Promise<StudentDetail> {
  const organizationId = actor.viewer.organizationId!;
  const { detail, recipients, formerName, workspace } = await withWorkspace(deps.db, organizationId, async (tx) => {
    const record = await requireVisibleStudent(tx, actor, "admin", studentId, { forUpdate: true });
    if (record.erasedAt) throw conflict("This student's personal data was already erased.");
    if (confirmName !== record.name) throw invalidField("confirmName", "Type the student's name exactly as it appears on the record to confirm the erasure.");

    const guardians = await tx
      .select({ email: user.email, name: user.name })
      .from(studentGuardian)
      .innerJoin(member, and(eq(member.organizationId, studentGuardian.organizationId), eq(member.id, studentGuardian.memberId)))
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(studentGuardian.organizationId, organizationId), eq(studentGuardian.studentId, studentId)));
    const [login] = record.userId ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, record.userId)) : [];
    const [workspaceRow] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));

    await tx
      .update(student)
      .set({ name: ERASED_NAME, preferredName: null, grade: null, school: null, subjects: [], goals: "", notes: "", status: "former", userId: null, erasedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId)));
    const unlinked = await tx
      .delete(studentGuardian)
      .where(and(eq(studentGuardian.organizationId, organizationId), eq(studentGuardian.studentId, studentId)))
      .returning({ memberId: studentGuardian.memberId });
    const revoked = await tx
      .update(workspaceInvitation)
      .set({ status: "revoked" })
      .where(and(eq(workspaceInvitation.organizationId, organizationId), eq(workspaceInvitation.studentId, studentId), eq(workspaceInvitation.status, "pending")))
      .returning({ id: workspaceInvitation.id });
    await auditStudent(tx, actor, {
      action: "STUDENT_ERASED",
      studentId,
      description: `${actorLabel(actor)} erased the record's personal data`,
      metadata: { guardiansUnlinked: unlinked.map((row) => row.memberId), invitationsRevoked: revoked.length, loginUnlinked: Boolean(record.userId) },
    });
    const recipients: Recipient[] = [
      ...guardians.map((guardian) => ({ ...guardian, recipient: "guardian" as const })),
      ...(login ? [{ ...login, recipient: "student" as const }] : []),
    ];
    return { detail: await detailOf(tx, organizationId, studentId), recipients, formerName: record.name, workspace: workspaceRow?.name ?? "your workspace" };
  });

  // The erasure is done; a mail that fails is logged, not answered as a failure of it.
  for (const person of recipients) {
    try {
      await deps.mailer.send(mails.studentErased({ to: person.email, name: person.name, studentName: formerName, workspace, recipient: person.recipient }));
    } catch (error) {
      deps.logger.warn({ err: error, studentId }, "erasure notice not sent");
    }
  }
  return detail;
}
