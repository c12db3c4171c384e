import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import type { DisputeSummary } from "../../../../shared/schemas/billing-disputes.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { accountHref, useDisputes } from "../admin-api.ts";
import { DisputeStateBadge } from "./dispute-state-badge.tsx";
import { AdminEmpty } from "./admin-empty.tsx";

export const disputeHref = (disputeId: string) => `/admin/billing/disputes/${encodeURIComponent(disputeId)}`;

/** Disputes, open ones first: a row opens the thread. */
export function AdminDisputesList() {
  const disputes = useDisputes();
  const { instant } = useDateTime();
  const columns: DataColumn<DisputeSummary>[] = [
    {
      header: "Line disputed",
      rowHeader: true,
      maxWidth: 280,
      cell: (dispute) => (
        <Anchor component={Link} to={disputeHref(dispute.id)} fw={600}>
          {dispute.lineDescription}
        </Anchor>
      ),
    },
    { header: "State", cell: (dispute) => <DisputeStateBadge state={dispute.state} /> },
    {
      header: "Family",
      maxWidth: 200,
      cell: (dispute) => (
        <Anchor component={Link} to={accountHref(dispute.accountId)} onClick={(event) => event.stopPropagation()}>
          {dispute.accountName}
        </Anchor>
      ),
    },
    { header: "Invoice", nowrap: true, cell: (dispute) => dispute.invoiceNumber ?? "—" },
    { header: "Amount", align: "right", nowrap: true, cell: (dispute) => formatMoney(dispute.lineAmountMinor, dispute.currency) },
    { header: "Opened", cell: (dispute) => instant(dispute.createdAt) },
  ];
  return (
    <QueryState query={disputes} label="disputes">
      {(list) =>
        list.items.length === 0 ? (
          <AdminEmpty title="No disputes." description="When a family questions a line of an invoice, the thread appears here." />
        ) : (
          <DataTable
            rows={list.items}
            columns={columns}
            rowKey={(dispute) => dispute.id}
            caption="Disputes, open ones first, then the newest"
            captionHidden
            listLabel="Disputes"
            minWidth={900}
            rowHref={(dispute) => disputeHref(dispute.id)}
            highlightOnHover
          />
        )
      }
    </QueryState>
  );
}
