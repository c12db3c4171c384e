import { availabilitySchema, type Availability, type AvailabilitySlot } from "../../../shared/schemas/tutors.ts";

/**
 * The weekly availability editor's model: one row per slot, in the order the form holds them
 * (each with a key of its own for React), validated with the API's own schema so that an
 * overlap is a message on the slot that overlaps.
 */
export interface SlotRow {
  key: string;
  weekday: number;
  startsAt: string;
  endsAt: string;
}

let counter = 0;
const nextKey = () => `slot-${++counter}`;

const byDayAndStart = (a: Pick<SlotRow, "weekday" | "startsAt">, b: Pick<SlotRow, "weekday" | "startsAt">) =>
  a.weekday - b.weekday || a.startsAt.localeCompare(b.startsAt);

/** The saved slots as rows, by day then start. Times are cut to HH:MM (the database may say HH:MM:SS). */
export function rowsFrom(slots: readonly { weekday: number; startsAt: string; endsAt: string }[]): SlotRow[] {
  return slots
    .map((slot) => ({ key: nextKey(), weekday: slot.weekday, startsAt: slot.startsAt.slice(0, 5), endsAt: slot.endsAt.slice(0, 5) }))
    .sort(byDayAndStart);
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const fromMinutes = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** A new slot for a day: an hour after the day's last slot ends, or 16:00–17:00 on a free day. */
export function newSlot(rows: readonly SlotRow[], weekday: number): SlotRow {
  const ends = rows.filter((row) => row.weekday === weekday && isTime(row.endsAt)).map((row) => toMinutes(row.endsAt));
  const start = ends.length ? Math.max(...ends) : 16 * 60;
  const latest = 23 * 60 + 59;
  const startsAt = Math.min(start, latest - 1);
  return { key: nextKey(), weekday, startsAt: fromMinutes(startsAt), endsAt: fromMinutes(Math.min(startsAt + 60, latest)) };
}

/** What PUT …/availability takes: the slots by day and start, without the form's keys. */
export function availabilityOf(rows: readonly SlotRow[]): Availability {
  const slots: AvailabilitySlot[] = rows.map(({ weekday, startsAt, endsAt }) => ({ weekday, startsAt, endsAt }));
  return { slots: slots.sort(byDayAndStart) };
}

/**
 * The form field an issue names: its path on the sorted payload ("slots.3.startsAt", zod's or
 * the API's) turned into the path of that slot's row in the form, which keeps the rows in the
 * order they were added. An issue about the whole list is on "slots".
 */
export function rowFieldOf(rows: readonly SlotRow[], path: readonly PropertyKey[]): string {
  const order = rows.map((row, index) => ({ row, index })).sort((a, b) => byDayAndStart(a.row, b.row));
  const [first, position, ...rest] = path;
  const row = first === "slots" && typeof position === "number" ? order[position] : undefined;
  const mapped = row ? ["slots", row.index, ...rest] : path;
  return mapped.map(String).join(".") || "slots";
}

/** The form's errors by the API's own schema, indexed like the rows (not like the sorted payload). */
export function validateRows(rows: readonly SlotRow[]): Record<string, string> {
  const result = availabilitySchema.safeParse(availabilityOf(rows));
  const errors: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) errors[rowFieldOf(rows, issue.path)] ??= issue.message;
  return errors;
}
