import { describe, expect, it } from "vitest";
import type { Session } from "../../../shared/schemas/sessions.ts";
import {
  availabilityMessage,
  hoursToShow,
  reportDue,
  TUTOR_COLOURS,
  tutorColours,
  isPastWall,
  landingStart,
  rangeFor,
  sessionHistory,
  wallDateTime,
  wallNow,
  wallTimes,
} from "./format.ts";
import { zoneLabel } from "../../lib/format-time.ts";

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
    expect(availabilityMessage("The tutor has not set any availability. Send confirmOutsideAvailability: true to schedule it anyway.")).toBe(
      "The tutor has not set any availability.",
    );
  });

  it("reads a dropped event's wall time from its UTC fields, whatever the browser's zone", () => {
    // The calendar runs in "UTC" holding the viewer's wall times: 10:00 on the grid is 10:00Z.
    expect(wallDateTime(new Date("2026-12-02T10:15:00Z"))).toBe("2026-12-02T10:15");
  });

  it("takes a drop's start from the slot in the week view, and keeps the time of day on a month day", () => {
    const event = new Date("2026-12-01T16:00:00Z");
    expect(landingStart({ start: new Date("2026-12-02T10:15:00Z"), allDay: false }, event)).toBe("2026-12-02T10:15");
    expect(landingStart({ start: new Date("2026-12-09T00:00:00Z"), allDay: true }, event)).toBe("2026-12-09T16:00");
  });

  it("tells a past wall time of the zone from a future one", () => {
    const now = new Date("2026-07-01T12:00:00Z"); // 13:00 in London (BST)
    expect(isPastWall("2026-07-01T12:30", "Europe/London", now)).toBe(true);
    expect(isPastWall("2026-07-01T13:00", "Europe/London", now)).toBe(false);
    expect(isPastWall("2026-07-01T13:15", "Europe/London", now)).toBe(false);
    expect(isPastWall("2026-07-01T08:30", "America/New_York", now)).toBe(false);
  });
});

describe("a session's history", () => {
  const base = {
    createdAt: "2026-11-02T09:00:00.000Z",
    createdBy: "Ada Admin",
    updatedAt: "2026-11-02T09:00:00.000Z",
    updatedBy: "Ada Admin",
    cancelledAt: null,
    cancelledBy: null,
  } as Session;

  it("names who scheduled it, in the viewer's zone", () => {
    expect(sessionHistory(base, "America/New_York")).toEqual(["Scheduled by Ada Admin on 2 Nov 2026, 04:00 (America/New_York)"]);
  });

  it("adds the last change, and a cancellation once (not also as a change)", () => {
    const changed = { ...base, updatedAt: "2026-11-03T10:00:00.000Z", updatedBy: "Tom Tutor" };
    expect(sessionHistory(changed, "Europe/London")).toEqual([
      "Scheduled by Ada Admin on 2 Nov 2026, 09:00 (Europe/London)",
      "Last changed by Tom Tutor on 3 Nov 2026, 10:00 (Europe/London)",
    ]);
    const cancelled = { ...changed, updatedAt: "2026-11-04T08:00:00.000Z", cancelledAt: "2026-11-04T08:00:00.000Z", cancelledBy: "Tom Tutor" };
    expect(sessionHistory(cancelled, "Europe/London")).toEqual([
      "Scheduled by Ada Admin on 2 Nov 2026, 09:00 (Europe/London)",
      "Cancelled by Tom Tutor on 4 Nov 2026, 08:00 (Europe/London)",
    ]);
  });

  it("says a former member when the account is gone", () => {
    expect(sessionHistory({ ...base, createdBy: null }, "UTC")).toEqual(["Scheduled by a former member on 2 Nov 2026, 09:00 (UTC)"]);
  });
});

/** WCAG's contrast ratio of a #rrggbb colour against white. */
function contrastWithWhite(hex: string): number {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

describe("the calendar's marks", () => {
  it("says a report is due once a scheduled session is over, never for a cancelled or reported one", () => {
    const now = Date.parse("2026-12-01T18:00:00Z");
    expect(reportDue({ status: "scheduled", endsAt: "2026-12-01T17:00:00Z" }, now)).toBe(true);
    expect(reportDue({ status: "scheduled", endsAt: "2026-12-01T19:00:00Z" }, now)).toBe(false);
    expect(reportDue({ status: "completed", endsAt: "2026-12-01T17:00:00Z" }, now)).toBe(false);
    expect(reportDue({ status: "cancelled", endsAt: "2026-12-01T17:00:00Z" }, now)).toBe(false);
  });

  it("gives each tutor of the view a colour by name, each readable under white text", () => {
    const of = (memberId: string, name: string) => ({ tutor: { memberId, name } });
    expect(tutorColours([of("b", "Zoe"), of("a", "Ann"), of("b", "Zoe")])).toEqual([
      { memberId: "a", name: "Ann", colour: TUTOR_COLOURS[0] },
      { memberId: "b", name: "Zoe", colour: TUTOR_COLOURS[1] },
    ]);
    expect(new Set(TUTOR_COLOURS).size).toBe(TUTOR_COLOURS.length);
    for (const colour of TUTOR_COLOURS) expect(contrastWithWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the week view's hours", () => {
  it("shows 07:00–21:00, widened to every session", () => {
    expect(hoursToShow([])).toEqual({ min: "07:00:00", max: "21:00:00" });
    expect(hoursToShow([at("2026-12-01", "06:30", "07:30"), at("2026-12-02", "21:00", "21:45")])).toEqual({ min: "06:00:00", max: "22:00:00" });
    expect(hoursToShow([at("2026-12-31", "23:00", "00:30")])).toEqual({ min: "07:00:00", max: "24:00:00" });
  });

  it("takes in the hour it is now, late or early, so that the now line shows", () => {
    expect(hoursToShow([], "2026-12-01T22:40")).toEqual({ min: "07:00:00", max: "23:00:00" });
    expect(hoursToShow([], "2026-12-01T23:59")).toEqual({ min: "07:00:00", max: "24:00:00" });
    expect(hoursToShow([], "2026-12-01T05:10")).toEqual({ min: "05:00:00", max: "21:00:00" });
    expect(hoursToShow([at("2026-12-01", "06:30", "07:30")], "2026-12-01T12:00")).toEqual({ min: "06:00:00", max: "21:00:00" });
  });
});
