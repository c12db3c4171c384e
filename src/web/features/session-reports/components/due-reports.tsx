import { Anchor, Badge, Group, Pagination, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { REPORT_OVERDUE_HOURS } from "../../../../shared/schemas/session-reports.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { describeInstant, describeWhen, studentNames } from "../../calendar/format.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { useDueReports, useReviewQueue, type ManagerArea } from "../api.ts";
import { describeSessionStart } from "../format.ts";

/**
 * Sessions over without a report, the longest overdue first: all of them (the tutor's Reports
 * screen) or only those over for more than 48 hours (the dashboards' "Missing reports").
 */
export function DueReports({ area, overdueOnly, emptyText }: { area: ManagerArea; overdueOnly: boolean; emptyText: string }) {
  const [page, setPage] = useState(1);
  const due = useDueReports(area, overdueOnly, page);
  const { timeZone } = useDateTime();
  const caption = overdueOnly ? `Sessions without a report ${REPORT_OVERDUE_HOURS} hours after they ended` : "Sessions without a report";
  return (
    <QueryState query={due} label="sessions to report">
      {(result) =>
        result.total === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : (
          <Stack gap="sm">
            {/* The browser's own scrolling (its bar shows on a phone): the table scrolls inside, never the page. */}
            <Table.ScrollContainer minWidth={520} type="native">
              <Table verticalSpacing="xs">
                <caption>
                  <VisuallyHidden>{caption}</VisuallyHidden>
                </caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Session</Table.Th>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">{area === "admin" ? "Tutor" : "Students"}</Table.Th>
                    {overdueOnly ? null : (
                      <Table.Th scope="col">
                        <VisuallyHidden>Overdue</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.items.map((session) => (
                    <Table.Tr key={session.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/${area}/sessions/${session.id}`}>
                          {session.subject}
                          {area === "admin" ? ` · ${studentNames(session)}` : ""}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{describeWhen(session, timeZone, "short")}</Table.Td>
                      <Table.Td>{area === "admin" ? session.tutor.name : studentNames(session)}</Table.Td>
                      {overdueOnly ? null : (
                        <Table.Td>
                          {session.overdue ? (
                            <Badge color="red" variant="light">
                              Overdue
                            </Badge>
                          ) : null}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {result.total > result.pageSize ? (
              <Group justify="space-between">
                <Text size="sm">{result.total} sessions</Text>
                <Pagination total={Math.ceil(result.total / result.pageSize)} value={page} onChange={setPage} getControlProps={(control) => ({ "aria-label": `${control} page` })} />
              </Group>
            ) : null}
          </Stack>
        )
      }
    </QueryState>
  );
}

/** Summaries tutors submitted for an admin's review, oldest first. */
export function ReviewQueue({ timeZone }: { timeZone: string }) {
  const queue = useReviewQueue();
  return (
    <QueryState query={queue} label="summaries awaiting review">
      {(result) =>
        result.total === 0 ? (
          <Text c="dimmed">No summary is waiting for your review.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {result.items.map((item) => (
              <Group key={`${item.sessionId}-${item.studentId}`} component="li" justify="space-between" gap="xs">
                <Anchor component={Link} to={`/admin/sessions/${item.sessionId}`}>
                  {item.studentName}: {item.subject} with {item.tutorName}, {describeSessionStart(item.startsAt, timeZone)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  Submitted {describeInstant(item.submittedAt, timeZone)}
                </Text>
              </Group>
            ))}
            {result.total > result.items.length ? <Text size="sm">and {result.total - result.items.length} more.</Text> : null}
          </Stack>
        )
      }
    </QueryState>
  );
}
