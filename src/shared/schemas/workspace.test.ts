import { describe, expect, it } from "vitest";
import { approveRequestSchema, currencyField, rejectRequestSchema, timeZoneField, workspaceSettingsUpdateSchema } from "./workspace.ts";

describe("timeZoneField", () => {
  it.each(["UTC", "Europe/London", "America/Argentina/Buenos_Aires", "Asia/Kolkata"])("accepts %s", (zone) => {
    expect(timeZoneField.parse(zone)).toBe(zone);
  });

  it.each(["", "Mars/Olympus_Mons", "Europe/Londn", "x".repeat(65)])("refuses %j", (zone) => {
    expect(timeZoneField.safeParse(zone).success).toBe(false);
  });
});

describe("currencyField", () => {
  it("takes three upper-case letters", () => {
    expect(currencyField.parse("GBP")).toBe("GBP");
    for (const value of ["gbp", "GB", "GBPX", "12A", 826]) expect(currencyField.safeParse(value).success).toBe(false);
  });
});

describe("workspaceSettingsUpdateSchema", () => {
  it("accepts any subset of the settings", () => {
    expect(workspaceSettingsUpdateSchema.parse({ joiningOpen: false })).toEqual({ joiningOpen: false });
    expect(workspaceSettingsUpdateSchema.parse({ name: " New ", currency: "EUR" })).toEqual({ name: "New", currency: "EUR" });
  });

  it("refuses an empty change and unknown settings", () => {
    expect(workspaceSettingsUpdateSchema.safeParse({}).error!.issues[0]!.message).toBe("Give at least one setting to change.");
    expect(workspaceSettingsUpdateSchema.safeParse({ joinCode: "ABCDEFGH" }).success).toBe(false);
    expect(workspaceSettingsUpdateSchema.safeParse({ slug: "mine" }).success).toBe(false);
  });
});

describe("approve and reject requests", () => {
  it("approve takes one of the four member roles", () => {
    for (const role of ["admin", "tutor", "parent", "student"]) expect(approveRequestSchema.parse({ role })).toEqual({ role });
    for (const role of ["pending", "unsigned", "owner", undefined]) {
      expect(approveRequestSchema.safeParse({ role }).error!.issues[0]!.message).toBe("Role must be one of admin, tutor, parent or student.");
    }
  });

  it("reject takes an optional reason of at most 500 characters", () => {
    expect(rejectRequestSchema.parse({})).toEqual({});
    expect(rejectRequestSchema.parse({ reason: "  Full this term.  " })).toEqual({ reason: "Full this term." });
    expect(rejectRequestSchema.safeParse({ reason: "x".repeat(501) }).success).toBe(false);
  });
});
