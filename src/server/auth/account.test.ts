import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, signIn, type AdminFixture } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { session, user } from "../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin" });
});
afterAll(() => t?.close());

const nameInDatabase = async () => (await t.db.select({ name: user.name }).from(user).where(eq(user.id, admin.user.id)))[0]?.name;

describe("POST /api/auth/update-user (display name)", () => {
  it("changes the display name", async () => {
    const res = await admin.client.post("/api/auth/update-user", { name: "Ada Lovelace" });
    expect(res.status).toBe(200);
    expect(await nameInDatabase()).toBe("Ada Lovelace");
    await admin.client.post("/api/auth/update-user", { name: "Ada Admin" });
  });

  it.each([
    ["an empty name", "   ", "Full name is required."],
    ["an oversized name", "x".repeat(101), "Full name must be at most 100 characters."],
    ["markup", "<script>alert(1)</script>", "Full name must not contain < > or control characters."],
  ])("refuses %s with the field's message and keeps the old name", async (_case, name, message) => {
    const res = await admin.client.post("/api/auth/update-user", { name });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await nameInDatabase()).toBe("Ada Admin");
  });

  it("cannot make the account a devops account", async () => {
    const res = await admin.client.post("/api/auth/update-user", { devops: true });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await t.db.select({ devops: user.devops }).from(user).where(eq(user.id, admin.user.id)))[0]?.devops).toBe(false);
  });
});

describe("GET /api/auth/list-sessions", () => {
  it("lists a session older than a day (no freshness limit)", async () => {
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000) })
      .where(eq(session.userId, admin.user.id));
    const res = await admin.client.get("/api/auth/list-sessions");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThan(0);
  });
});

describe("POST /api/auth/change-password", () => {
  it.each([
    ["revokeOtherSessions false", { revokeOtherSessions: false }],
    ["revokeOtherSessions absent", {}],
  ])("ends every other session with %s", async (_case, extra) => {
    const owner = await createAdmin(t);
    const other = await signIn(t, owner.user.email, owner.user.password);
    expect((await other.get("/api/me")).status).toBe(200);
    const newPassword = "Another-Long-Passphrase-77";
    const res = await owner.client.post("/api/auth/change-password", { currentPassword: owner.user.password, newPassword, ...extra });
    expect(res.status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(401);
    // The session that changed it goes on, and the new password signs in.
    expect((await owner.client.get("/api/me")).status).toBe(200);
    expect((await signIn(t, owner.user.email, newPassword)).cookie("session_token")).toBeDefined();
  });

  it("refuses a deeply nested password with a 4xx, never 500", async () => {
    const deep = `{"newPassword": ${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}, "currentPassword": "x"}`;
    const res = await admin.client.request("POST", "/api/auth/change-password", { body: deep, contentType: "application/json" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
