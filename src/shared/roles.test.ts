import { describe, expect, it } from "vitest";
import { dashboardPathOf, isMemberRole, MEMBER_ROLES, ROLES } from "./roles.ts";
import { PERMISSIONS, permissionsOf, roleHasPermission } from "./permissions.ts";

describe("roles and permissions", () => {
  it("gives pending and unsigned no permission at all", () => {
    expect(permissionsOf("pending")).toEqual([]);
    expect(permissionsOf("unsigned")).toEqual([]);
  });

  it("keeps each role's labels within its own area", () => {
    for (const role of MEMBER_ROLES) {
      for (const permission of PERMISSIONS[role]) expect(permission.startsWith(`${role}:`)).toBe(true);
    }
  });

  it("grants admin approvals only to admins", () => {
    expect(MEMBER_ROLES.filter((role) => roleHasPermission(role, "admin:approvals:write"))).toEqual(["admin"]);
  });

  it("knows member roles and their dashboards", () => {
    expect(ROLES.filter(isMemberRole)).toEqual(["admin", "tutor", "parent", "student"]);
    expect(isMemberRole("pending")).toBe(false);
    expect(dashboardPathOf("tutor")).toBe("/tutor/dashboard");
    expect(dashboardPathOf("pending")).toBe("/");
  });
});
