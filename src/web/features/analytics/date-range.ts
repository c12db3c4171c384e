/**
 * The date ranges of the analytics screens: the presets (this month, last month, this term, the
 * last 90 days) worked out from today, a custom range's checks, and how a range is written.
 * Days are YYYY-MM-DD; "today" is the viewer's (the browser's clock), and the server reads the
 * days in the workspace's zone.
 */
export const RANGE_PRESETS = ["this-month", "last-month", "this-term", "last-90-days", "custom"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_LABELS: Record<RangePreset, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "this-term": "This term",
  "last-90-days": "Last 90 days",
  custom: "Custom",
};

export const DEFAULT_PRESET: RangePreset = "this-month";

/**
 * The longest range the server takes (MAX_RANGE_DAYS of src/shared/schemas/analytics.ts, which
 * the unit test holds this to): a copy, since importing the schema module would bring zod's
 * schemas into the screens' code for one number.
 */
export const MAX_RANGE_DAYS = 731;

export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const pad = (value: number) => String(value).padStart(2, "0");
const dayOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Whether `text` is a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const time = utc(text);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** Today on the viewer's clock, as YYYY-MM-DD in the browser's own zone. */
export function todayOnThisDevice(now: Date = new Date()): string {
  return dayOf(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export const addDays = (day: string, days: number) => new Date(utc(day) + days * DAY_MS).toISOString().slice(0, 10);

/** How many days a range covers, both ends included. */
export const daysIn = (range: DayRange) => Math.round((utc(range.to) - utc(range.from)) / DAY_MS) + 1;

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The school term a day falls in: autumn 1 September–31 December, spring 1 January–30 April,
 * summer 1 May–31 August (the holidays belong to the term they follow or precede, so every
 * day has one).
 */
export function termOf(day: string): DayRange {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  if (month >= 9) return { from: dayOf(year, 9, 1), to: dayOf(year, 12, 31) };
  if (month >= 5) return { from: dayOf(year, 5, 1), to: dayOf(year, 8, 31) };
  return { from: dayOf(year, 1, 1), to: dayOf(year, 4, 30) };
}

/**
 * The days of a preset, given today. "This month" and "This term" run to today (what has
 * happened so far, compared with as many days before), "Last month" is the whole month before.
 */
export function presetRange(preset: Exclude<RangePreset, "custom">, today: string): DayRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (preset) {
    case "this-month":
      return { from: dayOf(year, month, 1), to: today };
    case "last-month": {
      const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
      return { from: dayOf(y, m, 1), to: dayOf(y, m, lastDayOfMonth(y, m)) };
    }
    case "this-term":
      return { from: termOf(today).from, to: today };
    case "last-90-days":
      return { from: addDays(today, -89), to: today };
  }
}

/** Why a custom range cannot be shown (in the words the fields show), or null when it can. */
export function customRangeProblem(range: { from: string; to: string }): { field: "from" | "to"; message: string } | null {
  if (!isDay(range.from)) return { field: "from", message: "Enter a start date." };
  if (!isDay(range.to)) return { field: "to", message: "Enter an end date." };
  if (range.to < range.from) return { field: "to", message: "The end date must not be before the start date." };
  if (daysIn(range) > MAX_RANGE_DAYS)
    return { field: "to", message: `A range can be at most ${MAX_RANGE_DAYS} days (two years); this one is ${daysIn(range)}.` };
  return null;
}

export interface ChosenRange {
  preset: RangePreset;
  /** What is asked for; for a custom range that cannot be shown, what was given. */
  range: DayRange;
  problem: { field: "from" | "to"; message: string } | null;
}

/** The range the URL holds (?range=&from=&to=): an unknown preset reads as the default one. */
export function readRange(params: URLSearchParams, today: string): ChosenRange {
  const asked = params.get("range");
  const preset = (RANGE_PRESETS as readonly string[]).includes(asked ?? "") ? (asked as RangePreset) : DEFAULT_PRESET;
  if (preset !== "custom") return { preset, range: presetRange(preset, today), problem: null };
  const range = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  return { preset, range, problem: customRangeProblem(range) };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const parts = (day: string) => ({ year: day.slice(0, 4), month: MONTHS[Number(day.slice(5, 7)) - 1]!, day: String(Number(day.slice(8, 10))) });

/**
 * A range in words, as short as stays clear: "27 Nov 2026", "1–30 Nov 2026",
 * "1 Sep – 27 Nov 2026", "1 Dec 2025 – 31 Jan 2026".
 */
export function describeRange(range: DayRange): string {
  if (!isDay(range.from) || !isDay(range.to)) return `${range.from} – ${range.to}`;
  const a = parts(range.from);
  const b = parts(range.to);
  if (range.from === range.to) return `${a.day} ${a.month} ${a.year}`;
  if (a.year !== b.year) return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  return `${a.day}–${b.day} ${b.month} ${b.year}`;
}
