import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { auditEntries, countRows, membersOf, sessionsOf } from "../../../../tests/db.ts";
import { createAdmin, createMember, createPendingJoiner, latestMail, linkIn, signIn, uniqueName, type AdminFixture } from "../../../../tests/factories.ts";
import { addCharge } from "../../../../tests/invoice-factories.ts";
import { assignTutor, createSession } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { MESSAGES } from "../../../shared/messages.ts";
import { assignment, member, student, studentGuardian } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
});
afterAll(() => t?.close());

/** A student record of the workspace, written directly (the students API is another feature's). */
async function insertStudent(organizationId: string, values: Partial<typeof student.$inferInsert> = {}): Promise<string> {
  const [row] = await withWorkspace(t.db, organizationId, (tx) =>
    tx
      .insert(student)
      .values({ organizationId, name: uniqueName("Student"), ...values })
      .returning({ id: student.id }),
  );
  return row!.id;
}

const memberRow = async (memberId: string) => (await t.db.select().from(member).where(eq(member.id, memberId)))[0];
const entriesFor = async (action: string, memberId: string) =>
  (await auditEntries(t.db, { action, organizationId: admin.organizationId })).filter(
    (entry) => (entry.metadata as { memberId?: string } | null)?.memberId === memberId,
  );

describe("GET /api/admin/members", () => {
  let workspace: AdminFixture;
  beforeAll(async () => {
    workspace = await createAdmin(t, { fullName: "Lister Admin" });
  });

  it("lists active and suspended members by name, with the viewer marked, and not pending registrations", async () => {
    const tutor = await createMember(t, { admin: workspace, role: "tutor", fullName: "Bea Tutor" });
    const parent = await createMember(t, { admin: workspace, role: "parent", fullName: "Cal Parent" });
    expect((await workspace.client.post(`/api/admin/members/${parent.memberId}/suspend`)).status).toBe(200);
    const pending = await createPendingJoiner(t, { joinCode: workspace.joinCode, fullName: "Dee Pending" });

    const res = await workspace.client.get("/api/admin/members");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(res.body.items.map((item: { name: string }) => item.name)).toEqual(["Bea Tutor", "Cal Parent", "Lister Admin"]);
    expect(res.body.items[0]).toEqual({
      memberId: tutor.memberId,
      userId: tutor.user.id,
      name: "Bea Tutor",
      email: tutor.user.email,
      role: "tutor",
      status: "active",
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      isYou: false,
    });
    expect(res.body.items[1]).toMatchObject({ status: "suspended", role: "parent" });
    expect(res.body.items[2]).toMatchObject({ memberId: workspace.memberId, isYou: true, role: "admin" });
    expect(JSON.stringify(res.body)).not.toContain(pending.memberId);
  });

  it("filters by role and status, searches names anywhere and emails from the start, and pages", async () => {
    const list = async (query: string) => (await workspace.client.get(`/api/admin/members?${query}`)).body;
    expect((await list("role=tutor")).items.map((item: { name: string }) => item.name)).toEqual(["Bea Tutor"]);
    expect((await list("status=suspended")).items.map((item: { name: string }) => item.name)).toEqual(["Cal Parent"]);
    expect((await list("status=pending")).items).toEqual([]);
    expect((await list("q=tuto")).items.map((item: { name: string }) => item.name)).toEqual(["Bea Tutor"]);
    expect((await list("q=LISTER")).items.map((item: { name: string }) => item.name)).toEqual(["Lister Admin"]);
    const email = (await list("q=bea")).items[0].email as string;
    expect((await list(`q=${encodeURIComponent(email.slice(0, 8))}`)).total).toBe(1);
    // Search text is literal: % and _ are not wildcards.
    expect((await list("q=%25")).total).toBe(0);
    expect((await list("q=_")).total).toBe(0);
    const page2 = await list("pageSize=2&page=2");
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((item: { name: string }) => item.name)).toEqual(["Lister Admin"]);
    // The total comes with the page's rows; a page past the end, without rows, still tells it.
    expect(await list("pageSize=2&page=3")).toMatchObject({ items: [], total: 3, page: 3 });
    expect(await list("role=tutor")).toMatchObject({ total: 1 });
    expect(await list("status=suspended")).toMatchObject({ total: 1 });
    expect(await list("role=tutor&status=suspended")).toMatchObject({ items: [], total: 0 });
  });

  it("follows a renamed user's new name, in every workspace, and no writer can give a member another sort name", async () => {
    const names = async (query = "") => (await workspace.client.get(`/api/admin/members?${query}`)).body.items.map((item: { name: string }) => item.name);
    const tutor = await createMember(t, { admin: workspace, role: "tutor", fullName: "Abe Renamed" });
    const elsewhere = await createAdmin(t, { fullName: "Other Admin" });
    // The same user in a second workspace, written directly as Better Auth writes members.
    await t.db.insert(member).values({
      id: `member-${tutor.memberId}`,
      organizationId: elsewhere.organizationId,
      userId: tutor.user.id,
      role: "tutor",
      status: "active",
      createdAt: new Date(),
    });
    expect((await names()).at(0)).toBe("Abe Renamed");

    expect((await tutor.client.post("/api/auth/update-user", { name: "Zoe Renamed" })).status).toBe(200);
    expect(await names()).toEqual(["Bea Tutor", "Cal Parent", "Lister Admin", "Zoe Renamed"]);
    expect(await names("role=tutor")).toEqual(["Bea Tutor", "Zoe Renamed"]);
    expect(await names("status=active")).toEqual(["Bea Tutor", "Lister Admin", "Zoe Renamed"]);
    const otherNames = (await elsewhere.client.get("/api/admin/members")).body.items.map((item: { name: string }) => item.name);
    expect(otherNames).toEqual(["Other Admin", "Zoe Renamed"]);

    // Even the tables' owner cannot store a sort name other than the user's name.
    await t.db.update(member).set({ sortName: "Aaa" }).where(eq(member.userId, tutor.user.id));
    const kept = await t.db.select({ sortName: member.sortName }).from(member).where(eq(member.userId, tutor.user.id));
    expect(kept).toEqual([{ sortName: "Zoe Renamed" }, { sortName: "Zoe Renamed" }]);

    expect((await workspace.client.delete(`/api/admin/members/${tutor.memberId}`)).status).toBe(200);
  });

  it("answers 422 naming the query parameter", async () => {
    const res = await workspace.client.get("/api/admin/members?role=owner&pageSize=500");
    expect(res.status).toBe(422);
    expect(res.body.error.issues.map((issue: { path: string[] }) => issue.path[0]).sort()).toEqual(["pageSize", "role"]);
  });
});

describe("PATCH /api/admin/members/{memberId}", () => {
  it("changes the role, audits it, and the member's next request has the new role", async () => {
    const tutor = await createMember(t, { admin, role: "tutor", fullName: "Tom Tutor" });
    const res = await admin.client.patch(`/api/admin/members/${tutor.memberId}`, { role: "parent" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ memberId: tutor.memberId, role: "parent", status: "active", isYou: false });
    expect((await tutor.client.get("/api/me")).body.role).toBe("parent");
    const [entry] = await entriesFor("MEMBER_ROLE_CHANGED", tutor.memberId);
    expect(entry).toMatchObject({
      userId: admin.user.id,
      actorRole: "admin",
      description: `Ada Admin changed the role of Tom Tutor (${tutor.user.email}) from tutor to parent`,
    });
    expect(entry!.metadata).toEqual({ memberId: tutor.memberId, subjectUserId: tutor.user.id, from: "tutor", to: "parent" });
  });

  it("answers the member unchanged, without an audit entry, when the role is the same", async () => {
    const tutor = await createMember(t, { admin, role: "tutor" });
    expect((await admin.client.patch(`/api/admin/members/${tutor.memberId}`, { role: "tutor" })).body.role).toBe("tutor");
    expect(await entriesFor("MEMBER_ROLE_CHANGED", tutor.memberId)).toHaveLength(0);
  });

  it("answers 422 naming the role, and 404 for an unknown member", async () => {
    const tutor = await createMember(t, { admin, role: "tutor" });
    const bad = await admin.client.patch(`/api/admin/members/${tutor.memberId}`, { role: "pending" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.issues).toEqual([{ path: ["role"], message: "Role must be one of admin, tutor, parent or student." }]);
    const unknown = await admin.client.patch("/api/admin/members/no-such-member", { role: "tutor" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("The member was not found.");
  });
});

describe("the last admin", () => {
  it("cannot be demoted, suspended or removed, and the refusal names them", async () => {
    const solo = await createAdmin(t, { fullName: "Solo Admin" });
    const before = await countRows(t.db);
    for (const [method, path, body] of [
      ["PATCH", "", { role: "tutor" }],
      ["POST", "/suspend", undefined],
      ["DELETE", "", undefined],
    ] as const) {
      const res = await solo.client.request(method, `/api/admin/members/${solo.memberId}${path}`, { json: body });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.error.code).toBe("CONFLICT");
      expect(res.body.error.message).toMatch(
        /^Solo Admin is the last admin of this workspace and cannot be (demoted|suspended|removed): make another member an admin first\.$/,
      );
    }
    expect(await countRows(t.db)).toEqual(before);
    expect(await memberRow(solo.memberId)).toMatchObject({ role: "admin", status: "active" });
  });

  it("can step down once another admin is active; a suspended admin does not count", async () => {
    const first = await createAdmin(t, { fullName: "First Admin" });
    const second = await createMember(t, { admin: first, role: "admin", fullName: "Second Admin" });
    expect((await first.client.post(`/api/admin/members/${second.memberId}/suspend`)).status).toBe(200);
    expect((await first.client.patch(`/api/admin/members/${first.memberId}`, { role: "tutor" })).status).toBe(409);
    expect((await first.client.post(`/api/admin/members/${second.memberId}/reactivate`)).status).toBe(200);
    const stepDown = await first.client.patch(`/api/admin/members/${first.memberId}`, { role: "tutor" });
    expect(stepDown.status).toBe(200);
    expect(stepDown.body).toMatchObject({ role: "tutor", isYou: true });
    // Now a tutor: the members operations are closed to them.
    expect((await first.client.get("/api/admin/members")).status).toBe(403);
  });

  it("survives two admins demoting each other at the same moment: exactly one succeeds", async () => {
    const first = await createAdmin(t);
    const second = await createMember(t, { admin: first, role: "admin" });
    const results = await Promise.all([
      first.client.patch(`/api/admin/members/${second.memberId}`, { role: "tutor" }),
      second.client.patch(`/api/admin/members/${first.memberId}`, { role: "tutor" }),
    ]);
    const statuses = results.map((res) => res.status).sort();
    // The loser is refused either as the last admin (409) or, demoted already, for its role (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.db
      .select()
      .from(member)
      .where(and(eq(member.organizationId, first.organizationId), eq(member.role, "admin"), eq(member.status, "active")));
    expect(admins).toHaveLength(1);
  });
});

describe("pending registrations", () => {
  it("are refused by every member operation with a pointer to Approvals", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode, fullName: "Pat Pending" });
    const before = await countRows(t.db);
    for (const [method, path, body] of [
      ["PATCH", "", { role: "tutor" }],
      ["POST", "/suspend", undefined],
      ["POST", "/reactivate", undefined],
      ["DELETE", "", undefined],
    ] as const) {
      const res = await admin.client.request(method, `/api/admin/members/${pending.memberId}${path}`, { json: body });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.error.message).toBe("Pat Pending is waiting for approval: approve or reject the registration in Approvals first.");
    }
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("suspending and reactivating", () => {
  it("ends the member's sessions in this workspace at once; signing in gets the pending message; reactivating lets them back", async () => {
    const tutor = await createMember(t, { admin, role: "tutor", fullName: "Sam Suspended" });
    const secondBrowser = await signIn(t, tutor.user.email, tutor.user.password);
    expect((await tutor.client.get("/api/me")).status).toBe(200);

    const res = await admin.client.post(`/api/admin/members/${tutor.memberId}/suspend`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ memberId: tutor.memberId, status: "suspended", role: "tutor" });
    expect(await sessionsOf(t.db, tutor.user.id)).toHaveLength(0);
    for (const client of [tutor.client, secondBrowser]) {
      const me = await client.get("/api/me");
      expect(me.status).toBe(401);
      expect(me.body.error.message).toBe(MESSAGES.sessionExpired);
    }
    const again = await new ApiClient(t.app).post("/api/auth/sign-in/email", { email: tutor.user.email, password: tutor.user.password });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(MESSAGES.pendingApproval);

    const [entry] = await entriesFor("MEMBER_SUSPENDED", tutor.memberId);
    expect(entry).toMatchObject({ description: `Ada Admin suspended Sam Suspended (${tutor.user.email})` });
    expect(entry!.metadata).toMatchObject({ sessionsEnded: 2 });

    // Suspending again changes nothing.
    expect((await admin.client.post(`/api/admin/members/${tutor.memberId}/suspend`)).body.status).toBe("suspended");
    expect(await entriesFor("MEMBER_SUSPENDED", tutor.memberId)).toHaveLength(1);

    const back = await admin.client.post(`/api/admin/members/${tutor.memberId}/reactivate`);
    expect(back.status).toBe(200);
    expect(back.body.status).toBe("active");
    expect((await entriesFor("MEMBER_REACTIVATED", tutor.memberId))[0]!.description).toBe(`Ada Admin reactivated Sam Suspended (${tutor.user.email})`);
    const client = await signIn(t, tutor.user.email, tutor.user.password);
    expect((await client.get("/api/me")).body).toMatchObject({ role: "tutor", membershipStatus: "active" });
    // Reactivating an active member changes nothing.
    expect((await admin.client.post(`/api/admin/members/${tutor.memberId}/reactivate`)).status).toBe(200);
    expect(await entriesFor("MEMBER_REACTIVATED", tutor.memberId)).toHaveLength(1);
  });

  it("leaves a session in another workspace alone, and the member may still sign in there", async () => {
    // An admin of their own workspace who is also a tutor here (through an invitation).
    const elsewhere = await createAdmin(t, { fullName: "Two Hats" });
    const inviteRes = await admin.client.post("/api/admin/invitations", { email: elsewhere.user.email, role: "tutor" });
    expect(inviteRes.status).toBe(201);
    const token = new URL(linkIn((await latestMail(t.db, elsewhere.user.email, "invited you"))!.body, "/invite")).searchParams.get("token")!;
    const inHere = await signIn(t, elsewhere.user.email, elsewhere.user.password);
    expect((await inHere.post(`/api/invitations/${token}/accept`)).status).toBe(200);
    expect((await inHere.get("/api/me")).body.activeWorkspace.id).toBe(admin.organizationId);
    const [membership] = (await membersOf(t.db, elsewhere.user.id)).filter((row) => row.organizationId === admin.organizationId);

    expect((await admin.client.post(`/api/admin/members/${membership!.id}/suspend`)).status).toBe(200);
    expect((await inHere.get("/api/me")).status).toBe(401);
    expect((await elsewhere.client.get("/api/me")).body).toMatchObject({ role: "admin", activeWorkspace: { id: elsewhere.organizationId } });
    const fresh = await signIn(t, elsewhere.user.email, elsewhere.user.password);
    const me = (await fresh.get("/api/me")).body;
    expect(me.activeWorkspace.id).toBe(elsewhere.organizationId);
    // Nor can they choose the workspace where they are suspended.
    expect((await fresh.post("/api/me/active-workspace", { workspaceId: admin.organizationId })).status).toBe(403);
  });
});

describe("DELETE /api/admin/members/{memberId}", () => {
  it("removes a parent: their guardian links go, their sessions end, and the child's access log says so", async () => {
    const parent = await createMember(t, { admin, role: "parent", fullName: "Polly Parent" });
    const child = await insertStudent(admin.organizationId);
    await withWorkspace(t.db, admin.organizationId, (tx) =>
      tx.insert(studentGuardian).values({ organizationId: admin.organizationId, studentId: child, memberId: parent.memberId }),
    );

    const res = await admin.client.delete(`/api/admin/members/${parent.memberId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await membersOf(t.db, parent.user.id)).toHaveLength(0);
    expect(await sessionsOf(t.db, parent.user.id)).toHaveLength(0);
    const links = await withWorkspace(t.db, admin.organizationId, (tx) => tx.select().from(studentGuardian).where(eq(studentGuardian.studentId, child)));
    expect(links).toEqual([]);
    expect((await parent.client.get("/api/me")).status).toBe(401);
    const signInAgain = await new ApiClient(t.app).post("/api/auth/sign-in/email", { email: parent.user.email, password: parent.user.password });
    expect(signInAgain.status).toBe(403);

    const [removed] = await entriesFor("MEMBER_REMOVED", parent.memberId);
    expect(removed).toMatchObject({ description: `Ada Admin removed Polly Parent (${parent.user.email}) (parent) from the workspace`, studentId: null });
    const [unlinked] = await entriesFor("GUARDIAN_UNLINKED", parent.memberId);
    expect(unlinked).toMatchObject({ studentId: child, description: "Ada Admin removed the guardian Polly Parent from the workspace" });
  });

  it("refuses (409) to remove a tutor whose sessions billing records, since removal would delete them; nothing changes", async () => {
    const tutor = await createMember(t, { admin, role: "tutor", fullName: "Billed Tutor" });
    const pupil = await insertStudent(admin.organizationId);
    await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: pupil, startsOn: "2026-01-01" });
    const batch = await createSession(admin.client, {
      tutorMemberId: tutor.memberId,
      studentIds: [pupil],
      startsAt: "2026-03-02T16:00",
      endsAt: "2026-03-02T17:00",
      timeZone: "UTC",
    });
    const sessionId = batch.items[0]!.id;
    const [account] = await withWorkspace(t.db, admin.organizationId, (tx) =>
      tx.select({ id: student.payerAccountId }).from(student).where(eq(student.id, pupil)),
    );
    await addCharge(t, admin, account!.id, 5000, { sessionId, studentId: pupil });
    const before = await countRows(t.db);
    const refused = await admin.client.delete(`/api/admin/members/${tutor.memberId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^Billed Tutor \(.*\) has sessions that billing or pay history records, .* suspend them instead/);
    expect(await countRows(t.db)).toEqual(before);
    expect(await membersOf(t.db, tutor.user.id)).toHaveLength(1);
  });

  it("removes a student login: the record stays without it; a tutor's assignments go", async () => {
    const learner = await createMember(t, { admin, role: "student" });
    const record = await insertStudent(admin.organizationId, { userId: learner.user.id });
    const tutor = await createMember(t, { admin, role: "tutor" });
    await withWorkspace(t.db, admin.organizationId, (tx) =>
      tx
        .insert(assignment)
        .values({ organizationId: admin.organizationId, tutorMemberId: tutor.memberId, studentId: record, subject: "Maths", startsOn: "2026-01-01" }),
    );

    expect((await admin.client.delete(`/api/admin/members/${learner.memberId}`)).status).toBe(200);
    const [row] = await withWorkspace(t.db, admin.organizationId, (tx) => tx.select().from(student).where(eq(student.id, record)));
    expect(row).toMatchObject({ userId: null });
    expect((await entriesFor("MEMBER_REMOVED", learner.memberId)).map((entry) => entry.studentId)).toEqual([null, record]);

    expect((await admin.client.delete(`/api/admin/members/${tutor.memberId}`)).status).toBe(200);
    const left = await withWorkspace(t.db, admin.organizationId, (tx) => tx.select().from(assignment).where(eq(assignment.studentId, record)));
    expect(left).toEqual([]);
    expect((await admin.client.delete(`/api/admin/members/${tutor.memberId}`)).status).toBe(404);
  });
});

describe("who may manage members", () => {
  const operations = (memberId: string) =>
    [
      ["GET", "/api/admin/members", undefined],
      ["PATCH", `/api/admin/members/${memberId}`, { role: "admin" }],
      ["POST", `/api/admin/members/${memberId}/suspend`, undefined],
      ["POST", `/api/admin/members/${memberId}/reactivate`, undefined],
      ["DELETE", `/api/admin/members/${memberId}`, undefined],
    ] as const;

  it.each(["tutor", "parent", "student"] as const)("a %s gets 403 on every operation and changes nothing", async (role) => {
    const someone = await createMember(t, { admin, role });
    const target = await createMember(t, { admin, role: "tutor" });
    const before = await countRows(t.db);
    for (const [method, path, body] of operations(target.memberId)) {
      const res = await someone.client.request(method, path, { json: body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe("FORBIDDEN");
    }
    expect(await countRows(t.db)).toEqual(before);
    expect(await memberRow(target.memberId)).toMatchObject({ role: "tutor", status: "active" });
  });

  it("a signed-out caller gets 401", async () => {
    for (const [method, path, body] of operations(admin.memberId)) {
      expect((await new ApiClient(t.app).request(method, path, { json: body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("an admin of another workspace neither sees nor touches this workspace's members", async () => {
    const target = await createMember(t, { admin, role: "tutor" });
    const outsider = await createAdmin(t);
    const list = await outsider.client.get(`/api/admin/members?q=${encodeURIComponent(target.user.email)}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    const before = await countRows(t.db);
    for (const [method, path, body] of operations(target.memberId).slice(1)) {
      const res = await outsider.client.request(method, path, { json: body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await countRows(t.db)).toEqual(before);
    expect(await memberRow(target.memberId)).toMatchObject({ role: "tutor", status: "active" });
  });
});
