import { BarChart, LineChart } from "@mantine/charts";
// Only the analytics screens load this module (lazily), so only they carry the charts' styles.
import "@mantine/charts/styles.css";
import { Box } from "@mantine/core";
import type { Chart, MetricUnit } from "../../../../shared/schemas/analytics.ts";
import { chartData, seriesKey } from "../chart-table.ts";

/** A number already in the unit shown (chart-table.ts), written with that unit for the axis and tooltip. */
function axisFormatter(unit: MetricUnit | null, currency: string): (value: number) => string {
  const number = new Intl.NumberFormat("en", { maximumFractionDigits: 1 });
  switch (unit) {
    case "money":
      return (value) => new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: Math.abs(value) >= 100 ? 0 : 2 }).format(value);
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

/** The series' colours: the figure's own in blue, the previous period beside it in grey. */
const colourOf = (name: string, index: number) =>
  name === "Previous period" ? "gray.5" : (["blue.6", "teal.7", "grape.6", "orange.7"][index % 4] ?? "blue.6");

/**
 * A figure's chart: bars for things compared (lying down, so that long names fit a phone),
 * a line for periods in order. The picture is one image to assistive technology, named for what
 * it shows; its numbers are the card's table view, which the name points to.
 */
export function FigureChart({ chart, currency, label }: { chart: Chart; currency: string; label: string }) {
  const data = chartData(chart, currency);
  const units = new Set(chart.series.map((series) => series.unit));
  const format = axisFormatter(units.size === 1 ? chart.series[0]!.unit : null, currency);
  const series = chart.series.map((entry, index) => ({ name: seriesKey(index), label: entry.name, color: colourOf(entry.name, index) }));
  const withLegend = series.length > 1;
  const name = `${chart.kind === "time" ? "Line" : "Bar"} chart of ${label}. Choose Table to read its numbers.`;

  if (chart.kind === "category") {
    const height = Math.max(140, data.length * (18 * series.length + 14) + (withLegend ? 70 : 40));
    return (
      <Box role="img" aria-label={name}>
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
          xAxisProps={{ tickCount: 4 }}
          accessibilityLayer={false}
          maxBarWidth={22}
        />
      </Box>
    );
  }
  return (
    <Box role="img" aria-label={name}>
      <LineChart
        h={220}
        data={data}
        dataKey="label"
        series={series}
        curveType="linear"
        valueFormatter={format}
        withLegend={withLegend}
        legendProps={{ verticalAlign: "bottom" }}
        withDots={data.length <= 16}
        connectNulls={false}
        yAxisProps={{ width: 56 }}
        xAxisProps={{ minTickGap: 16 }}
        accessibilityLayer={false}
      />
    </Box>
  );
}
