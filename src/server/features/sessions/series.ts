/**
 * Weekly series (RFC 5545, with the rrule package), and date arithmetic on the wall clock.
 *
 * A series is expanded on "floating" local date-times: rrule walks the wall clock (a Date whose
 * UTC fields are the local fields), and each occurrence is then placed in the planning zone.
 * A weekly 17:00 Europe/London series therefore stays at 17:00 local across the October change,
 * its UTC instant moving by an hour; rrule's own TZID handling is not needed.
 */
import * as rrulePackage from "rrule";
import type { SessionRepeat } from "../../../shared/schemas/sessions.ts";
import { zonedInstant } from "../../core/time.ts";

// rrule ships a CommonJS bundle (Node: named exports under `default`) and an ES module (Vite).
const { RRule } = ("RRule" in rrulePackage ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default) as typeof rrulePackage;

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
export function expandWeekly(
  start: string,
  end: string,
  timeZone: string,
  repeat: Pick<SessionRepeat, "until" | "count">,
  maxOccurrences: number,
): Occurrence[] {
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
    return {
      startsAt: zonedInstant(localStart, timeZone),
      endsAt: zonedInstant(localEnd, timeZone),
      occurrenceDate: localStart.slice(0, 10),
      localStart,
      localEnd,
    };
  });
}
