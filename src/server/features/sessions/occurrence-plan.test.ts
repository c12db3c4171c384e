import { describe, expect, it } from "vitest";
import { SERIES_MAX_OCCURRENCES } from "../../../shared/schemas/sessions.ts";
import { AppError } from "../../lib/app-error.ts";
import { minutesBetween, planMove, planNewSessions } from "./occurrence-plan.ts";

const LONDON = "Europe/London";
const iso = (date: Date) => date.toISOString();

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("planNewSessions", () => {
  it("places one session at its local time in the zone, outside any series", () => {
    const [only, ...rest] = planNewSessions({ startsAt: "2026-07-01T17:00", endsAt: "2026-07-01T18:00" }, LONDON);
    expect(rest).toEqual([]);
    expect(only).toEqual({
      startsAt: new Date("2026-07-01T16:00:00Z"),
      endsAt: new Date("2026-07-01T17:00:00Z"),
      occurrenceDate: null,
      localStart: "2026-07-01T17:00",
    });
  });

  it("keeps a weekly series at 17:00 local across the October clock change", () => {
    const plan = planNewSessions({ startsAt: "2026-10-18T17:00", endsAt: "2026-10-18T18:00", repeat: { frequency: "weekly", count: 3 } }, LONDON);
    expect(plan.map((occurrence) => occurrence.occurrenceDate)).toEqual(["2026-10-18", "2026-10-25", "2026-11-01"]);
    expect(plan.map((occurrence) => occurrence.localStart)).toEqual(["2026-10-18T17:00", "2026-10-25T17:00", "2026-11-01T17:00"]);
    // Summer time (UTC+1) before 25 October, winter time (UTC+0) from it.
    expect(plan.map((occurrence) => iso(occurrence.startsAt))).toEqual(["2026-10-18T16:00:00.000Z", "2026-10-25T17:00:00.000Z", "2026-11-01T17:00:00.000Z"]);
  });

  it("ends a series on its until date, inclusive", () => {
    const plan = planNewSessions({ startsAt: "2026-09-07T09:00", endsAt: "2026-09-07T10:00", repeat: { frequency: "weekly", until: "2026-09-21" } }, "UTC");
    expect(plan.map((occurrence) => occurrence.occurrenceDate)).toEqual(["2026-09-07", "2026-09-14", "2026-09-21"]);
  });

  it("refuses a series of one session, naming the repeat field", () => {
    const error = refusal(() =>
      planNewSessions({ startsAt: "2026-09-07T09:00", endsAt: "2026-09-07T10:00", repeat: { frequency: "weekly", until: "2026-09-10" } }, "UTC"),
    );
    expect(error.status).toBe(422);
    expect(error.issues).toEqual([{ path: ["repeat"], message: "This series would have only one session; schedule a single session instead." }]);
  });

  it(`refuses a series longer than ${SERIES_MAX_OCCURRENCES} sessions`, () => {
    const error = refusal(() =>
      planNewSessions({ startsAt: "2026-09-07T09:00", endsAt: "2026-09-07T10:00", repeat: { frequency: "weekly", until: "2030-09-07" } }, "UTC"),
    );
    expect(error.issues?.[0]?.path).toEqual(["repeat"]);
    expect(error.message).toContain(`at most ${SERIES_MAX_OCCURRENCES} sessions`);
  });
});

describe("planMove", () => {
  const weekly = [
    { id: "a", startsAt: new Date("2026-10-18T16:00:00Z"), endsAt: new Date("2026-10-18T17:00:00Z") },
    { id: "b", startsAt: new Date("2026-10-25T17:00:00Z"), endsAt: new Date("2026-10-25T18:00:00Z") },
  ];

  it("leaves the times alone when no new start and end are given", () => {
    const plan = planMove(weekly[0]!, weekly, {}, LONDON);
    expect(plan.moving).toBe(false);
    expect(plan.durationMinutes).toBe(60);
    expect(plan.planned.map((item) => [item.target.id, iso(item.startsAt), item.localStart])).toEqual([
      ["a", "2026-10-18T16:00:00.000Z", "2026-10-18T17:00"],
      ["b", "2026-10-25T17:00:00.000Z", "2026-10-25T17:00"],
    ]);
  });

  it("moves this and following by the same days to the same local time, with the new length", () => {
    const plan = planMove(weekly[0]!, weekly, { startsAt: "2026-10-20T09:30", endsAt: "2026-10-20T11:00" }, LONDON);
    expect(plan.moving).toBe(true);
    expect(plan.durationMinutes).toBe(90);
    expect(plan.planned.map((item) => [item.target.id, item.localStart, iso(item.startsAt), iso(item.endsAt)])).toEqual([
      ["a", "2026-10-20T09:30", "2026-10-20T08:30:00.000Z", "2026-10-20T10:00:00.000Z"],
      ["b", "2026-10-27T09:30", "2026-10-27T09:30:00.000Z", "2026-10-27T11:00:00.000Z"],
    ]);
  });

  it("counts minutes on the wall clock", () => {
    expect(minutesBetween("2026-10-25T00:30", "2026-10-25T02:00")).toBe(90);
  });
});
