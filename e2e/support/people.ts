/**
 * Set-up for the people specs through the real admin API (as the admin's signed-in client):
 * students, tutor member ids, assignments. Screens under test are driven through the browser;
 * only what a step does not test is made here.
 */
import type { APIResponse } from "@playwright/test";
import type { Assignment, StudentCreate, StudentDetail } from "../../src/shared/schemas/students.ts";
import type { TutorDetail } from "../../src/shared/schemas/tutors.ts";
import { uniqueName, type AdminAccount } from "./api.ts";

async function expectStatus(response: APIResponse, status: number, step: string): Promise<void> {
  if (response.status() !== status) throw new Error(`${step} answered ${response.status()} instead of ${status}: ${await response.text()}`);
}

/** POST /api/admin/students; the created record. */
export async function createStudent(admin: AdminAccount, input: Partial<StudentCreate> = {}): Promise<StudentDetail> {
  const body = { name: uniqueName("Student"), ...input };
  const response = await admin.client.post("/api/admin/students", { data: body });
  await expectStatus(response, 201, `Creating student ${body.name}`);
  return (await response.json()) as StudentDetail;
}

/** The member id of a tutor of the admin's workspace, found by email. */
export async function tutorMemberId(admin: AdminAccount, email: string): Promise<string> {
  const response = await admin.client.get(`/api/admin/tutors?${new URLSearchParams({ q: email, pageSize: "10" })}`);
  await expectStatus(response, 200, `Finding tutor ${email}`);
  const tutor = ((await response.json()) as { items: { memberId: string; email: string }[] }).items.find((item) => item.email === email.toLowerCase());
  if (!tutor) throw new Error(`${email} is not a tutor of ${admin.workspaceName}`);
  return tutor.memberId;
}

/** GET /api/admin/tutors/{memberId}. */
export async function readTutor(admin: AdminAccount, memberId: string): Promise<TutorDetail> {
  const response = await admin.client.get(`/api/admin/tutors/${encodeURIComponent(memberId)}`);
  await expectStatus(response, 200, `Reading tutor ${memberId}`);
  return (await response.json()) as TutorDetail;
}

/** POST /api/admin/assignments (subject Mathematics, from yesterday in UTC, unless given). */
export async function assignTutor(
  admin: AdminAccount,
  input: { tutorMemberId: string; studentId: string; subject?: string; startsOn?: string; rateOverrideMinor?: number | null },
): Promise<Assignment> {
  const body = { subject: "Mathematics", startsOn: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), ...input };
  const response = await admin.client.post("/api/admin/assignments", { data: body });
  await expectStatus(response, 201, `Assigning tutor ${input.tutorMemberId} to ${input.studentId}`);
  return (await response.json()) as Assignment;
}
