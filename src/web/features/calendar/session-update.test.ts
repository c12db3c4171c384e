import { describe, expect, it } from "vitest";
import { sessionUpdateSchema, type Session } from "../../../shared/schemas/sessions.ts";
import { dragRequest, fieldValuesOf, isMovable, updateRequest } from "./session-update.ts";

const session = {
  id: "s1",
  subject: "Mathematics",
  startsAt: "2026-12-01T16:00:00.000Z",
  endsAt: "2026-12-01T17:00:00.000Z",
  local: { timeZone: "Europe/London", date: "2026-12-01", startTime: "16:00", endTime: "17:00" },
  location: null,
  onlineUrl: "https://meet.example.com/a",
  notes: "Bring homework.",
  status: "scheduled",
  seriesId: "series-1",
} as Session;

const before = Date.parse("2026-11-30T12:00:00Z");

describe("changing a session from the calendar", () => {
  it("lets admins and tutors move a scheduled session that has not started; nobody else", () => {
    expect(isMovable("tutor", session, before)).toBe(true);
    expect(isMovable("admin", session, before)).toBe(true);
    expect(isMovable("parent", session, before)).toBe(false);
    expect(isMovable("student", session, before)).toBe(false);
    expect(isMovable("tutor", { ...session, status: "cancelled" }, before)).toBe(false);
    expect(isMovable("tutor", { ...session, status: "completed" }, before)).toBe(false);
    expect(isMovable("tutor", session, Date.parse("2026-12-01T16:00:00Z"))).toBe(false);
  });

  it("sends only what the edit changed", () => {
    const values = fieldValuesOf(session);
    expect(values).toEqual({
      subject: "Mathematics",
      date: "2026-12-01",
      startTime: "16:00",
      endTime: "17:00",
      location: "",
      onlineUrl: "https://meet.example.com/a",
      notes: "Bring homework.",
    });
    expect(updateRequest(session, values, "this", "Europe/London")).toBeNull();
    expect(updateRequest(session, { ...values, notes: " Bring homework. " }, "this", "Europe/London")).toBeNull();
    expect(updateRequest(session, { ...values, notes: "Bring the workbook." }, "following", "Europe/London")).toEqual({
      scope: "following",
      notes: "Bring the workbook.",
    });
    expect(updateRequest(session, { ...values, onlineUrl: "" }, "this", "Europe/London")).toEqual({ scope: "this", onlineUrl: "" });
  });

  it("sends a new time as both ends in the viewer's zone", () => {
    const values = { ...fieldValuesOf(session), date: "2026-12-03", startTime: "10:00", endTime: "11:30" };
    const request = updateRequest(session, values, "this", "Europe/London");
    expect(request).toEqual({ scope: "this", startsAt: "2026-12-03T10:00", endsAt: "2026-12-03T11:30", timeZone: "Europe/London" });
    expect(sessionUpdateSchema.safeParse(request).success).toBe(true);
    const backwards = updateRequest(session, { ...values, endTime: "09:00" }, "this", "Europe/London");
    expect(sessionUpdateSchema.safeParse(backwards).error?.issues[0]?.message).toBe("End must be after start.");
  });

  it("asks for a dropped session's wall times, confirming availability only when told", () => {
    expect(dragRequest("2026-12-02T10:00", "2026-12-02T11:00", "this", "Europe/London", false)).toEqual({
      scope: "this",
      startsAt: "2026-12-02T10:00",
      endsAt: "2026-12-02T11:00",
      timeZone: "Europe/London",
    });
    expect(dragRequest("2026-12-31T23:30", "2027-01-01T00:30", "following", "Europe/London", true)).toEqual({
      scope: "following",
      startsAt: "2026-12-31T23:30",
      endsAt: "2027-01-01T00:30",
      timeZone: "Europe/London",
      confirmOutsideAvailability: true,
    });
  });
});
