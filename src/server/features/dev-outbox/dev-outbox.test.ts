import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { signUp } from "../../../../tests/factories.ts";
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
    const res = await new ApiClient(t.app).get(`/api/dev/outbox?to=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ to: user.email, subject: "Confirm your email address for Glassroom", from: "Glassroom <no-reply@glassroom.local>" });
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
