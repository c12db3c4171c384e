/**
 * Local times in IANA zones, and weekly series (RFC 5545, with the rrule package).
 *
 * A series is expanded on "floating" local date-times: rrule walks the wall clock (a Date whose
 * UTC fields are the local fields), and each occurrence is then placed in the planning zone.
 * A weekly 17:00 Europe/London series therefore stays at 17:00 local across the October change,
 * its UTC instant moving by an hour; rrule's own TZID handling is not needed.
 */
import * as rrulePackage from "rrule";
import type { SessionRepeat } from "../../../shared/schemas/sessions.ts";

// rrule ships a CommonJS bundle (Node: named exports under `default`) and an ES module (Vite).
const { RRule } = ("RRule" in rrulePackage ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default) as typeof rrulePackage;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone, as a "floating" UTC millisecond value. */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

/** The instant of a local date-time (YYYY-MM-DDTHH:MM) in a zone; a time skipped by a DST change moves forward. */
export function zonedInstant(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local}:00Z`);
  let instant = wall - (wallClockMs(wall, timeZone) - wall);
  const offset = wallClockMs(instant, timeZone) - instant;
  instant = wall - offset;
  return new Date(instant);
}

export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
}

export function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const wall = new Date(wallClockMs(instant.getTime(), timeZone));
  const iso = wall.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), weekday: wall.getUTCDay() === 0 ? 7 : wall.getUTCDay() };
}

/** "Tue 20 Oct 2026, 17:00–18:00 (Europe/London)": how a message names a session's time. */
export function describeTime(startsAt: Date, endsAt: Date, timeZone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric" }).formatToParts(startsAt).map((part) => [part.type, part.value]));
  const day = `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
  return `${day}, ${localTimeOf(startsAt, timeZone).time}–${localTimeOf(endsAt, timeZone).time} (${timeZone})`;
}

/** Adds whole days to a local date-time (YYYY-MM-DDTHH:MM) on the wall clock. */
export function addLocalDays(local: string, days: number): string {
  return new Date(Date.parse(`${local}:00Z`) + days * 86_400_000).toISOString().slice(0, 16);
}

export function daysBetween(fromDate: string, toDate: string): number {
  return Math.round((Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / 86_400_000);
}

/** The RRULE line of a weekly series. */
export function weeklyRule(repeat: Pick<SessionRepeat, "until" | "count">): string {
  return repeat.count !== undefined ? `FREQ=WEEKLY;COUNT=${repeat.count}` : `FREQ=WEEKLY;UNTIL=${repeat.until!.replaceAll("-", "")}T235959`;
}

export interface Occurrence {
  startsAt: Date;
  endsAt: Date;
  /** The occurrence's local date (its identity within the series). */
  occurrenceDate: string;
  /** Local start and end, YYYY-MM-DDTHH:MM. */
  localStart: string;
  localEnd: string;
}

/**
 * The occurrences of a weekly series starting at the local `start` (lasting until the local
 * `end` of the first), in `timeZone`, until a date (inclusive) or for a count.
 */
export function expandWeekly(start: string, end: string, timeZone: string, repeat: Pick<SessionRepeat, "until" | "count">, maxOccurrences: number): Occurrence[] {
  const durationMs = Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`);
  const rule = new RRule({
    freq: RRule.WEEKLY,
    dtstart: new Date(`${start}:00Z`),
    ...(repeat.count !== undefined ? { count: repeat.count } : { until: new Date(`${repeat.until}T23:59:59Z`) }),
  });
  const walls = rule.all((_date, index) => index < maxOccurrences + 1);
  return walls.map((wall) => {
    const localStart = wall.toISOString().slice(0, 16);
    const localEnd = new Date(wall.getTime() + durationMs).toISOString().slice(0, 16);
    return { startsAt: zonedInstant(localStart, timeZone), endsAt: zonedInstant(localEnd, timeZone), occurrenceDate: localStart.slice(0, 10), localStart, localEnd };
  });
}
