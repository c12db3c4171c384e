import { Group, Pagination, Text } from "@mantine/core";

const CONTROL_LABELS = { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" } as const;

/**
 * "Showing 26–50 of 132 students" (or "No students"). When the server stopped counting
 * (`totalIsAtLeast`: `total` is one past what it counted), "of more than 1000 leads".
 */
export function describeRange(
  page: number,
  pageSize: number,
  total: number,
  [one, many]: readonly [one: string, many: string],
  totalIsAtLeast = false,
): string {
  if (total === 0) return `No ${many}`;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  if (totalIsAtLeast) return `Showing ${first}–${last} of more than ${total - 1} ${many}`;
  return `Showing ${first}–${last} of ${total} ${total === 1 ? one : many}`;
}

/**
 * The pages of a server-paginated list: which rows are shown (a live status, unless the list's
 * caption already says it) and the page buttons, in a navigation landmark named for the list
 * ("Pages of students"). The buttons are left out when one page holds everything.
 */
export function ListPager({
  page,
  pageSize,
  total,
  totalIsAtLeast = false,
  noun,
  onPage,
  withSummary = true,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** Whether `total` is only a lower bound (the server counts a long list up to a limit). */
  totalIsAtLeast?: boolean;
  /** What the rows are: ["student", "students"]. */
  noun: readonly [one: string, many: string];
  onPage: (page: number) => void;
  withSummary?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (!withSummary && pages === 1) return null;
  return (
    <Group justify="space-between" gap="sm" mt="md">
      {withSummary ? (
        <Text size="sm" c="dimmed" role="status">
          {describeRange(page, pageSize, total, noun, totalIsAtLeast)}
        </Text>
      ) : null}
      {pages > 1 ? (
        <nav aria-label={`Pages of ${noun[1]}`}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            size="sm"
            siblings={1}
            getItemProps={(item) => ({ "aria-label": `Page ${item}`, ...(item === page ? { "aria-current": "page" } : {}) })}
            getControlProps={(control) => ({ "aria-label": CONTROL_LABELS[control] })}
          />
        </nav>
      ) : null}
    </Group>
  );
}
