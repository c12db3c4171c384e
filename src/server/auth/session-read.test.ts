import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../tests/client.ts";
import { sessionsOf } from "../../../tests/db.ts";
import { createAdmin, signIn, type AdminFixture } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { member, session } from "../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new signed-in client of the admin: its own session, which a test may age or end. */
async function newSession() {
  const client = await signIn(t, admin.user.email, admin.user.password);
  const token = decodeURIComponent(client.cookie("session_token")!).split(".")[0]!;
  return { client, token };
}

describe("a signed-in request's session read", () => {
  it("refuses a real session token whose signature is not the server's", async () => {
    const { client, token } = await newSession();
    expect((await client.get("/api/me")).status).toBe(200);
    const forged = `glassroom.session_token=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    expect((await new ApiClient(t.app).get("/api/me", { headers: { cookie: forged } })).status).toBe(401);
  });

  it("refuses a session whose row is gone, on the next request", async () => {
    const { client, token } = await newSession();
    // The first request remembers which token this cookie header names; the next one reads
    // that token's session again, and finds none.
    expect((await client.get("/api/me")).status).toBe(200);
    await t.db.delete(session).where(eq(session.token, token));
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("reads a long cookie header (not remembered) the same way", async () => {
    const { client, token } = await newSession();
    const long = `${client.cookieHeader()}; site_preferences=${"x".repeat(2000)}`;
    const asLong = { headers: { cookie: long } };
    expect((await new ApiClient(t.app).get("/api/me", asLong)).status).toBe(200);
    expect((await new ApiClient(t.app).get("/api/me", asLong)).status).toBe(200);
    await t.db.delete(session).where(eq(session.token, token));
    expect((await new ApiClient(t.app).get("/api/me", asLong)).status).toBe(401);
  });

  it("leaves an expired session to Better Auth, which refuses it and deletes its row", async () => {
    const { client, token } = await newSession();
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await client.get("/api/me")).status).toBe(401);
    expect((await sessionsOf(t.db, admin.user.id)).some((row) => row.token === token)).toBe(false);
  });

  it("leaves a session older than a day to Better Auth, which extends it", async () => {
    const { client, token } = await newSession();
    // Thirteen days left of fourteen: signed in more than a day ago.
    const aged = new Date(Date.now() + 13 * DAY_MS - 60_000);
    await t.db.update(session).set({ expiresAt: aged }).where(eq(session.token, token));
    expect((await client.get("/api/me")).status).toBe(200);
    const [row] = await t.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * DAY_MS);
  });

  it("sees a changed membership on the next request", async () => {
    const { client } = await newSession();
    expect((await client.get("/api/me")).body.role).toBe("admin");
    await t.db.update(member).set({ status: "suspended" }).where(eq(member.id, admin.memberId));
    try {
      const me = await client.get("/api/me");
      expect(me.status).toBe(200);
      expect(me.body.role).toBe("pending");
      expect((await client.get("/api/admin/members")).status).toBe(403);
    } finally {
      await t.db.update(member).set({ status: "active" }).where(eq(member.id, admin.memberId));
    }
  });
});
