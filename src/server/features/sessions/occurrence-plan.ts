/**
 * Where sessions fall, computed without the database: the occurrences a new session or weekly
 * series creates, and the new times of the sessions a change moves. Times are local
 * (YYYY-MM-DDTHH:MM) in the planning zone and placed as instants there, so a weekly 17:00
 * stays 17:00 local across a daylight-saving change.
 */
import { SERIES_MAX_OCCURRENCES, type SessionCreate, type SessionUpdate } from "../../../shared/schemas/sessions.ts";
import { localTimeOf, zonedInstant } from "../../core/time.ts";
import { invalidField } from "../../lib/app-error.ts";
import { addLocalDays, daysBetween, expandWeekly } from "./series.ts";

/** A planned session: its instants, its date within a series (null for a single session) and its local start. */
export interface PlannedOccurrence {
  startsAt: Date;
  endsAt: Date;
  occurrenceDate: string | null;
  localStart: string;
}

/** The minutes between two local date-times. */
export const minutesBetween = (localStart: string, localEnd: string) => Math.round((Date.parse(`${localEnd}:00Z`) - Date.parse(`${localStart}:00Z`)) / 60_000);

/**
 * The sessions a create makes: one, or a weekly series of at least two and at most
 * SERIES_MAX_OCCURRENCES (a longer or one-session series is refused, naming the field).
 */
export function planNewSessions(input: Pick<SessionCreate, "startsAt" | "endsAt" | "repeat">, timeZone: string): PlannedOccurrence[] {
  if (!input.repeat) {
    return [
      { startsAt: zonedInstant(input.startsAt, timeZone), endsAt: zonedInstant(input.endsAt, timeZone), occurrenceDate: null, localStart: input.startsAt },
    ];
  }
  const occurrences = expandWeekly(input.startsAt, input.endsAt, timeZone, input.repeat, SERIES_MAX_OCCURRENCES);
  if (occurrences.length > SERIES_MAX_OCCURRENCES)
    throw invalidField("repeat", `A series has at most ${SERIES_MAX_OCCURRENCES} sessions; choose an earlier end date.`);
  if (occurrences.length < 2) throw invalidField("repeat", "This series would have only one session; schedule a single session instead.");
  return occurrences.map(({ startsAt, endsAt, occurrenceDate, localStart }) => ({ startsAt, endsAt, occurrenceDate, localStart }));
}

/** A session as the move plan needs it. */
export interface MovableSession {
  id: string;
  startsAt: Date;
  endsAt: Date;
}

export interface MovePlan<Target extends MovableSession> {
  /** Whether the change gives new times (both start and end given). */
  moving: boolean;
  durationMinutes: number;
  /** Each target with its time after the change (unchanged when not moving), in the targets' order. */
  planned: { target: Target; startsAt: Date; endsAt: Date; localStart: string }[];
}

/**
 * The times of `targets` after a change of `changed` (one of them): the changed session moves
 * to the given local start and end; the later ones of its series move by the same number of
 * days to the same local time and keep the new length.
 */
export function planMove<Target extends MovableSession>(
  changed: MovableSession,
  targets: Target[],
  input: Pick<SessionUpdate, "startsAt" | "endsAt">,
  timeZone: string,
): MovePlan<Target> {
  const localStartOf = (instant: Date) => {
    const local = localTimeOf(instant, timeZone);
    return `${local.date}T${local.time}`;
  };
  if (input.startsAt === undefined || input.endsAt === undefined) {
    return {
      moving: false,
      durationMinutes: Math.round((changed.endsAt.getTime() - changed.startsAt.getTime()) / 60_000),
      planned: targets.map((target) => ({ target, startsAt: target.startsAt, endsAt: target.endsAt, localStart: localStartOf(target.startsAt) })),
    };
  }
  const newStart = input.startsAt;
  const durationMinutes = minutesBetween(newStart, input.endsAt);
  const shiftDays = daysBetween(localTimeOf(changed.startsAt, timeZone).date, newStart.slice(0, 10));
  const planned = targets.map((target) => {
    const localStart =
      target.id === changed.id
        ? newStart
        : `${addLocalDays(`${localTimeOf(target.startsAt, timeZone).date}T00:00`, shiftDays).slice(0, 10)}T${newStart.slice(11)}`;
    const localEnd = new Date(Date.parse(`${localStart}:00Z`) + durationMinutes * 60_000).toISOString().slice(0, 16);
    return { target, startsAt: zonedInstant(localStart, timeZone), endsAt: zonedInstant(localEnd, timeZone), localStart };
  });
  return { moving: true, durationMinutes, planned };
}
