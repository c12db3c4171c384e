import { Button, Center, EmptyState, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconHistory } from "@tabler/icons-react";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { AuditEntry, AuditPage } from "../../../../shared/schemas/audit.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { actionLabel, roleLabel } from "../format.ts";

function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.actorName) return <Text span size="sm">System</Text>;
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

/** The entries loaded so far, newest first, and "Load more" while the server has older ones. */
export function AuditLog({ query, filtered }: { query: UseInfiniteQueryResult<InfiniteData<AuditPage>>; filtered: boolean }) {
  const { instant } = useDateTime();
  const wide = useMediaQuery("(min-width: 62em)", true, { getInitialValueInEffect: false });
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (entries.length === 0) {
    return (
      <EmptyState
        py="lg"
        withIndicatorBackground
        icon={<IconHistory size={28} aria-hidden="true" />}
        title={filtered ? "No entries match these filters." : "The audit log is empty."}
        description={filtered ? "Try another person, action, student or a wider range of days." : "Changes and every read of a student's record are listed here."}
      />
    );
  }

  const summary = `${entries.length} ${entries.length === 1 ? "entry" : "entries"} shown, newest first${query.hasNextPage ? "; older entries follow" : ""}.`;

  return (
    <Stack gap="md">
      {wide ? (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" striped>
            <Table.Caption>{summary}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">When</Table.Th>
                <Table.Th scope="col">Who</Table.Th>
                <Table.Th scope="col">Action</Table.Th>
                <Table.Th scope="col">What happened</Table.Th>
                <Table.Th scope="col">Student</Table.Th>
                <Table.Th scope="col">Address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    <time dateTime={entry.at}>{instant(entry.at)}</time>
                  </Table.Td>
                  <Table.Td>
                    <Who entry={entry} />
                  </Table.Td>
                  <Table.Td>{actionLabel(entry.action)}</Table.Td>
                  <Table.Td>{entry.description}</Table.Td>
                  <Table.Td>{entry.studentName ?? ""}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{entry.ipAddress ?? ""}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {summary}
          </Text>
          <Stack gap="xs" component="ul" aria-label="Audit log entries" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {entries.map((entry) => (
              <Paper component="li" key={entry.id} withBorder p="sm" radius="md">
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
              </Paper>
            ))}
          </Stack>
        </>
      )}
      {query.hasNextPage ? (
        <Center>
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Load more
          </Button>
        </Center>
      ) : null}
      {query.isFetchNextPageError ? (
        <Text size="sm" c="red.9" role="alert" ta="center">
          Could not load older entries: {query.error?.message}
        </Text>
      ) : null}
    </Stack>
  );
}
