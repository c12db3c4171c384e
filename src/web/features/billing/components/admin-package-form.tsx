import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import type { PackageScope } from "../../../../shared/billing-states.ts";
import { packageProductCreateSchema, type PackageProduct, type PackageProductCreate } from "../../../../shared/schemas/billing-packages.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { moneyText } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useSavePackage } from "../admin-api.ts";
import { useTaxRateList } from "../settings-api.ts";
import { MoneyField, readAmount } from "./admin-money-field.tsx";

export const SCOPE_LABELS: Record<PackageScope, string> = { student: "One student", family: "Shared by the family" };
const DEFAULT_TAX = "default";

interface PackageValues {
  name: string;
  description: string;
  hours: number | string;
  price: string;
  validDays: number | string;
  scope: PackageScope;
  taxRateId: string;
}

const valuesOf = (product: PackageProduct | null, currency: string): PackageValues => ({
  name: product?.name ?? "",
  description: product?.description ?? "",
  hours: product ? product.minutes / 60 : 10,
  price: product ? moneyText(product.priceMinor, currency) : "",
  validDays: product?.validDays ?? 180,
  scope: product?.scope ?? "student",
  taxRateId: product?.taxRateId ?? DEFAULT_TAX,
});

/** Hours as typed (whole or halves, quarters) in minutes: an exact count of minutes. */
const minutesOf = (hours: number | string) => Math.round(Number(hours) * 60);

/** "New package" and "Edit package": the catalogue's form, in a modal. */
export function AdminPackageModal({
  opened,
  onClose,
  product,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  product: PackageProduct | null;
  currency: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={product ? `Edit ${product.name}` : "New package"} size="lg">
      {opened ? <PackageForm product={product} currency={currency} onDone={onClose} /> : null}
    </Modal>
  );
}

function PackageForm({ product, currency, onDone }: { product: PackageProduct | null; currency: string; onDone: () => void }) {
  const save = useSavePackage(product?.id ?? null);
  const taxRates = useTaxRateList();

  const request = (values: PackageValues): PackageProductCreate | null => {
    const price = readAmount(values.price, currency, "Price", { allowZero: true });
    if ("error" in price) return null;
    return {
      name: values.name,
      description: values.description,
      minutes: minutesOf(values.hours),
      priceMinor: price.minor,
      validDays: Number(values.validDays),
      scope: values.scope,
      taxRateId: values.taxRateId === DEFAULT_TAX ? null : values.taxRateId,
    };
  };

  const { form, onSubmit, send, formError } = useApiForm(packageProductCreateSchema, save, {
    initialValues: valuesOf(product, currency),
    input: request,
    fieldOf: (path) => ({ minutes: "hours", priceMinor: "price" })[String(path[0])] ?? (typeof path[0] === "string" ? path[0] : null),
    validate: (values) => {
      const price = readAmount(values.price, currency, "Price", { allowZero: true });
      const errors: Record<string, string> = {};
      if ("error" in price) errors.price = price.error;
      return errors;
    },
  });

  const submit = onSubmit((values) => {
    const input = request(values);
    if (!input) return;
    return send(input, (saved) => {
      notifySuccess(product ? "Package saved" : "Package created", `${saved.name} is in the catalogue.`);
      onDone();
    });
  });

  const taxOptions = [
    { value: DEFAULT_TAX, label: "The workspace's default rate" },
    ...(taxRates.data?.items ?? []).filter((rate) => !rate.archived || rate.id === product?.taxRateId).map((rate) => ({ value: rate.id, label: rate.name })),
  ];

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" required withAsterisk={false} maxLength={100} data-autofocus {...form.getInputProps("name")} />
        <Textarea label="Description (optional)" autosize minRows={2} maxLength={1000} {...form.getInputProps("description")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyField label={`Price (${currency})`} currency={currency} required withAsterisk={false} {...form.getInputProps("price")} />
          <NumberInput label="Hours" description="Halves and quarters allowed." min={0.25} step={0.5} decimalScale={2} {...form.getInputProps("hours")} />
          <NumberInput
            label="Valid for (days)"
            description="From the day it is paid."
            min={1}
            max={3650}
            allowDecimal={false}
            {...form.getInputProps("validDays")}
          />
          <Select
            label="For"
            data={Object.entries(SCOPE_LABELS).map(([value, label]) => ({ value, label }))}
            allowDeselect={false}
            {...form.getInputProps("scope")}
          />
          <Select label="Tax rate" data={taxOptions} allowDeselect={false} {...form.getInputProps("taxRateId")} />
        </SimpleGrid>
        <FormError error={formError} title="Could not save the package" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {product ? "Save package" : "Create package"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
