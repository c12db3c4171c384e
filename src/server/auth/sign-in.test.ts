import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../shared/messages.ts";
import { ApiClient } from "../../../tests/client.ts";
import { mailsTo, sessionsOf } from "../../../tests/db.ts";
import { createAdmin, createMember, createPendingJoiner, DEFAULT_PASSWORD, signUp, uniqueEmail, type AdminFixture } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { member } from "../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t?.close());

const signIn = (email: string, password: string, client = new ApiClient(t.app)) => client.post("/api/auth/sign-in/email", { email, password });

describe("POST /api/auth/sign-in/email", () => {
  it("signs a confirmed admin in with an httpOnly session cookie in their workspace", async () => {
    const client = new ApiClient(t.app);
    const res = await signIn(admin.user.email, admin.user.password, client);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: admin.user.email, name: admin.user.name });
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith("glassroom.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);

    const sessions = await sessionsOf(t.db, admin.user.id);
    expect(sessions.some((row) => row.activeOrganizationId === admin.organizationId)).toBe(true);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("refuses an unconfirmed address with 403 EMAIL_NOT_VERIFIED and mails a new link", async () => {
    const { user } = await signUp(t, { workspaceName: "Unconfirmed" });
    const mailsBefore = (await mailsTo(t.db, user.email)).length;
    const client = new ApiClient(t.app);
    const res = await signIn(user.email, user.password, client);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(client.cookie("session_token")).toBeUndefined();
    expect(await sessionsOf(t.db, user.id)).toHaveLength(0);
    expect((await mailsTo(t.db, user.email)).length).toBe(mailsBefore + 1);
  });

  it("refuses a pending joiner with the pending message and creates no session", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    const client = new ApiClient(t.app);
    const res = await signIn(pending.user.email, pending.user.password, client);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Your account is pending approval. Please wait for an administrator to approve your account before logging in.");
    expect(res.body.message).toBe(MESSAGES.pendingApproval);
    expect(client.cookie("session_token")).toBeUndefined();
    expect(await sessionsOf(t.db, pending.user.id)).toHaveLength(0);
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("refuses a suspended member with the same message and no session", async () => {
    const tutor = await createMember(t, { admin, role: "tutor" });
    await t.db.update(member).set({ status: "suspended" }).where(eq(member.id, tutor.memberId));
    const sessionsBefore = (await sessionsOf(t.db, tutor.user.id)).length;
    const client = new ApiClient(t.app);
    const res = await signIn(tutor.user.email, tutor.user.password, client);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.pendingApproval);
    expect(client.cookie("session_token")).toBeUndefined();
    expect(await sessionsOf(t.db, tutor.user.id)).toHaveLength(sessionsBefore);
  });

  it("answers an unknown email and a wrong password alike", async () => {
    const unknown = await signIn(uniqueEmail("nobody"), DEFAULT_PASSWORD);
    const wrong = await signIn(admin.user.email, "Not-The-Right-Password-1");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(unknown.status);
    expect(wrong.body).toEqual(unknown.body);
    expect(unknown.body.message).toMatch(/invalid email or password/i);
    expect(unknown.body.message).not.toBe(MESSAGES.pendingApproval);
  });

  it("does not reveal that a pending account exists when its password is wrong", async () => {
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode });
    const res = await signIn(pending.user.email, "Not-The-Right-Password-1");
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/invalid email or password/i);
  });

  it("lets an approved member in once approved", async () => {
    const parent = await createMember(t, { admin, role: "parent" });
    const me = await parent.client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: "parent", membershipStatus: "active" });
  });

  it("ends the session on sign-out", async () => {
    const client = new ApiClient(t.app);
    expect((await signIn(admin.user.email, admin.user.password, client)).status).toBe(200);
    const token = client.cookie("session_token")!;
    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect(client.cookie("session_token")).toBeUndefined();
    // The old cookie no longer opens anything either.
    const replay = await new ApiClient(t.app).get("/api/me", { headers: { cookie: `glassroom.session_token=${token}` } });
    expect(replay.status).toBe(401);
  });
});
