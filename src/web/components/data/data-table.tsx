import { Box, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowDown, IconArrowUp, IconArrowsSort } from "@tabler/icons-react";
import { useId, useState, type CSSProperties, type ReactNode } from "react";
import { ErrorState, LoadingState } from "../ui/query-state.tsx";
import classes from "./data-table.module.css";
import { useRowLink } from "./row-link.ts";
import { useScrollsSideways } from "./use-scrolls-sideways.ts";

/** One column of a DataTable: its header, what each row shows in it, and how it is laid out. */
export interface DataColumn<Row> {
  /** The column's name: its header, and the label of the value in a stacked row. */
  header: string;
  /** A header for screen readers only (an actions column, a badge that says itself). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row (a row header, `<th scope="row">`): one column at most. */
  rowHeader?: boolean;
  /** Rows can be ordered by this column: its header becomes a button (ascending, then descending). */
  sort?: (a: Row, b: Row) => number;
  width?: number;
  minWidth?: number;
  maxWidth?: number;
  /** Keeps the cell on one line (dates, amounts). */
  nowrap?: boolean;
  align?: "left" | "right";
}

export interface DataTableProps<Row> {
  rows: readonly Row[];
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Says what the table holds; on a phone, a visible caption is shown above the stacked rows. */
  caption?: ReactNode;
  /** The caption is for screen readers only (the page's header already says it on screen). */
  captionHidden?: boolean;
  captionSide?: "top" | "bottom";
  /** Names a table that has no caption. */
  "aria-label"?: string;
  /** Names the list the rows become on a phone. */
  listLabel: string;
  /** A row stacked on a phone; without it, each column's value under its header. */
  card?: (row: Row) => ReactNode;
  /** Narrower than this (px), the table scrolls inside its own container, never the page. */
  minWidth: number;
  /** The screen width below which rows are stacked rather than a table. */
  stackBelow?: "48em" | "62em";
  /** Where a click anywhere on a row leads (the row header's link does it for the keyboard). */
  rowHref?: (row: Row) => string;
  /** Rows being replaced (a new page or filter on its way): dimmed and marked busy. */
  busy?: boolean;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  /** The rows are on their way, or could not be loaded: `stateLabel` names them ("the access log"). */
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  stateLabel?: string;
  spacing?: "xs" | "sm";
  striped?: boolean;
  highlightOnHover?: boolean;
}

type SortOrder = { column: number; direction: "ascending" | "descending" } | null;

/**
 * The one way a list of records is shown: a table on wide screens (scrolling inside its
 * container when the screen is narrower than the table), stacked rows on phones (one layout is
 * rendered, so each control exists once), and the loading, error and empty states.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, columns, loading = false, error = null, onRetry, stateLabel = props.listLabel.toLowerCase(), empty, stackBelow = "62em" } = props;
  const wide = useMediaQuery(`(min-width: ${stackBelow})`, true, { getInitialValueInEffect: false });
  const [order, setOrder] = useState<SortOrder>(null);

  if (loading) return <LoadingState label={stateLabel} />;
  if (error && rows.length === 0) return <ErrorState label={stateLabel} message={error.message} onRetry={onRetry} />;
  if (rows.length === 0) return <>{empty ?? null}</>;

  const sortBy = order ? columns[order.column]?.sort : undefined;
  const sorted = sortBy && order ? [...rows].sort((a, b) => (order.direction === "ascending" ? sortBy(a, b) : sortBy(b, a))) : rows;
  const toggle = (column: number) =>
    setOrder((current) => ({ column, direction: current?.column === column && current.direction === "ascending" ? "descending" : "ascending" }));

  return wide ? <WideTable {...props} rows={sorted} order={order} onSort={toggle} /> : <StackedRows {...props} rows={sorted} />;
}

function WideTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  captionHidden = false,
  captionSide = "bottom",
  "aria-label": ariaLabel,
  listLabel,
  minWidth,
  rowHref,
  busy = false,
  spacing = "sm",
  striped = false,
  highlightOnHover = false,
  order,
  onSort,
}: DataTableProps<Row> & { order: SortOrder; onSort: (column: number) => void }) {
  const openRow = useRowLink((row: Row) => rowHref?.(row) ?? "");
  const captionId = useId();
  const [scrollerRef, scrolls] = useScrollsSideways<HTMLDivElement>();
  // A box that scrolls is a stop of the keyboard's, so that its arrow keys can scroll it, named for its table.
  const scrollable = scrolls
    ? { tabIndex: 0, role: "region", "aria-labelledby": caption ? captionId : undefined, "aria-label": caption ? undefined : (ariaLabel ?? listLabel) }
    : {};
  return (
    <div ref={scrollerRef} className={`${classes.scroller} mantine-focus-auto`} data-scrolls={scrolls || undefined} {...scrollable}>
      <table
        className={classes.table}
        data-spacing={spacing}
        data-caption-side={captionSide}
        data-striped={striped || undefined}
        data-highlight-on-hover={highlightOnHover || undefined}
        aria-label={ariaLabel}
        aria-busy={busy || undefined}
        style={{ "--data-table-min-width": `${minWidth}px`, ...(busy ? { opacity: 0.6 } : {}) } as CSSProperties}
      >
        {caption ? (
          <caption id={captionId} className={classes.caption}>
            {captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}
          </caption>
        ) : null}
        <thead>
          <tr className={classes.row}>
            {columns.map((column, index) => (
              <th
                key={column.header}
                scope="col"
                className={classes.cell}
                style={{ width: column.width, minWidth: column.minWidth, textAlign: column.align }}
                aria-sort={column.sort ? (order?.column === index ? order.direction : "none") : undefined}
              >
                <ColumnHeader column={column} direction={order?.column === index ? order.direction : null} onSort={() => onSort(index)} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={classes.body}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={classes.row} onClick={rowHref ? openRow(row) : undefined} style={rowHref ? { cursor: "pointer" } : undefined}>
              {columns.map((column) => {
                const style = { maxWidth: column.maxWidth, textAlign: column.align, whiteSpace: column.nowrap ? "nowrap" : undefined } as const;
                return column.rowHeader ? (
                  <th key={column.header} scope="row" className={classes.cell} style={{ ...style, fontWeight: 600 }}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={classes.cell} style={style}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ColumnHeader<Row>({ column, direction, onSort }: { column: DataColumn<Row>; direction: "ascending" | "descending" | null; onSort: () => void }) {
  if (column.headerHidden) return <VisuallyHidden>{column.header}</VisuallyHidden>;
  if (!column.sort) return <>{column.header}</>;
  const Icon = direction === "ascending" ? IconArrowUp : direction === "descending" ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton onClick={onSort} fw="inherit" fz="inherit" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
      {column.header}
      <Icon size={14} aria-hidden="true" />
    </UnstyledButton>
  );
}

function StackedRows<Row>({ rows, columns, rowKey, caption, captionHidden = false, listLabel, card, busy = false, spacing = "sm" }: DataTableProps<Row>) {
  return (
    <Stack gap="sm">
      {caption && !captionHidden ? (
        <Text size="sm" c="dimmed">
          {caption}
        </Text>
      ) : null}
      <Stack
        component="ul"
        gap={spacing}
        aria-label={listLabel}
        aria-busy={busy || undefined}
        style={{ listStyle: "none", padding: 0, margin: 0, opacity: busy ? 0.6 : 1 }}
      >
        {rows.map((row) => (
          <Paper component="li" key={rowKey(row)} withBorder p={spacing === "xs" ? "sm" : "md"} radius="md">
            {card ? card(row) : <ColumnValues row={row} columns={columns} />}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** A row without a card of its own: the row header first, then each value under its column's name. */
function ColumnValues<Row>({ row, columns }: { row: Row; columns: readonly DataColumn<Row>[] }) {
  return (
    <Stack gap={2}>
      {columns.map((column) => (
        <Box key={column.header} fz="sm" fw={column.rowHeader ? 600 : undefined} style={{ overflowWrap: "anywhere" }}>
          {column.rowHeader || column.headerHidden ? null : (
            <Text span fw={600} size="sm">
              {column.header}:{" "}
            </Text>
          )}
          {column.cell(row)}
        </Box>
      ))}
    </Stack>
  );
}
