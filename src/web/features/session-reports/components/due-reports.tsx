import { Anchor, Group, Stack, Text } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import type { ManagerArea } from "../../../../shared/roles.ts";
import { LoadingState, QueryState } from "../../../components/ui/query-state.tsx";
import { formatInstant, formatMoment } from "../../../lib/format-time.ts";
import { useDueReports, useReviewQueue } from "../api.ts";

// The table loads once there is a session to show in it (a dashboard's "Missing reports" is
// usually empty).
const DueReportsTable = lazy(() => import("./due-reports-table.tsx"));

/**
 * Sessions over without a report, the longest overdue first: all of them (the tutor's Reports
 * screen) or only those over for more than 48 hours (the dashboards' "Missing reports").
 */
export function DueReports({ area, overdueOnly, emptyText }: { area: ManagerArea; overdueOnly: boolean; emptyText: string }) {
  const [page, setPage] = useState(1);
  const due = useDueReports(area, overdueOnly, page);
  return (
    <QueryState query={due} label="sessions to report">
      {(result) =>
        result.items.length === 0 && result.total <= result.pageSize ? (
          <Stack gap="sm">
            <Text c="dimmed">{emptyText}</Text>
          </Stack>
        ) : (
          <Suspense fallback={<LoadingState label="sessions to report" />}>
            <DueReportsTable area={area} overdueOnly={overdueOnly} emptyText={emptyText} result={result} page={page} onPage={setPage} />
          </Suspense>
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
