import { describe, expect, it } from "vitest";
import { availabilityOf, newSlot, rowFieldOf, rowsFrom, validateRows } from "./availability.ts";

describe("availability rows", () => {
  it("come from saved slots by day and start, times as HH:MM", () => {
    const rows = rowsFrom([
      { weekday: 3, startsAt: "09:00:00", endsAt: "10:00:00" },
      { weekday: 1, startsAt: "16:00", endsAt: "18:00" },
    ]);
    expect(rows.map(({ weekday, startsAt, endsAt }) => [weekday, startsAt, endsAt])).toEqual([
      [1, "16:00", "18:00"],
      [3, "09:00", "10:00"],
    ]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(2);
  });

  it("add a new slot after the day's last one, or in the afternoon", () => {
    const rows = rowsFrom([{ weekday: 2, startsAt: "09:00", endsAt: "11:30" }]);
    expect(newSlot(rows, 2)).toMatchObject({ weekday: 2, startsAt: "11:30", endsAt: "12:30" });
    expect(newSlot(rows, 5)).toMatchObject({ weekday: 5, startsAt: "16:00", endsAt: "17:00" });
    expect(newSlot(rowsFrom([{ weekday: 2, startsAt: "22:00", endsAt: "23:30" }]), 2)).toMatchObject({ startsAt: "23:30", endsAt: "23:59" });
  });

  it("are sent sorted, without their keys", () => {
    const rows = rowsFrom([{ weekday: 4, startsAt: "10:00", endsAt: "11:00" }]);
    rows.push({ key: "x", weekday: 1, startsAt: "08:00", endsAt: "09:00" });
    expect(availabilityOf(rows)).toEqual({
      slots: [
        { weekday: 1, startsAt: "08:00", endsAt: "09:00" },
        { weekday: 4, startsAt: "10:00", endsAt: "11:00" },
      ],
    });
  });

  it("show an overlap and a backwards slot on the rows that have them", () => {
    const rows = [
      { key: "a", weekday: 1, startsAt: "10:00", endsAt: "12:00" },
      { key: "b", weekday: 2, startsAt: "10:00", endsAt: "09:00" },
      { key: "c", weekday: 1, startsAt: "11:00", endsAt: "13:00" },
    ];
    expect(validateRows(rows)).toEqual({ "slots.1.endsAt": "End must be after start.", "slots.2.startsAt": "Slots on Monday overlap." });
    expect(validateRows(rows.slice(0, 1))).toEqual({});
  });

  it("map the server's issues (indexes of the sorted payload) back to the form's rows", () => {
    const rows = [
      { key: "a", weekday: 3, startsAt: "10:00", endsAt: "12:00" },
      { key: "b", weekday: 1, startsAt: "10:00", endsAt: "11:00" },
    ];
    expect(rowFieldOf(rows, ["slots", 0, "startsAt"])).toBe("slots.1.startsAt");
    expect(rowFieldOf(rows, [])).toBe("slots");
  });
});
