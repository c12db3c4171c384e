import { Alert, Button, Center, Group, Loader, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { UseInfiniteQueryResult, InfiniteData } from "@tanstack/react-query";
import { isMemberRole, ROLE_LABELS } from "../../../shared/roles.ts";
import type { AccessLog, AccessLogEntry } from "../../../shared/schemas/students.ts";
import { useDateTime } from "../../features/session/display-time-zone.ts";
import { formatInstant } from "../../lib/date-time.ts";

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
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
  // The zone given, or the display zone (the viewer's, or the workspace's by their choice).
  const shown = useDateTime();

  if (state === "loading") {
    return (
      <Center py="lg" role="status" aria-label="Loading the access log">
        <Loader size="sm" aria-hidden="true" />
      </Center>
    );
  }
  if (state === "error") {
    return (
      <Alert color="red" title="Could not load the access log" role="alert">
        {error?.message ?? "Something went wrong."}{" "}
        {onRetry ? (
          <Button size="compact-sm" variant="light" color="red" ml="sm" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Alert>
    );
  }
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        {emptyMessage}
      </Text>
    );
  }

  const zone = timeZone ?? shown.timeZone;
  const zoneNote = `Times in ${zone}.`;

  return (
    <Stack gap="sm">
      {wide ? (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped captionSide="top">
            <Table.Caption style={{ textAlign: "left", marginTop: 0 }}>Newest first. {zoneNote}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={190}>
                  When
                </Table.Th>
                <Table.Th scope="col" miw={150}>
                  Who
                </Table.Th>
                <Table.Th scope="col" w={110}>
                  Role
                </Table.Th>
                <Table.Th scope="col">What</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <time dateTime={entry.at}>{formatInstant(entry.at, zone)}</time>
                  </Table.Td>
                  <Table.Td>{entry.actorName ?? "Unknown"}</Table.Td>
                  <Table.Td>{roleLabel(entry.actorRole)}</Table.Td>
                  <Table.Td>{whatWasDone(entry)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Newest first. {zoneNote}
          </Text>
          <Stack component="ul" gap="xs" aria-label="Access log" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {entries.map((entry) => (
              <Paper component="li" key={entry.id} withBorder p="sm" radius="sm">
                <Text size="sm" fw={600}>
                  {whatWasDone(entry)}
                </Text>
                <Text size="sm" c="dimmed">
                  {entry.actorName ?? "Unknown"} · {roleLabel(entry.actorRole)} · <time dateTime={entry.at}>{formatInstant(entry.at, zone)}</time>
                </Text>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {error ? (
        <Text size="sm" c="red.9" role="alert">
          Could not load more entries: {error.message}
        </Text>
      ) : null}
      {hasMore ? (
        <Group>
          <Button variant="default" size="sm" onClick={onLoadMore} loading={loadingMore}>
            Load more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
