import { BarChart, LineChart } from "@mantine/charts";
// Only the analytics screens load this module (lazily), so only they carry the charts' styles.
import "@mantine/charts/styles.css";
import { Box } from "@mantine/core";
import type { Chart, MetricUnit } from "../../../../shared/schemas/analytics.ts";
import { chartData, seriesKey } from "../chart-table.ts";

/** A number already in the unit shown (chart-table.ts), written with that unit for the axis and tooltip. */
function axisFormatter(unit: MetricUnit | null, currency: string): (value: number) => string {
  // Two decimals: an axis may step by a quarter hour.
  const number = new Intl.NumberFormat("en", { maximumFractionDigits: 2 });
  switch (unit) {
    case "money":
      return (value) =>
        new Intl.NumberFormat("en", {
          style: "currency",
          currency,
          minimumFractionDigits: 0,
          maximumFractionDigits: Number.isInteger(value) || Math.abs(value) >= 100 ? 0 : 2,
        }).format(value);
    case "minutes":
      return (value) => `${number.format(value)} h`;
    case "share":
      return (value) => `${number.format(value)}%`;
    case "rating":
      return (value) => value.toFixed(1);
    case "days":
      return (value) => `${number.format(value)} d`;
    default:
      return (value) => number.format(value);
  }
}

const ADDED_UP = new Set<MetricUnit>(["money", "minutes", "count"]);

/** The value axis of a unit: whole counts, a rating from 1 to 5, a share from 0 to at least 100%. */
function valueAxisOf(unit: MetricUnit | null): { domain?: [number, number | ((max: number) => number)]; ticks?: number[]; allowDecimals?: boolean } {
  if (unit === "count") return { allowDecimals: false };
  if (unit === "rating") return { domain: [1, 5], ticks: [1, 2, 3, 4, 5] };
  if (unit === "share") return { domain: [0, (max: number) => Math.max(100, Math.ceil(max / 10) * 10)] };
  return {};
}

/** The series' colours: the figure's own in blue, the previous period beside it in grey. */
const colourOf = (name: string, index: number) =>
  name === "Previous period" ? "gray.5" : (["blue.6", "teal.7", "grape.6", "orange.7"][index % 4] ?? "blue.6");

/**
 * A figure's chart: bars for things compared (lying down, so that long names fit a phone);
 * for periods in order, bars of what was added up in each or a line of a rate. The picture is one image to assistive technology, named for what
 * it shows; its numbers are the card's table view, which the name points to.
 */
export function FigureChart({ chart, currency, label }: { chart: Chart; currency: string; label: string }) {
  const data = chartData(chart, currency);
  const units = new Set(chart.series.map((series) => series.unit));
  const unit = units.size === 1 ? chart.series[0]!.unit : null;
  const format = axisFormatter(unit, currency);
  const valueAxis = valueAxisOf(unit);
  const series = chart.series.map((entry, index) => ({ name: seriesKey(index), label: entry.name, color: colourOf(entry.name, index) }));
  const withLegend = series.length > 1;
  const name = (shape: "Bar" | "Line") => `${shape} chart of ${label}. Choose Table to read its numbers.`;

  if (chart.kind === "category") {
    const height = Math.max(140, data.length * (18 * series.length + 14) + (withLegend ? 70 : 40));
    return (
      <Box role="img" aria-label={name("Bar")}>
        <BarChart
          h={height}
          data={data}
          dataKey="label"
          series={series}
          orientation="vertical"
          valueFormatter={format}
          withLegend={withLegend}
          legendProps={{ verticalAlign: "bottom" }}
          gridAxis="x"
          yAxisProps={{ width: 104, interval: 0 }}
          xAxisProps={{ tickCount: 4, ...valueAxis }}
          accessibilityLayer={false}
          maxBarWidth={22}
        />
      </Box>
    );
  }
  // Amounts added up per step (money, hours, counts) are bars: a step with none is simply no
  // bar. Rates (a share, a rating, days) are a line, broken where a step has nothing to rate.
  if (chart.series.every((entry) => ADDED_UP.has(entry.unit))) {
    return (
      <Box role="img" aria-label={name("Bar")}>
        <BarChart
          h={220}
          data={data}
          dataKey="label"
          series={series}
          valueFormatter={format}
          withLegend={withLegend}
          legendProps={{ verticalAlign: "bottom" }}
          yAxisProps={{ width: 64, ...valueAxis }}
          xAxisProps={{ minTickGap: 12 }}
          accessibilityLayer={false}
          maxBarWidth={24}
        />
      </Box>
    );
  }
  return (
    <Box role="img" aria-label={name("Line")}>
      <LineChart
        h={220}
        data={data}
        dataKey="label"
        series={series}
        curveType="linear"
        valueFormatter={format}
        withLegend={withLegend}
        legendProps={{ verticalAlign: "bottom" }}
        // A step without sessions has no value (not zero): the line runs on past it to the next
        // value, so a trend reads across quiet weeks, and a dot marks each step that has one.
        withDots
        dotProps={{ r: 3 }}
        connectNulls
        yAxisProps={{ width: 56, ...valueAxis }}
        xAxisProps={{ minTickGap: 16 }}
        accessibilityLayer={false}
      />
    </Box>
  );
}
