import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import type { CardActivity } from "../../../../shared/schemas/online-payments.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { invoiceHref, paymentHref, useCardActivity } from "../admin-api.ts";
import { AUTOPAY_CHARGE_STATE_LABELS, CHECKOUT_STATE_LABELS, cardInWords } from "../format.ts";

type AutopayTry = CardActivity["autopayTries"][number];
type Checkout = CardActivity["checkouts"][number];

function InvoiceLink({ invoiceId, number }: { invoiceId: string | null; number: string | null }) {
  if (!invoiceId) return <>—</>;
  return (
    <Anchor component={Link} to={invoiceHref(invoiceId)} size="sm">
      {number ?? "Draft invoice"}
    </Anchor>
  );
}

function Activity({ activity }: { activity: CardActivity }) {
  const { instant } = useDateTime();
  const money = (minor: number) => formatMoney(minor, activity.currency);
  const triedAgain = (item: AutopayTry) => activity.autopayTries.some((other) => other.invoiceId === item.invoiceId && other.attempt === item.attempt + 1);
  const nextTry = (item: AutopayTry) =>
    !item.retryAt ? "No further try: left to the family." : `${triedAgain(item) ? "Tried again" : "Next try"} ${instant(item.retryAt)}.`;
  const tryColumns: DataColumn<AutopayTry>[] = [
    { header: "When", rowHeader: true, nowrap: true, cell: (item) => instant(item.createdAt) },
    { header: "Invoice", nowrap: true, cell: (item) => <InvoiceLink invoiceId={item.invoiceId} number={item.invoiceNumber} /> },
    { header: "Try", align: "right", cell: (item) => item.attempt },
    { header: "Amount", align: "right", nowrap: true, cell: (item) => money(item.amountMinor) },
    { header: "Outcome", cell: (item) => AUTOPAY_CHARGE_STATE_LABELS[item.status] },
    {
      header: "Stripe's reason, next try",
      cell: (item) => (item.status !== "failed" ? "—" : `${item.failureReason ?? "Declined"} ${nextTry(item)}`),
    },
  ];
  const checkoutColumns: DataColumn<Checkout>[] = [
    { header: "Started", rowHeader: true, nowrap: true, cell: (item) => instant(item.createdAt) },
    {
      header: "For",
      cell: (item) => (item.kind === "invoice" ? <InvoiceLink invoiceId={item.invoiceId} number={item.invoiceNumber} /> : (item.productName ?? "A package")),
    },
    { header: "Amount", align: "right", nowrap: true, cell: (item) => money(item.amountMinor) },
    {
      header: "Outcome",
      cell: (item) =>
        item.paymentId ? (
          <Anchor component={Link} to={paymentHref(item.paymentId)} size="sm">
            {CHECKOUT_STATE_LABELS[item.status]}
          </Anchor>
        ) : (
          `${CHECKOUT_STATE_LABELS[item.status]}${item.failureReason ? `: ${item.failureReason}` : ""}`
        ),
    },
  ];
  return (
    <Stack gap="md">
      <Text size="sm">
        {activity.card
          ? `${cardInWords(activity.card)}. Autopay ${activity.autopay ? "on: issued invoices are charged to it after the waiting time." : "off."}`
          : "No card saved: the family pays each invoice itself."}
        {activity.available ? "" : " The workspace takes no card payments online now: set Stripe keys in Settings, Billing."}
      </Text>
      <Title order={3} size="h5">
        Autopay tries
      </Title>
      <DataTable
        rows={activity.autopayTries}
        columns={tryColumns}
        rowKey={(item) => item.id}
        caption="Autopay's tries to charge the family's invoices, newest first"
        captionHidden
        listLabel="Autopay tries"
        minWidth={760}
        empty={<Text size="sm">Autopay has not charged this family.</Text>}
      />
      <Title order={3} size="h5">
        Payments through Stripe Checkout
      </Title>
      <DataTable
        rows={activity.checkouts}
        columns={checkoutColumns}
        rowKey={(item) => item.id}
        caption="The family's card payments through Stripe Checkout, newest first"
        captionHidden
        listLabel="Card payments through Stripe Checkout"
        minWidth={620}
        empty={<Text size="sm">The family has not paid by card online.</Text>}
      />
    </Stack>
  );
}

/** A family's saved card, autopay's tries with Stripe's reasons, and its Checkout payments however they ended. */
export function AdminAccountCards({ accountId }: { accountId: string }) {
  const activity = useCardActivity(accountId);
  return (
    <QueryState query={activity} label="the card activity">
      {(data) => <Activity activity={data} />}
    </QueryState>
  );
}
