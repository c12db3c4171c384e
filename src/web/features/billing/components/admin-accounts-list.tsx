import { Anchor, Box, Stack, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AccountSummary } from "../../../../shared/schemas/billing-accounts.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useListParams } from "../../../components/data/use-list-params.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { accountHref, BILLING_PAGE_SIZE, BILLING_TABS, useAccounts } from "../admin-api.ts";
import { AdminEmpty } from "./admin-empty.tsx";

/** The tab is a param of the URL too: a search keeps it. */
const FILTERS = { tab: BILLING_TABS };

const names = (people: readonly { name: string }[]) => (people.length ? people.map((person) => person.name).join(", ") : "—");

function columns(currency: string): DataColumn<AccountSummary>[] {
  const money = (minor: number) => formatMoney(minor, currency);
  return [
    {
      header: "Family",
      rowHeader: true,
      cell: (account) => (
        <Anchor component={Link} to={accountHref(account.id)} fw={600}>
          {account.name}
        </Anchor>
      ),
    },
    { header: "Students", maxWidth: 240, cell: (account) => names(account.students) },
    { header: "Balance", align: "right", nowrap: true, cell: (account) => money(account.balanceMinor), sort: (a, b) => a.balanceMinor - b.balanceMinor },
    { header: "Credit", align: "right", nowrap: true, cell: (account) => money(account.creditMinor) },
    {
      header: "Outstanding",
      align: "right",
      nowrap: true,
      cell: (account) => money(account.outstandingMinor),
      sort: (a, b) => a.outstandingMinor - b.outstandingMinor,
    },
    {
      header: "Overdue",
      align: "right",
      nowrap: true,
      cell: (account) =>
        account.overdueMinor > 0 ? (
          <Text span c="red" fw={600} size="sm">
            {money(account.overdueMinor)}
          </Text>
        ) : (
          money(0)
        ),
      sort: (a, b) => a.overdueMinor - b.overdueMinor,
    },
  ];
}

/** Families: each account's students, balance, credit, outstanding and overdue; a row opens the family. */
export function AdminAccountsList() {
  const list = useListParams(FILTERS);
  const accounts = useAccounts(list.params.q, list.params.page);

  return (
    <Stack gap="md">
      <Box role="search" aria-label="Find families">
        <TextInput
          label="Search families"
          type="search"
          placeholder="Family or student name"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={list.search}
          onChange={(event) => list.setSearch(event.currentTarget.value)}
          maxLength={100}
          maw={420}
        />
      </Box>
      <QueryState query={accounts} label="families">
        {(page) =>
          page.total === 0 ? (
            <AdminEmpty
              title={list.params.q ? "No family matches your search." : "No families yet."}
              description={list.params.q ? "Check the spelling of the family or student name." : "Each student gets a billing account when added."}
            />
          ) : (
            <Box>
              <DataTable
                rows={page.items}
                columns={columns(page.currency)}
                rowKey={(account) => account.id}
                caption="Families with their balances. Open a family to see its invoices, payments and hours."
                captionHidden
                listLabel="Families"
                minWidth={820}
                rowHref={(account) => accountHref(account.id)}
                busy={accounts.isPlaceholderData}
                highlightOnHover
              />
              <ListPager
                page={page.page}
                pageSize={page.pageSize || BILLING_PAGE_SIZE}
                total={page.total}
                noun={["family", "families"]}
                onPage={list.setPage}
              />
            </Box>
          )
        }
      </QueryState>
    </Stack>
  );
}
