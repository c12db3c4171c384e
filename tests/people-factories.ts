/**
 * Factories for the people of a workspace (students, guardians, assignments), built through
 * the real API as an admin. Shared by the integration tests, the demo seed and e2e set-up:
 * keep this file free of test-runner imports. Member ids come from tests/factories.ts
 * (createMember(...).memberId, createAdmin(...).memberId).
 */
import type { Assignment, StudentCreate, StudentDetail } from "../src/shared/schemas/students.ts";
import type { ApiClient } from "./client.ts";
import { uniqueName } from "./factories.ts";

function fail(step: string, response: { status: number; text: string }): never {
  throw new Error(`${step} failed with ${response.status}: ${response.text}`);
}

/**
 * Yesterday in UTC, YYYY-MM-DD: on or before "today" in every time zone, so an assignment
 * starting then is current whatever the workspace's zone.
 */
function defaultStartDate(): string {
  return new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** POST /api/admin/students; the created record. `overrides` are sent as given. */
export async function createStudent(adminClient: ApiClient, overrides: Partial<StudentCreate> = {}): Promise<StudentDetail> {
  const body = { name: uniqueName("Student"), ...overrides };
  const response = await adminClient.post<StudentDetail>("/api/admin/students", body);
  if (response.status !== 201) fail(`Creating student ${body.name}`, response);
  return response.body;
}

/** Links a parent member as a guardian of the student; the updated record. */
export async function linkGuardian(adminClient: ApiClient, studentId: string, memberId: string): Promise<StudentDetail> {
  const response = await adminClient.post<StudentDetail>(`/api/admin/students/${studentId}/guardians`, { memberId });
  if (response.status !== 200) fail(`Linking guardian ${memberId} to student ${studentId}`, response);
  return response.body;
}

export interface AssignTutorInput {
  tutorMemberId: string;
  studentId: string;
  subject?: string;
  startsOn?: string;
  endsOn?: string | null;
  rateOverrideMinor?: number | null;
}

/** Assigns a tutor member to a student (subject "Mathematics", starting yesterday, unless given). */
export async function assignTutor(adminClient: ApiClient, input: AssignTutorInput): Promise<Assignment> {
  const body = { subject: "Mathematics", startsOn: defaultStartDate(), ...input };
  const response = await adminClient.post<Assignment>("/api/admin/assignments", body);
  if (response.status !== 201) fail(`Assigning tutor ${input.tutorMemberId} to student ${input.studentId}`, response);
  return response.body;
}
