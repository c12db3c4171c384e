import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../tests/client.ts";
import { sessionsOf } from "../../../tests/db.ts";
import { createAdmin, userByEmail, type AdminFixture } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { totpFromUri } from "../../../tests/totp.ts";
import { twoFactor } from "../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let totpURI: string;
let backupCodes: string[];
/** When the code that turned two-factor on, and the one of the first sign-in, were computed. */
let enabledAt: number;
let signedInAt: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t?.close());

/** Signs in with the password: with two-factor on, this only opens the second step. */
async function firstStep(): Promise<ApiClient> {
  const client = new ApiClient(t.app);
  const res = await client.post("/api/auth/sign-in/email", { email: admin.user.email, password: admin.user.password });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
  expect(client.cookie("session_token")).toBeUndefined();
  expect(client.cookie("two_factor")).toBeDefined();
  expect((await client.get("/api/me")).status).toBe(401);
  return client;
}

// The steps build on each other (enable, confirm, sign in with a code, backup codes).
describe.sequential("two-factor authentication with an authenticator app", () => {
  it("refuses to enable with a wrong password", async () => {
    const res = await admin.client.post("/api/auth/two-factor/enable", { password: "Not-The-Password-1" });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PASSWORD");
    expect(await t.db.select().from(twoFactor)).toHaveLength(0);
  });

  it("enables with the password: a TOTP URI with a base32 secret and ten backup codes", async () => {
    const res = await admin.client.post("/api/auth/two-factor/enable", { password: admin.user.password });
    expect(res.status).toBe(200);
    totpURI = res.body.totpURI;
    backupCodes = res.body.backupCodes;
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("Glassroom");
    expect(uri.searchParams.get("secret")).toMatch(/^[A-Z2-7]+$/);
    expect(backupCodes).toHaveLength(10);
    // Not on until a code from the app confirms it.
    expect((await userByEmail(t.db, admin.user.email))?.twoFactorEnabled).toBe(false);
    // The secret is not stored in the clear.
    const [stored] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, admin.user.id));
    expect(stored!.secret).not.toContain(uri.searchParams.get("secret"));
  });

  it("refuses a wrong confirmation code", async () => {
    const wrong = String((Number(totpFromUri(totpURI)) + 1) % 1_000_000).padStart(6, "0");
    const res = await admin.client.post("/api/auth/two-factor/verify-totp", { code: wrong });
    expect(res.status).toBe(401);
    expect((await userByEmail(t.db, admin.user.email))?.twoFactorEnabled).toBe(false);
  });

  it("turns on after a code computed from the secret confirms it", async () => {
    enabledAt = Date.now();
    const res = await admin.client.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(totpURI, enabledAt) });
    expect(res.status).toBe(200);
    expect((await userByEmail(t.db, admin.user.email))?.twoFactorEnabled).toBe(true);
    expect((await admin.client.get("/api/me")).body.user.twoFactorEnabled).toBe(true);
  });

  it("then answers sign-in with twoFactorRedirect, and verify-totp creates the session", async () => {
    const sessionsBefore = (await sessionsOf(t.db, admin.user.id)).length;
    const client = await firstStep();
    expect(await sessionsOf(t.db, admin.user.id)).toHaveLength(sessionsBefore);

    // The next 30 seconds' code (accepted one step early): the one that turned two-factor on is used.
    signedInAt = Date.now() + 30_000;
    const res = await client.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(totpURI, signedInAt) });
    expect(res.status).toBe(200);
    expect(client.cookie("session_token")).toBeDefined();
    expect(await sessionsOf(t.db, admin.user.id)).toHaveLength(sessionsBefore + 1);
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: "admin", activeWorkspace: { id: admin.organizationId } });
  });

  it("accepts a code once: the same code, or an earlier one, is refused as a wrong code is", async () => {
    const sessionsBefore = (await sessionsOf(t.db, admin.user.id)).length;
    const replay = await firstStep();
    const wrong = String((Number(totpFromUri(totpURI, signedInAt)) + 1) % 1_000_000).padStart(6, "0");
    const wrongAnswer = await replay.post("/api/auth/two-factor/verify-totp", { code: wrong });
    expect(wrongAnswer.status).toBe(401);
    for (const time of [signedInAt, enabledAt]) {
      const res = await replay.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(totpURI, time) });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(wrongAnswer.body);
      expect(replay.cookie("session_token")).toBeUndefined();
    }
    expect(await sessionsOf(t.db, admin.user.id)).toHaveLength(sessionsBefore);
  });

  it("refuses a wrong code at sign-in", async () => {
    const client = await firstStep();
    const wrong = String((Number(totpFromUri(totpURI)) + 500_000) % 1_000_000).padStart(6, "0");
    const res = await client.post("/api/auth/two-factor/verify-totp", { code: wrong });
    expect(res.status).toBe(401);
    expect(client.cookie("session_token")).toBeUndefined();
  });

  it("refuses verify-totp without the first step", async () => {
    const res = await new ApiClient(t.app).post("/api/auth/two-factor/verify-totp", { code: totpFromUri(totpURI) });
    expect(res.status).toBe(401);
  });

  it("accepts a backup code once", async () => {
    const code = backupCodes[0]!;
    const client = await firstStep();
    const res = await client.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(res.status).toBe(200);
    expect(client.cookie("session_token")).toBeDefined();
    expect((await client.get("/api/me")).status).toBe(200);

    const again = await firstStep();
    const reused = await again.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(reused.status).toBe(401);
    expect(again.cookie("session_token")).toBeUndefined();

    // Another, unused code still works.
    const other = await firstStep();
    expect((await other.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[1]! })).status).toBe(200);
  });
});

describe("one-time codes racing", () => {
  it("accepts a code for one of two sign-ins sent at the same moment, not both", async () => {
    const other = await createAdmin(t);
    const enabled = await other.client.post("/api/auth/two-factor/enable", { password: other.user.password });
    const uri = enabled.body.totpURI as string;
    // Turned on with the previous 30 seconds' code, so that the current one is still unused.
    expect((await other.client.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(uri, Date.now() - 30_000) })).status).toBe(200);
    const clients = await Promise.all(
      [1, 2].map(async () => {
        const client = new ApiClient(t.app);
        expect((await client.post("/api/auth/sign-in/email", { email: other.user.email, password: other.user.password })).body.twoFactorRedirect).toBe(true);
        return client;
      }),
    );
    const code = totpFromUri(uri);
    const results = await Promise.all(clients.map((client) => client.post("/api/auth/two-factor/verify-totp", { code })));
    expect(results.map((res) => res.status).sort()).toEqual([200, 401]);
  });

  it("refuses to turn two-factor on with a code used up by the same account", async () => {
    const other = await createAdmin(t);
    const first = await other.client.post("/api/auth/two-factor/enable", { password: other.user.password });
    const now = Date.now();
    expect((await other.client.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(first.body.totpURI, now) })).status).toBe(200);
    // The same code once more on the signed-in session: refused.
    expect((await other.client.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(first.body.totpURI, now) })).status).toBe(401);
  });
});
