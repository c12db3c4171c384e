import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { adminQuery, createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("GET /api/health", () => {
  it("answers ok with the version and a reachable database", async () => {
    const res = await new ApiClient(t.app).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", version: "1.0.0", database: "ok" });
  });

  it("carries every security header of the other answers, though it is answered ahead of the middleware", async () => {
    const health = await t.app.request("/api/health");
    const other = await t.app.request("/api/config");
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "referrer-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
      "permissions-policy",
    ]) {
      expect(health.headers.get(name), name).toBeTruthy();
      expect(health.headers.get(name), name).toBe(other.headers.get(name));
    }
    expect(health.headers.get("content-length")).toBe(String((await health.text()).length));
  });

  it("answers 503 degraded when the database refuses connections", async () => {
    const broken = await createTestApp();
    try {
      await adminQuery(`alter database ${broken.databaseName} with allow_connections false`);
      await adminQuery("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [broken.databaseName]);
      const res = await new ApiClient(broken.app).get("/api/health");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: "degraded", version: "1.0.0", database: "unavailable" });
    } finally {
      await broken.close();
    }
  });
});

describe("GET /api/config", () => {
  it("tells the web app the environment and what is switched on", async () => {
    const res = await new ApiClient(t.app).get("/api/config");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: "1.0.0", environment: "test", googleSignIn: false, workspaceSignup: true, devOutbox: true, roleSwitching: true });
  });
});
