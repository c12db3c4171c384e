import type { Session, SessionStatus } from "../../../shared/schemas/sessions.ts";
import type { SessionRange } from "./api.ts";

/**
 * The calendar shows wall-clock times of the viewer's zone: FullCalendar runs in "UTC" and is
 * given the API's local times (already in the viewer's zone) as if they were UTC, so no
 * time-zone plugin is needed and nothing is converted twice.
 */

const DAY = 86_400_000;

/** YYYY-MM-DD of a date whose UTC fields hold the wall date. */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * What to ask the API for a visible range (FullCalendar's activeStart/activeEnd, wall dates in
 * UTC fields): one day more on each side, so that every zone's sessions of those days are in.
 */
export function rangeFor(start: Date, end: Date): SessionRange {
  return {
    from: isoDate(new Date(start.getTime() - DAY)),
    to: isoDate(new Date(end.getTime() + DAY)),
  };
}

/** Now, as a wall time of `timeZone` (YYYY-MM-DDTHH:MM:SS), for the calendar's "today" and now line. */
export function wallNow(timeZone: string, now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The zone as people read it: "Europe/London (GMT)". */
export function zoneLabel(timeZone: string, at = new Date()): string {
  const short = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    timeZoneName: "short",
  })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

/** The wall start and end of a session in the viewer's zone (an end before the start is on the next day). */
export function wallTimes(session: Session): { start: string; end: string } {
  const { date, startTime, endTime } = session.local;
  const endDate = endTime > startTime ? date : isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + DAY));
  return { start: `${date}T${startTime}`, end: `${endDate}T${endTime}` };
}

/** "Monday 1 December 2026, 16:00–17:00" for a wall date and times. */
export function describeLocal(date: string, startTime: string, endTime: string): string {
  const day = new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(`${date}T00:00:00Z`));
  return `${day}, ${startTime}–${endTime}`;
}

/** "Monday 1 December 2026, 16:00–17:00". */
export const describeWhen = (session: Session) => describeLocal(session.local.date, session.local.startTime, session.local.endTime);

/**
 * The wall date-time (YYYY-MM-DDTHH:MM) of a calendar date: the calendar runs in "UTC" holding
 * the viewer's wall times, so a dropped event's UTC fields are already the viewer zone's.
 */
export const wallDateTime = (date: Date) => date.toISOString().slice(0, 16);

/** "Tuesday 2 December 2026, 10:00–11:00" for wall date-times (the end may be on the next day). */
export const describeWallSpan = (start: string, end: string) => describeLocal(start.slice(0, 10), start.slice(11, 16), end.slice(11, 16));

/**
 * Where a dragged event would start: a week-view slot gives the time; a month-view day (a span
 * of whole days) keeps the event's own time of day.
 */
export const landingStart = (span: { start: Date; allDay: boolean }, eventStart: Date | null) =>
  span.allDay && eventStart ? `${isoDate(span.start)}T${wallDateTime(eventStart).slice(11)}` : wallDateTime(span.start);

/** Whether a wall date-time of `timeZone` is already past. */
export const isPastWall = (wall: string, timeZone: string, now = new Date()) => wall < wallNow(timeZone, now).slice(0, 16);

export const STATUS_LABELS: Record<SessionStatus, string> = {
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
  late_cancelled: "Late cancellation",
  no_show: "No-show",
};

export const STATUS_COLORS: Record<SessionStatus, string> = {
  scheduled: "blue",
  completed: "teal",
  cancelled: "gray",
  late_cancelled: "orange",
  no_show: "red",
};

export const isCancelled = (status: SessionStatus) => status === "cancelled" || status === "late_cancelled";

/** Who is in the session, for an event's title: "Maths · Alex, Sam". */
export const studentNames = (session: Session) => session.students.map((student) => student.name).join(", ");

/** Hours from now to the start (negative once it started). */
export const hoursUntil = (session: Session, now = Date.now()) => (Date.parse(session.startsAt) - now) / 3_600_000;

/** The outside-availability refusal without its API instruction ("Send confirmOutsideAvailability…"). */
export const availabilityMessage = (message: string) => message.replace(/\s*Send confirmOutsideAvailability.*$/s, "").trim();

/** "21 Nov 2026, 14:05" in the viewer's zone. */
export function describeInstant(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/** Who scheduled, last changed and cancelled the session, and when, one line each. */
export function sessionHistory(session: Session, timeZone: string): string[] {
  const by = (name: string | null) => name ?? "a former member";
  const lines = [`Scheduled by ${by(session.createdBy)} on ${describeInstant(session.createdAt, timeZone)}`];
  // A cancellation is a change too: named once, as the cancellation.
  const changedApart = session.updatedAt !== session.createdAt && session.updatedAt !== session.cancelledAt;
  if (changedApart) lines.push(`Last changed by ${by(session.updatedBy)} on ${describeInstant(session.updatedAt, timeZone)}`);
  if (session.cancelledAt) lines.push(`Cancelled by ${by(session.cancelledBy)} on ${describeInstant(session.cancelledAt, timeZone)}`);
  return lines;
}
