/** Linking and unlinking a student's guardians (parent members of the same workspace). */
import { and, eq } from "drizzle-orm";
import type { StudentDetail } from "../../../shared/schemas/students.ts";
import type { Database } from "../../db/client.ts";
import { member, studentGuardian, user } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { type Actor, actorLabel, auditStudent } from "../../core/audit.ts";
import { detailOf, requireVisibleStudent } from "./service.ts";

/** The member, if it is a parent of this workspace who can be a guardian; else a 422 on memberId. */
async function requireParent(tx: Transaction, organizationId: string, memberId: string) {
  const [row] = await tx
    .select({ id: member.id, role: member.role, status: member.status, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
  if (!row) throw invalidField("memberId", "No such member in this workspace.");
  if (row.status === "pending") throw invalidField("memberId", `${row.name} is still waiting for approval; approve them as a parent first.`);
  if (row.role !== "parent") throw invalidField("memberId", `${row.name} is not a parent in this workspace.`);
  return row;
}

export async function linkGuardian(db: Database, actor: Actor, studentId: string, memberId: string, now: Date): Promise<StudentDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const record = await requireVisibleStudent(tx, actor, "admin", studentId, now, { forUpdate: true });
    if (record.erasedAt) throw conflict("This student's personal data was erased; no guardian can be linked to the record.");
    const parent = await requireParent(tx, organizationId, memberId);
    const inserted = await tx
      .insert(studentGuardian)
      .values({ organizationId, studentId, memberId })
      .onConflictDoNothing()
      .returning({ memberId: studentGuardian.memberId });
    if (inserted.length === 0) throw conflict(`${parent.name} is already a guardian of this student.`);
    await auditStudent(tx, actor, {
      action: "GUARDIAN_LINKED",
      studentId,
      description: `${actorLabel(actor)} linked ${parent.name} as a guardian`,
      metadata: { memberId },
    });
    return detailOf(tx, organizationId, studentId, now);
  });
}

export async function unlinkGuardian(db: Database, actor: Actor, studentId: string, memberId: string, now: Date): Promise<StudentDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await requireVisibleStudent(tx, actor, "admin", studentId, now, { forUpdate: true });
    const removed = await tx
      .delete(studentGuardian)
      .where(and(eq(studentGuardian.organizationId, organizationId), eq(studentGuardian.studentId, studentId), eq(studentGuardian.memberId, memberId)))
      .returning({ memberId: studentGuardian.memberId });
    if (removed.length === 0) throw notFound("The guardian link");
    const [guardian] = await tx
      .select({ name: user.name })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
    await auditStudent(tx, actor, {
      action: "GUARDIAN_UNLINKED",
      studentId,
      description: `${actorLabel(actor)} unlinked ${guardian?.name ?? "a guardian"} as a guardian`,
      metadata: { memberId },
    });
    return detailOf(tx, organizationId, studentId, now);
  });
}
