import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../tests/client.ts";
import { countRows, sessionsOf } from "../../../tests/db.ts";
import { createAdmin, DEFAULT_PASSWORD, uniqueEmail, type AdminFixture } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

let t: TestApp;
let admin: AdminFixture;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
});
afterAll(() => t?.close());

const newAccount = () => ({ fullName: "Eve Evil", email: uniqueEmail("eve"), password: DEFAULT_PASSWORD, workspaceName: "Evil Corp" });

describe("cross-site requests", () => {
  it("refuses a sign-up posted from another origin and writes nothing", async () => {
    const before = await countRows(t.db);
    const res = await new ApiClient(t.app).post("/api/signup", newAccount(), { origin: "http://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("CROSS_ORIGIN_REFUSED");
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses a write carrying the victim's cookie from another origin", async () => {
    const before = await admin.client.get("/api/admin/workspace");
    const res = await admin.client.patch("/api/admin/workspace", { name: "Pwned" }, { origin: "http://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("CROSS_ORIGIN_REFUSED");
    expect((await admin.client.get("/api/admin/workspace")).body).toEqual(before.body);
  });

  it("refuses a cross-origin sign-in (login CSRF) without creating a session", async () => {
    const sessionsBefore = (await sessionsOf(t.db, admin.user.id)).length;
    const client = new ApiClient(t.app);
    const res = await client.post("/api/auth/sign-in/email", { email: admin.user.email, password: admin.user.password }, { origin: "http://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("CROSS_ORIGIN_REFUSED");
    expect(client.cookie("session_token")).toBeUndefined();
    expect(await sessionsOf(t.db, admin.user.id)).toHaveLength(sessionsBefore);
  });

  it("refuses a write that the browser marks as cross-site even without Origin", async () => {
    const before = await countRows(t.db);
    const res = await new ApiClient(t.app).post("/api/signup", newAccount(), { origin: null, headers: { "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("lets reads through from anywhere (they change nothing)", async () => {
    const res = await new ApiClient(t.app).get("/api/health", { headers: { origin: "http://evil.example" } });
    expect(res.status).toBe(200);
  });

  it("accepts a same-origin write", async () => {
    expect((await new ApiClient(t.app).post("/api/signup", newAccount())).status).toBe(201);
  });
});

describe("security headers", () => {
  it.each(["/api/health", "/api/does-not-exist", "/api/me"])("are set on %s, whose data may load nothing and be framed by no site", async (path) => {
    const res = await new ApiClient(t.app).get(path);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Plain http (APP_URL http://localhost:3000): no HSTS.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS when the app is served over https", async () => {
    const https = await createTestApp({ env: { APP_URL: "https://tutoring.example.com" }, databaseUrl: t.databaseUrl });
    try {
      const res = await new ApiClient(https.app, { baseUrl: "https://tutoring.example.com" }).get("/api/health");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});

describe("closed and unknown endpoints", () => {
  it.each([
    ["POST", "/api/auth/sign-up/email"],
    ["POST", "/api/auth/organization/create"],
    ["POST", "/api/auth/organization/add-member"],
    ["GET", "/api/auth/organization/list"],
    ["POST", "/api/auth/organization/update-member-role"],
    ["POST", "/api/auth/update-user/../sign-up/email"],
    ["GET", "/api/auth/list-accounts"],
    ["POST", "/api/auth/delete-user"],
  ])("%s %s answers 404", async (method, path) => {
    const before = await countRows(t.db);
    const res = await admin.client.request(
      method,
      path,
      method === "POST" ? { json: { name: "X", email: uniqueEmail("closed"), password: DEFAULT_PASSWORD, slug: "x" } } : {},
    );
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    expect(await countRows(t.db)).toEqual(before);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await new ApiClient(t.app).get("/api/no/such/thing");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body).toEqual({ error: { code: "NOT_FOUND", message: "This API endpoint does not exist." } });
    expect((await new ApiClient(t.app).post("/api/no/such/thing", {})).status).toBe(404);
  });
});

describe("request size", () => {
  const big = "x".repeat(1024 * 1024 + 10);

  it("refuses a body over 1 MB with 413 and writes nothing", async () => {
    const before = await countRows(t.db);
    const res = await new ApiClient(t.app).post("/api/signup", { ...newAccount(), padding: big });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses it on the authentication endpoints too", async () => {
    const res = await new ApiClient(t.app).post("/api/auth/sign-in/email", { email: admin.user.email, password: admin.user.password, padding: big });
    expect(res.status).toBe(413);
  });

  it("refuses it when the body is streamed without a length", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ ...newAccount(), padding: big }));
    const body = new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
        controller.close();
      },
    });
    const res = await t.app.request("http://localhost:3000/api/signup", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body,
      // @ts-expect-error Node's fetch needs this for a streamed body.
      duplex: "half",
    });
    expect(res.status).toBe(413);
  });
});
