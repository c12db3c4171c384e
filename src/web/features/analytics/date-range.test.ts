import { describe, expect, it } from "vitest";
import { MAX_RANGE_DAYS as SERVER_MAX_RANGE_DAYS } from "../../../shared/schemas/analytics.ts";
import { MAX_RANGE_DAYS, customRangeProblem, daysIn, describeRange, isDay, presetRange, readRange, termOf, todayOnThisDevice } from "./date-range.ts";

describe("the analytics date ranges", () => {
  it("puts every day in its term: autumn from September, spring from January, summer from May", () => {
    expect(termOf("2026-09-01")).toEqual({ from: "2026-09-01", to: "2026-12-31" });
    expect(termOf("2026-12-31")).toEqual({ from: "2026-09-01", to: "2026-12-31" });
    expect(termOf("2027-01-01")).toEqual({ from: "2027-01-01", to: "2027-04-30" });
    expect(termOf("2027-04-30")).toEqual({ from: "2027-01-01", to: "2027-04-30" });
    expect(termOf("2027-05-01")).toEqual({ from: "2027-05-01", to: "2027-08-31" });
    expect(termOf("2027-08-31")).toEqual({ from: "2027-05-01", to: "2027-08-31" });
  });

  it("works out each preset from today: this month and term so far, the whole of last month, 90 days with today", () => {
    expect(presetRange("this-month", "2026-11-27")).toEqual({ from: "2026-11-01", to: "2026-11-27" });
    expect(presetRange("this-month", "2026-11-01")).toEqual({ from: "2026-11-01", to: "2026-11-01" });
    expect(presetRange("last-month", "2026-11-27")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetRange("last-month", "2027-01-15")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetRange("last-month", "2028-03-31")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetRange("this-term", "2026-11-27")).toEqual({ from: "2026-09-01", to: "2026-11-27" });
    expect(presetRange("this-term", "2027-06-10")).toEqual({ from: "2027-05-01", to: "2027-06-10" });
    const ninety = presetRange("last-90-days", "2026-11-27");
    expect(ninety).toEqual({ from: "2026-08-30", to: "2026-11-27" });
    expect(daysIn(ninety)).toBe(90);
  });

  it("refuses a custom range ending before it starts, or longer than 731 days, saying which field", () => {
    expect(MAX_RANGE_DAYS).toBe(SERVER_MAX_RANGE_DAYS);
    expect(customRangeProblem({ from: "2026-01-01", to: "2026-12-31" })).toBeNull();
    expect(customRangeProblem({ from: "2026-11-27", to: "2026-11-27" })).toBeNull();
    expect(customRangeProblem({ from: "2026-11-27", to: "2026-11-26" })).toEqual({ field: "to", message: "The end date must not be before the start date." });
    expect(customRangeProblem({ from: "2025-01-01", to: "2026-12-31" })).toBeNull(); // 730 days
    expect(customRangeProblem({ from: "2024-12-31", to: "2026-12-31" })).toBeNull(); // 731 days
    expect(customRangeProblem({ from: "2024-12-30", to: "2026-12-31" })?.message).toBe("A range can be at most 731 days (two years); this one is 732.");
    expect(customRangeProblem({ from: "", to: "2026-12-31" })).toEqual({ field: "from", message: "Enter a start date." });
    expect(customRangeProblem({ from: "2026-02-01", to: "2026-02-30" })).toEqual({ field: "to", message: "Enter an end date." });
  });

  it("reads the range from the URL: a preset by name, a custom range by its days, anything else as this month", () => {
    const today = "2026-11-27";
    expect(readRange(new URLSearchParams(""), today)).toEqual({ preset: "this-month", range: { from: "2026-11-01", to: today }, problem: null });
    expect(readRange(new URLSearchParams("range=nonsense"), today).preset).toBe("this-month");
    expect(readRange(new URLSearchParams("range=last-month&from=2020-01-01"), today).range).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(readRange(new URLSearchParams("range=custom&from=2026-03-01&to=2026-03-31"), today)).toEqual({
      preset: "custom",
      range: { from: "2026-03-01", to: "2026-03-31" },
      problem: null,
    });
    expect(readRange(new URLSearchParams("range=custom&from=2026-03-31&to=2026-03-01"), today).problem?.field).toBe("to");
  });

  it("takes today from the device's own calendar, and checks days are real", () => {
    expect(todayOnThisDevice(new Date(2026, 10, 27, 23, 59))).toBe("2026-11-27");
    expect(todayOnThisDevice(new Date(2027, 0, 1, 0, 0))).toBe("2027-01-01");
    expect(isDay("2026-11-27")).toBe(true);
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("27/11/2026")).toBe(false);
  });

  it("writes a range as short as stays clear", () => {
    expect(describeRange({ from: "2026-11-27", to: "2026-11-27" })).toBe("27 Nov 2026");
    expect(describeRange({ from: "2026-11-01", to: "2026-11-30" })).toBe("1–30 Nov 2026");
    expect(describeRange({ from: "2026-09-01", to: "2026-11-27" })).toBe("1 Sep – 27 Nov 2026");
    expect(describeRange({ from: "2025-12-01", to: "2026-01-31" })).toBe("1 Dec 2025 – 31 Jan 2026");
  });
});
