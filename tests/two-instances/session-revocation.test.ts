import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/server/db/client.ts";
import { ApiClient, type AppLike } from "../client.ts";
import { createAdmin, createMember, DEFAULT_PASSWORD, signIn, type AdminFixture, type FactoryContext } from "../factories.ts";
import { startServerProcess, type ServerProcess } from "../server-process.ts";
import { freePort, startTestPostgres, type TestPostgres } from "../test-postgres.ts";

/**
 * Two app instances on one PostgreSQL, as behind a load balancer: a session revoked through
 * instance A (sign-out, a password change, an admin suspending or removing the member) is
 * refused on instance B's very next request, and a role changed through A is the role B
 * checks next. B answers each session first, so that anything it kept about it would be stale.
 */
let database: TestPostgres;
let db: Database;
let instanceA: ServerProcess;
let instanceB: ServerProcess;
const dataDirs: string[] = [];
let ctx: FactoryContext;
let admin: AdminFixture;

/** The real server at `url`, addressed by the factories as they address the in-process app. */
function serverAt(url: string): AppLike {
  return {
    request(input, init) {
      const target = new URL(input, url);
      const headers = new Headers(init?.headers);
      if (headers.has("origin")) headers.set("origin", new URL(url).origin);
      return fetch(new URL(target.pathname + target.search, url), { ...init, headers, redirect: "manual" });
    },
  };
}

async function startInstance(authSecret: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "glassroom-two-instances-"));
  dataDirs.push(dataDir);
  return startServerProcess({
    port: await freePort(),
    dataDir,
    databaseUrl: database.url,
    env: { GLASSROOM_API_ONLY: "true", NODE_ENV: "development", AUTH_SECRET: authSecret, RATE_LIMIT_MULTIPLIER: "100000" },
  });
}

/** GET on instance B with the cookies of a session made on instance A. */
function onB(cookieHeader: string, pathname = "/api/me") {
  return new ApiClient(instanceB.url).get(pathname, { headers: { cookie: cookieHeader } });
}

beforeAll(async () => {
  database = await startTestPostgres();
  db = createDatabase(database.url, { max: 2 });
  const authSecret = randomBytes(32).toString("base64url");
  // One after the other: the second finds the migrations done.
  instanceA = await startInstance(authSecret);
  instanceB = await startInstance(authSecret);
  ctx = { app: serverAt(instanceA.url), db };
  admin = await createAdmin(ctx);
}, 120_000);

afterAll(async () => {
  await Promise.all([instanceA?.stop(), instanceB?.stop()]);
  await db?.$client.end();
  await database?.destroy();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe("a session revoked on one instance", () => {
  it("is refused on the other instance's next request after signing out", async () => {
    const tutor = await createMember(ctx, { admin, role: "tutor" });
    const cookie = tutor.client.cookieHeader();
    expect((await onB(cookie)).status).toBe(200);

    expect((await tutor.client.post("/api/auth/sign-out")).status).toBe(200);

    expect((await onB(cookie)).status).toBe(401);
  });

  it("is refused on the other instance's next request after a password change ends the other sessions", async () => {
    const parent = await createMember(ctx, { admin, role: "parent" });
    const elsewhere = await signIn(ctx, parent.user.email, parent.user.password);
    const cookie = elsewhere.cookieHeader();
    expect((await onB(cookie)).status).toBe(200);

    const changed = await parent.client.post("/api/auth/change-password", { currentPassword: DEFAULT_PASSWORD, newPassword: "Another-Test-Passphrase-77" });
    expect(changed.status).toBe(200);

    expect((await onB(cookie)).status).toBe(401);
  });

  it("is refused on the other instance's next request after an admin suspends the member", async () => {
    const tutor = await createMember(ctx, { admin, role: "tutor" });
    const cookie = tutor.client.cookieHeader();
    expect((await onB(cookie, "/api/tutor/students")).status).toBe(200);

    expect((await admin.client.post(`/api/admin/members/${tutor.memberId}/suspend`)).status).toBe(200);

    expect((await onB(cookie, "/api/tutor/students")).status).toBe(401);
    expect((await onB(cookie)).status).toBe(401);
  });

  it("is refused on the other instance's next request after an admin removes the member", async () => {
    const student = await createMember(ctx, { admin, role: "student" });
    const cookie = student.client.cookieHeader();
    expect((await onB(cookie)).status).toBe(200);

    expect((await admin.client.delete(`/api/admin/members/${student.memberId}`)).status).toBe(200);

    expect((await onB(cookie)).status).toBe(401);
  });
});

describe("a role changed on one instance", () => {
  it("is the role the other instance checks on its next request", async () => {
    const tutor = await createMember(ctx, { admin, role: "tutor" });
    const cookie = tutor.client.cookieHeader();
    expect((await onB(cookie, "/api/tutor/students")).status).toBe(200);

    expect((await admin.client.patch(`/api/admin/members/${tutor.memberId}`, { role: "parent" })).status).toBe(200);

    const me = await onB(cookie);
    expect(me.status).toBe(200);
    expect((me.body as { role: string }).role).toBe("parent");
    expect((await onB(cookie, "/api/tutor/students")).status).toBe(403);
  });
});
