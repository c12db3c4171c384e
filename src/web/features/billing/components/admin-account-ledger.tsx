import { Anchor, Box, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import type { LedgerEntry } from "../../../../shared/schemas/billing-accounts.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { invoiceHref, LEDGER_PAGE_SIZE, useAccountLedger } from "../admin-api.ts";

/** The family's ledger entries, newest first, a page at a time: each amount and the balance after it. */
export function AdminAccountLedger({ accountId }: { accountId: string }) {
  const [page, setPage] = useState(1);
  const ledger = useAccountLedger(accountId, page);
  const { instant } = useDateTime();
  return (
    <QueryState query={ledger} label="the ledger entries">
      {(data) => {
        const money = (minor: number) => formatMoney(minor, data.currency);
        const columns: DataColumn<LedgerEntry>[] = [
          { header: "No.", rowHeader: true, nowrap: true, cell: (entry) => entry.sequence },
          { header: "When", cell: (entry) => instant(entry.at) },
          {
            header: "What",
            maxWidth: 320,
            cell: (entry) =>
              entry.links.invoiceId ? (
                <Anchor component={Link} to={invoiceHref(entry.links.invoiceId)}>
                  {entry.description}
                </Anchor>
              ) : (
                entry.description
              ),
          },
          { header: "Amount", align: "right", nowrap: true, cell: (entry) => money(entry.amountMinor) },
          { header: "Balance after", align: "right", nowrap: true, cell: (entry) => money(entry.balanceAfterMinor) },
        ];
        return (
          <Box>
            <DataTable
              rows={data.items}
              columns={columns}
              rowKey={(entry) => entry.id}
              caption="Ledger entries, newest first. A positive amount adds to what the family owes; a negative one is in their favour."
              captionSide="top"
              listLabel="Ledger entries"
              minWidth={760}
              busy={ledger.isPlaceholderData}
              spacing="xs"
              empty={<Text size="sm">No entries yet.</Text>}
            />
            <ListPager page={data.page} pageSize={data.pageSize || LEDGER_PAGE_SIZE} total={data.total} noun={["entry", "entries"]} onPage={setPage} />
          </Box>
        );
      }}
    </QueryState>
  );
}
