import { Button, Group, Stack, Text } from "@mantine/core";
import type { UseInfiniteQueryResult, InfiniteData } from "@tanstack/react-query";
import { isMemberRole, ROLE_LABELS } from "../../../shared/roles.ts";
import type { AccessLog, AccessLogEntry } from "../../../shared/schemas/students.ts";
import { useDateTime } from "../../features/session/display-time-zone.ts";
import { formatInstant } from "../../lib/format-time.ts";
import { DataTable, type DataColumn } from "../data/data-table.tsx";

/**
 * A student record's access log (who read or changed it, and when): a table on wide screens,
 * a list on narrow ones, with loading, empty and error states and "Load more". Presentational:
 * the caller owns the data (see accessLogTableProps for a TanStack infinite query).
 */
export interface AccessLogTableProps {
  entries: readonly AccessLogEntry[];
  state: "loading" | "error" | "ready";
  /** Shown in the error state, or under the entries when loading more failed. */
  error?: Error | null;
  onRetry?: () => void;
  hasMore: boolean;
  onLoadMore: () => void;
  loadingMore?: boolean;
  /** IANA zone the times are shown in (the workspace's); the browser's when absent. */
  timeZone?: string | undefined;
  /** Said when there are no entries. */
  emptyMessage?: string;
}

/** The props of an AccessLogTable fed by a useInfiniteQuery of access-log pages. */
export function accessLogTableProps(query: UseInfiniteQueryResult<InfiniteData<AccessLog, unknown>>): Omit<AccessLogTableProps, "timeZone" | "emptyMessage"> {
  return {
    entries: query.data?.pages.flatMap((page) => page.items) ?? [],
    state: query.isPending ? "loading" : query.isError && !query.data ? "error" : "ready",
    error: query.error,
    onRetry: () => void query.refetch(),
    hasMore: query.hasNextPage,
    onLoadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
  };
}

/**
 * What was done, without the actor's name that the audit description starts with (the Who
 * column says who): "Ada Admin changed goals, notes" → "Changed goals, notes".
 */
export function whatWasDone(entry: Pick<AccessLogEntry, "actorName" | "description">): string {
  const { actorName, description } = entry;
  if (!actorName || !description.startsWith(`${actorName} `)) return description;
  const rest = description.slice(actorName.length + 1);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

function roleLabel(role: string | null): string {
  if (!role) return "—";
  if (isMemberRole(role)) return ROLE_LABELS[role];
  return role.charAt(0).toUpperCase() + role.slice(1);
}

export function AccessLogTable({
  entries,
  state,
  error,
  onRetry,
  hasMore,
  onLoadMore,
  loadingMore = false,
  timeZone,
  emptyMessage = "No one has opened or changed this record yet.",
}: AccessLogTableProps) {
  // The zone given, or the display zone (the viewer's, or the workspace's by their choice).
  const shown = useDateTime();
  const zone = timeZone ?? shown.timeZone;
  const when = (entry: AccessLogEntry) => <time dateTime={entry.at}>{formatInstant(entry.at, zone)}</time>;
  const columns: DataColumn<AccessLogEntry>[] = [
    { header: "When", width: 190, nowrap: true, cell: when },
    { header: "Who", minWidth: 150, cell: (entry) => entry.actorName ?? "Unknown" },
    { header: "Role", width: 110, cell: (entry) => roleLabel(entry.actorRole) },
    { header: "What", cell: whatWasDone },
  ];

  return (
    <Stack gap="sm">
      <DataTable
        rows={entries}
        columns={columns}
        rowKey={(entry) => entry.id}
        caption={`Newest first. Times in ${zone}.`}
        captionSide="top"
        listLabel="Access log"
        stateLabel="the access log"
        loading={state === "loading"}
        error={state === "error" ? (error ?? new Error("Something went wrong.")) : null}
        onRetry={onRetry}
        card={(entry) => (
          <>
            <Text size="sm" fw={600}>
              {whatWasDone(entry)}
            </Text>
            <Text size="sm" c="dimmed">
              {entry.actorName ?? "Unknown"} · {roleLabel(entry.actorRole)} · {when(entry)}
            </Text>
          </>
        )}
        minWidth={560}
        stackBelow="48em"
        spacing="xs"
        striped
        empty={
          <Text size="sm" c="dimmed" py="sm">
            {emptyMessage}
          </Text>
        }
      />
      {error && state === "ready" && entries.length > 0 ? (
        <Text size="sm" c="red" role="alert">
          Could not load more entries: {error.message}
        </Text>
      ) : null}
      {hasMore && state === "ready" && entries.length > 0 ? (
        <Group>
          <Button variant="default" size="sm" onClick={onLoadMore} loading={loadingMore}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
