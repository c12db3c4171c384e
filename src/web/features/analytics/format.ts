/**
 * How a figure's numbers read, by unit: money in the workspace's currency, minutes as hours,
 * a share as a percentage, a rating with one decimal. One number is written three ways: on the
 * card ("12.5 h"), in the chart, table and CSV as a plain number whose unit is in the column's
 * heading ("Hours delivered (hours)": 12.5), and as a change from the previous period.
 */
import type { MetricUnit, RowColumn } from "../../../shared/schemas/analytics.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { minorToDecimal } from "../../../shared/money.ts";

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const grouped = (value: number) => new Intl.NumberFormat("en", { maximumFractionDigits: 1 }).format(oneDecimal(value));

/** The number in the unit people read (hours, not minutes; a percentage, not a share), rounded as shown. */
export function displayNumber(unit: MetricUnit, value: number, currency: string): number {
  switch (unit) {
    case "money":
      return Number(minorToDecimal(Math.round(value), currency));
    case "minutes":
      return oneDecimal(value / 60);
    case "share":
      return oneDecimal(value * 100);
    case "rating":
    case "count":
    case "days":
      return oneDecimal(value);
  }
}

/** A figure's value as the card shows it: "£1,250.00", "12.5 h", "45.5%", "4.2", "3", "2.5 days"; "–" when there is none. */
export function formatValue(unit: MetricUnit, value: number | null, currency: string): string {
  if (value === null) return "–";
  switch (unit) {
    case "money":
      return formatMoney(Math.round(value), currency);
    case "minutes":
      return `${grouped(value / 60)} h`;
    case "share":
      return `${grouped(value * 100)}%`;
    case "rating":
      return oneDecimal(value).toFixed(1);
    case "count":
      return grouped(value);
    case "days": {
      const days = oneDecimal(value);
      return `${grouped(days)} ${days === 1 ? "day" : "days"}`;
    }
  }
}

/** The plain number of a table cell or a CSV field ("1250.00", "12.5"), no grouping and no unit; "" when there is none. */
export function plainNumber(unit: MetricUnit, value: number | null, currency: string): string {
  if (value === null) return "";
  if (unit === "money") return minorToDecimal(Math.round(value), currency);
  if (unit === "rating") return oneDecimal(value).toFixed(1);
  return String(displayNumber(unit, value, currency));
}

/** What a column heading adds to say the unit: "(GBP)", "(hours)", "(%)". */
export function unitHeading(unit: MetricUnit, currency: string): string {
  switch (unit) {
    case "money":
      return `(${currency})`;
    case "minutes":
      return "(hours)";
    case "share":
      return "(%)";
    case "rating":
      return "(1–5)";
    case "days":
      return "(days)";
    case "count":
      return "";
  }
}

export const headingWithUnit = (name: string, unit: MetricUnit, currency: string) => [name, unitHeading(unit, currency)].filter(Boolean).join(" ");

export interface Change {
  direction: "up" | "down" | "same" | "none";
  /** Whether the change is good news, by the metric's `better`. */
  tone: "good" | "bad" | "neutral";
  /** "Up 2.5 h (25%)", "Down 3 points", "No change", "Nothing to compare with". */
  text: string;
}

/**
 * The change from the previous period in words: its size in the figure's unit (a share's in
 * percentage points, since a percentage of a percentage misleads), and relative to the
 * previous value when there was one to divide by.
 */
export function describeChange(unit: MetricUnit, better: "higher" | "lower" | null, value: number | null, previous: number | null, currency: string): Change {
  if (value === null || previous === null) return { direction: "none", tone: "neutral", text: "Nothing to compare with" };
  const delta = value - previous;
  if (delta === 0) return { direction: "same", tone: "neutral", text: "No change" };
  const points = oneDecimal(Math.abs(delta) * 100);
  const size = unit === "share" ? `${grouped(points)} ${points === 1 ? "point" : "points"}` : formatValue(unit, Math.abs(delta), currency);
  if (displayNumber(unit, Math.abs(delta), currency) === 0) return { direction: "same", tone: "neutral", text: "About the same" };
  const direction = delta > 0 ? "up" : "down";
  // A percentage past ten is read whole ("623%", not "623.4%").
  const percent = (Math.abs(delta) / Math.abs(previous)) * 100;
  const relative = unit !== "share" && previous !== 0 ? ` (${percent >= 10 ? Math.round(percent).toLocaleString("en") : grouped(percent)}%)` : "";
  const tone = better === null ? "neutral" : (direction === "up") === (better === "higher") ? "good" : "bad";
  return { direction, tone, text: `${direction === "up" ? "Up" : "Down"} ${size}${relative}` };
}

/** A cell of the rows behind a figure, by its column's unit: days as "12 Nov 2026", text as it is, "–" for nothing. */
export function formatCell(column: Pick<RowColumn, "unit">, value: string | number | null, currency: string, formatDay: (day: string) => string): string {
  if (value === null || value === "") return "–";
  if (column.unit === "text") return String(value);
  if (column.unit === "date") return typeof value === "string" ? formatDay(value) : String(value);
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? formatValue(column.unit, number, currency) : String(value);
}
