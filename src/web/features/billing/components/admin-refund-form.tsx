import { Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { refundCreateSchema, type Payment, type RefundCreate } from "../../../../shared/schemas/billing-payments.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { newIdempotencyKey, useRefundPayment } from "../admin-api.ts";
import { AdminConfirm } from "./admin-confirm.tsx";
import { MoneyField, readAmount } from "./admin-money-field.tsx";
import { todayIn } from "./admin-period-fields.tsx";

interface RefundValues {
  amount: string;
  refundedOn: string;
  reason: string;
}

const FIELDS: Record<string, keyof RefundValues> = { amountMinor: "amount", refundedOn: "refundedOn", reason: "reason" };

/** The refusal of more than is left: the server's words, so that the field says the same before and after sending. */
export const tooMuchToRefund = (refundableMinor: number, currency: string) =>
  `At most ${formatMoney(refundableMinor, currency)} of this payment can be refunded: the rest is allocated to invoices or already refunded.`;

/** "Refund": part of what the payment left as credit goes back to the family, after a confirmation. */
export function AdminRefundSection({ payment }: { payment: Payment }) {
  const toCard = payment.method === "card_online";
  return (
    <SectionCard
      title={toCard ? "Refund to the card" : "Refund"}
      description={
        toCard
          ? "Stripe gives back money this payment left as the family's credit to the card it came from. The family owes that much again. To refund what pays an invoice, issue a credit note first."
          : "Give back money this payment left as the family's credit. The family owes that much again."
      }
    >
      {payment.unallocatedMinor > 0 ? (
        // A new form (and idempotency key) after each refund: its key may record one refund only.
        <RefundForm key={payment.refunds.length} payment={payment} />
      ) : (
        <Text size="sm">Nothing is left to refund: all of this payment is applied to invoices or already refunded.</Text>
      )}
    </SectionCard>
  );
}

function RefundForm({ payment }: { payment: Payment }) {
  const { currency, unallocatedMinor: refundable } = payment;
  const { timeZone } = useDateTime();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const toCard = payment.method === "card_online";
  const refund = useRefundPayment(payment.id, toCard);
  const [confirming, confirm] = useDisclosure(false);

  const request = (values: RefundValues): RefundCreate | null => {
    const amount = readAmount(values.amount, currency, "Amount");
    if ("error" in amount) return null;
    return { amountMinor: amount.minor, refundedOn: values.refundedOn, reason: values.reason.trim(), idempotencyKey };
  };

  const { form, onSubmit, send, formError } = useApiForm(refundCreateSchema, refund, {
    initialValues: { amount: "", refundedOn: todayIn(timeZone), reason: "" },
    input: request,
    fieldOf: (path) => FIELDS[String(path[0])] ?? null,
    validate: (values) => {
      const errors: Record<string, string> = {};
      const amount = readAmount(values.amount, currency, "Amount");
      if ("error" in amount) errors.amount = amount.error;
      else if (amount.minor > refundable) errors.amount = tooMuchToRefund(refundable, currency);
      return errors;
    },
  });

  const values = form.getValues();
  const checked = request(values);
  const amountText = checked ? formatMoney(checked.amountMinor, currency) : "";

  const submit = onSubmit(() => confirm.open());
  const sendRefund = async () => {
    if (!checked) return;
    await send(checked, (done) => {
      notifySuccess("Refund recorded", `${amountText} refunded to ${done.accountName}${toCard ? "'s card through Stripe" : ""}.`);
    });
    // Refused: the form shows why, on its field or above the buttons.
    confirm.close();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">Up to {formatMoney(refundable, currency)} can be refunded.</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyField label={`Amount (${currency})`} currency={currency} required withAsterisk={false} {...form.getInputProps("amount")} />
          <TextInput type="date" label="Refunded on" required withAsterisk={false} {...form.getInputProps("refundedOn")} />
        </SimpleGrid>
        <TextInput
          label="Reason"
          description="Why the money goes back; the family reads it in their billing email."
          required
          withAsterisk={false}
          maxLength={500}
          {...form.getInputProps("reason")}
        />
        <FormError error={formError} title="Could not record the refund" />
        <Group justify="flex-end">
          <Button type="submit">{toCard ? "Refund to card" : "Refund"}</Button>
        </Group>
      </Stack>
      <AdminConfirm
        opened={confirming}
        onClose={confirm.close}
        title={`Refund ${amountText}?`}
        confirmLabel={toCard ? `Refund ${amountText} to the card` : `Refund ${amountText}`}
        danger
        pending={refund.isPending}
        error={null}
        onConfirm={() => void sendRefund()}
      >
        {`${amountText} goes back to ${payment.accountName} from this payment (${values.reason.trim()}). A refund cannot be undone: the family owes that much again.`}
      </AdminConfirm>
    </form>
  );
}
