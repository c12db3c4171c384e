/**
 * A figure's chart as a table of plain numbers: the label column and one column per series,
 * each heading naming its unit. The chart draws these numbers, the table beside it shows them
 * and "Export CSV" writes them, so the three always agree.
 */
import type { Chart, MetricUnit } from "../../../shared/schemas/analytics.ts";
import type { DayRange } from "./date-range.ts";
import { displayNumber, headingWithUnit, plainNumber } from "./format.ts";

export interface ChartTable {
  headings: string[];
  /** One row per label: the label, then each series' number ("" where it has none). */
  rows: string[][];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A time chart's label (the first day of its step, YYYY-MM-DD, or a month, YYYY-MM) in words:
 * "2 Nov 2026" or "2 Nov" for the chart's axis, "Nov 2026" for a month. Any other label (a
 * category's name) as it is.
 */
export function stepLabel(label: string, style: "long" | "short" = "long"): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(label);
  if (day) return `${Number(day[3])} ${MONTHS[Number(day[2]) - 1] ?? day[2]}${style === "long" ? ` ${day[1]}` : ""}`;
  const month = /^(\d{4})-(\d{2})$/.exec(label);
  if (month) return `${MONTHS[Number(month[2]) - 1] ?? month[2]} ${month[1]}`;
  return label;
}

const labelOf = (chart: Chart, label: string, style: "long" | "short") => (chart.kind === "time" ? stepLabel(label, style) : label);

export function chartTable(chart: Chart, currency: string): ChartTable {
  return {
    headings: [chart.labelHeading, ...chart.series.map((series) => headingWithUnit(series.name, series.unit, currency))],
    rows: chart.labels.map((label, index) => [
      labelOf(chart, label, "long"),
      ...chart.series.map((series) => plainNumber(series.unit, series.values[index] ?? null, currency)),
    ]),
  };
}

/** The chart's data as the charting library takes it: one object per label, a key per series, in the units shown. */
export function chartData(chart: Chart, currency: string): Record<string, string | number | null>[] {
  return chart.labels.map((label, index) => {
    const point: Record<string, string | number | null> = { label: labelOf(chart, label, "short") };
    chart.series.forEach((series, at) => {
      const value = series.values[index] ?? null;
      point[seriesKey(at)] = value === null ? null : displayNumber(series.unit, value, currency);
    });
    return point;
  });
}

/** A series' key in the chart's data (its name may hold any character). */
export const seriesKey = (index: number) => `s${index}`;

/** Whether a chart has anything to draw: some label with some value that is not nothing. */
export const chartHasData = (chart: Chart | null): chart is Chart =>
  chart !== null &&
  chart.labels.length > 0 &&
  chart.series.some((series) => series.values.some((value) => value !== null && (value !== 0 || zeroIsCounted(series.unit))));

/** A share or a rating of 0 was counted (none of one session's reports on time); a sum of 0 is nothing (the server sends null for a share of nothing). */
export const zeroIsCounted = (unit: MetricUnit): boolean => unit === "share" || unit === "rating";

/**
 * One CSV field as RFC 4180 writes it (quoted when it holds a quote, comma or line break, its
 * quotes doubled). A text that a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) gets a leading apostrophe: labels are names people typed. Numbers
 * are written as they are. The server's CSV files (src/server/core/csv.ts) follow the same rules.
 */
export function csvField(value: string, isNumber = false): string {
  let text = value;
  if (!isNumber && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Put first in the file: without it Excel reads UTF-8 names (Zoë, Łukasz) as Latin-1. */
const BYTE_ORDER_MARK = "\uFEFF";

/** The table as a CSV file's text: headings, then the rows, CRLF line ends. */
export function tableCsv(table: ChartTable): string {
  const lines = [
    table.headings.map((heading) => csvField(heading)),
    ...table.rows.map(([label = "", ...numbers]) => [csvField(label), ...numbers.map((n) => csvField(n, true))]),
  ];
  return BYTE_ORDER_MARK + lines.map((fields) => `${fields.join(",")}\r\n`).join("");
}

/** "glassroom-hours-by-tutor-2026-11-01-to-2026-11-27.csv". */
export const csvFileName = (metricKey: string, period: DayRange) => `glassroom-${metricKey.replace(/[^\w-]+/g, "-")}-${period.from}-to-${period.to}.csv`;
