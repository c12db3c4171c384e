import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../tests/client.ts";
import { sessionsOf } from "../../../tests/db.ts";
import { createAdmin, DEFAULT_PASSWORD, uniqueEmail } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { hit } from "./rate-limit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const RATE_LIMITED = "Too many attempts. Please wait a minute and try again.";
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
    expect(res.body).toEqual({ error: { code: "RATE_LIMITED", message: RATE_LIMITED } });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(300);
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

  it("limits one address trying many emails", async () => {
    const client = new ApiClient(t.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await signIn(client, uniqueEmail("spray"), DEFAULT_PASSWORD)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

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
  });
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
