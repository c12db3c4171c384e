import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient, randomTestIp } from "../../../tests/client.ts";
import { sessionsOf } from "../../../tests/db.ts";
import { createAdmin, DEFAULT_PASSWORD, uniqueEmail } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { rateLimitedMessage } from "../../shared/messages.ts";
import { hit } from "./rate-limit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const signIn = (client: ApiClient, email: string, password: string) => client.post("/api/auth/sign-in/email", { email, password });

describe("sign-in rate limit", () => {
  it("refuses the 11th attempt for one email within the window, even from other addresses", async () => {
    const admin = await createAdmin(t);
    // The factory signed in once: nine wrong passwords bring the count to ten.
    for (let attempt = 0; attempt < 9; attempt++) {
      const res = await signIn(new ApiClient(t.app), admin.user.email, `Wrong-Password-${attempt}`);
      expect(res.status).toBe(401);
    }
    const sessionsBefore = (await sessionsOf(t.db, admin.user.id)).length;
    const client = new ApiClient(t.app);
    const res = await signIn(client, admin.user.email, admin.user.password);
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(300);
    // The message says when to try again, from the same seconds as Retry-After.
    expect(res.body).toEqual({ error: { code: "RATE_LIMITED", message: rateLimitedMessage(retryAfter) } });
    expect(res.body.error.message).toMatch(/^Too many attempts\. Try again in [45] minutes\.$/);
    // Even the right password gets no session while limited.
    expect(client.cookie("session_token")).toBeUndefined();
    expect(await sessionsOf(t.db, admin.user.id)).toHaveLength(sessionsBefore);
    // The same email in another case is the same account.
    expect((await signIn(new ApiClient(t.app), admin.user.email.toUpperCase(), admin.user.password)).status).toBe(429);
  });

  it("counts eleven attempts for one unknown email the same way", async () => {
    const email = uniqueEmail("target");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await signIn(new ApiClient(t.app), email, DEFAULT_PASSWORD)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it("lets one address (a tutoring centre) sign in 100 times in five minutes, and limits the 101st", async () => {
    const client = new ApiClient(t.app);
    const statuses: number[] = [];
    // Past the per-account limit of ten: many people share the address.
    for (let attempt = 0; attempt < 12; attempt++) statuses.push((await signIn(client, uniqueEmail("centre"), DEFAULT_PASSWORD)).status);
    expect(statuses).toEqual(Array(12).fill(401));
    // The 98 attempts in between, counted without the password work.
    await t.db.execute(sql`update rate_limit_bucket set count = 99 where key = ${`sign-in:ip:${client.ip}`}`);
    expect((await signIn(client, uniqueEmail("centre"), DEFAULT_PASSWORD)).status).toBe(401);
    const refused = await signIn(client, uniqueEmail("centre"), DEFAULT_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(rateLimitedMessage(Number(refused.headers.get("retry-after"))));
  }, 120_000);

  it("counts a body sent as Application/JSON against its account", async () => {
    const email = uniqueEmail("casing");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const res = await new ApiClient(t.app).post(
        "/api/auth/sign-in/email",
        { email, password: DEFAULT_PASSWORD },
        { headers: { "content-type": "Application/JSON" } },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  }, 120_000);

  it("refuses form bodies on the auth endpoints, so that none reaches the password check uncounted", async () => {
    const admin = await createAdmin(t);
    const form = new URLSearchParams({ email: admin.user.email, password: "Wrong-Password-0" }).toString();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 16; attempt++) {
      const res = await new ApiClient(t.app).request("POST", "/api/auth/sign-in/email", { body: form, contentType: "application/x-www-form-urlencoded" });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(16).fill(415));
    const multipart = new FormData();
    multipart.set("email", admin.user.email);
    multipart.set("password", admin.user.password);
    const res = await new ApiClient(t.app).request("POST", "/api/auth/sign-in/email", { body: multipart });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    // The account's own JSON sign-in is not limited by the refused ones.
    expect((await signIn(new ApiClient(t.app), admin.user.email, admin.user.password)).status).toBe(200);
  }, 120_000);

  it("does not limit other people", async () => {
    const other = await createAdmin(t);
    expect((await signIn(new ApiClient(t.app), other.user.email, other.user.password)).status).toBe(200);
  });

  it("scales with RATE_LIMIT_MULTIPLIER", async () => {
    const relaxed = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "2" }, databaseUrl: t.databaseUrl });
    try {
      const email = uniqueEmail("relaxed");
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt++) statuses.push((await signIn(new ApiClient(relaxed.app), email, DEFAULT_PASSWORD)).status);
      expect(statuses.filter((status) => status === 429)).toEqual([429]);
      expect(statuses[20]).toBe(429);
    } finally {
      await relaxed.close();
    }
    // A second app and 21 password checks: slow on a busy machine.
  }, 120_000);
});

describe("other limited endpoints", () => {
  it("limits password-reset requests per email", async () => {
    const email = uniqueEmail("reset");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      statuses.push((await new ApiClient(t.app).post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("limits sign-ups per address", async () => {
    const client = new ApiClient(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await client.post("/api/signup", {})).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
  });
});

describe("joining with a join code while signed in", () => {
  const join = (client: ApiClient) => client.post("/api/workspaces/join", { joinCode: "ZZZZ2222" });

  it("limits one account to 10 tries in ten minutes, from any address", async () => {
    const admin = await createAdmin(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      admin.client.ip = randomTestIp();
      statuses.push((await join(admin.client)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
    expect(Number((await join(admin.client)).headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits one address to 10 tries in ten minutes, whatever the accounts", async () => {
    const [first, second] = [await createAdmin(t), await createAdmin(t)];
    const address = randomTestIp();
    first.client.ip = address;
    second.client.ip = address;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await join(attempt % 2 ? second.client : first.client)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
  });
});

describe("rateLimitedMessage()", () => {
  it("says when to try again in whole minutes, rounded up", () => {
    expect(rateLimitedMessage(240)).toBe("Too many attempts. Try again in 4 minutes.");
    expect(rateLimitedMessage(241)).toBe("Too many attempts. Try again in 5 minutes.");
    expect(rateLimitedMessage(60)).toBe("Too many attempts. Try again in 1 minute.");
    expect(rateLimitedMessage(1)).toBe("Too many attempts. Try again in 1 minute.");
  });
});

describe("hit()", () => {
  it("opens a fresh window once the old one has passed", async () => {
    const key = `test:${crypto.randomUUID()}`;
    const rule = { max: 2, windowSeconds: 60 };
    expect(await hit(t.db, key, rule)).toBeNull();
    expect(await hit(t.db, key, rule)).toBeNull();
    const retry = await hit(t.db, key, rule);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    await t.db.execute(sql`update rate_limit_bucket set reset_at = now() - interval '1 second' where key = ${key}`);
    expect(await hit(t.db, key, rule)).toBeNull();
    const [row] = (await t.db.execute<{ count: number }>(sql`select count from rate_limit_bucket where key = ${key}`)).rows;
    expect(row!.count).toBe(1);
  });

  it("counts concurrent hits exactly", async () => {
    const key = `test:${crypto.randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 8 }, () => hit(t.db, key, { max: 5, windowSeconds: 60 })));
    expect(results.filter((result) => result === null)).toHaveLength(5);
  });
});
