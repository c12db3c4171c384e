/**
 * Local times in IANA zones: the instant of a local date-time, the local date and time of an
 * instant, and how messages name a session's time.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of an instant in a zone, as a "floating" UTC millisecond value. */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
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

/** "Tue 20 Oct 2026": the local day of an instant, as messages and invoice lines name it. */
export function describeDay(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** "Tue 20 Oct 2026, 17:00–18:00 (Europe/London)": how a message names a session's time. */
export function describeTime(startsAt: Date, endsAt: Date, timeZone: string): string {
  return `${describeDay(startsAt, timeZone)}, ${localTimeOf(startsAt, timeZone).time}–${localTimeOf(endsAt, timeZone).time} (${timeZone})`;
}
