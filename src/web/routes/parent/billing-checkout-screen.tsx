import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { formatMoney } from "../../../shared/money.ts";
import type { CheckoutStatus } from "../../../shared/schemas/online-payments.ts";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { BackToBilling } from "../../features/billing/components/back-to-billing.tsx";
import { BillingDocumentState } from "../../features/billing/components/billing-not-found.tsx";
import { useCheckoutStatus } from "../../features/billing/family-api.ts";

const whatOf = (checkout: CheckoutStatus) =>
  checkout.kind === "invoice" ? `invoice ${checkout.invoiceNumber ?? ""}`.trim() : `the package ${checkout.productName ?? ""}`.trim();

/** Where Stripe sends the family back: "processing" until the webhook has recorded the payment, then "received". */
function CheckoutOutcome({ checkout }: { checkout: CheckoutStatus }) {
  const amount = formatMoney(checkout.amountMinor, checkout.currency);
  const backTo = checkout.kind === "invoice" && checkout.invoiceId ? `/parent/billings/invoices/${checkout.invoiceId}` : "/parent/billings";
  if (checkout.status === "paid") {
    return (
      <Alert color="green" icon={<IconCircleCheck size={20} aria-hidden="true" />} title="Payment received" role="status">
        <Stack gap="xs">
          <Text size="sm">
            Your card payment of {amount} for {whatOf(checkout)} is recorded on your account.
            {checkout.kind === "package" ? " The package's hours are yours to use." : ""}
          </Text>
          <Group>
            <Button component={Link} to={backTo} variant="light" size="xs">
              {checkout.kind === "invoice" ? "See the invoice" : "See your billing"}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (checkout.status === "failed" || checkout.status === "expired") {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={20} aria-hidden="true" />}
        title={checkout.status === "failed" ? "The payment failed" : "The payment page expired"}
      >
        <Stack gap="xs">
          <Text size="sm">
            {checkout.status === "failed" ? `Stripe said: ${checkout.failureReason ?? "the payment did not go through"}.` : "Nothing was charged."} You can try
            again from {checkout.kind === "invoice" ? "the invoice" : "your billing page"}.
          </Text>
          <Group>
            <Button component={Link} to={backTo} variant="light" size="xs">
              Try again
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="blue" icon={<IconClockHour4 size={20} aria-hidden="true" />} title="Processing" role="status">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">
          We are waiting for Stripe to confirm your payment of {amount} for {whatOf(checkout)}. This page updates by itself; some payment methods take a few
          days.
          {checkout.failureReason ? ` Your last card was refused (${checkout.failureReason}): you can use another on Stripe's page.` : ""}
        </Text>
      </Group>
    </Alert>
  );
}

export default function ParentBillingCheckout() {
  const { attemptId = "" } = useParams();
  const checkout = useCheckoutStatus(attemptId);
  return (
    <Stack gap="md" pb={64}>
      <BackToBilling />
      {/* The heading is the outcome's: "not found" has its own, and a page has one h1. */}
      <BillingDocumentState query={checkout} label="the card payment" notFoundTitle="Card payment not found">
        {(data) => (
          <>
            <PageHeader title="Card payment" description="Your payment through Stripe, as your account records it." />
            <CheckoutOutcome checkout={data} />
          </>
        )}
      </BillingDocumentState>
    </Stack>
  );
}
