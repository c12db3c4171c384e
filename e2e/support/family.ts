/**
 * Set-up for the members, invitations and family specs through the real HTTP API (as the admin's
 * signed-in client): students, guardians, assignments, invitations and the invited sign-up.
 * What a spec tests is driven through the browser; this only prepares the rest. Also the
 * screenshots of each screen at 1280 and 390 px (for looking at them, not for comparing).
 */
import type { APIRequestContext, APIResponse } from "@playwright/test";
import type { MemberRole } from "../../src/shared/roles.ts";
import type { Invitation, MemberPage } from "../../src/shared/schemas/members.ts";
import type { Assignment, StudentDetail } from "../../src/shared/schemas/students.ts";
import { linkIn, uniqueEmail, uniqueName, type Account, type AdminAccount, type Api } from "./api.ts";
import { TEST_PASSWORD } from "./constants.ts";

async function expectStatus(response: APIResponse, status: number, step: string): Promise<void> {
  if (response.status() !== status) throw new Error(`${step} answered ${response.status()} instead of ${status}: ${await response.text()}`);
}

/** POST /api/admin/students. */
export async function addStudent(
  admin: AdminAccount,
  input: { name?: string; grade?: string; school?: string; subjects?: string[]; goals?: string } = {},
): Promise<StudentDetail> {
  const body = { name: uniqueName("Student"), ...input };
  const response = await admin.client.post("/api/admin/students", { data: body });
  await expectStatus(response, 201, `Creating student ${body.name}`);
  return (await response.json()) as StudentDetail;
}

/** GET /api/admin/students/{id}: the admin reads the record (an audited read). */
export async function readStudentAsAdmin(admin: AdminAccount, studentId: string): Promise<void> {
  await expectStatus(await admin.client.get(`/api/admin/students/${studentId}`), 200, `Reading student ${studentId}`);
}

/** The member id of the member with this email in the admin's workspace. */
export async function memberIdOf(admin: AdminAccount, email: string): Promise<string> {
  const response = await admin.client.get(`/api/admin/members?${new URLSearchParams({ q: email.toLowerCase(), pageSize: "10" })}`);
  await expectStatus(response, 200, `Finding member ${email}`);
  const found = ((await response.json()) as MemberPage).items.find((item) => item.email === email.toLowerCase());
  if (!found) throw new Error(`${email} is not a member of ${admin.workspaceName}`);
  return found.memberId;
}

export async function linkGuardian(admin: AdminAccount, studentId: string, memberId: string): Promise<void> {
  await expectStatus(await admin.client.post(`/api/admin/students/${studentId}/guardians`, { data: { memberId } }), 200, `Linking guardian ${memberId}`);
}

/** POST /api/admin/assignments (Mathematics, from yesterday). */
export async function assign(admin: AdminAccount, tutorMemberId: string, studentId: string, subject = "Mathematics"): Promise<Assignment> {
  const startsOn = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const response = await admin.client.post("/api/admin/assignments", { data: { tutorMemberId, studentId, subject, startsOn } });
  await expectStatus(response, 201, `Assigning ${tutorMemberId} to ${studentId}`);
  return (await response.json()) as Assignment;
}

/** POST /api/admin/invitations. */
export async function invite(admin: AdminAccount, input: { email: string; role: MemberRole; studentId?: string | null }): Promise<Invitation> {
  const response = await admin.client.post("/api/admin/invitations", { data: input });
  await expectStatus(response, 201, `Inviting ${input.email}`);
  return (await response.json()) as Invitation;
}

/** The /invite link of the newest invitation mailed to `email`. */
export async function invitationLink(api: Api, email: string, options: { after?: Date } = {}): Promise<string> {
  const mail = await api.waitForMail(email, "invited you", options);
  return linkIn(mail.text, "/invite");
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** Signs up from an invitation through the API (the link proved the email): an active member with the invited role. */
export async function signUpInvited(api: Api, link: string, input: { name?: string; email: string }): Promise<Account> {
  const account = { name: input.name ?? uniqueName("Invited"), email: input.email.toLowerCase(), password: TEST_PASSWORD };
  const response = await (
    await api.client()
  ).post("/api/signup", {
    data: { fullName: account.name, email: account.email, password: account.password, invitationToken: tokenOf(link) },
  });
  await expectStatus(response, 201, `Sign-up of ${account.email} from an invitation`);
  return account;
}

/** A signed-in API client of a member, for requests beside the browser. */
export const clientOf = (api: Api, account: Account): Promise<APIRequestContext> => api.signIn(account.email, account.password);

export { uniqueEmail, uniqueName };
