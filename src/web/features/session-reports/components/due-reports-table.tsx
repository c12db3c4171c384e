import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { REPORT_OVERDUE_HOURS } from "../../../../shared/report-deadline.ts";
import type { ManagerArea } from "../../../../shared/roles.ts";
import type { DueReportPage } from "../../../../shared/schemas/session-reports.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { describeWhen, studentNames } from "../../calendar/format.ts";
import { useDateTime } from "../../session/display-time-zone.ts";

// The pager's buttons (with Mantine's Pagination, 3.3 KB of gzip) load only when one page does not
// hold every session: on a dashboard, twenty sessions to report are already many.
const ListPager = lazy(() => import("../../../components/data/list-pager.tsx").then((module) => ({ default: module.ListPager })));

type DueReport = DueReportPage["items"][number];

/**
 * The table of sessions to report and its pages (due-reports.tsx loads it once there is a
 * session to show: the table is about 3 KB of gzip that a dashboard with nothing overdue does
 * not need, 21 KB while Mantine's Table brought its scroll area and Floating UI).
 */
export default function DueReportsTable({
  area,
  overdueOnly,
  emptyText,
  result,
  page,
  onPage,
}: {
  area: ManagerArea;
  overdueOnly: boolean;
  emptyText: string;
  result: DueReportPage;
  page: number;
  onPage: (page: number) => void;
}) {
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
        <Suspense fallback={null}>
          <ListPager page={page} pageSize={result.pageSize} total={result.total} noun={["session", "sessions"]} onPage={onPage} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
