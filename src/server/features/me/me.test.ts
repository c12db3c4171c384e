import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { auditEntries, platformAuditEntries, sessionsOf } from "../../../../tests/db.ts";
import { createAdmin, createDevopsUser, createMember, signIn, type AdminFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { member, session } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
});
afterAll(() => t?.close());

describe("GET /api/me", () => {
  it("answers 401 when signed out", async () => {
    const res = await new ApiClient(t.app).get("/api/me");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "UNAUTHENTICATED", message: "Session expired. Please log in again." } });
  });

  it("answers 401 for a made-up session cookie", async () => {
    const res = await new ApiClient(t.app).get("/api/me", { headers: { cookie: "glassroom.session_token=forged.value" } });
    expect(res.status).toBe(401);
  });

  it("describes an admin: role, status, the active workspace and the workspace list", async () => {
    const res = await admin.client.get("/api/me");
    expect(res.status).toBe(200);
    const workspace = {
      id: admin.organizationId,
      name: "Ada Tutoring",
      slug: "ada-tutoring",
      timeZone: "UTC",
      currency: "USD",
      role: "admin",
      status: "active",
    };
    expect(res.body).toEqual({
      user: { id: admin.user.id, email: admin.user.email, name: "Ada Admin", emailVerified: true, twoFactorEnabled: false, devops: false },
      role: "admin",
      membershipRole: "admin",
      membershipStatus: "active",
      roleOverride: null,
      canSwitchRole: true,
      activeWorkspace: workspace,
      workspaces: [workspace],
    });
  });

  it("describes a tutor with the tutor role", async () => {
    const tutor = await createMember(t, { admin, role: "tutor" });
    const res = await tutor.client.get("/api/me");
    expect(res.body).toMatchObject({
      role: "tutor",
      membershipRole: "tutor",
      membershipStatus: "active",
      activeWorkspace: { id: admin.organizationId, role: "tutor" },
    });
  });

  it("shows a member suspended mid-session as pending, with no permissions", async () => {
    const student = await createMember(t, { admin, role: "student" });
    await t.db.update(member).set({ status: "suspended" }).where(eq(member.id, student.memberId));
    const res = await student.client.get("/api/me");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: "pending", membershipStatus: "suspended", workspaces: [] });
  });
});

describe("POST /api/me/active-workspace", () => {
  it("switches to another workspace where the viewer is an active member", async () => {
    const other = await createAdmin(t, { workspaceName: "Other Place" });
    const tutor = await createMember(t, { admin: other, role: "tutor" });
    // There is no API yet to belong to two workspaces: add the second membership directly.
    await t.db.insert(member).values({
      id: crypto.randomUUID(),
      organizationId: admin.organizationId,
      userId: tutor.user.id,
      role: "parent",
      status: "active",
      createdAt: new Date(),
    });

    const before = await tutor.client.get("/api/me");
    expect(before.body.activeWorkspace.id).toBe(other.organizationId);
    expect(before.body.workspaces.map((workspace: { id: string }) => workspace.id).sort()).toEqual([admin.organizationId, other.organizationId].sort());

    const res = await tutor.client.post("/api/me/active-workspace", { workspaceId: admin.organizationId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: "parent", membershipRole: "parent", activeWorkspace: { id: admin.organizationId, role: "parent" } });
    expect((await tutor.client.get("/api/me")).body.role).toBe("parent");
  });

  it("refuses a workspace the viewer does not belong to", async () => {
    const stranger = await createAdmin(t);
    const res = await stranger.client.post("/api/me/active-workspace", { workspaceId: admin.organizationId });
    expect(res.status).toBe(403);
    expect((await stranger.client.get("/api/me")).body.activeWorkspace.id).toBe(stranger.organizationId);
  });

  it("validates the body", async () => {
    expect((await admin.client.post("/api/me/active-workspace", {})).status).toBe(422);
    expect((await admin.client.post("/api/me/active-workspace", { workspaceId: "x".repeat(65) })).status).toBe(422);
  });
});

describe("POST /api/me/role-override on a test server", () => {
  it("switches the displayed role, audits ROLE_SWITCH, and the server applies the switched role", async () => {
    const client = await signIn(t, admin.user.email, admin.user.password);
    expect((await client.get("/api/admin/dashboard")).status).toBe(200);

    const res = await client.post("/api/me/role-override", { role: "tutor" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: "tutor", roleOverride: "tutor", membershipRole: "admin", canSwitchRole: true });

    const me = await client.get("/api/me");
    expect(me.body.role).toBe("tutor");
    const dashboard = await client.get("/api/admin/dashboard");
    expect(dashboard.status).toBe(403);
    expect(dashboard.body.error.code).toBe("FORBIDDEN");

    const audit = await auditEntries(t.db, { action: "ROLE_SWITCH", userId: admin.user.id });
    expect(audit.at(-1)).toMatchObject({
      organizationId: admin.organizationId,
      actorRole: "admin",
      description: "Ada Admin switched the displayed role to tutor",
    });

    // Only this session is switched.
    expect((await admin.client.get("/api/me")).body.role).toBe("admin");

    const cleared = await client.post("/api/me/role-override", { role: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ role: "admin", roleOverride: null });
    expect((await client.get("/api/admin/dashboard")).status).toBe(200);
    expect((await auditEntries(t.db, { action: "ROLE_SWITCH", userId: admin.user.id })).at(-1)!.description).toBe("Ada Admin cleared the role switch");
  });

  it("refuses roles outside the switchable list", async () => {
    for (const role of ["pending", "owner", "", 3]) {
      const res = await admin.client.post("/api/me/role-override", { role });
      expect(res.status).toBe(422);
      expect(res.body.error.issues[0].path).toEqual(["role"]);
    }
    expect((await admin.client.post("/api/me/role-override", { role: "tutor", extra: 1 })).status).toBe(422);
  });

  it("answers 401 when signed out", async () => {
    expect((await new ApiClient(t.app).post("/api/me/role-override", { role: "tutor" })).status).toBe(401);
  });
});

describe("POST /api/me/role-override on a production server", () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ env: { NODE_ENV: "production" }, databaseUrl: t.databaseUrl });
  });
  afterAll(() => prod?.close());

  // Accounts are made on the development app of the same database, which keeps the
  // confirmation mail (a production server without SMTP stores none), then sign in here.
  async function onProduction<T extends { client: ApiClient; user: { email: string; password: string } }>(made: T): Promise<T> {
    return { ...made, client: await signIn(prod, made.user.email, made.user.password) };
  }

  it("refuses an account that is not devops, audits nothing and changes nothing", async () => {
    const prodAdmin = await onProduction(await createAdmin(t));
    expect((await prodAdmin.client.get("/api/me")).body.canSwitchRole).toBe(false);
    const res = await prodAdmin.client.post("/api/me/role-override", { role: "tutor" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("FORBIDDEN");
    expect(await auditEntries(t.db, { action: "ROLE_SWITCH", userId: prodAdmin.user.id })).toHaveLength(0);
    expect((await sessionsOf(t.db, prodAdmin.user.id)).every((row) => row.roleOverride === null)).toBe(true);
    expect((await prodAdmin.client.get("/api/admin/dashboard")).status).toBe(200);
  });

  it("ignores an override stored on the session of an account that is not devops", async () => {
    const prodAdmin = await onProduction(await createAdmin(t));
    await t.db.update(session).set({ roleOverride: "student" }).where(eq(session.userId, prodAdmin.user.id));
    const me = await prodAdmin.client.get("/api/me");
    expect(me.body).toMatchObject({ role: "admin", roleOverride: null, canSwitchRole: false });
  });

  it("lets a devops account switch, audited, and applies the switched role", async () => {
    const devops = await onProduction(await createDevopsUser(t));
    expect((await devops.client.get("/api/me")).body).toMatchObject({ role: "admin", canSwitchRole: true, user: { devops: true } });
    const res = await devops.client.post("/api/me/role-override", { role: "tutor" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: "tutor", roleOverride: "tutor" });
    expect((await devops.client.get("/api/me")).body.role).toBe("tutor");
    expect((await devops.client.get("/api/admin/dashboard")).status).toBe(403);
    const audit = await auditEntries(t.db, { action: "ROLE_SWITCH", userId: devops.user.id });
    expect(audit).toHaveLength(1);
  });

  it("lets a devops account without an active membership sign in and switch", async () => {
    const devops = await onProduction(await createDevopsUser(t, { joinCode: admin.joinCode }));
    const me = await devops.client.get("/api/me");
    expect(me.body).toMatchObject({ role: "pending", activeWorkspace: null, canSwitchRole: true });
    const [pending] = await t.db
      .select()
      .from(member)
      .where(and(eq(member.userId, devops.user.id), eq(member.organizationId, admin.organizationId)));
    expect(pending?.status).toBe("pending");
    const res = await devops.client.post("/api/me/role-override", { role: "parent" });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe("parent");
    // About no workspace: the platform's audit log.
    expect(await auditEntries(t.db, { action: "ROLE_SWITCH", userId: devops.user.id })).toEqual([]);
    const audit = await platformAuditEntries(t.db, { action: "ROLE_SWITCH", userId: devops.user.id });
    expect(audit[0]).toMatchObject({ actorRole: "pending" });
  });
});

describe("a development server that is not on this machine", () => {
  const REMOTE_URL = "http://tutors.example.com";
  let remote: TestApp;
  beforeAll(async () => {
    remote = await createTestApp({ env: { NODE_ENV: "development", APP_URL: REMOTE_URL }, databaseUrl: t.databaseUrl });
  });
  afterAll(() => remote?.close());

  it("keeps Switch Role to devops accounts and has no outbox page", async () => {
    const created = await createAdmin(t);
    const client = await signIn(remote, created.user.email, created.user.password, new ApiClient(remote.app, { origin: REMOTE_URL }));
    expect((await client.get("/api/me")).body).toMatchObject({ role: "admin", canSwitchRole: false });
    expect((await client.post("/api/me/role-override", { role: "tutor" })).status).toBe(403);
    expect((await client.get("/api/admin/dashboard")).status).toBe(200);
    expect((await client.get("/api/config")).body).toMatchObject({ environment: "development", roleSwitching: false, devOutbox: false });
    expect((await client.get("/api/dev/outbox")).status).toBe(404);
  });
});
