/**
 * Factories for the people of a workspace (students, guardians, assignments), built through
 * the real API as an admin. Shared by the integration tests, the demo seed and e2e set-up:
 * keep this file free of test-runner imports. Member ids come from tests/factories.ts
 * (createMember(...).memberId, createAdmin(...).memberId).
 */
import type { MemberRole } from "../src/shared/roles.ts";
import type { Invitation } from "../src/shared/schemas/members.ts";
import type { SessionBatch } from "../src/shared/schemas/sessions.ts";
import type { Assignment, StudentCreate, StudentDetail } from "../src/shared/schemas/students.ts";
import type { AvailabilitySlot, TutorDetail, TutorProfileUpdate } from "../src/shared/schemas/tutors.ts";
import { ApiClient } from "./client.ts";
import { DEFAULT_PASSWORD, latestMail, linkIn, uniqueName, userByEmail, type FactoryContext, type TestUser } from "./factories.ts";

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
  payRateOverrideMinor?: number | null;
}

/** Assigns a tutor member to a student (subject "Mathematics", starting yesterday, unless given). */
export async function assignTutor(adminClient: ApiClient, input: AssignTutorInput): Promise<Assignment> {
  const body = { subject: "Mathematics", startsOn: defaultStartDate(), ...input };
  const response = await adminClient.post<Assignment>("/api/admin/assignments", body);
  if (response.status !== 201) fail(`Assigning tutor ${input.tutorMemberId} to student ${input.studentId}`, response);
  return response.body;
}

/** PATCH /api/admin/tutors/{memberId}: subjects, bio, time zone, rates, status; the profile after. */
export async function setTutorProfile(adminClient: ApiClient, memberId: string, changes: Partial<TutorProfileUpdate>): Promise<TutorDetail> {
  const response = await adminClient.patch<TutorDetail>(`/api/admin/tutors/${memberId}`, changes);
  if (response.status !== 200) fail(`Saving the tutor profile of ${memberId}`, response);
  return response.body;
}

/** PUT /api/admin/tutors/{memberId}/availability: the tutor's whole week. */
export async function setTutorAvailability(adminClient: ApiClient, memberId: string, slots: AvailabilitySlot[]): Promise<TutorDetail> {
  const response = await adminClient.put<TutorDetail>(`/api/admin/tutors/${memberId}/availability`, { slots });
  if (response.status !== 200) fail(`Saving the availability of ${memberId}`, response);
  return response.body;
}

/** POST /api/admin/invitations; the invitation and the token of the mailed link (from the dev outbox). */
export async function inviteMember(
  ctx: FactoryContext,
  adminClient: ApiClient,
  input: { email: string; role: MemberRole; studentId?: string | null },
): Promise<{ invitation: Invitation; token: string }> {
  const response = await adminClient.post<Invitation>("/api/admin/invitations", input);
  if (response.status !== 201) fail(`Inviting ${input.email} as ${input.role}`, response);
  const mail = await latestMail(ctx.db, input.email, "invited you");
  if (!mail) throw new Error(`No invitation mail for ${input.email}`);
  const token = new URL(linkIn(mail.body, "/invite")).searchParams.get("token");
  if (!token) throw new Error(`The invitation mail to ${input.email} has no token`);
  return { invitation: response.body, token };
}

/** Signs up from an invitation (POST /api/signup with invitationToken) and confirms the email; no session is kept. */
export async function signUpWithInvitation(
  ctx: FactoryContext,
  input: { token: string; email: string; fullName?: string; password?: string },
): Promise<TestUser> {
  const fullName = input.fullName ?? uniqueName("Invited");
  const password = input.password ?? DEFAULT_PASSWORD;
  const response = await new ApiClient(ctx.app).post("/api/signup", { fullName, email: input.email, password, invitationToken: input.token });
  if (response.status !== 201) fail(`Sign-up of ${input.email} from an invitation`, response);
  // The invitation link proved the address: no confirmation mail, the account is confirmed.
  const row = await userByEmail(ctx.db, input.email);
  if (!row) throw new Error(`Sign-up of ${input.email} answered 201 but wrote no user`);
  return { id: row.id, name: fullName, email: input.email.toLowerCase(), password };
}

export interface CreateSessionInput {
  tutorMemberId?: string;
  studentIds: string[];
  subject?: string;
  /** Local date-times YYYY-MM-DDTHH:MM in timeZone. */
  startsAt: string;
  endsAt: string;
  timeZone?: string;
  location?: string | null;
  onlineUrl?: string | null;
  notes?: string;
  repeat?: { frequency: "weekly"; until?: string; count?: number };
  confirmOutsideAvailability?: boolean;
}

/**
 * POST /api/{admin|tutor}/sessions (subject "Mathematics", outside-availability confirmed,
 * unless given); the sessions written (one, or each of a series) and the series id.
 */
export async function createSession(client: ApiClient, input: CreateSessionInput, area: "admin" | "tutor" = "admin"): Promise<SessionBatch> {
  const body = { subject: "Mathematics", confirmOutsideAvailability: true, ...input };
  const response = await client.post<SessionBatch>(`/api/${area}/sessions`, body);
  if (response.status !== 201) fail(`Scheduling ${body.subject} at ${input.startsAt}`, response);
  return response.body;
}

/** POST /api/calendar-feed: makes (or makes again) the signed-in member's feed; its URL. */
export async function createCalendarFeed(client: ApiClient): Promise<string> {
  const response = await client.post<{ url: string }>("/api/calendar-feed");
  if (response.status !== 201) fail("Making a calendar feed", response);
  return response.body.url;
}
