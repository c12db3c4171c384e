import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { adminQuery, createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { answeringHealthProbesFirst } from "./routes.ts";

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

describe("GET /api/health on the running server", () => {
  it("is answered on Node's request, before the app; everything else goes to the app", async () => {
    const fetched: string[] = [];
    const server = serve({
      fetch: (request: Request) => {
        fetched.push(new URL(request.url).pathname);
        return t.app.fetch(request);
      },
      port: 0,
      hostname: "127.0.0.1",
      createServer: answeringHealthProbesFirst(t.answerHealthProbe),
    });
    try {
      if (!server.listening) await once(server, "listening");
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const probe = await fetch(`${base}/api/health`);
      expect(probe.status).toBe(200);
      expect(await probe.json()).toEqual({ status: "ok", version: "1.0.0", database: "ok" });
      const inApp = await t.app.request("/api/health");
      for (const name of ["content-security-policy", "x-frame-options", "x-content-type-options", "content-type"]) {
        expect(probe.headers.get(name), name).toBe(inApp.headers.get(name));
      }
      expect(probe.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect((await fetch(`${base}/api/health?from=balancer`)).status).toBe(200);
      expect(fetched).toEqual([]);

      // Not a probe: another method, a longer path, another endpoint.
      expect((await fetch(`${base}/api/health`, { method: "POST" })).status).toBe(404);
      expect((await fetch(`${base}/api/healthz`)).status).toBe(404);
      expect((await fetch(`${base}/api/me`)).status).toBe(401);
      expect(fetched).toEqual(["/api/health", "/api/healthz", "/api/me"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
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
