import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { DisputeSummary } from "../../../../shared/schemas/billing-disputes.ts";
import { DataTable } from "../../../components/data/data-table.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { DisputeStateBadge } from "./dispute-state-badge.tsx";
import { FamilyPanel } from "./family-panel.tsx";

export const familyDisputePath = (disputeId: string) => `/parent/billings/disputes/${encodeURIComponent(disputeId)}`;

/** The lines this account's payers questioned, newest first, each leading to its thread. */
export function FamilyDisputes({ disputes }: { disputes: readonly DisputeSummary[] }) {
  const dateTime = useDateTime();
  return (
    <FamilyPanel title="Questions about invoice lines" description="A line you questioned, and how the tutoring business answered it.">
      <DataTable<DisputeSummary>
        rows={disputes}
        rowKey={(dispute) => dispute.id}
        listLabel="Questions about invoice lines"
        caption="Questions about invoice lines"
        captionHidden
        minWidth={720}
        rowHref={(dispute) => familyDisputePath(dispute.id)}
        columns={[
          {
            header: "Line",
            rowHeader: true,
            cell: (dispute) => (
              <Anchor component={Link} to={familyDisputePath(dispute.id)} fw={600}>
                {dispute.lineDescription}
              </Anchor>
            ),
          },
          { header: "Invoice", nowrap: true, cell: (dispute) => dispute.invoiceNumber ?? "—" },
          { header: "Amount", nowrap: true, align: "right", cell: (dispute) => formatMoney(dispute.lineAmountMinor, dispute.currency) },
          { header: "Asked", cell: (dispute) => dateTime.instant(dispute.createdAt) },
          { header: "State", cell: (dispute) => <DisputeStateBadge state={dispute.state} /> },
        ]}
        card={(dispute) => (
          <Stack gap={4}>
            <Anchor component={Link} to={familyDisputePath(dispute.id)} fw={600}>
              {dispute.lineDescription}
            </Anchor>
            <DisputeStateBadge state={dispute.state} />
            <Text size="sm">
              Invoice {dispute.invoiceNumber ?? "—"}, {formatMoney(dispute.lineAmountMinor, dispute.currency)}; asked {dateTime.instant(dispute.createdAt)}
            </Text>
          </Stack>
        )}
        empty={<Text c="dimmed">No question asked. Open an invoice to question one of its lines.</Text>}
      />
    </FamilyPanel>
  );
}
