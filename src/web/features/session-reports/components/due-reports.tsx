import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";

import { useState } from "react";

import { Link } from "react-router";

import { REPORT_OVERDUE_HOURS, type DueReportPage } from "../../../../shared/schemas/session-reports.ts";

import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";

import { ListPager } from "../../../components/data/list-pager.tsx";

import { QueryState } from "../../../components/ui/query-state.tsx";

import { formatInstant, formatMoment } from "../../../lib/format-time.ts";

import { describeWhen, studentNames } from "../../calendar/format.ts";

import { useDateTime } from "../../session/display-time-zone.ts";

import { useDueReports, useReviewQueue } from "../api.ts";
import type { ManagerArea } from "../../../../shared/roles.ts";

type DueReport = DueReportPage["items"][number];

/**
 * Sessions over without a report, the longest overdue first: all of them (the tutor's Reports
 * screen) or only those over for more than 48 hours (the dashboards' "Missing reports").
 */
export function DueReports({ area, overdueOnly, emptyText }: { area: ManagerArea; overdueOnly: boolean; emptyText: string }) {
  const [page, setPage] = useState(1);
  const due = useDueReports(area, overdueOnly, page);
  const { timeZone } = useDateTime();
  const caption = overdueOnly ? `Sessions without a report ${REPORT_OVERDUE_HOURS} hours after they ended` : "Sessions without a report";
  const columns: DataColumn<DueReport>[] = [
    {
      header: "Session",
      cell: (session) => (
        <Anchor component={Link} to={`/${area}/sessions/${session.id}`}>
          {session.subject}
          {area === "admin" ? ` · ${studentNames(session)}` : ""}
        </Anchor>
      ),
    },
    { header: "When", cell: (session) => describeWhen(session, timeZone, "short") },
    area === "admin" ? { header: "Tutor", cell: (session) => session.tutor.name } : { header: "Students", cell: (session) => studentNames(session) },
    ...(overdueOnly
      ? []
      : [
          {
            header: "Overdue",
            headerHidden: true,
            cell: (session: DueReport) =>
              session.overdue ? (
                <Badge color="red" variant="light">
                  Overdue
                </Badge>
              ) : null,
          },
        ]),
  ];
  return (
    <QueryState query={due} label="sessions to report">
      {(result) => (
        <Stack gap="sm">
          <DataTable
            rows={result.items}
            columns={columns}
            rowKey={(session) => session.id}
            caption={caption}
            captionHidden
            listLabel={caption}
            minWidth={520}
            spacing="xs"
            empty={<Text c="dimmed">{emptyText}</Text>}
          />
          {result.total > result.pageSize ? (
            <ListPager page={page} pageSize={result.pageSize} total={result.total} noun={["session", "sessions"]} onPage={setPage} />
          ) : null}
        </Stack>
      )}
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
                  {item.studentName}: {item.subject} with {item.tutorName}, {formatMoment(item.startsAt, timeZone)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  Submitted {formatInstant(item.submittedAt, timeZone)}
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
