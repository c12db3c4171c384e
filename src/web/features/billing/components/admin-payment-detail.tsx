import { Anchor, SimpleGrid, Text } from "@mantine/core";
import { Link } from "react-router";
import type { Payment } from "../../../../shared/schemas/billing-payments.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { accountHref, invoiceHref } from "../admin-api.ts";
import { PAYMENT_METHOD_LABELS } from "../format.ts";
import { Figure } from "./admin-account-overview.tsx";
import { Detail } from "./invoice-document.tsx";

type Allocation = Payment["allocations"][number];
type Refund = Payment["refunds"][number];

/** What a payment's amount became: applied to invoices, refunded, and what is left as the family's credit. */
export function AdminPaymentFigures({ payment }: { payment: Payment }) {
  const money = (minor: number) => formatMoney(minor, payment.currency);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure label="Amount received" value={money(payment.amountMinor)} />
      <Figure label="Applied to invoices" value={money(payment.allocatedMinor)} />
      <Figure label="Refunded" value={money(payment.refundedMinor)} />
      <Figure label="Left as credit" value={money(payment.unallocatedMinor)} />
    </SimpleGrid>
  );
}

/** What was paid: the family, method, date, reference, and who recorded it when. */
export function AdminPaymentFacts({ payment }: { payment: Payment }) {
  const { instant } = useDateTime();
  return (
    <SectionCard title="Payment">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
        <Detail label="Family">
          <Anchor component={Link} to={accountHref(payment.accountId)}>
            {payment.accountName}
          </Anchor>
        </Detail>
        <Detail label="Method">{PAYMENT_METHOD_LABELS[payment.method]}</Detail>
        <Detail label="Received on">{formatDay(payment.receivedOn, "long")}</Detail>
        <Detail label="Reference">{payment.reference || "None"}</Detail>
        <Detail label="Recorded by">{payment.recordedByName ?? "Someone no longer in the workspace"}</Detail>
        <Detail label="Recorded at">{instant(payment.recordedAt)}</Detail>
      </SimpleGrid>
    </SectionCard>
  );
}

/** The invoices the payment paid, each amount as it was applied (a negative one went back to the credit). */
export function AdminPaymentAllocations({ payment }: { payment: Payment }) {
  const { instant } = useDateTime();
  const columns: DataColumn<Allocation>[] = [
    {
      header: "Invoice",
      rowHeader: true,
      nowrap: true,
      cell: (allocation) => (
        <Anchor component={Link} to={invoiceHref(allocation.invoiceId)} fw={600}>
          {allocation.invoiceNumber ?? "Draft"}
        </Anchor>
      ),
    },
    { header: "Applied at", cell: (allocation) => instant(allocation.at) },
    { header: "Amount", align: "right", nowrap: true, cell: (allocation) => formatMoney(allocation.amountMinor, payment.currency) },
  ];
  return (
    <SectionCard
      title="Applied to invoices"
      description="Each amount applied to an invoice; a negative one went back to the family's credit when a credit note covered it."
    >
      <DataTable
        rows={payment.allocations}
        columns={columns}
        rowKey={(allocation) => `${allocation.invoiceId}:${allocation.at}:${allocation.amountMinor}`}
        caption="Invoices this payment was applied to"
        captionHidden
        listLabel="Invoices paid"
        minWidth={480}
        empty={<Text size="sm">Not applied to any invoice: the whole payment was the family&apos;s credit.</Text>}
      />
    </SectionCard>
  );
}

/** The refunds of the payment: amount, day and reason. */
export function AdminPaymentRefunds({ payment }: { payment: Payment }) {
  const columns: DataColumn<Refund>[] = [
    { header: "Refunded on", rowHeader: true, nowrap: true, cell: (refund) => formatDay(refund.refundedOn) },
    { header: "Amount", align: "right", nowrap: true, cell: (refund) => formatMoney(refund.amountMinor, payment.currency) },
    { header: "Reason", maxWidth: 360, cell: (refund) => refund.reason },
  ];
  return (
    <SectionCard title="Refunds">
      <DataTable
        rows={payment.refunds}
        columns={columns}
        rowKey={(refund) => refund.id}
        caption="Refunds of this payment, oldest first"
        captionHidden
        listLabel="Refunds"
        minWidth={480}
        empty={<Text size="sm">Nothing of this payment was refunded.</Text>}
      />
    </SectionCard>
  );
}
