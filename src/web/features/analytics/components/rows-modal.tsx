import { Anchor, Modal, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { Figure, MetricRow } from "../../../../shared/schemas/analytics.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { formatDay } from "../../../lib/format-time.ts";
import { ROWS_PAGE_SIZE, useFigureRows, type AnalyticsTarget, type FigureFilters } from "../api.ts";
import { describeRange, type DayRange } from "../date-range.ts";
import { formatCell } from "../format.ts";
import { recordHref } from "../record-links.ts";

interface Props {
  target: AnalyticsTarget;
  figure: Figure;
  range: DayRange;
  filters: FigureFilters;
  opened: boolean;
  onClose: () => void;
}

type Row = MetricRow & { index: number };

/**
 * The records behind a figure ("show me the rows"), a page of 20 at a time: the definition,
 * the rows with the first cell linking to the record in the viewer's area, and a switch to the
 * previous period's rows (what the comparison counted).
 */
export function RowsModal({ target, figure, range, filters, opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={`The rows behind "${figure.name}"`} size="70rem" centered>
      {opened ? <RowsBody target={target} figure={figure} range={range} filters={filters} /> : null}
    </Modal>
  );
}

function RowsBody({ target, figure, range, filters }: Omit<Props, "opened" | "onClose">) {
  const [previous, setPrevious] = useState(false);
  const [page, setPage] = useState(1);
  const rows = useFigureRows(target, figure.key, range, filters, page, previous);
  const period = previous ? figure.previousPeriod : figure.period;
  const data = rows.data;
  const columns: DataColumn<Row>[] = (data?.columns ?? []).map((column, index) => ({
    header: column.label,
    rowHeader: index === 0,
    nowrap: column.unit !== "text",
    align: column.unit === "text" || column.unit === "date" ? "left" : "right",
    cell: (row) => {
      const text = formatCell(column, row.cells[column.key] ?? null, data?.currency ?? figure.currency, formatDay);
      const href = index === 0 ? recordHref(target.area, row.record) : null;
      return href ? (
        <Anchor component={Link} to={href} inherit>
          {text}
        </Anchor>
      ) : (
        text
      );
    },
  }));
  const items: Row[] = (data?.rows ?? []).map((row, index) => ({ ...row, index }));
  // A click anywhere on a row opens its record only when every row has one to open.
  const linked = items.length > 0 && items.every((row) => recordHref(target.area, row.record) !== null);

  return (
    <Stack gap="md">
      <Text size="sm">{figure.definition}</Text>
      <Switch
        label={`The previous period's rows (${describeRange(figure.previousPeriod)})`}
        checked={previous}
        onChange={(event) => {
          setPrevious(event.currentTarget.checked);
          setPage(1);
        }}
      />
      <DataTable
        rows={items}
        columns={columns}
        rowKey={(row) => `${row.record?.kind ?? "row"}-${row.record?.id ?? ""}-${row.index}`}
        caption={`${figure.name}: the rows of ${describeRange(period)}`}
        captionSide="top"
        listLabel={`Rows of ${describeRange(period)}`}
        stateLabel="the rows"
        minWidth={Math.max(360, columns.length * 130)}
        loading={rows.isPending}
        error={rows.error}
        onRetry={() => void rows.refetch()}
        busy={rows.isPlaceholderData}
        rowHref={linked ? (row) => recordHref(target.area, row.record) ?? "" : undefined}
        spacing="xs"
        empty={
          <Text c="dimmed" py="md">
            No rows in {describeRange(period)}.
          </Text>
        }
      />
      {data && data.total > 0 ? <ListPager page={data.page} pageSize={ROWS_PAGE_SIZE} total={data.total} noun={["row", "rows"]} onPage={setPage} /> : null}
    </Stack>
  );
}
