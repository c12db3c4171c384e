import { Button, Center, EmptyState, Group, Stack, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { AuditEntry, AuditPage } from "../../../../shared/schemas/audit.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { actionLabel, roleLabel } from "../format.ts";

function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.actorName)
    return (
      <Text span size="sm">
        System
      </Text>
    );
  return (
    <>
      <Text span size="sm" fw={600}>
        {entry.actorName}
      </Text>
      {entry.actorRole ? (
        <Text span size="sm" c="dimmed">
          {" "}
          ({roleLabel(entry.actorRole)})
        </Text>
      ) : null}
    </>
  );
}

function AuditCard({ entry }: { entry: AuditEntry }) {
  const { instant } = useDateTime();
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {actionLabel(entry.action)}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={entry.at}>{instant(entry.at)}</time>
        </Text>
      </Group>
      <Text size="sm">{entry.description}</Text>
      <Text size="sm">
        <Who entry={entry} />
        {entry.studentName ? ` · ${entry.studentName}` : ""}
      </Text>
      {entry.ipAddress ? (
        <Text size="xs" c="dimmed">
          From {entry.ipAddress}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The entries loaded so far, newest first, and "Load more" while the server has older ones. */
export function AuditLog({ query, filtered }: { query: UseInfiniteQueryResult<InfiniteData<AuditPage>>; filtered: boolean }) {
  const { instant } = useDateTime();
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];
  const summary = `${entries.length} ${entries.length === 1 ? "entry" : "entries"} shown, newest first${query.hasNextPage ? "; older entries follow" : ""}.`;
  const columns: DataColumn<AuditEntry>[] = [
    { header: "When", nowrap: true, cell: (entry) => <time dateTime={entry.at}>{instant(entry.at)}</time> },
    { header: "Who", cell: (entry) => <Who entry={entry} /> },
    { header: "Action", cell: (entry) => actionLabel(entry.action) },
    { header: "What happened", cell: (entry) => entry.description },
    { header: "Student", cell: (entry) => entry.studentName ?? "" },
    { header: "Address", nowrap: true, cell: (entry) => entry.ipAddress ?? "" },
  ];

  return (
    <Stack gap="md">
      <DataTable
        rows={entries}
        columns={columns}
        rowKey={(entry) => entry.id}
        caption={summary}
        listLabel="Audit log entries"
        card={(entry) => <AuditCard entry={entry} />}
        minWidth={900}
        spacing="xs"
        striped
        empty={
          <EmptyState
            py="lg"
            withIndicatorBackground
            icon={<IconHistory size={28} aria-hidden="true" />}
            title={filtered ? "No entries match these filters." : "The audit log is empty."}
            description={
              filtered ? "Try another person, action, student or a wider range of days." : "Changes and every read of a student's record are listed here."
            }
          />
        }
      />
      {query.hasNextPage ? (
        <Center>
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      ) : null}
      {query.isFetchNextPageError ? (
        <Text size="sm" c="red" role="alert" ta="center">
          Could not load older entries: {query.error?.message}
        </Text>
      ) : null}
    </Stack>
  );
}
