import { describe, expect, it } from "vitest";
import { dateTimeFormatter, formatDay, formatInstant, formatMoment, formatSpan, formatWallSpan, zoneLabel } from "./format-time.ts";

// ICU versions differ on the comma after the weekday ("Tuesday, 1 December"): the tests accept both.
describe("the one date-time formatter", () => {
  it("shows one session at the same moment in each zone, the zone named", () => {
    // 16:30–17:30 in London in December is 11:30–12:30 in New York (GMT and EST).
    const startsAt = "2026-12-01T16:30:00.000Z";
    const endsAt = "2026-12-01T17:30:00.000Z";
    expect(formatSpan(startsAt, endsAt, "Europe/London")).toMatch(/^Tuesday,? 1 December 2026, 16:30–17:30 \(Europe\/London\)$/);
    expect(formatSpan(startsAt, endsAt, "America/New_York")).toMatch(/^Tuesday,? 1 December 2026, 11:30–12:30 \(America\/New_York\)$/);
    expect(formatSpan(startsAt, endsAt, "America/New_York", "short")).toMatch(/^Tue,? 1 Dec 2026, 11:30–12:30 \(America\/New_York\)$/);
  });

  it("dates the end when the session runs into the next day of the zone, not when it ends at midnight", () => {
    expect(formatSpan("2026-12-31T23:30:00Z", "2027-01-01T00:30:00Z", "UTC")).toMatch(
      /^Thursday,? 31 December 2026, 23:30 – Friday,? 1 January 2027, 00:30 \(UTC\)$/,
    );
    expect(formatSpan("2026-12-31T23:00:00Z", "2027-01-01T00:00:00Z", "UTC")).toMatch(/^Thursday,? 31 December 2026, 23:00–00:00 \(UTC\)$/);
  });

  it("follows summer time: the same UTC hour is an hour later in London in July", () => {
    expect(formatMoment("2026-07-01T12:00:00Z", "Europe/London")).toMatch(/^Wednesday,? 1 July 2026, 13:00 \(Europe\/London\)$/);
    expect(formatInstant("2026-11-02T09:00:00Z", "America/New_York")).toBe("2 Nov 2026, 04:00 (America/New_York)");
    expect(formatInstant("not a date", "UTC")).toBe("not a date");
  });

  it("writes wall times already in the zone without moving them", () => {
    expect(formatWallSpan("2026-12-02T10:15", "2026-12-02T11:15", "America/New_York")).toMatch(
      /^Wednesday,? 2 December 2026, 10:15–11:15 \(America\/New_York\)$/,
    );
    expect(formatWallSpan("2026-12-31T23:30", "2027-01-01T00:30", "UTC")).toMatch(
      /^Thursday,? 31 December 2026, 23:30 – Friday,? 1 January 2027, 00:30 \(UTC\)$/,
    );
    expect(formatWallSpan("2026-12-31T23:00", "2027-01-01T00:00", "UTC")).toMatch(/^Thursday,? 31 December 2026, 23:00–00:00 \(UTC\)$/);
  });

  it("binds every format to one zone", () => {
    const shown = dateTimeFormatter("Asia/Kolkata");
    expect(shown.instant("2026-11-02T09:00:00Z")).toBe("2 Nov 2026, 14:30 (Asia/Kolkata)");
    expect(shown.span("2026-11-02T09:00:00Z", "2026-11-02T10:00:00Z")).toMatch(/14:30–15:30 \(Asia\/Kolkata\)$/);
  });

  it("shows a calendar day itself whatever the viewer's zone", () => {
    expect(formatDay("2026-03-12")).toBe("12 Mar 2026");
    expect(formatDay("2026-03-12", "long")).toBe("12 March 2026");
    expect(formatDay("not a day")).toBe("not a day");
  });

  it("names a zone with its abbreviation of the moment", () => {
    expect(zoneLabel("Europe/London", new Date("2026-07-01T12:00:00Z"))).toBe("Europe/London (BST)");
    expect(zoneLabel("Europe/London", new Date("2026-12-01T12:00:00Z"))).toBe("Europe/London (GMT)");
  });
});
