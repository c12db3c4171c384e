import { describe, expect, it } from "vitest";
import { regionTimeZoneField } from "./schemas/workspace.ts";
import { isRegionTimeZone, registerDatabaseTimeZones } from "./time-zones.ts";

describe("isRegionTimeZone", () => {
  it.each(["UTC", "Europe/London", "Asia/Kolkata", "America/Argentina/Buenos_Aires", "America/Port-au-Prince", "Asia/Calcutta"])("accepts %s", (zone) => {
    expect(isRegionTimeZone(zone)).toBe(true);
  });

  // Offsets read the other way round in PostgreSQL; aliases and made-up names are not regions.
  it.each([
    "+0530",
    "+05:00",
    "-03",
    "UTC+5",
    "GMT",
    "Etc/GMT+5",
    "Etc/UTC",
    "US/Pacific-New",
    "US/Eastern",
    "EST5EDT",
    "GB",
    "Mars/Olympus",
    "europe/london",
    "Europe/Londn",
    "",
  ])("refuses %j", (zone) => {
    expect(isRegionTimeZone(zone)).toBe(false);
  });

  it("the field says what to give", () => {
    expect(regionTimeZoneField.safeParse("+05:00").error!.issues[0]!.message).toBe("Time zone must be a region name such as Europe/London (or UTC).");
    expect(regionTimeZoneField.parse("Asia/Kolkata")).toBe("Asia/Kolkata");
  });

  // Last: the registration lasts for the rest of this file.
  it("once the server registers the database's zones, refuses a region name the database does not know", () => {
    registerDatabaseTimeZones(["UTC", "Europe/London"]);
    expect(isRegionTimeZone("Europe/London")).toBe(true);
    expect(isRegionTimeZone("Asia/Kolkata")).toBe(false);
  });
});
