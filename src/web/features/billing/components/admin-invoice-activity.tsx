import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { InvoiceDetail } from "../../../../shared/schemas/billing-invoices.ts";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { creditNotePdfHref, paymentHref, useDisputes } from "../admin-api.ts";
import { disputeHref } from "./admin-disputes-list.tsx";
import { DisputeStateBadge } from "./dispute-state-badge.tsx";

/** An invoice's allocations (payments and credit notes applied, or released) and the disputes about its lines. */
export function AdminInvoiceActivity({ invoice }: { invoice: InvoiceDetail }) {
  const { instant } = useDateTime();
  const disputes = useDisputes();
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const mine = (disputes.data?.items ?? []).filter((dispute) => dispute.invoiceId === invoice.id);
  const noteNumber = (creditNoteId: string) => invoice.creditNotes.find((note) => note.id === creditNoteId)?.number ?? "Credit note";

  return (
    <>
      <SectionCard
        title="Payments and credits applied"
        description="Each amount applied to this invoice; a negative one gave paid money back to the family's credit."
      >
        {invoice.allocations.length === 0 ? (
          <Text size="sm">Nothing is applied to this invoice yet.</Text>
        ) : (
          <Stack component="ul" gap={4} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {invoice.allocations.map((allocation) => (
              <Text component="li" key={allocation.id} size="sm">
                {instant(allocation.createdAt)}: {money(allocation.amountMinor)}{" "}
                {allocation.creditNoteId ? (
                  <>
                    from credit note{" "}
                    <Anchor underline="always" href={creditNotePdfHref(allocation.creditNoteId)} target="_blank" rel="noopener">
                      {noteNumber(allocation.creditNoteId)}
                    </Anchor>
                  </>
                ) : allocation.paymentId ? (
                  <>
                    from{" "}
                    <Anchor underline="always" component={Link} to={paymentHref(allocation.paymentId)}>
                      a payment
                    </Anchor>
                  </>
                ) : (
                  "from a payment"
                )}
              </Text>
            ))}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title="Disputes" description="Questions the family asked about lines of this invoice.">
        {mine.length === 0 ? (
          <Text size="sm">{disputes.isPending ? "Loading the disputes…" : "No line of this invoice is disputed."}</Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {mine.map((dispute) => (
              <Text component="li" key={dispute.id} size="sm">
                <DisputeStateBadge state={dispute.state} />{" "}
                <Anchor underline="always" component={Link} to={disputeHref(dispute.id)}>
                  {dispute.lineDescription}
                </Anchor>
                : {dispute.reason}
              </Text>
            ))}
          </Stack>
        )}
      </SectionCard>
    </>
  );
}
