import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MemberRole } from "../../../shared/roles.ts";
import { PERMISSIONS, roleHasPermission, type Permission } from "../../../shared/permissions.ts";
import { ApiClient } from "../../../../tests/client.ts";
import { createAdmin, createMember, type MemberFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

interface Operation {
  method: string;
  path: string;
  access: unknown;
}

let t: TestApp;
let operations: Operation[];
let document: { openapi: string; info: { version: string }; paths: Record<string, Record<string, Record<string, unknown>>> };
beforeAll(async () => {
  t = await createTestApp();
  const res = await new ApiClient(t.app).get("/api/openapi.json");
  expect(res.status).toBe(200);
  document = res.body;
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, access: operation["x-glassroom-access"] })),
  );
});
afterAll(() => t?.close());

const ALL_PERMISSIONS = new Set<string>(Object.values(PERMISSIONS).flat());
/** An OpenAPI path as a request path, with a placeholder for each parameter. */
const concrete = (path: string) => `/api${path.replace(/\{[^}]+\}/g, "00000000-0000-0000-0000-000000000000")}`;

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document for this version", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("1.0.0");
  });

  it("lists the product's operations", () => {
    const listed = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        "GET /health",
        "GET /config",
        "POST /signup",
        "GET /me",
        "POST /me/role-override",
        "POST /me/active-workspace",
        "POST /workspaces",
        "POST /workspaces/join",
        "GET /admin/dashboard",
        "GET /admin/workspace",
        "PATCH /admin/workspace",
        "POST /admin/workspace/join-code",
        "GET /admin/approvals",
        "POST /admin/approvals/{memberId}/approve",
        "POST /admin/approvals/{memberId}/reject",
      ]),
    );
  });

  it("gives every operation an x-glassroom-access of public, signed-in, devops or a known permission label", () => {
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      const valid = ["public", "signed-in", "devops"].includes(operation.access as string) || ALL_PERMISSIONS.has(operation.access as string);
      expect(valid, `${operation.method} ${operation.path} has x-glassroom-access ${JSON.stringify(operation.access)}`).toBe(true);
    }
  });

  it("records the permission each admin operation enforces", () => {
    const accessOf = (method: string, path: string) => operations.find((operation) => operation.method === method && operation.path === path)?.access;
    expect(accessOf("GET", "/admin/approvals")).toBe("admin:approvals:read");
    expect(accessOf("POST", "/admin/approvals/{memberId}/approve")).toBe("admin:approvals:write");
    expect(accessOf("PATCH", "/admin/workspace")).toBe("admin:settings:write");
    expect(accessOf("GET", "/health")).toBe("public");
    expect(accessOf("GET", "/me")).toBe("signed-in");
  });
});

describe("x-glassroom-access matches what the server enforces", () => {
  it("every operation that is not public answers 401 when signed out", async () => {
    const anonymous = new ApiClient(t.app);
    for (const operation of operations) {
      const res = await anonymous.request(operation.method, concrete(operation.path));
      const label = `${operation.method} ${operation.path}`;
      if (operation.access === "public") expect(res.status, label).not.toBe(401);
      else expect(res.status, label).toBe(401);
    }
  });

  it("every permission operation answers 403 to a member whose role lacks the permission", async () => {
    const admin = await createAdmin(t);
    const members = new Map<MemberRole, MemberFixture>();
    for (const role of ["tutor", "parent", "student"] as const) members.set(role, await createMember(t, { admin, role }));
    let checked = 0;
    for (const operation of operations) {
      if (operation.access === "public" || operation.access === "signed-in") continue;
      const permission = operation.access as Permission;
      for (const [role, fixture] of members) {
        if (roleHasPermission(role, permission)) continue;
        const res = await fixture.client.request(operation.method, concrete(operation.path));
        expect(res.status, `${role} on ${operation.method} ${operation.path}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe("GET /api/docs", () => {
  it("serves the API docs page and its assets from the app itself", async () => {
    const client = new ApiClient(t.app);
    const page = await client.get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.text).toContain("/api/docs/swagger-ui-bundle.js");
    expect(page.text).not.toMatch(/https?:\/\//);
    const init = await client.get("/api/docs/init.js");
    expect(init.text).toContain("/api/openapi.json");
    const bundle = await client.get("/api/docs/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect((await client.get("/api/docs/package.json")).status).toBe(404);
  });
});
