import { describe, expect, it } from "vitest";
import { areaRoutesOf, findRoute, hasParams, PUBLIC_ROUTES } from "./route-table.ts";

describe("route table", () => {
  it("finds a record's page by its pattern, and only with the segment there", () => {
    expect(findRoute("/admin/students/3f1c2a7e-0000-4000-8000-000000000000")?.path).toBe("/admin/students/:studentId");
    expect(findRoute("/admin/students")?.path).toBe("/admin/students");
    expect(findRoute("/admin/students/")?.path).toBe("/admin/students");
    expect(findRoute("/admin/students/a/b")).toBeUndefined();
    expect(findRoute("/parent/students/x")?.roles).toEqual(["parent"]);
  });

  it("keeps record pages out of the navigation and public pages free of params", () => {
    expect(areaRoutesOf("admin").some(hasParams)).toBe(false);
    expect(areaRoutesOf("admin").map((route) => route.path)).toContain("/admin/members");
    expect(PUBLIC_ROUTES.some(hasParams)).toBe(false);
  });
});
