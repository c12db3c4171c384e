import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { mailQueueDrained, mailsTo } from "../../../../tests/db.ts";
import { DEFAULT_PASSWORD, signUp, uniqueEmail } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("GET /api/dev/outbox", () => {
  it("lists the mail kept instead of sent, newest first, filtered by recipient", async () => {
    const { user } = await signUp(t, { workspaceName: "Outbox Test" });
    const { user: other } = await signUp(t, { workspaceName: "Outbox Other" });
    await mailQueueDrained(t.db, user.email);
    await mailQueueDrained(t.db, other.email);
    const res = await new ApiClient(t.app).get(`/api/dev/outbox?to=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      to: user.email,
      subject: "Confirm your email address for Glassroom",
      from: "Glassroom <no-reply@glassroom.local>",
    });
    expect(res.body.items[0].text).toContain("/api/auth/verify-email?token=");
    const all = await new ApiClient(t.app).get("/api/dev/outbox");
    expect(all.body.items.map((item: { to: string }) => item.to).slice(0, 2)).toEqual([other.email, user.email]);
  });

  it("does not exist on a production server", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production" }, databaseUrl: t.databaseUrl });
    try {
      expect((await new ApiClient(prod.app).get("/api/dev/outbox")).status).toBe(404);
      expect((await new ApiClient(prod.app).get("/api/config")).body.devOutbox).toBe(false);
    } finally {
      await prod.close();
    }
  });

  it("does not exist when mail goes out over SMTP", async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:1" }, databaseUrl: t.databaseUrl });
    try {
      expect((await new ApiClient(smtp.app).get("/api/dev/outbox")).status).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

describe("mail without SMTP on a server that is not local development", () => {
  it.each([
    ["NODE_ENV=production", { NODE_ENV: "production" }],
    ["APP_URL not on this machine", { NODE_ENV: "development", APP_URL: "https://tutoring.example.com" }],
  ])("keeps nothing in the dev_outbox table (%s)", async (_case, env) => {
    // A database of its own: its mail worker, not the test app's (which keeps mail), sends what it queues.
    const server = await createTestApp({ env });
    try {
      const to = uniqueEmail("kept-nowhere");
      await server.deps.mailer.send({ to, subject: "A link", text: "https://example.com/secret-token" });
      // A sign-up's confirmation link goes the same way.
      const email = uniqueEmail("signed-up");
      const client = new ApiClient(server.app, { baseUrl: server.config.appUrl });
      expect((await client.post("/api/signup", { fullName: "Kept Nowhere", email, password: DEFAULT_PASSWORD, workspaceName: "Not Kept" })).status).toBe(201);
      expect(await mailsTo(server.db, to)).toEqual([]);
      expect(await mailsTo(server.db, email)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
