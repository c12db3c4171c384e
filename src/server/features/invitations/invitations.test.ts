import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { auditEntries, countRows, mailsTo, membersOf } from "../../../../tests/db.ts";
import {
  createAdmin,
  createMember,
  createPendingJoiner,
  DEFAULT_PASSWORD,
  latestMail,
  linkIn,
  signIn,
  uniqueEmail,
  uniqueName,
  userByEmail,
  type AdminFixture,
} from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { student, studentGuardian, user, workspaceInvitation } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { hashInvitationToken } from "./tokens.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60 * 1000;

/** A student record of a workspace, written directly (the students API is another feature's). */
async function insertStudent(organizationId: string, values: Partial<typeof student.$inferInsert> = {}): Promise<{ id: string; name: string }> {
  const name = values.name ?? uniqueName("Student");
  const [row] = await withWorkspace(t.db, organizationId, (tx) =>
    tx
      .insert(student)
      .values({ organizationId, ...values, name })
      .returning({ id: student.id }),
  );
  return { id: row!.id, name };
}

const studentRow = async (organizationId: string, id: string) =>
  (await withWorkspace(t.db, organizationId, (tx) => tx.select().from(student).where(eq(student.id, id))))[0]!;
const invitationRow = async (organizationId: string, id: string) =>
  (await withWorkspace(t.db, organizationId, (tx) => tx.select().from(workspaceInvitation).where(eq(workspaceInvitation.id, id))))[0]!;

/** The token of the newest invitation mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await latestMail(t.db, email, "invited you");
  if (!mail) throw new Error(`No invitation mail for ${email}`);
  const link = new URL(linkIn(mail.body, "/invite"));
  expect(link.origin).toBe("http://localhost:3000");
  return link.searchParams.get("token")!;
}

async function invite(body: Record<string, unknown>, by: AdminFixture = admin) {
  const res = await by.client.post("/api/admin/invitations", body);
  expect(res.status, res.text).toBe(201);
  return { invitation: res.body, token: await mailedToken(body.email as string) };
}

const signup = (body: Record<string, unknown>) => new ApiClient(t.app).post("/api/signup", { fullName: "New Person", password: DEFAULT_PASSWORD, ...body });
const issuePaths = (body: { error?: { issues?: { path: string[] }[] } }) => (body.error?.issues ?? []).map((issue) => issue.path.join("."));

describe("POST /api/admin/invitations", () => {
  it("stores only the token's hash, mails the link, audits, and answers the invitation", async () => {
    const email = uniqueEmail("Tutor").toUpperCase();
    const res = await admin.client.post("/api/admin/invitations", { email, role: "tutor" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      role: "tutor",
      studentId: null,
      studentName: null,
      state: "pending",
      invitedByName: "Ada Admin",
      sentAt: expect.any(String),
      expiresAt: expect.any(String),
      acceptedAt: null,
    });
    const lifetime = Date.parse(res.body.expiresAt) - Date.parse(res.body.sentAt);
    expect(Math.abs(lifetime - 7 * DAY)).toBeLessThan(5_000);

    const mail = (await mailsTo(t.db, email))[0]!;
    expect(mail.subject).toBe("Ada Admin invited you to Ada Tutoring on Glassroom");
    expect(mail.body).toContain("as a tutor");
    const token = await mailedToken(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await invitationRow(admin.organizationId, res.body.id);
    expect(row.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const [entry] = (await auditEntries(t.db, { action: "INVITATION_SENT", organizationId: admin.organizationId })).filter(
      (audit) => (audit.metadata as { invitationId: string }).invitationId === res.body.id,
    );
    expect(entry).toMatchObject({
      userId: admin.user.id,
      actorRole: "admin",
      description: `Ada Admin invited ${email.toLowerCase()} as tutor`,
      studentId: null,
    });

    const list = await admin.client.get("/api/admin/invitations");
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toEqual(res.body);
  });

  it("links a parent invitation to a student record of the workspace and shows its name", async () => {
    const child = await insertStudent(admin.organizationId);
    const { invitation } = await invite({ email: uniqueEmail("parent"), role: "parent", studentId: child.id });
    expect(invitation).toMatchObject({ role: "parent", studentId: child.id, studentName: child.name });
    const [entry] = (await auditEntries(t.db, { action: "INVITATION_SENT" })).filter(
      (audit) => (audit.metadata as { invitationId: string }).invitationId === invitation.id,
    );
    expect(entry!.studentId).toBe(child.id);
    expect(entry!.description).not.toContain(child.name);
  });

  it.each([
    ["a malformed email", () => ({ email: "not-an-email", role: "tutor" }), "email", "Email must be a valid email address."],
    ["an unknown role", () => ({ email: uniqueEmail(), role: "owner" }), "role", "Role must be one of admin, tutor, parent or student."],
    [
      "a student for a tutor invitation",
      () => ({ email: uniqueEmail(), role: "tutor", studentId: crypto.randomUUID() }),
      "studentId",
      "Only parent and student invitations link a student record.",
    ],
    ["a malformed student id", () => ({ email: uniqueEmail(), role: "parent", studentId: "42" }), "studentId", "Student must be a valid id."],
    ["an unknown student", () => ({ email: uniqueEmail(), role: "parent", studentId: crypto.randomUUID() }), "studentId", "No such student in this workspace."],
  ])("answers 422 for %s, naming the field, and writes nothing", async (_label, body, field, message) => {
    const before = await countRows(t.db);
    const res = await admin.client.post("/api/admin/invitations", body());
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([{ path: [field], message }]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses an active member's email, naming email", async () => {
    const res = await admin.client.post("/api/admin/invitations", { email: admin.user.email, role: "tutor" });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([{ path: ["email"], message: `${admin.user.email} is already a member of this workspace.` }]);
  });

  it("refuses a student record of another workspace, naming studentId", async () => {
    const other = await createAdmin(t);
    const theirs = await insertStudent(other.organizationId);
    const res = await admin.client.post("/api/admin/invitations", { email: uniqueEmail(), role: "parent", studentId: theirs.id });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([{ path: ["studentId"], message: "No such student in this workspace." }]);
  });

  it("refuses a duplicate pending invitation, and an expired one points to resend", async () => {
    const email = uniqueEmail("twice");
    const { invitation } = await invite({ email, role: "tutor" });
    const again = await admin.client.post("/api/admin/invitations", { email: email.toUpperCase(), role: "parent" });
    expect(again.status).toBe(422);
    expect(again.body.error.issues).toEqual([
      { path: ["email"], message: `An invitation to ${email} is already pending: resend it, or revoke it to invite them with another role.` },
    ]);

    await withWorkspace(t.db, admin.organizationId, (tx) =>
      tx
        .update(workspaceInvitation)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(workspaceInvitation.id, invitation.id)),
    );
    const expired = await admin.client.post("/api/admin/invitations", { email, role: "tutor" });
    expect(expired.status).toBe(422);
    expect(expired.body.error.message).toBe(`The invitation to ${email} has expired: resend it, or revoke it to invite them with another role.`);

    // Revoked: a new invitation may go out.
    expect((await admin.client.post(`/api/admin/invitations/${invitation.id}/revoke`)).status).toBe(200);
    expect((await admin.client.post("/api/admin/invitations", { email, role: "tutor" })).status).toBe(201);
  });

  it("answers 422 on email, never 500, when two admins invite the same address at once", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all([1, 2].map(() => admin.client.post("/api/admin/invitations", { email, role: "tutor" })));
    expect(results.map((res) => res.status).sort()).toEqual([201, 422]);
    expect(issuePaths(results.find((res) => res.status === 422)!.body)).toEqual(["email"]);
  });

  it("refuses suspended members and pending joiners with what to do instead", async () => {
    const suspended = await createMember(t, { admin, role: "tutor" });
    await admin.client.post(`/api/admin/members/${suspended.memberId}/suspend`);
    const res = await admin.client.post("/api/admin/invitations", { email: suspended.user.email, role: "tutor" });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([
      { path: ["email"], message: `${suspended.user.email} is already a member of this workspace (suspended): reactivate them in Members instead.` },
    ]);

    const joiner = await createPendingJoiner(t, { joinCode: admin.joinCode });
    const pending = await admin.client.post("/api/admin/invitations", { email: joiner.user.email, role: "parent" });
    expect(pending.status).toBe(422);
    expect(pending.body.error.issues[0]).toMatchObject({
      path: ["email"],
      message: expect.stringMatching(/has asked to join this workspace: approve the request in Approvals/),
    });
  });

  it("refuses a student invitation for a record that already has a login, or one already offered", async () => {
    const learner = await createMember(t, { admin, role: "student" });
    const taken = await insertStudent(admin.organizationId, { userId: learner.user.id });
    const res = await admin.client.post("/api/admin/invitations", { email: uniqueEmail(), role: "student", studentId: taken.id });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([{ path: ["studentId"], message: "This student record already has a login." }]);

    const free = await insertStudent(admin.organizationId);
    const first = uniqueEmail("first");
    await invite({ email: first, role: "student", studentId: free.id });
    const second = await admin.client.post("/api/admin/invitations", { email: uniqueEmail("second"), role: "student", studentId: free.id });
    expect(second.status).toBe(422);
    expect(second.body.error.issues).toEqual([
      { path: ["studentId"], message: `A login for this student was already offered to ${first}: revoke that invitation first.` },
    ]);
  });
});

describe("an invitation's whole life: sign-up with the link", () => {
  it("invite a parent for a student → preview → sign up → active parent, guardian of the student, confirmed → signed in", async () => {
    const child = await insertStudent(admin.organizationId);
    const email = uniqueEmail("parent");
    const { invitation, token } = await invite({ email, role: "parent", studentId: child.id });

    const anonymous = new ApiClient(t.app);
    const preview = await anonymous.get(`/api/invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      workspaceName: "Ada Tutoring",
      email,
      role: "parent",
      studentName: child.name,
      invitedByName: "Ada Admin",
      state: "pending",
      expiresAt: invitation.expiresAt,
      accountExists: false,
    });

    const res = await signup({ fullName: "Pam Parent", email: email.toUpperCase(), invitationToken: token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ next: "dashboard", email: email });
    const created = (await userByEmail(t.db, email))!;
    // The invitation link was mailed to this address: nothing is left to confirm.
    expect(created.emailVerified).toBe(true);
    expect((await mailsTo(t.db, email)).map((mail) => mail.subject)).not.toContain("Confirm your email address for Glassroom");
    const [membership] = await membersOf(t.db, created.id);
    expect(membership).toMatchObject({ organizationId: admin.organizationId, role: "parent", status: "active" });
    const links = await withWorkspace(t.db, admin.organizationId, (tx) => tx.select().from(studentGuardian).where(eq(studentGuardian.studentId, child.id)));
    expect(links.map((link) => link.memberId)).toEqual([membership!.id]);
    expect(await invitationRow(admin.organizationId, invitation.id)).toMatchObject({ status: "accepted", acceptedByUserId: created.id });

    const signupEntries = await auditEntries(t.db, { userId: created.id });
    expect(signupEntries.map((entry) => entry.action)).toEqual(["USER_SIGNUP", "INVITATION_ACCEPTED"]);
    expect(signupEntries[1]).toMatchObject({
      organizationId: admin.organizationId,
      actorRole: "parent",
      studentId: child.id,
      description: `Pam Parent (${email}) accepted the invitation as parent and was linked to the record as a guardian`,
    });

    // The link is used up; the admin's list says accepted.
    expect((await anonymous.get(`/api/invitations/${token}`)).body).toMatchObject({ state: "accepted", studentName: null, accountExists: true });
    expect((await admin.client.get("/api/admin/invitations")).body.items.find((item: { id: string }) => item.id === invitation.id)).toMatchObject({
      state: "accepted",
      acceptedAt: expect.any(String),
    });

    const client = await signIn(t, email, DEFAULT_PASSWORD);
    expect((await client.get("/api/me")).body).toMatchObject({ role: "parent", membershipStatus: "active", activeWorkspace: { id: admin.organizationId } });
  });

  it("a student invitation makes the new account the record's login", async () => {
    const record = await insertStudent(admin.organizationId);
    const email = uniqueEmail("learner");
    const { token } = await invite({ email, role: "student", studentId: record.id });
    expect((await signup({ email, invitationToken: token })).status).toBe(201);
    const created = (await userByEmail(t.db, email))!;
    expect((await studentRow(admin.organizationId, record.id)).userId).toBe(created.id);
    expect((await membersOf(t.db, created.id))[0]).toMatchObject({ role: "student", status: "active" });
  });

  it("refuses a sign-up whose email is not the invited one, naming email, and writes nothing", async () => {
    const email = uniqueEmail("invited");
    const { token } = await invite({ email, role: "tutor" });
    const before = await countRows(t.db);
    const res = await signup({ email: uniqueEmail("someone-else"), invitationToken: token });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([{ path: ["email"], message: `This invitation is for ${email}: sign up with that email address.` }]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it.each([
    ["an unknown token", () => "A".repeat(43), "invitationToken", /not valid/],
    ["a malformed token", () => "short", "invitationToken", /not valid: check that you copied all of it/],
  ])("refuses %s, naming the field", async (_label, token, field, message) => {
    const before = await countRows(t.db);
    const res = await signup({ email: uniqueEmail(), invitationToken: token() });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual([field]);
    expect(res.body.error.message).toMatch(message);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("wants exactly one of workspace name, join code and invitation", async () => {
    const email = uniqueEmail();
    const { token } = await invite({ email, role: "tutor" });
    const both = await signup({ email, invitationToken: token, joinCode: admin.joinCode });
    expect(both.status).toBe(422);
    expect(issuePaths(both.body)).toEqual(["invitationToken"]);
    expect(issuePaths((await signup({ email, workspaceName: "Mine", invitationToken: token })).body)).toEqual(["invitationToken"]);
  });

  it("tells an invited email that already has an account to sign in", async () => {
    const existing = await createAdmin(t);
    const { token } = await invite({ email: existing.user.email, role: "tutor" });
    expect((await new ApiClient(t.app).get(`/api/invitations/${token}`)).body.accountExists).toBe(true);
    const res = await signup({ email: existing.user.email, invitationToken: token });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([
      { path: ["email"], message: "An account with this email already exists. Sign in to accept the invitation, or reset your password if you forgot it." },
    ]);
  });
});

describe("an invitation's whole life: an existing account accepts", () => {
  it("marks the account's email confirmed when it accepts (the link proved the address)", async () => {
    const existing = await createAdmin(t);
    const { token } = await invite({ email: existing.user.email, role: "tutor" });
    await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, existing.user.id));
    expect((await existing.client.post(`/api/invitations/${token}/accept`)).status).toBe(200);
    expect((await userByEmail(t.db, existing.user.email))?.emailVerified).toBe(true);
  });

  it("sign in → accept: active with the invited role, in the invitation's workspace; a second accept is refused", async () => {
    const existing = await createAdmin(t, { fullName: "Existing Person" });
    const { invitation, token } = await invite({ email: existing.user.email, role: "tutor" });
    const res = await existing.client.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ workspaceId: admin.organizationId, role: "tutor" });
    expect((await existing.client.get("/api/me")).body).toMatchObject({ role: "tutor", activeWorkspace: { id: admin.organizationId } });
    expect((await membersOf(t.db, existing.user.id)).find((row) => row.organizationId === admin.organizationId)).toMatchObject({
      role: "tutor",
      status: "active",
    });
    const [entry] = await auditEntries(t.db, { action: "INVITATION_ACCEPTED", userId: existing.user.id });
    expect(entry).toMatchObject({
      organizationId: admin.organizationId,
      description: `Existing Person (${existing.user.email}) accepted the invitation as tutor`,
    });
    expect((entry!.metadata as { invitationId: string }).invitationId).toBe(invitation.id);

    const again = await existing.client.post(`/api/invitations/${token}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("This invitation was already accepted. Sign in to continue.");
  });

  it("an account without an active membership (a rejected joiner) may sign in to accept, and only while invited", async () => {
    const other = await createAdmin(t);
    const joiner = await createPendingJoiner(t, { joinCode: other.joinCode });
    expect((await other.client.post(`/api/admin/approvals/${joiner.memberId}/reject`, {})).status).toBe(200);
    const refused = await new ApiClient(t.app).post("/api/auth/sign-in/email", { email: joiner.user.email, password: joiner.user.password });
    expect(refused.status).toBe(403);

    const { token } = await invite({ email: joiner.user.email, role: "parent" });
    const client = await signIn(t, joiner.user.email, joiner.user.password);
    expect((await client.get("/api/me")).body).toMatchObject({ role: "pending", activeWorkspace: null });
    expect((await client.get("/api/admin/members")).status).toBe(403);
    const accepted = await client.post(`/api/invitations/${token}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect((await client.get("/api/me")).body).toMatchObject({ role: "parent", activeWorkspace: { id: admin.organizationId } });
  });

  it("answers 403 naming the invited email to another account, and changes nothing", async () => {
    const email = uniqueEmail("meant-for");
    const { invitation, token } = await invite({ email, role: "admin" });
    const wrong = await createAdmin(t);
    const before = await countRows(t.db);
    const res = await wrong.client.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      `This invitation is for ${email}, and you are signed in as ${wrong.user.email}. Sign out, then sign in (or sign up) as ${email} to accept it.`,
    );
    expect(await countRows(t.db)).toEqual(before);
    expect((await invitationRow(admin.organizationId, invitation.id)).status).toBe("pending");
  });

  it("links the student on acceptance, and refuses when the record got a login in the meantime", async () => {
    const parentAccount = await createAdmin(t);
    const child = await insertStudent(admin.organizationId);
    const { token } = await invite({ email: parentAccount.user.email, role: "parent", studentId: child.id });
    expect((await parentAccount.client.post(`/api/invitations/${token}/accept`)).status).toBe(200);
    const links = await withWorkspace(t.db, admin.organizationId, (tx) => tx.select().from(studentGuardian).where(eq(studentGuardian.studentId, child.id)));
    expect(links).toHaveLength(1);

    const learnerAccount = await createAdmin(t);
    const record = await insertStudent(admin.organizationId);
    const { token: studentToken } = await invite({ email: learnerAccount.user.email, role: "student", studentId: record.id });
    const someoneElse = await createMember(t, { admin, role: "student" });
    await withWorkspace(t.db, admin.organizationId, (tx) => tx.update(student).set({ userId: someoneElse.user.id }).where(eq(student.id, record.id)));
    const before = await countRows(t.db);
    const res = await learnerAccount.client.post(`/api/invitations/${studentToken}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/already has a login/);
    expect(await countRows(t.db)).toEqual(before);
    expect((await learnerAccount.client.get("/api/me")).body.activeWorkspace.id).toBe(learnerAccount.organizationId);
  });

  it("answers 401 without a session, 404 for an unknown token, 422 for a malformed one", async () => {
    const { token } = await invite({ email: uniqueEmail(), role: "tutor" });
    expect((await new ApiClient(t.app).post(`/api/invitations/${token}/accept`)).status).toBe(401);
    const unknown = await admin.client.post(`/api/invitations/${"B".repeat(43)}/accept`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("This invitation was not found.");
    const malformed = await admin.client.post("/api/invitations/not-a-token/accept");
    expect(malformed.status).toBe(422);
    expect(issuePaths(malformed.body)).toEqual(["token"]);
  });
});

describe("expiry, revocation and resending", () => {
  it("an expired invitation is refused everywhere, and resending gives a new link valid for 7 days", async () => {
    const email = uniqueEmail("late");
    const child = await insertStudent(admin.organizationId);
    const { invitation, token } = await invite({ email, role: "parent", studentId: child.id });
    await withWorkspace(t.db, admin.organizationId, (tx) =>
      tx
        .update(workspaceInvitation)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(workspaceInvitation.id, invitation.id)),
    );

    const preview = await new ApiClient(t.app).get(`/api/invitations/${token}`);
    expect(preview.body).toMatchObject({ state: "expired", studentName: null });
    const res = await signup({ email, invitationToken: token });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual(["invitationToken"]);
    expect(res.body.error.message).toMatch(/^This invitation expired on .*\. Ask Ada Admin to send it again\.$/);
    expect((await admin.client.get("/api/admin/invitations")).body.items.find((item: { id: string }) => item.id === invitation.id).state).toBe("expired");

    const resent = await admin.client.post(`/api/admin/invitations/${invitation.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.state).toBe("pending");
    expect(Math.abs(Date.parse(resent.body.expiresAt) - Date.now() - 7 * DAY)).toBeLessThan(10_000);
    const newToken = await mailedToken(email);
    expect(newToken).not.toBe(token);
    expect((await new ApiClient(t.app).get(`/api/invitations/${token}`)).status).toBe(404);
    expect((await signup({ email, invitationToken: token })).status).toBe(422);
    expect((await signup({ email, invitationToken: newToken })).status).toBe(201);
    const resentEntries = (await auditEntries(t.db, { action: "INVITATION_RESENT" })).filter(
      (entry) => (entry.metadata as { invitationId: string }).invitationId === invitation.id,
    );
    expect(resentEntries).toHaveLength(1);
    expect(resentEntries[0]).toMatchObject({ studentId: child.id, description: `Ada Admin resent the invitation to ${email} (parent)` });
  });

  it("an existing account cannot accept an expired invitation", async () => {
    const existing = await createAdmin(t);
    const { invitation, token } = await invite({ email: existing.user.email, role: "tutor" });
    await withWorkspace(t.db, admin.organizationId, (tx) =>
      tx
        .update(workspaceInvitation)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(workspaceInvitation.id, invitation.id)),
    );
    const res = await existing.client.post(`/api/invitations/${token}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^This invitation expired on /);
    expect((await membersOf(t.db, existing.user.id)).map((row) => row.organizationId)).toEqual([existing.organizationId]);
  });

  it("expires 7 days after it was sent by the app's clock, in the list, the preview, the dashboard and on sign-up", async () => {
    const clock = fixedClock(new Date());
    const clocked = await createTestApp({ databaseUrl: t.databaseUrl, clock });
    try {
      const owner = await createAdmin(clocked, { fullName: "Cleo Clock" });
      const email = uniqueEmail("clocked");
      const sent = clock.now().getTime();
      const created = await owner.client.post("/api/admin/invitations", { email, role: "tutor" });
      expect(created.status, created.text).toBe(201);
      expect(Date.parse(created.body.sentAt)).toBe(sent);
      expect(Date.parse(created.body.expiresAt)).toBe(sent + 7 * DAY);
      const token = await mailedToken(email);
      const stateNow = async () => ({
        listed: (await owner.client.get("/api/admin/invitations")).body.items.find((item: { id: string }) => item.id === created.body.id).state,
        previewed: (await new ApiClient(clocked.app).get(`/api/invitations/${token}`)).body.state,
        open: (await owner.client.get("/api/admin/dashboard")).body.openInvitations,
      });

      clock.set(new Date(sent + 7 * DAY - 1));
      expect(await stateNow()).toEqual({ listed: "pending", previewed: "pending", open: 1 });

      clock.advance(2);
      expect(await stateNow()).toEqual({ listed: "expired", previewed: "expired", open: 0 });
      const refused = await new ApiClient(clocked.app).post("/api/signup", {
        fullName: "New Person",
        password: DEFAULT_PASSWORD,
        email,
        invitationToken: token,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toMatch(/^This invitation expired on .*\. Ask Cleo Clock to send it again\.$/);
    } finally {
      await clocked.close();
    }
  });

  it("a revoked invitation's link stops working; revoking again changes nothing; it cannot be resent", async () => {
    const existing = await createAdmin(t);
    const { invitation, token } = await invite({ email: existing.user.email, role: "tutor" });
    const res = await admin.client.post(`/api/admin/invitations/${invitation.id}/revoke`);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe("revoked");
    expect((await new ApiClient(t.app).get(`/api/invitations/${token}`)).body.state).toBe("revoked");
    const accept = await existing.client.post(`/api/invitations/${token}/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body.error.message).toBe("This invitation was withdrawn by Ada Tutoring. Ask them for a new one if you still need access.");

    expect((await admin.client.post(`/api/admin/invitations/${invitation.id}/revoke`)).status).toBe(200);
    const entries = (await auditEntries(t.db, { action: "INVITATION_REVOKED" })).filter(
      (entry) => (entry.metadata as { invitationId: string }).invitationId === invitation.id,
    );
    expect(entries).toHaveLength(1);
    const resend = await admin.client.post(`/api/admin/invitations/${invitation.id}/resend`);
    expect(resend.status).toBe(409);
    expect(resend.body.error.message).toBe(`The invitation to ${existing.user.email} was revoked: send a new invitation instead.`);
  });

  it("a revoked link cannot be used to sign up", async () => {
    const email = uniqueEmail("revoked");
    const { invitation, token } = await invite({ email, role: "tutor" });
    await admin.client.post(`/api/admin/invitations/${invitation.id}/revoke`);
    const before = await countRows(t.db);
    const res = await signup({ email, invitationToken: token });
    expect(res.status).toBe(422);
    expect(issuePaths(res.body)).toEqual(["invitationToken"]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("an accepted invitation cannot be revoked or resent", async () => {
    const email = uniqueEmail("done");
    const { invitation, token } = await invite({ email, role: "tutor" });
    expect((await signup({ email, invitationToken: token })).status).toBe(201);
    const revoke = await admin.client.post(`/api/admin/invitations/${invitation.id}/revoke`);
    expect(revoke.status).toBe(409);
    expect(revoke.body.error.message).toMatch(/already accepted: to take their access away, suspend or remove the member in Members/);
    expect((await admin.client.post(`/api/admin/invitations/${invitation.id}/resend`)).status).toBe(409);
  });
});

describe("GET /api/invitations/{token}", () => {
  it("answers 404 for an unknown token and 422 for a malformed one, without telling anything else", async () => {
    const unknown = await new ApiClient(t.app).get(`/api/invitations/${"C".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: "NOT_FOUND", message: "This invitation was not found." } });
    const malformed = await new ApiClient(t.app).get("/api/invitations/abc");
    expect(malformed.status).toBe(422);
    expect(issuePaths(malformed.body)).toEqual(["token"]);
  });
});

describe("who may manage invitations", () => {
  it.each(["tutor", "parent", "student"] as const)("a %s gets 403 on every admin operation and changes nothing", async (role) => {
    const someone = await createMember(t, { admin, role });
    const { invitation } = await invite({ email: uniqueEmail(), role: "tutor" });
    const before = await countRows(t.db);
    for (const [method, path, body] of [
      ["GET", "/api/admin/invitations", undefined],
      ["POST", "/api/admin/invitations", { email: uniqueEmail(), role: "admin" }],
      ["POST", `/api/admin/invitations/${invitation.id}/resend`, undefined],
      ["POST", `/api/admin/invitations/${invitation.id}/revoke`, undefined],
    ] as const) {
      const res = await someone.client.request(method, path, { json: body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await countRows(t.db)).toEqual(before);
  });

  it("an admin of another workspace neither sees nor touches this workspace's invitations", async () => {
    const email = uniqueEmail("private");
    const { invitation } = await invite({ email, role: "tutor" });
    const outsider = await createAdmin(t);
    const list = await outsider.client.get("/api/admin/invitations");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(email);
    const before = await countRows(t.db);
    expect((await outsider.client.post(`/api/admin/invitations/${invitation.id}/resend`)).status).toBe(404);
    expect((await outsider.client.post(`/api/admin/invitations/${invitation.id}/revoke`)).status).toBe(404);
    expect(await countRows(t.db)).toEqual(before);
    expect((await invitationRow(admin.organizationId, invitation.id)).status).toBe("pending");
  });
});
