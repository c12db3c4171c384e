import { Button, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { feeLineInputSchema, type FeeLineInput, type InvoiceDetail } from "../../../../shared/schemas/billing-invoices.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAddFeeLine } from "../admin-api.ts";
import { useTaxRateList } from "../settings-api.ts";
import { MoneyField, readAmount } from "./admin-money-field.tsx";

const DEFAULT_TAX = "default";

interface FeeValues {
  description: string;
  amount: string;
  taxRateId: string;
}

/** "Add fee line" on a draft invoice: a description, an amount in the workspace currency and its tax rate. */
export function AdminFeeLineForm({ invoice }: { invoice: InvoiceDetail }) {
  const { currency } = invoice;
  const add = useAddFeeLine(invoice.id);
  const taxRates = useTaxRateList();

  const request = (values: FeeValues): FeeLineInput | null => {
    const amount = readAmount(values.amount, currency, "Amount");
    if ("error" in amount) return null;
    return { description: values.description, amountMinor: amount.minor, taxRateId: values.taxRateId === DEFAULT_TAX ? null : values.taxRateId };
  };
  const { form, onSubmit, send, formError } = useApiForm(feeLineInputSchema, add, {
    initialValues: { description: "", amount: "", taxRateId: DEFAULT_TAX } as FeeValues,
    input: request,
    fieldOf: (path) => {
      // The API names the line among addLines: [addLines, 0, field].
      const field = String(path[0] === "addLines" ? path[2] : path[0]);
      return ({ description: "description", amountMinor: "amount", taxRateId: "taxRateId" } as Record<string, string>)[field] ?? null;
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const amount = readAmount(values.amount, currency, "Amount");
      if ("error" in amount) errors.amount = amount.error;
      return errors;
    },
  });
  const submit = onSubmit((values) => {
    const input = request(values);
    if (!input) return;
    return send(input, () => {
      notifySuccess("Line added", `${input.description} is on the draft.`);
      form.reset();
    });
  });
  const taxOptions = [
    { value: DEFAULT_TAX, label: "The workspace's default rate" },
    ...(taxRates.data?.items ?? []).filter((rate) => !rate.archived).map((rate) => ({ value: rate.id, label: rate.name })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="Fee description" required withAsterisk={false} maxLength={200} {...form.getInputProps("description")} />
          <MoneyField label={`Amount (${currency})`} currency={currency} required withAsterisk={false} {...form.getInputProps("amount")} />
          <Select label="Tax rate" data={taxOptions} allowDeselect={false} {...form.getInputProps("taxRateId")} />
        </SimpleGrid>
        <FormError error={formError} title="Could not add the line" />
        <Group>
          <Button type="submit" variant="default" loading={add.isPending}>
            Add fee line
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
