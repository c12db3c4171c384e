import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { creditNoteCreateSchema, type CreditNoteCreate, type InvoiceDetail } from "../../../../shared/schemas/billing-invoices.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { formatMoney, moneyText } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { newIdempotencyKey, useCreateCreditNote } from "../admin-api.ts";
import { MoneyField, readAmount } from "./admin-money-field.tsx";

const WHOLE_INVOICE = "whole";

interface CreditNoteValues {
  reason: string;
  lineId: string;
  description: string;
  amount: string;
}

/** "New credit note" for an issued invoice: a modal whose form (and idempotency key) is new each time it opens. */
export function AdminCreditNoteModal({ opened, onClose, invoice }: { opened: boolean; onClose: () => void; invoice: InvoiceDetail }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`New credit note for ${invoice.number ?? "the invoice"}`} size="lg">
      {opened ? <CreditNoteForm invoice={invoice} onDone={onClose} /> : null}
    </Modal>
  );
}

function CreditNoteForm({ invoice, onDone }: { invoice: InvoiceDetail; onDone: () => void }) {
  const { currency } = invoice;
  const [idempotencyKey] = useState(newIdempotencyKey);
  const create = useCreateCreditNote();
  const credited = invoice.creditNotes.reduce((sum, note) => sum + note.totalMinor, 0);
  const creditable = Math.max(0, invoice.totalMinor - credited);
  const lines = invoice.lines.filter((line) => line.live);

  const request = (values: CreditNoteValues): CreditNoteCreate | null => {
    const amount = readAmount(values.amount, currency, "Amount");
    if ("error" in amount) return null;
    const line = lines.find((item) => item.id === values.lineId);
    return {
      accountId: invoice.accountId,
      invoiceId: invoice.id,
      reason: values.reason,
      lines: [{ description: values.description, amountMinor: amount.minor, invoiceLineId: line?.id ?? null, taxRateId: line?.taxRateId ?? null }],
      idempotencyKey,
    };
  };

  const { form, onSubmit, send, formError } = useApiForm(creditNoteCreateSchema, create, {
    initialValues: {
      reason: "",
      lineId: WHOLE_INVOICE,
      description: `Credit for invoice ${invoice.number ?? ""}`.trim(),
      amount: moneyText(creditable, currency),
    },
    input: request,
    fieldOf: (path) => (path[0] === "lines" ? (path[2] === "amountMinor" ? "amount" : "description") : path[0] === "reason" ? "reason" : null),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const amount = readAmount(values.amount, currency, "Amount");
      if ("error" in amount) errors.amount = amount.error;
      else if (amount.minor > creditable) errors.amount = `At most ${formatMoney(creditable, currency)} of this invoice is left to credit.`;
      return errors;
    },
  });

  const submit = onSubmit((values) => {
    const input = request(values);
    if (!input) return;
    return send(input, (note) => {
      notifySuccess("Credit note issued", `${note.number}: ${formatMoney(note.totalMinor, currency)} for ${note.accountName}.`);
      onDone();
    });
  });

  const lineOptions = [
    { value: WHOLE_INVOICE, label: "The invoice as a whole" },
    ...lines.map((line) => ({ value: line.id, label: `${line.description} (${formatMoney(line.amountMinor, currency)})` })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Up to {formatMoney(creditable, currency)} can be credited. What the invoice still owes is reduced first; money already paid becomes the family&apos;s
          credit.
        </Text>
        <TextInput
          label="Reason"
          description="Printed on the credit note."
          required
          withAsterisk={false}
          maxLength={500}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        <Select
          label="Credits"
          data={lineOptions}
          allowDeselect={false}
          {...form.getInputProps("lineId")}
          onChange={(value) => {
            const line = lines.find((item) => item.id === value);
            form.setFieldValue("lineId", value ?? WHOLE_INVOICE);
            if (line) {
              form.setFieldValue("description", `Credit: ${line.description}`.slice(0, 200));
              form.setFieldValue("amount", moneyText(Math.min(line.amountMinor, creditable), currency));
            }
          }}
        />
        <TextInput label="Line description" required withAsterisk={false} maxLength={200} {...form.getInputProps("description")} />
        <MoneyField label={`Amount (${currency})`} currency={currency} required withAsterisk={false} {...form.getInputProps("amount")} />
        <FormError error={formError} title="Could not issue the credit note" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Issue credit note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
