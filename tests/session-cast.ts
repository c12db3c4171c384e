/**
 * The people most session tests need, made through the real API: Ada's workspace with two
 * tutors (Tina, Theo), two parents (Pat, Olly), a student who signs in (Maya's own account),
 * and the student records Maya (Pat's child) and Noah (Olly's child), both taught by Tina;
 * and Olga, the admin of another workspace, who must see none of it.
 */
import { eq } from "drizzle-orm";
import { organization, student } from "../src/server/db/schema.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "./factories.ts";
import { assignTutor, createStudent, linkGuardian } from "./people-factories.ts";
import type { TestApp } from "./setup/test-app.ts";

export interface SessionCast {
  admin: AdminFixture;
  tina: MemberFixture;
  theo: MemberFixture;
  parent: MemberFixture;
  otherParent: MemberFixture;
  pupil: MemberFixture;
  otherAdmin: AdminFixture;
  maya: string;
  noah: string;
}

export interface SessionCastOptions {
  /** The workspace's zone (Europe/London unless said). */
  timeZone?: string;
  /** The first day of Tina's assignments (today unless said): a date in the past lets sessions be made there. */
  assignedFrom?: string;
  /** Whether Theo teaches Maya too. */
  theoTeachesMaya?: boolean;
}

export async function createSessionCast(t: TestApp, options: SessionCastOptions = {}): Promise<SessionCast> {
  const admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
  await t.db
    .update(organization)
    .set({ timeZone: options.timeZone ?? "Europe/London" })
    .where(eq(organization.id, admin.organizationId));
  const tina = await createMember(t, { admin, role: "tutor", fullName: "Tina Tutor" });
  const theo = await createMember(t, { admin, role: "tutor", fullName: "Theo Teacher" });
  const parent = await createMember(t, { admin, role: "parent", fullName: "Pat Parent" });
  const otherParent = await createMember(t, { admin, role: "parent", fullName: "Olly Parent" });
  const pupil = await createMember(t, { admin, role: "student", fullName: "Maya Login" });
  const otherAdmin = await createAdmin(t, { fullName: "Olga Other", workspaceName: "Other Tutoring" });
  const maya = (await createStudent(admin.client, { name: "Maya Lopez" })).id;
  const noah = (await createStudent(admin.client, { name: "Noah Kim" })).id;
  await linkGuardian(admin.client, maya, parent.memberId);
  await linkGuardian(admin.client, noah, otherParent.memberId);
  await t.db.update(student).set({ userId: pupil.user.id }).where(eq(student.id, maya));
  const startsOn = options.assignedFrom ? { startsOn: options.assignedFrom } : {};
  for (const studentId of [maya, noah]) await assignTutor(admin.client, { tutorMemberId: tina.memberId, studentId, ...startsOn });
  if (options.theoTeachesMaya) await assignTutor(admin.client, { tutorMemberId: theo.memberId, studentId: maya });
  return { admin, tina, theo, parent, otherParent, pupil, otherAdmin, maya, noah };
}
