import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { auditEntries, countRows } from "../../../../tests/db.ts";
import { createAdmin, createMember, createPendingJoiner, DEFAULT_PASSWORD, uniqueEmail, type AdminFixture } from "../../../../tests/factories.ts";
import { assignTutor, createStudent, setTutorProfile } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { organization } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
});
afterAll(() => t?.close());

async function storedWorkspace(id: string) {
  const [row] = await t.db.select().from(organization).where(eq(organization.id, id));
  return row!;
}

const joinWith = (joinCode: string) =>
  new ApiClient(t.app).post("/api/signup", { fullName: "New Joiner", email: uniqueEmail("joiner"), password: DEFAULT_PASSWORD, joinCode });

describe("GET /api/admin/workspace", () => {
  it("answers the active workspace's settings", async () => {
    const res = await admin.client.get("/api/admin/workspace");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: admin.organizationId,
      name: "Ada Tutoring",
      slug: "ada-tutoring",
      timeZone: "UTC",
      currency: "USD",
      joinCode: admin.joinCode,
      joiningOpen: true,
    });
  });
});

describe("PATCH /api/admin/workspace", () => {
  it("changes name, time zone, currency and joining, and audits the change", async () => {
    const own = await createAdmin(t, { fullName: "Pat Patch" });
    const res = await own.client.patch("/api/admin/workspace", { name: "Renamed Tutors", timeZone: "Europe/London", currency: "GBP", joiningOpen: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed Tutors", timeZone: "Europe/London", currency: "GBP", joiningOpen: false, joinCode: own.joinCode });
    expect(await storedWorkspace(own.organizationId)).toMatchObject({ name: "Renamed Tutors", timeZone: "Europe/London", currency: "GBP", joiningOpen: false });
    const [entry] = await auditEntries(t.db, { action: "WORKSPACE_SETTINGS_CHANGED", organizationId: own.organizationId });
    expect(entry).toMatchObject({ userId: own.user.id, actorRole: "admin", description: "Pat Patch changed name, timeZone, currency, joiningOpen" });

    // Closed to joining: the join code is refused at sign-up.
    const refused = await joinWith(own.joinCode);
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues[0].path).toEqual(["joinCode"]);
    expect((await own.client.patch("/api/admin/workspace", { joiningOpen: true })).status).toBe(200);
    expect((await joinWith(own.joinCode)).status).toBe(201);
  });

  it("keeps the currency once amounts exist in it, saying which, and lets it change again when they are cleared", async () => {
    const own = await createAdmin(t, { fullName: "Cora Currency" });
    const tutor = await createMember(t, { admin: own, role: "tutor", fullName: "Tom Rates" });
    await setTutorProfile(own.client, tutor.memberId, { payRateMinor: 3000, chargeRateMinor: 4500 });
    const student = await createStudent(own.client);
    const assigned = await assignTutor(own.client, { tutorMemberId: tutor.memberId, studentId: student.id, rateOverrideMinor: 5000 });

    const refused = await own.client.patch("/api/admin/workspace", { currency: "EUR", name: "Renamed" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "The currency stays USD: 1 tutor has rates and 1 assignment has a student rate in USD, and amounts are never converted. Clear those rates first to change it.",
    );
    expect(refused.body.error.issues[0].path).toEqual(["currency"]);
    // Nothing of the refused change was written: neither the name nor an audit entry.
    expect(await storedWorkspace(own.organizationId)).toMatchObject({ currency: "USD", name: own.workspaceName });
    expect(await auditEntries(t.db, { action: "WORKSPACE_SETTINGS_CHANGED", organizationId: own.organizationId })).toEqual([]);
    // The same currency again is no change of currency.
    expect((await own.client.patch("/api/admin/workspace", { currency: "USD" })).status).toBe(200);

    await setTutorProfile(own.client, tutor.memberId, { payRateMinor: null, chargeRateMinor: null });
    const stillHeld = await own.client.patch("/api/admin/workspace", { currency: "EUR" });
    expect(stillHeld.body.error.message).toMatch(/^The currency stays USD: 1 assignment has a student rate in USD/);
    expect((await own.client.patch(`/api/admin/assignments/${assigned.id}`, { rateOverrideMinor: null })).status).toBe(200);
    const changed = await own.client.patch("/api/admin/workspace", { currency: "EUR" });
    expect(changed.status).toBe(200);
    expect(changed.body.currency).toBe("EUR");
  });

  it("refuses an unknown currency code, naming it", async () => {
    const res = await admin.client.patch("/api/admin/workspace", { currency: "ZZZ" });
    expect(res.status).toBe(422);
    expect(res.body.error.issues[0]).toMatchObject({ path: ["currency"] });
  });

  it("changes one setting and leaves the others", async () => {
    const own = await createAdmin(t);
    const res = await own.client.patch("/api/admin/workspace", { timeZone: "America/New_York" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ timeZone: "America/New_York", currency: "USD", joiningOpen: true, name: own.workspaceName });
  });

  it.each([
    ["timeZone", { timeZone: "Mars/Olympus_Mons" }],
    ["timeZone", { timeZone: "" }],
    ["timeZone", { timeZone: "x".repeat(65) }],
    ["currency", { currency: "usd" }],
    ["currency", { currency: "EURO" }],
    ["currency", { currency: 840 }],
    ["name", { name: "X" }],
    ["name", { name: "<b>bold</b>" }],
    ["joiningOpen", { joiningOpen: "yes" }],
  ])("answers 422 naming %s for %j and changes nothing", async (field, body) => {
    const before = await storedWorkspace(admin.organizationId);
    const res = await admin.client.patch("/api/admin/workspace", body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("VALIDATION_FAILED");
    expect(res.body.error.issues.map((issue: { path: string[] }) => issue.path.join("."))).toContain(field);
    expect(await storedWorkspace(admin.organizationId)).toEqual(before);
  });

  it("answers 422 for an empty change and for unknown fields", async () => {
    const before = await storedWorkspace(admin.organizationId);
    expect((await admin.client.patch("/api/admin/workspace", {})).status).toBe(422);
    const unknown = await admin.client.patch("/api/admin/workspace", { joinCode: "AAAAAAAA" });
    expect(unknown.status).toBe(422);
    expect(JSON.stringify(unknown.body.error.issues)).toContain("joinCode");
    expect(await storedWorkspace(admin.organizationId)).toEqual(before);
  });
});

describe("POST /api/admin/workspace/join-code", () => {
  it("replaces the join code; the old one stops working for sign-up", async () => {
    const own = await createAdmin(t, { fullName: "Reg Enerate" });
    const oldCode = own.joinCode;
    const res = await own.client.post("/api/admin/workspace/join-code");
    expect(res.status).toBe(200);
    expect(res.body.joinCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(res.body.joinCode).not.toBe(oldCode);
    expect((await storedWorkspace(own.organizationId)).joinCode).toBe(res.body.joinCode);

    const before = await countRows(t.db);
    const old = await joinWith(oldCode);
    expect(old.status).toBe(422);
    expect(old.body.error.issues[0].path).toEqual(["joinCode"]);
    expect(await countRows(t.db)).toEqual(before);

    const fresh = await joinWith(res.body.joinCode);
    expect(fresh.status).toBe(201);
    expect(fresh.body.next).toBe("approval");

    const [entry] = await auditEntries(t.db, { action: "JOIN_CODE_REGENERATED", organizationId: own.organizationId });
    expect(entry).toMatchObject({ userId: own.user.id, description: "Reg Enerate replaced the join code" });
  });
});

describe("GET /api/admin/dashboard", () => {
  it("counts members by role, pending and suspended, students by status and open invitations", async () => {
    const own = await createAdmin(t);
    await createMember(t, { admin: own, role: "tutor" });
    await createMember(t, { admin: own, role: "student" });
    await createPendingJoiner(t, { joinCode: own.joinCode });
    await createStudent(own.client);
    await createStudent(own.client);
    await createStudent(own.client, { status: "paused" });
    expect((await own.client.post("/api/admin/invitations", { email: uniqueEmail("invited"), role: "parent" })).status).toBe(201);
    // Another workspace's records never count here.
    await createStudent(admin.client);
    const res = await own.client.get("/api/admin/dashboard");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      byRole: { admin: 1, tutor: 1, parent: 0, student: 1 },
      pending: 1,
      suspended: 0,
      students: { active: 2, paused: 1, former: 0 },
      openInvitations: 1,
    });
  });
});

describe("workspace settings: who may", () => {
  it.each(["tutor", "parent", "student"] as const)("a %s gets 403 and changes nothing", async (role) => {
    const someone = await createMember(t, { admin, role });
    const before = await storedWorkspace(admin.organizationId);
    for (const res of [
      await someone.client.get("/api/admin/workspace"),
      await someone.client.patch("/api/admin/workspace", { name: "Taken Over" }),
      await someone.client.post("/api/admin/workspace/join-code"),
      await someone.client.get("/api/admin/dashboard"),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("FORBIDDEN");
    }
    expect(await storedWorkspace(admin.organizationId)).toEqual(before);
  });

  it("a signed-out caller gets 401", async () => {
    const anonymous = new ApiClient(t.app);
    expect((await anonymous.get("/api/admin/workspace")).status).toBe(401);
    expect((await anonymous.patch("/api/admin/workspace", { name: "Nope" })).status).toBe(401);
    expect((await anonymous.post("/api/admin/workspace/join-code")).status).toBe(401);
  });

  it("an admin only ever changes their own workspace", async () => {
    const other = await createAdmin(t);
    const before = await storedWorkspace(admin.organizationId);
    expect((await other.client.patch("/api/admin/workspace", { name: "Other Renamed" })).status).toBe(200);
    expect(await storedWorkspace(admin.organizationId)).toEqual(before);
    expect((await storedWorkspace(other.organizationId)).name).toBe("Other Renamed");
  });
});

describe("POST /api/workspaces and /api/workspaces/join", () => {
  it("lets a member start another workspace, which becomes the active one", async () => {
    const own = await createAdmin(t, { fullName: "Sam Second" });
    const res = await own.client.post("/api/workspaces", { workspaceName: "Second Business" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ next: "dashboard" });
    const me = await own.client.get("/api/me");
    expect(me.body).toMatchObject({ role: "admin", activeWorkspace: { name: "Second Business", role: "admin", status: "active" } });
    expect(me.body.workspaces.map((workspace: { name: string }) => workspace.name).sort()).toEqual([own.workspaceName, "Second Business"].sort());
    const [entry] = await auditEntries(t.db, { action: "WORKSPACE_CREATED", organizationId: me.body.activeWorkspace.id });
    expect(entry).toMatchObject({ userId: own.user.id, description: "Sam Second started the workspace Second Business" });
  });

  it("lets a member ask to join another workspace and stay signed in where they are active", async () => {
    const own = await createAdmin(t);
    const res = await own.client.post("/api/workspaces/join", { joinCode: admin.joinCode });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ next: "approval" });
    const me = await own.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body.activeWorkspace.id).toBe(own.organizationId);
    const pending = (await admin.client.get("/api/admin/approvals")).body.items.map((item: { userId: string }) => item.userId);
    expect(pending).toContain(own.user.id);
  });

  it("refuses to join a workspace twice, naming joinCode", async () => {
    const before = await countRows(t.db);
    const join = await admin.client.post("/api/workspaces/join", { joinCode: admin.joinCode });
    expect(join.status).toBe(422);
    expect(join.body.error.issues[0].path).toEqual(["joinCode"]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("validates the workspace name and the join code", async () => {
    expect((await admin.client.post("/api/workspaces", { workspaceName: "X" })).status).toBe(422);
    expect((await admin.client.post("/api/workspaces/join", { joinCode: "nope" })).status).toBe(422);
    expect((await admin.client.post("/api/workspaces/join", { joinCode: "ZZZZ2222" })).status).toBe(422);
  });

  it("answers 401 when signed out", async () => {
    expect((await new ApiClient(t.app).post("/api/workspaces", { workspaceName: "Anon" })).status).toBe(401);
    expect((await new ApiClient(t.app).post("/api/workspaces/join", { joinCode: admin.joinCode })).status).toBe(401);
  });
});
