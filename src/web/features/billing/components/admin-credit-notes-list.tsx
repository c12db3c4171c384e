import { Anchor, Box, Stack, Text } from "@mantine/core";
import type { z } from "zod";
import { Link } from "react-router";
import type { creditNoteSummarySchema } from "../../../../shared/schemas/billing-invoices.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useListParams } from "../../../components/data/use-list-params.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { accountHref, BILLING_PAGE_SIZE, BILLING_TABS, creditNotePdfHref, invoiceHref, useCreditNotes } from "../admin-api.ts";
import { AdminEmpty } from "./admin-empty.tsx";

type CreditNoteSummary = z.infer<typeof creditNoteSummarySchema>;
const FILTERS = { tab: BILLING_TABS };

const COLUMNS: DataColumn<CreditNoteSummary>[] = [
  {
    header: "Credit note",
    rowHeader: true,
    nowrap: true,
    cell: (note) => (
      <Anchor href={creditNotePdfHref(note.id)} target="_blank" rel="noopener" fw={600}>
        {note.number}{" "}
        <Text span size="xs">
          (PDF)
        </Text>
      </Anchor>
    ),
  },
  {
    header: "Family",
    maxWidth: 200,
    cell: (note) => (
      <Anchor component={Link} to={accountHref(note.accountId)}>
        {note.accountName}
      </Anchor>
    ),
  },
  {
    header: "Invoice",
    nowrap: true,
    cell: (note) =>
      note.invoiceId ? (
        <Anchor component={Link} to={invoiceHref(note.invoiceId)}>
          {note.invoiceNumber ?? "Invoice"}
        </Anchor>
      ) : (
        "—"
      ),
  },
  { header: "Reason", maxWidth: 280, cell: (note) => note.reason },
  { header: "Issued", nowrap: true, cell: (note) => formatDay(note.issuedOn) },
  { header: "Total", align: "right", nowrap: true, cell: (note) => formatMoney(note.totalMinor, note.currency) },
];

/** Credit notes, newest first; each is made from its invoice's page ("New credit note"). */
export function AdminCreditNotesList() {
  const list = useListParams(FILTERS);
  const notes = useCreditNotes({ page: list.params.page });
  return (
    <Stack gap="md">
      <Text size="sm">To credit an invoice, open it and choose &ldquo;New credit note&rdquo;.</Text>
      <QueryState query={notes} label="credit notes">
        {(page) =>
          page.total === 0 ? (
            <AdminEmpty title="No credit notes yet." description="A credit note gives money back against an invoice, or answers a dispute." />
          ) : (
            <Box>
              <DataTable
                rows={page.items}
                columns={COLUMNS}
                rowKey={(note) => note.id}
                caption="Credit notes, newest first"
                captionHidden
                listLabel="Credit notes"
                minWidth={880}
                busy={notes.isPlaceholderData}
              />
              <ListPager
                page={page.page}
                pageSize={page.pageSize || BILLING_PAGE_SIZE}
                total={page.total}
                noun={["credit note", "credit notes"]}
                onPage={list.setPage}
              />
            </Box>
          )
        }
      </QueryState>
    </Stack>
  );
}
