import { describe, expect, it } from "vitest";
import type { Session } from "../../../shared/schemas/sessions.ts";
import { availabilityMessage, rangeFor, wallNow, wallTimes, zoneLabel } from "./format.ts";

const at = (date: string, startTime: string, endTime: string) =>
  ({
    local: { timeZone: "Europe/London", date, startTime, endTime },
  }) as Session;

describe("calendar formats", () => {
  it("reads a session's wall times, an end before the start being the next day", () => {
    expect(wallTimes(at("2026-12-01", "16:00", "17:00"))).toEqual({
      start: "2026-12-01T16:00",
      end: "2026-12-01T17:00",
    });
    expect(wallTimes(at("2026-12-31", "23:00", "00:30"))).toEqual({
      start: "2026-12-31T23:00",
      end: "2027-01-01T00:30",
    });
  });

  it("asks for one day more on each side of the visible range", () => {
    expect(rangeFor(new Date("2026-11-30T00:00:00Z"), new Date("2026-12-07T00:00:00Z"))).toEqual({ from: "2026-11-29", to: "2026-12-08" });
  });

  it("gives now as a wall time of the zone, across a DST change", () => {
    expect(wallNow("Europe/London", new Date("2026-07-01T12:00:00Z"))).toBe("2026-07-01T13:00:00");
    expect(wallNow("America/New_York", new Date("2026-11-01T12:00:00Z"))).toBe("2026-11-01T07:00:00");
    expect(zoneLabel("Europe/London", new Date("2026-07-01T12:00:00Z"))).toBe("Europe/London (BST)");
  });

  it("drops the API instruction from the availability refusal", () => {
    expect(availabilityMessage("The tutor has not set any availability. Send confirmOutsideAvailability: true to schedule it anyway.")).toBe("The tutor has not set any availability.");
  });
});
