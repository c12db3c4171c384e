/**
 * The one place the app writes a date-time: every instant is shown in the display zone (the
 * viewer's, or the workspace's by their choice: features/session/display-time-zone.ts) and
 * the zone is named after it, so that two screens never show one moment as two times.
 * Components take these through useDateTime(); the functions are pure for the tests.
 */

const LOCALE = "en-GB";
const DAY_MS = 86_400_000;

export type DateStyle = "long" | "short";

const dayOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  short: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** "16:00" in the zone. */
const clock = (date: Date, timeZone: string) => formatter(timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(date);
/** "Tuesday 1 December 2026" in the zone. */
const day = (date: Date, timeZone: string, style: DateStyle) => formatter(timeZone, dayOptions[style]).format(date);

/** The zone as people read it: "Europe/London (GMT)", with its abbreviation at `at`. */
export function zoneLabel(timeZone: string, at = new Date()): string {
  const short = formatter(timeZone, { timeZoneName: "short" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

/** The zone as it follows a time: "(America/New_York)". */
export const zoneSuffix = (timeZone: string) => `(${timeZone})`;

/**
 * A session's span: "Tuesday 1 December 2026, 11:00–12:00 (America/New_York)"; an end on the
 * next day is dated ("…, 23:30 – Wednesday 2 December 2026, 00:30 (…)").
 */
export function formatSpan(startsAt: string, endsAt: string, timeZone: string, style: DateStyle = "long"): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const startDay = day(start, timeZone, style);
  // An end at midnight closes the start's day.
  const endDay = day(new Date(end.getTime() - 1), timeZone, style);
  const times =
    startDay === endDay
      ? `${clock(start, timeZone)}–${clock(end, timeZone)}`
      : `${clock(start, timeZone)} – ${day(end, timeZone, style)}, ${clock(end, timeZone)}`;
  return `${startDay}, ${times} ${zoneSuffix(timeZone)}`;
}

/** A moment with its weekday: "Tuesday 1 December 2026, 11:00 (America/New_York)". */
export const formatMoment = (iso: string, timeZone: string, style: DateStyle = "long") => {
  const date = new Date(iso);
  return `${day(date, timeZone, style)}, ${clock(date, timeZone)} ${zoneSuffix(timeZone)}`;
};

/** When something was done: "21 Nov 2026, 14:05 (America/New_York)"; an unreadable value as it came. */
export function formatInstant(iso: string | Date, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${formatter(timeZone, { day: "numeric", month: "short", year: "numeric" }).format(date)}, ${clock(date, timeZone)} ${zoneSuffix(timeZone)}`;
}

export type DayStyle = "medium" | "long";

const dayOnlyOptions: Record<DayStyle, Intl.DateTimeFormatOptions> = {
  medium: { day: "numeric", month: "short", year: "numeric" },
  long: { day: "numeric", month: "long", year: "numeric" },
};

/**
 * A calendar day (YYYY-MM-DD: a start date, a post's date): "12 Mar 2026", or "12 March 2026"
 * long. A day is not an instant, so no zone moves it; an unreadable value as it came.
 */
export function formatDay(day: string, style: DayStyle = "medium"): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : formatter("UTC", dayOnlyOptions[style]).format(date);
}

/**
 * Wall date-times already in the zone (YYYY-MM-DDTHH:MM, as a dragged calendar event gives
 * them): "Tuesday 2 December 2026, 10:00–11:00 (Europe/London)".
 */
export function formatWallSpan(start: string, end: string, timeZone: string, style: DateStyle = "long"): string {
  const wallDay = (wall: string) => formatter("UTC", dayOptions[style]).format(new Date(`${wall.slice(0, 10)}T00:00:00Z`));
  const startDay = wallDay(start);
  const endDay = wallDay(end);
  const nextDay = Date.parse(`${end.slice(0, 10)}T00:00:00Z`) - Date.parse(`${start.slice(0, 10)}T00:00:00Z`) === DAY_MS && end.slice(11, 16) === "00:00";
  const times = startDay === endDay || nextDay ? `${start.slice(11, 16)}–${end.slice(11, 16)}` : `${start.slice(11, 16)} – ${endDay}, ${end.slice(11, 16)}`;
  return `${startDay}, ${times} ${zoneSuffix(timeZone)}`;
}

/** The formatters bound to one zone (what useDateTime gives components). */
export interface DateTimeFormatter {
  timeZone: string;
  span: (startsAt: string, endsAt: string, style?: DateStyle) => string;
  moment: (iso: string, style?: DateStyle) => string;
  instant: (iso: string | Date) => string;
  wallSpan: (start: string, end: string, style?: DateStyle) => string;
}

export function dateTimeFormatter(timeZone: string): DateTimeFormatter {
  return {
    timeZone,
    span: (startsAt, endsAt, style) => formatSpan(startsAt, endsAt, timeZone, style),
    moment: (iso, style) => formatMoment(iso, timeZone, style),
    instant: (iso) => formatInstant(iso, timeZone),
    wallSpan: (start, end, style) => formatWallSpan(start, end, timeZone, style),
  };
}
