import { availabilitySchema, type Availability } from "../../../shared/schemas/tutors.ts";

/** One slot of the weekly availability editor, with a key of its own for React. */
export interface SlotRow {
  key: string;
  weekday: number;
  startsAt: string;
  endsAt: string;
}

let counter = 0;
const nextKey = () => `availability-${++counter}`;

/** The saved slots as rows, by day then start; times cut to HH:MM (the database may say HH:MM:SS). */
export function rowsOf(slots: readonly { weekday: number; startsAt: string; endsAt: string }[]): SlotRow[] {
  return slots
    .map((slot) => ({ key: nextKey(), weekday: slot.weekday, startsAt: slot.startsAt.slice(0, 5), endsAt: slot.endsAt.slice(0, 5) }))
    .sort((a, b) => a.weekday - b.weekday || a.startsAt.localeCompare(b.startsAt));
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const time = (total: number) => `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
const isTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

/** A new slot on a day: an hour from the end of the day's last slot, or 16:00–17:00 on a free day. */
export function slotFor(rows: readonly SlotRow[], weekday: number): SlotRow {
  const ends = rows.filter((row) => row.weekday === weekday && isTime(row.endsAt)).map((row) => minutes(row.endsAt));
  const start = Math.min(ends.length ? Math.max(...ends) : 16 * 60, 23 * 60 + 58);
  return { key: nextKey(), weekday, startsAt: time(start), endsAt: time(Math.min(start + 60, 23 * 60 + 59)) };
}

/** What PUT /tutor/availability takes, in the rows' order (so that the server's issue paths name the rows). */
export const availabilityOf = (rows: readonly SlotRow[]): Availability => ({
  slots: rows.map(({ weekday, startsAt, endsAt }) => ({ weekday, startsAt, endsAt })),
});

/** Issues (zod's or the server's) as form errors: "slots.3.startsAt" → message. */
export function rowErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "slots"] ??= issue.message;
  return errors;
}

export function validateRows(rows: readonly SlotRow[]): Record<string, string> {
  const result = availabilitySchema.safeParse(availabilityOf(rows));
  return result.success ? {} : rowErrors(result.error.issues);
}
