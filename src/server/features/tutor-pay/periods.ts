/**
 * Pay periods from the pay settings: a calendar month, or 7 or 14 days counted from the
 * anchor day (before it as well as after). Dates are YYYY-MM-DD days of the workspace.
 */
import type { PaySettings } from "../../../shared/schemas/tutor-pay.ts";

const DAY = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY);
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

export interface PayPeriod {
  from: string;
  to: string;
}

/** The period holding `date`. */
export function periodContaining(settings: Pick<PaySettings, "periodKind" | "periodAnchorOn">, date: string): PayPeriod {
  if (settings.periodKind === "monthly") {
    const [year, month] = date.split("-").map(Number) as [number, number];
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const prefix = date.slice(0, 8);
    return { from: `${prefix}01`, to: `${prefix}${String(last).padStart(2, "0")}` };
  }
  const length = settings.periodKind === "weekly" ? 7 : 14;
  const offset = dayNumber(date) - dayNumber(settings.periodAnchorOn);
  const start = dayNumber(settings.periodAnchorOn) + Math.floor(offset / length) * length;
  return { from: dateOf(start), to: dateOf(start + length - 1) };
}
