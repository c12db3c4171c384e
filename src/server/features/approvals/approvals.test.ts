import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { auditEntries, countRows, mailsTo, membersOf } from "../../../../tests/db.ts";
import { createAdmin, createDevopsUser, createMember, createPendingJoiner, signIn, type AdminFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { member } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
});
afterAll(() => t?.close());

describe("GET /api/admin/approvals", () => {
  it("lists the workspace's pending registrations, oldest first", async () => {
    const first = await createPendingJoiner(t, { joinCode: admin.joinCode, fullName: "First Joiner" });
    const second = await createPendingJoiner(t, { joinCode: admin.joinCode, fullName: "Second Joiner", confirm: false });
    const res = await admin.client.get("/api/admin/approvals");
    expect(res.status).toBe(200);
    const ids = res.body.items.map((item: { memberId: string }) => item.memberId);
    expect(ids.indexOf(first.memberId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.memberId)).toBeGreaterThan(ids.indexOf(first.memberId));
    const item = res.body.items.find((entry: { memberId: string }) => entry.memberId === first.memberId);
    expect(item).toEqual({
      memberId: first.memberId,
      userId: first.user.id,
      name: "First Joiner",
      email: first.user.email,
      emailVerified: true,
      requestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body.items.find((entry: { memberId: string }) => entry.memberId === second.memberId).emailVerified).toBe(false);
    // Active members are not listed.
    expect(ids).not.toContain(admin.memberId);
  });
});

describe("POST /api/admin/approvals/{memberId}/approve", () => {
  it("makes the member an active tutor, audits, mails, and lets them sign in", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode, fullName: "Tina Tutor" });
    const res = await admin.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role: "tutor" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const [row] = await membersOf(t.db, pending.user.id);
    expect(row).toMatchObject({ id: pending.memberId, role: "tutor", status: "active", organizationId: admin.organizationId });

    const [entry] = await auditEntries(t.db, { action: "MEMBER_APPROVED", organizationId: admin.organizationId, userId: admin.user.id }).then((rows) =>
      rows.filter((audit) => (audit.metadata as { memberId?: string }).memberId === pending.memberId),
    );
    expect(entry).toMatchObject({ actorRole: "admin", description: `Ada Admin approved Tina Tutor (${pending.user.email}) as tutor` });
    expect(entry!.metadata).toEqual({ memberId: pending.memberId, subjectUserId: pending.user.id, role: "tutor" });

    const mail = (await mailsTo(t.db, pending.user.email)).at(-1)!;
    expect(mail.subject).toBe("You have been approved in Ada Tutoring");
    expect(mail.body).toContain("approved your account as tutor");
    expect(mail.body).toContain("http://localhost:3000/login");

    const client = await signIn(t, pending.user.email, pending.user.password);
    expect((await client.get("/api/me")).body).toMatchObject({ role: "tutor", membershipStatus: "active" });
    expect((await admin.client.get("/api/admin/approvals")).body.items.map((item: { memberId: string }) => item.memberId)).not.toContain(pending.memberId);
  });

  it.each(["admin", "parent", "student"] as const)("approves as %s", async (role) => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    expect((await admin.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role })).status).toBe(200);
    expect((await membersOf(t.db, pending.user.id))[0]).toMatchObject({ role, status: "active" });
  });

  it("answers 404 for a member who is no longer pending", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    expect((await admin.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role: "student" })).status).toBe(200);
    const again = await admin.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role: "admin" });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("NOT_FOUND");
    expect((await membersOf(t.db, pending.user.id))[0]!.role).toBe("student");
    // Nor can an active member be "approved" into another role.
    expect((await admin.client.post(`/api/admin/approvals/${admin.memberId}/approve`, { role: "student" })).status).toBe(404);
  });

  it("answers 404 for an unknown member id", async () => {
    expect((await admin.client.post("/api/admin/approvals/no-such-member/approve", { role: "tutor" })).status).toBe(404);
  });

  it.each([
    ["an unknown role", { role: "owner" }],
    ["the pending role", { role: "pending" }],
    ["no role", {}],
    ["a role that is not a string", { role: 1 }],
    ["an unknown field", { role: "tutor", status: "active" }],
  ])("answers 422 for %s and changes nothing", async (_label, body) => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    const res = await admin.client.post(`/api/admin/approvals/${pending.memberId}/approve`, body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(JSON.stringify(res.body.error.issues)).toMatch(/role|status/);
    expect((await membersOf(t.db, pending.user.id))[0]).toMatchObject({ role: "pending", status: "pending" });
  });

  it("names the allowed roles when the role is wrong", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    const res = await admin.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role: "owner" });
    expect(res.body.error.issues).toEqual([{ path: ["role"], message: "Role must be one of admin, tutor, parent or student." }]);
  });
});

describe("POST /api/admin/approvals/{memberId}/reject", () => {
  it("removes the membership, audits with the reason and mails it", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode, fullName: "Rex Rejected" });
    const res = await admin.client.post(`/api/admin/approvals/${pending.memberId}/reject`, { reason: "We only take students from our school." });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await membersOf(t.db, pending.user.id)).toHaveLength(0);

    const entries = (await auditEntries(t.db, { action: "MEMBER_REJECTED", organizationId: admin.organizationId })).filter(
      (entry) => (entry.metadata as { memberId?: string }).memberId === pending.memberId,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.description).toBe(`Ada Admin rejected Rex Rejected (${pending.user.email}): We only take students from our school.`);

    const mail = (await mailsTo(t.db, pending.user.email)).at(-1)!;
    expect(mail.subject).toBe("Your request to join Ada Tutoring");
    expect(mail.body).toContain("Their reason: We only take students from our school.");

    // Still refused at sign-in: an account without an active membership holds no session.
    const signInRes = await new ApiClient(t.app).post("/api/auth/sign-in/email", { email: pending.user.email, password: pending.user.password });
    expect(signInRes.status).toBe(403);
  });

  it("rejects without a reason and says none", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode, fullName: "No Reason" });
    expect((await admin.client.post(`/api/admin/approvals/${pending.memberId}/reject`, {})).status).toBe(200);
    const mail = (await mailsTo(t.db, pending.user.email)).at(-1)!;
    expect(mail.body).not.toContain("Their reason");
    const [entry] = (await auditEntries(t.db, { action: "MEMBER_REJECTED" })).filter(
      (row) => (row.metadata as { memberId?: string }).memberId === pending.memberId,
    );
    expect(entry!.description).toBe(`Ada Admin rejected No Reason (${pending.user.email})`);
  });

  it("answers 422 for a reason over 500 characters and keeps the request", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    const res = await admin.client.post(`/api/admin/approvals/${pending.memberId}/reject`, { reason: "x".repeat(501) });
    expect(res.status).toBe(422);
    expect(res.body.error.issues[0].path).toEqual(["reason"]);
    expect(await membersOf(t.db, pending.user.id)).toHaveLength(1);
  });
});

describe("who may handle approvals", () => {
  it.each(["tutor", "parent", "student"] as const)("a %s gets 403 on every approvals operation", async (role) => {
    const someone = await createMember(t, { admin, role });
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    const before = await countRows(t.db);
    const list = await someone.client.get("/api/admin/approvals");
    expect(list.status).toBe(403);
    expect(list.body.error.code).toBe("FORBIDDEN");
    expect((await someone.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role: "admin" })).status).toBe(403);
    expect((await someone.client.post(`/api/admin/approvals/${pending.memberId}/reject`, {})).status).toBe(403);
    expect((await membersOf(t.db, pending.user.id))[0]).toMatchObject({ status: "pending" });
    expect(await countRows(t.db)).toEqual(before);
  });

  it("an admin suspended mid-session gets 403", async () => {
    const second = await createMember(t, { admin, role: "admin" });
    expect((await second.client.get("/api/admin/approvals")).status).toBe(200);
    await t.db.update(member).set({ status: "suspended" }).where(eq(member.id, second.memberId));
    expect((await second.client.get("/api/admin/approvals")).status).toBe(403);
  });

  it("a signed-in account that is only pending (devops) gets 403", async () => {
    const devops = await createDevopsUser(t, { joinCode: admin.joinCode });
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    expect((await devops.client.get("/api/me")).body.role).toBe("pending");
    expect((await devops.client.get("/api/admin/approvals")).status).toBe(403);
    expect((await devops.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role: "admin" })).status).toBe(403);
  });

  it("a signed-out caller gets 401", async () => {
    const anonymous = new ApiClient(t.app);
    expect((await anonymous.get("/api/admin/approvals")).status).toBe(401);
    expect((await anonymous.post(`/api/admin/approvals/${admin.memberId}/approve`, { role: "tutor" })).status).toBe(401);
  });

  it("an admin of another workspace neither sees nor handles this workspace's registrations", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    const outsider = await createAdmin(t);
    const list = await outsider.client.get("/api/admin/approvals");
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { memberId: string }) => item.memberId)).not.toContain(pending.memberId);

    const approve = await outsider.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { role: "admin" });
    expect(approve.status).toBe(404);
    const reject = await outsider.client.post(`/api/admin/approvals/${pending.memberId}/reject`, { reason: "not yours" });
    expect(reject.status).toBe(404);
    expect((await membersOf(t.db, pending.user.id))[0]).toMatchObject({ organizationId: admin.organizationId, role: "pending", status: "pending" });
    expect(await auditEntries(t.db, { organizationId: outsider.organizationId, action: "MEMBER_APPROVED" })).toHaveLength(0);
  });
});
