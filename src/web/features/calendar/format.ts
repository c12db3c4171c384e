import type { Session, SessionStatus } from "../../../shared/schemas/sessions.ts";
import { formatInstant, formatSpan, type DateStyle } from "../../lib/format-time.ts";
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

/** The wall start and end of a session in the viewer's zone (an end before the start is on the next day). */
export function wallTimes(session: Session): { start: string; end: string } {
  const { date, startTime, endTime } = session.local;
  const endDate = endTime > startTime ? date : isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + DAY));
  return { start: `${date}T${startTime}`, end: `${endDate}T${endTime}` };
}

/** "Monday 1 December 2026, 16:00–17:00 (Europe/London)": the session's instants in the display zone. */
export const describeWhen = (session: Pick<Session, "startsAt" | "endsAt">, timeZone: string, style?: DateStyle) =>
  formatSpan(session.startsAt, session.endsAt, timeZone, style);

/**
 * The wall date-time (YYYY-MM-DDTHH:MM) of a calendar date: the calendar runs in "UTC" holding
 * the viewer's wall times, so a dropped event's UTC fields are already the viewer zone's.
 */
export const wallDateTime = (date: Date) => date.toISOString().slice(0, 16);

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

/** A trial lesson booked from the CRM: the only sessions without students (until the lead converts, its feedback is its report). */
export const isTrialLesson = (session: { students: readonly unknown[] }) => session.students.length === 0;

export const isCancelled = (status: SessionStatus) => status === "cancelled" || status === "late_cancelled";

/** Who is in the session, for an event's title: "Maths · Alex, Sam". */
export const studentNames = (session: Session) => session.students.map((student) => student.name).join(", ");

/** Hours from now to the start (negative once it started). */
export const hoursUntil = (session: Session, now = Date.now()) => (Date.parse(session.startsAt) - now) / 3_600_000;

/** The outside-availability refusal without its API instruction ("Send confirmOutsideAvailability…"). */
export const availabilityMessage = (message: string) => message.replace(/\s*Send confirmOutsideAvailability.*$/s, "").trim();

/** Who scheduled, last changed and cancelled the session, and when, one line each. */
export function sessionHistory(session: Session, timeZone: string): string[] {
  const by = (name: string | null) => name ?? "a former member";
  const lines = [`Scheduled by ${by(session.createdBy)} on ${formatInstant(session.createdAt, timeZone)}`];
  // A cancellation is a change too: named once, as the cancellation.
  const changedApart = session.updatedAt !== session.createdAt && session.updatedAt !== session.cancelledAt;
  if (changedApart) lines.push(`Last changed by ${by(session.updatedBy)} on ${formatInstant(session.updatedAt, timeZone)}`);
  if (session.cancelledAt) lines.push(`Cancelled by ${by(session.cancelledBy)} on ${formatInstant(session.cancelledAt, timeZone)}`);
  return lines;
}

/**
 * Whether the session is over and still waits for its report (filing it completes the
 * session): what the missing-reports lists hold, marked on the calendars of those who file.
 */
export const reportDue = (session: Pick<Session, "status" | "endsAt">, now: number) => session.status === "scheduled" && Date.parse(session.endsAt) < now;

/**
 * The admin calendar's tutor colours: dark enough for white text (4.5:1 and more) and apart
 * from each other. The tutor's name is always in the event and in the legend: the colour
 * only helps the eye.
 */
export const TUTOR_COLOURS = ["#1864ab", "#862e9c", "#087f5b", "#a61e4d", "#8a4b08", "#0b7285", "#5f3dc4", "#495057"] as const;

export interface TutorColour {
  memberId: string;
  name: string;
  colour: string;
}

/** A colour per tutor of these sessions, by name (the same view always gives the same colours). */
export function tutorColours(sessions: readonly Pick<Session, "tutor">[]): TutorColour[] {
  const tutors = new Map<string, string>();
  for (const session of sessions) tutors.set(session.tutor.memberId, session.tutor.name);
  return [...tutors]
    .sort(([idA, nameA], [idB, nameB]) => nameA.localeCompare(nameB) || idA.localeCompare(idB))
    .map(([memberId, name], index) => ({ memberId, name, colour: TUTOR_COLOURS[index % TUTOR_COLOURS.length]! }));
}

/**
 * Hours shown in the week view: 07:00–21:00, widened to fit every session of the range and the
 * hour it is now (a wall time, "YYYY-MM-DDTHH:MM"), so that the now line is always on screen.
 */
export function hoursToShow(sessions: readonly Session[], now?: string): { min: string; max: string } {
  const nowHour = now === undefined ? null : Number(now.slice(11, 13));
  let min = nowHour === null ? 7 : Math.min(7, nowHour);
  let max = nowHour === null ? 21 : Math.max(21, nowHour + 1);
  for (const session of sessions) {
    const { start, end } = wallTimes(session);
    min = Math.min(min, Number(start.slice(11, 13)));
    const endHour = end.slice(0, 10) !== start.slice(0, 10) ? 24 : Number(end.slice(11, 13)) + (end.slice(14, 16) === "00" ? 0 : 1);
    max = Math.max(max, endHour);
  }
  const clock = (hour: number) => `${String(hour).padStart(2, "0")}:00:00`;
  return { min: clock(min), max: clock(max) };
}
