import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../core/context.ts";
import { securityHeaders } from "./security-headers.ts";

function appWith(route: (app: Hono<AppEnv>) => void) {
  const app = new Hono<AppEnv>();
  app.use("*", securityHeaders({ https: true, scriptHashes: () => ["sha256-abc"], framable: (path) => path.startsWith("/enquire/") }));
  route(app);
  return app;
}

describe("securityHeaders", () => {
  it("sets every header on an answer whose headers cannot be changed (Response.redirect)", async () => {
    const res = await appWith((app) => app.get("/away", () => Response.redirect("http://localhost/elsewhere", 302))).request("/away");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost/elsewhere");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-abc'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("keeps an answer's own policy, with SAMEORIGIN when it allows the app's own frames", async () => {
    const own = "default-src 'none'; frame-ancestors 'self'";
    const res = await appWith((app) => app.get("/file", (c) => c.body("x", 200, { "content-security-policy": own }))).request("/file");
    expect(res.headers.get("content-security-policy")).toBe(own);
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("gives data (a JSON answer) a policy that allows nothing, and a page the app's policy", async () => {
    const app = appWith((app) => {
      app.get("/data", (c) => c.json({ ok: true }));
      app.get("/page", (c) => c.html("<p>hi</p>"));
    });
    const data = await app.request("/data");
    expect(data.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(data.headers.get("x-frame-options")).toBe("DENY");
    expect(data.headers.get("x-content-type-options")).toBe("nosniff");
    const page = await app.request("/page");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-abc'");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
  });

  it("lets a framable page be framed by any site", async () => {
    const res = await appWith((app) => app.get("/enquire/acme", (c) => c.html("<p>hi</p>"))).request("/enquire/acme");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(res.headers.get("x-frame-options")).toBeNull();
  });
});
