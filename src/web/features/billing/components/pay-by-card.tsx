import { Alert, Button, Group, Text } from "@mantine/core";
import { IconCreditCard, IconInfoCircle } from "@tabler/icons-react";
import { formatMoney } from "../../../../shared/money.ts";
import { useCardPaymentOptions, useStartInvoiceCheckout } from "../family-api.ts";

/**
 * "Pay by card" for what an invoice still owes: Stripe's Checkout page takes the card, and the
 * payment shows here once Stripe has confirmed it. Where the business takes no card payments
 * online, its own instructions say how to pay instead.
 */
export function PayByCard({ invoiceId, outstandingMinor, currency }: { invoiceId: string; outstandingMinor: number; currency: string }) {
  const options = useCardPaymentOptions();
  const start = useStartInvoiceCheckout(invoiceId);
  if (outstandingMinor <= 0 || !options.isSuccess) return null;
  if (!options.data.available) {
    return (
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden="true" />} title="How to pay">
        {options.data.paymentInstructions || "This business does not take card payments online: ask them how to pay."}
      </Alert>
    );
  }
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Button
        leftSection={<IconCreditCard size={18} aria-hidden="true" />}
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate(undefined, { onSuccess: (started) => window.location.assign(started.url) })}
      >
        Pay {formatMoney(outstandingMinor, currency)} by card
      </Button>
      <Text size="sm" c="dimmed">
        On Stripe&apos;s secure page; you come back here after.
      </Text>
      {start.isError && (
        <Alert color="red" w="100%" role="alert">
          {start.error.message}
        </Alert>
      )}
    </Group>
  );
}
