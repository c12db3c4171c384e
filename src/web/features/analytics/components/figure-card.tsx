import { ActionIcon, Box, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight, IconDownload, IconInfoCircle, IconListDetails } from "@tabler/icons-react";
import { lazy, Suspense, useId, useState } from "react";
import type { Figure, MetricFilter, MetricInfo } from "../../../../shared/schemas/analytics.ts";
import { DataTable } from "../../../components/data/data-table.tsx";
import { ErrorState, LoadingState } from "../../../components/ui/query-state.tsx";
import { useFigure, type AnalyticsTarget, type FigureFilters } from "../api.ts";
import { chartHasData, chartTable, csvFileName, tableCsv, zeroIsCounted } from "../chart-table.ts";
import { describeRange, type DayRange } from "../date-range.ts";
import { describeChange, formatValue, type Change } from "../format.ts";
import { RowsModal } from "./rows-modal.tsx";

// The charts library is most of the analytics screens' code: the figures' values, changes and
// tables are shown while it loads.
const FigureChart = lazy(() => import("./figure-chart.tsx").then((module) => ({ default: module.FigureChart })));

// teal.9 and red.9: green.9 is 4.4:1 on white, short of AA's 4.5:1 for this size.
const TONE_COLOUR: Record<Change["tone"], string> = { good: "teal", bad: "red", neutral: "dimmed" };
const FILTER_WORDS: Record<MetricFilter, string> = { tutor: "tutor", subject: "subject", student: "student" };

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The filters set that this figure does not honour: it then counts more than they say. */
function ignoredFilters(metric: MetricInfo, filters: FigureFilters): string[] {
  const set: [MetricFilter, string | null][] = [
    ["tutor", filters.tutorId],
    ["subject", filters.subject],
    ["student", filters.studentId],
  ];
  return set.filter(([filter, value]) => value !== null && !metric.filters.includes(filter)).map(([filter]) => FILTER_WORDS[filter]);
}

function ChangeLine({ figure }: { figure: Figure }) {
  const change = describeChange(figure.unit, figure.better, figure.value, figure.previous, figure.currency);
  const Icon = change.direction === "up" ? IconArrowUpRight : change.direction === "down" ? IconArrowDownRight : IconArrowRight;
  const verdict = change.tone === "good" ? ", better" : change.tone === "bad" ? ", worse" : "";
  return (
    <Stack gap={2}>
      <Group gap={4} wrap="nowrap" c={TONE_COLOUR[change.tone]}>
        {change.direction === "none" ? null : <Icon size={18} aria-hidden="true" style={{ flex: "none" }} />}
        <Text size="sm" fw={600} c={TONE_COLOUR[change.tone]}>
          {change.text}
          {verdict}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        Previous period, {describeRange(figure.previousPeriod)}: {formatValue(figure.unit, figure.previous, figure.currency)}
      </Text>
    </Stack>
  );
}

function FigureBody({
  figure,
  metric,
  target,
  range,
  filters,
}: {
  figure: Figure;
  metric: MetricInfo;
  target: AnalyticsTarget;
  range: DayRange;
  filters: FigureFilters;
}) {
  const [view, setView] = useState<"chart" | "table">("chart");
  const [rowsOpen, setRowsOpen] = useState(false);
  const ignored = ignoredFilters(metric, filters);
  const chart = chartHasData(figure.chart) ? figure.chart : null;
  // Nothing counted at all is said plainly; a value without a breakdown simply has no chart.
  const nothing = !chart && (figure.value === null || (figure.value === 0 && !zeroIsCounted(figure.unit)));
  const table = chart ? chartTable(chart, figure.currency) : null;
  const period = describeRange(figure.period);

  return (
    <Stack gap="sm">
      <Text fz={32} fw={700} lh={1.1}>
        {formatValue(figure.unit, figure.value, figure.currency)}
      </Text>
      <ChangeLine figure={figure} />
      {ignored.length ? (
        <Text size="sm" c="dimmed">
          Not narrowed by {ignored.join(" or ")}: this figure counts every one.
        </Text>
      ) : null}
      {chart && table ? (
        <>
          <SegmentedControl
            aria-label={`Show "${figure.name}" as`}
            size="xs"
            value={view}
            onChange={(value) => setView(value as "chart" | "table")}
            data={[
              { value: "chart", label: "Chart" },
              { value: "table", label: "Table" },
            ]}
            style={{ alignSelf: "flex-start" }}
          />
          {view === "chart" ? (
            <Suspense fallback={<LoadingState label={`the chart of ${figure.name}`} />}>
              <FigureChart chart={chart} currency={figure.currency} label={`${figure.name}, ${period}`} />
            </Suspense>
          ) : (
            <DataTable<string[]>
              rows={table.rows}
              rowKey={(row) => row[0] ?? ""}
              columns={table.headings.map((heading, index) => ({
                header: heading,
                rowHeader: index === 0,
                align: index === 0 ? "left" : "right",
                nowrap: index > 0,
                cell: (row) => row[index] || "–",
              }))}
              caption={`${figure.name}, ${period}, by ${chart.labelHeading.toLowerCase()}`}
              captionSide="top"
              listLabel={`${figure.name} by ${chart.labelHeading.toLowerCase()}`}
              minWidth={Math.max(280, table.headings.length * 140)}
              stackBelow="48em"
              spacing="xs"
            />
          )}
        </>
      ) : nothing ? (
        <Text size="sm" py="sm">
          No data for {period}: nothing was counted in this range.
        </Text>
      ) : null}
      <Group gap="xs">
        {chart && table ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => download(tableCsv(table), csvFileName(figure.key, figure.period))}
            aria-label={`Export "${figure.name}" as CSV`}
          >
            Export CSV
          </Button>
        ) : null}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconListDetails size={16} aria-hidden="true" />}
          onClick={() => setRowsOpen(true)}
          aria-label={`Show the rows behind "${figure.name}"`}
        >
          Show rows
        </Button>
      </Group>
      <RowsModal target={target} figure={figure} range={range} filters={filters} opened={rowsOpen} onClose={() => setRowsOpen(false)} />
    </Stack>
  );
}

/**
 * One figure of the registry: its name and definition, its value for the range compared with
 * the period before, its chart or the same numbers as a table, the CSV of them, and the rows
 * behind it. Each card reads its own figure, with its own loading and error states.
 */
export function FigureCard({ target, metric, range, filters }: { target: AnalyticsTarget; metric: MetricInfo; range: DayRange; filters: FigureFilters }) {
  const headingId = useId();
  const definitionId = useId();
  const [about, setAbout] = useState(false);
  const figure = useFigure(target, metric.key, range, filters);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId} miw={0}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {metric.name}
          </Title>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => setAbout((open) => !open)}
            aria-expanded={about}
            aria-controls={definitionId}
            aria-label={`What "${metric.name}" counts`}
          >
            <IconInfoCircle size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
        {/* Shown at once rather than through Collapse: the area layout's chunk holds Collapse, and
            importing it here split it into a chunk of its own that every area page then loaded. */}
        <Box id={definitionId} hidden={!about}>
          <Text size="sm" c="dimmed">
            {metric.definition}
          </Text>
        </Box>
        {figure.isPending ? (
          <LoadingState label={metric.name} />
        ) : figure.isError ? (
          <ErrorState label={metric.name} message={figure.error.message} onRetry={() => void figure.refetch()} />
        ) : (
          <Box aria-busy={figure.isPlaceholderData || undefined} style={figure.isPlaceholderData ? { opacity: 0.6 } : undefined}>
            <FigureBody figure={figure.data} metric={metric} target={target} range={range} filters={filters} />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
