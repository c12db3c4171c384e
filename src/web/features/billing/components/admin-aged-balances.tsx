import { Anchor, Box, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { AgedBalances, AgedBuckets } from "../../../../shared/schemas/billing-accounts.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useListParams } from "../../../components/data/use-list-params.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { accountHref, BILLING_PAGE_SIZE, BILLING_TABS, useAgedBalances } from "../admin-api.ts";
import { AdminEmpty } from "./admin-empty.tsx";

type AgedRow = AgedBalances["items"][number] | (AgedBuckets & { accountId: null; name: string });
const FILTERS = { tab: BILLING_TABS };

const BUCKETS: [header: string, key: keyof AgedBuckets][] = [
  ["Current", "currentMinor"],
  ["1–30 days", "days1To30Minor"],
  ["31–60 days", "days31To60Minor"],
  ["61–90 days", "days61To90Minor"],
  ["Over 90 days", "over90Minor"],
  ["Total", "totalMinor"],
];

/** Aged balances: each family's unpaid invoices by days past their due date, and the totals. */
export function AdminAgedBalances() {
  const list = useListParams(FILTERS);
  const aged = useAgedBalances(list.params.page);
  return (
    <QueryState query={aged} label="aged balances">
      {(data) => {
        const columns: DataColumn<AgedRow>[] = [
          {
            header: "Family",
            rowHeader: true,
            cell: (row) =>
              row.accountId ? (
                <Anchor component={Link} to={accountHref(row.accountId)} fw={600}>
                  {row.name}
                </Anchor>
              ) : (
                row.name
              ),
          },
          ...BUCKETS.map(([header, key]): DataColumn<AgedRow> => ({
            header,
            align: "right",
            nowrap: true,
            cell: (row) => formatMoney(row[key], data.currency),
          })),
        ];
        const rows: AgedRow[] = [...data.items, { ...data.totals, accountId: null, name: "All families" }];
        return (
          <Stack gap="sm">
            <Text size="sm">Unpaid amounts of issued invoices as of {formatDay(data.asOf, "long")}, by days past their due date.</Text>
            {data.total === 0 ? (
              <AdminEmpty title="Nothing is owed." description="Every issued invoice is paid." />
            ) : (
              <Box>
                <DataTable
                  rows={rows}
                  columns={columns}
                  rowKey={(row) => row.accountId ?? "totals"}
                  caption="Aged balances per family; the last row is the total of all families"
                  captionHidden
                  listLabel="Aged balances"
                  minWidth={860}
                />
                <ListPager
                  page={data.page}
                  pageSize={data.pageSize || BILLING_PAGE_SIZE}
                  total={data.total}
                  noun={["family", "families"]}
                  onPage={list.setPage}
                />
              </Box>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
