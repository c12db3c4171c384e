import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { RECORDED_PAYMENT_METHODS, type RecordedPaymentMethod } from "../../../../shared/billing-states.ts";
import { paymentCreateSchema, type PaymentCreate } from "../../../../shared/schemas/billing-payments.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import type { Picked } from "../../../components/ui/search-select.tsx";
import { formatMoney, moneyText } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { PAYMENT_METHOD_LABELS } from "../format.ts";
import { newIdempotencyKey, useOpenInvoices, useRecordPayment } from "../admin-api.ts";
import { AdminFamilyPicker } from "./admin-family-picker.tsx";
import { amountOf, MoneyField, readAmount } from "./admin-money-field.tsx";
import { todayIn } from "./admin-period-fields.tsx";
import { invoiceNumber } from "./admin-invoices-list.tsx";

const METHOD_OPTIONS = RECORDED_PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

interface PaymentValues {
  family: Picked | null;
  method: RecordedPaymentMethod;
  amount: string;
  receivedOn: string;
  reference: string;
  /** Money text per open invoice id. */
  allocations: Record<string, string>;
}

/** "Record payment": a modal whose form (and its idempotency key) is new each time it opens. */
export function AdminPaymentModal({ opened, onClose, currency, family }: { opened: boolean; onClose: () => void; currency: string; family?: Picked }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Record a payment" size="lg">
      {opened ? <PaymentForm currency={currency} family={family ?? null} onDone={onClose} /> : null}
    </Modal>
  );
}

/** An open invoice of the family: what allocation may take. */
interface OpenInvoice {
  id: string;
  number: string | null;
  issuedOn: string | null;
  outstandingMinor: number;
}

/** The amount given to each open invoice, oldest first, until it runs out. */
function prefill(invoices: readonly OpenInvoice[], amountMinor: number, currency: string): Record<string, string> {
  let left = amountMinor;
  const allocations: Record<string, string> = {};
  for (const invoice of invoices) {
    const share = Math.min(left, invoice.outstandingMinor);
    allocations[invoice.id] = share > 0 ? moneyText(share, currency) : "";
    left -= share;
  }
  return allocations;
}

function PaymentForm({ currency, family, onDone }: { currency: string; family: Picked | null; onDone: () => void }) {
  const { timeZone } = useDateTime();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const record = useRecordPayment();

  const request = (values: PaymentValues): PaymentCreate | null => {
    const amount = readAmount(values.amount, currency, "Amount");
    if (!values.family || "error" in amount) return null;
    return {
      accountId: values.family.id,
      method: values.method,
      amountMinor: amount.minor,
      receivedOn: values.receivedOn,
      reference: values.reference.trim(),
      allocations: Object.entries(values.allocations)
        .map(([invoiceId, text]) => ({ invoiceId, amountMinor: amountOf(text, currency) }))
        .filter((allocation) => allocation.amountMinor > 0),
      idempotencyKey,
    };
  };

  const { form, onSubmit, send, formError } = useApiForm(paymentCreateSchema, record, {
    initialValues: { family, method: "bank_transfer", amount: "", receivedOn: todayIn(timeZone), reference: "", allocations: {} } as PaymentValues,
    input: request,
    fieldOf: (path) => {
      const map: Record<string, string> = {
        accountId: "family",
        amountMinor: "amount",
        method: "method",
        receivedOn: "receivedOn",
        reference: "reference",
        allocations: "allocations",
      };
      return map[String(path[0])] ?? null;
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (!values.family) errors.family = "Choose the family who paid.";
      const amount = readAmount(values.amount, currency, "Amount");
      if ("error" in amount) errors.amount = amount.error;
      for (const [invoiceId, text] of Object.entries(values.allocations)) {
        if (text.trim() === "") continue;
        const share = readAmount(text, currency, "The allocated amount", { allowZero: true });
        if ("error" in share) errors[`allocations.${invoiceId}`] = share.error;
      }
      return errors;
    },
  });

  const values = form.getValues();
  const invoices = useOpenInvoices(values.family?.id ?? null);
  const open: OpenInvoice[] = [...(invoices.data?.items ?? [])].sort((a, b) => (a.issuedOn ?? "").localeCompare(b.issuedOn ?? ""));
  const openTotal = invoices.data?.total ?? 0;
  const openKey = open.map((invoice) => `${invoice.id}:${invoice.outstandingMinor}`).join(",");
  const amountMinor = amountOf(values.amount, currency);

  // A new family, amount or list of open invoices fills the allocations again, oldest first.
  useEffect(() => {
    form.setFieldValue("allocations", prefill(open, amountMinor, currency));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openKey stands for the open invoices
  }, [openKey, amountMinor, currency]);

  const allocated = Object.values(values.allocations).reduce((sum, text) => sum + amountOf(text, currency), 0);
  const credit = amountMinor - allocated;

  const submit = onSubmit((checked) => {
    const input = request(checked);
    if (!input) return;
    return send(input, (payment) => {
      notifySuccess("Payment recorded", `${formatMoney(payment.amountMinor, currency)} from ${payment.accountName}.`);
      onDone();
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <AdminFamilyPicker
          label="Family"
          emptyLabel="Choose a family"
          required
          withAsterisk={false}
          data-autofocus
          value={values.family}
          onChange={(picked) => form.setFieldValue("family", picked)}
          error={form.errors.family}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select label="Method" data={METHOD_OPTIONS} allowDeselect={false} {...form.getInputProps("method")} />
          <MoneyField label={`Amount received (${currency})`} currency={currency} required withAsterisk={false} {...form.getInputProps("amount")} />
          <TextInput type="date" label="Received on" required withAsterisk={false} {...form.getInputProps("receivedOn")} />
          <TextInput label="Reference (optional)" description="A bank reference or cheque number." maxLength={200} {...form.getInputProps("reference")} />
        </SimpleGrid>
        {values.family ? (
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={3} size="h5" component="legend" p={0} mb={4}>
              Allocate to open invoices
            </Title>
            {invoices.isPending ? (
              <Text size="sm">Loading the family&apos;s open invoices…</Text>
            ) : open.length === 0 ? (
              <Text size="sm">This family has no open invoice: the whole payment becomes their credit.</Text>
            ) : (
              open.map((invoice) => (
                <MoneyField
                  key={invoice.id}
                  currency={currency}
                  label={`${invoiceNumber(invoice)}${invoice.issuedOn ? `, issued ${formatDay(invoice.issuedOn)}` : ""}`}
                  description={`Outstanding ${formatMoney(invoice.outstandingMinor, currency)}`}
                  {...form.getInputProps(`allocations.${invoice.id}`)}
                />
              ))
            )}
            {openTotal > open.length ? (
              <Text size="sm">
                {`Shown: ${open.length} of the family's ${openTotal} open invoices, as many as one payment can be allocated to. Record another payment for the rest.`}
              </Text>
            ) : null}
            {form.errors.allocations ? (
              <Text size="sm" c="red" role="alert">
                {form.errors.allocations}
              </Text>
            ) : null}
            <Text size="sm" fw={600} role="status">
              {credit >= 0
                ? `Allocated ${formatMoney(allocated, currency)}; ${formatMoney(credit, currency)} becomes the family's credit.`
                : `The allocations are ${formatMoney(-credit, currency)} more than the amount received.`}
            </Text>
          </Stack>
        ) : null}
        <FormError error={formError} title="Could not record the payment" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
