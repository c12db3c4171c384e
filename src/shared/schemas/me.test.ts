import { describe, expect, it } from "vitest";
import { roleOverrideRequestSchema, setActiveWorkspaceRequestSchema } from "./me.ts";

describe("roleOverrideRequestSchema", () => {
  it("takes a switchable role, or null to clear", () => {
    for (const role of ["unsigned", "parent", "tutor", "admin", "student", null]) expect(roleOverrideRequestSchema.parse({ role })).toEqual({ role });
  });

  it("refuses pending, unknown roles and extra fields", () => {
    expect(roleOverrideRequestSchema.safeParse({ role: "pending" }).success).toBe(false);
    expect(roleOverrideRequestSchema.safeParse({ role: "root" }).success).toBe(false);
    expect(roleOverrideRequestSchema.safeParse({}).success).toBe(false);
    expect(roleOverrideRequestSchema.safeParse({ role: "admin", devops: true }).success).toBe(false);
  });
});

describe("setActiveWorkspaceRequestSchema", () => {
  it("takes a workspace id of at most 64 characters", () => {
    expect(setActiveWorkspaceRequestSchema.parse({ workspaceId: "abc" })).toEqual({ workspaceId: "abc" });
    expect(setActiveWorkspaceRequestSchema.safeParse({ workspaceId: "" }).success).toBe(false);
    expect(setActiveWorkspaceRequestSchema.safeParse({ workspaceId: "x".repeat(65) }).success).toBe(false);
  });
});
