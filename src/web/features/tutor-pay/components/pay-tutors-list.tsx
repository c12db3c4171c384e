import { Anchor, Box, SimpleGrid, Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { Link } from "react-router";
import type { PayStatement } from "../../../../shared/schemas/tutor-pay.ts";
import type { TutorSummary } from "../../../../shared/schemas/tutors.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useListParams } from "../../../components/data/use-list-params.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { AdminEmpty } from "../../billing/components/admin-empty.tsx";
import { TUTORS_PAGE_SIZE, useTutors } from "../../tutors/api.ts";
import { PAY_TABS, tutorStatementHref, usePayStatements } from "../api.ts";

const FILTERS = { tab: PAY_TABS };

interface TutorPayRow {
  tutor: TutorSummary;
  statement: UseQueryResult<PayStatement>;
}

/** One figure of a tutor's statement, or what stands for it while it loads or if it failed. */
function figure(row: TutorPayRow, pick: (totals: PayStatement["totals"]) => number): string {
  if (row.statement.isPending) return "…";
  if (row.statement.isError) return "Could not load";
  return formatMoney(pick(row.statement.data.totals), row.statement.data.currency);
}

const FIGURES: [header: string, pick: (totals: PayStatement["totals"]) => number][] = [
  ["Earned", (totals) => totals.earnedMinor],
  ["Pending", (totals) => totals.pendingMinor],
  ["Ready", (totals) => totals.readyMinor],
  ["In confirmed runs", (totals) => totals.confirmedMinor],
  ["Paid", (totals) => totals.paidMinor],
];

const name = (row: TutorPayRow) => (
  <Anchor component={Link} to={tutorStatementHref(row.tutor.memberId)} fw={600}>
    {row.tutor.name}
  </Anchor>
);

/** Each tutor with what they earned in the last 90 days and where it stands; a row opens their statement. */
export function PayTutorsList() {
  const list = useListParams(FILTERS);
  const tutors = useTutors({ q: "", status: null, page: list.params.page });
  const statements = usePayStatements(tutors.data?.items.map((tutor) => tutor.memberId) ?? []);

  const columns: DataColumn<TutorPayRow>[] = [
    { header: "Tutor", rowHeader: true, cell: name },
    ...FIGURES.map(([header, pick]): DataColumn<TutorPayRow> => ({ header, align: "right", nowrap: true, cell: (row) => figure(row, pick) })),
  ];

  return (
    <QueryState query={tutors} label="tutors">
      {(page) =>
        page.total === 0 ? (
          <AdminEmpty title="No tutors yet." description="Invite tutors from Members: each one's pay shows here once they teach." />
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              The last 90 days. Pending work waits for its report or, when the pay settings say so, for the family to pay.
            </Text>
            <Box>
              <DataTable
                rows={page.items.map((tutor, index) => ({ tutor, statement: statements[index]! }))}
                columns={columns}
                rowKey={(row) => row.tutor.memberId}
                caption="Tutors' pay in the last 90 days"
                captionHidden
                listLabel="Tutors' pay"
                minWidth={820}
                rowHref={(row) => tutorStatementHref(row.tutor.memberId)}
                busy={tutors.isPlaceholderData}
                highlightOnHover
                card={(row) => (
                  <Stack gap={4}>
                    {name(row)}
                    <SimpleGrid cols={2} spacing="md" verticalSpacing={4}>
                      {FIGURES.map(([header, pick]) => (
                        <Text key={header} size="sm">
                          <Text span fw={600} size="sm">
                            {header}:
                          </Text>{" "}
                          {figure(row, pick)}
                        </Text>
                      ))}
                    </SimpleGrid>
                  </Stack>
                )}
              />
              <ListPager page={page.page} pageSize={page.pageSize || TUTORS_PAGE_SIZE} total={page.total} noun={["tutor", "tutors"]} onPage={list.setPage} />
            </Box>
          </Stack>
        )
      }
    </QueryState>
  );
}
