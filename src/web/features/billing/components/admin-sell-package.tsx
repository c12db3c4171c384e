import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useNavigate } from "react-router";
import { packagePurchaseCreateSchema, type PackagePurchaseCreate } from "../../../../shared/schemas/billing-packages.ts";
import type { AccountDetail } from "../../../../shared/schemas/billing-accounts.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { invoiceHref, newIdempotencyKey, usePackages, useSellPackage } from "../admin-api.ts";
import { formatMinutes } from "../format.ts";

interface SaleValues {
  productId: string | null;
  studentId: string | null;
}

/** "Sell a package": a package of the catalogue for the family (or one student); it is invoiced at once. */
export function AdminSellPackageModal({ opened, onClose, account }: { opened: boolean; onClose: () => void; account: AccountDetail }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Sell a package to ${account.name}`}>
      {opened ? <SaleForm account={account} onDone={onClose} /> : null}
    </Modal>
  );
}

function SaleForm({ account, onDone }: { account: AccountDetail; onDone: () => void }) {
  const navigate = useNavigate();
  const [idempotencyKey] = useState(() => newIdempotencyKey().replace(/[^A-Za-z0-9_-]/g, "-"));
  const packages = usePackages();
  const sell = useSellPackage(account.id);
  const onSale = (packages.data?.items ?? []).filter((product) => !product.archived);

  const request = (values: SaleValues): PackagePurchaseCreate | null =>
    values.productId ? { productId: values.productId, studentId: values.studentId, idempotencyKey } : null;
  const { form, onSubmit, send, formError } = useApiForm(packagePurchaseCreateSchema, sell, {
    initialValues: { productId: null, studentId: account.students.length === 1 ? account.students[0]!.id : null } as SaleValues,
    input: request,
    validate: (values) => {
      const errors: Record<string, string> = {};
      const product = onSale.find((item) => item.id === values.productId);
      if (!product) errors.productId = "Choose a package.";
      else if (product.scope === "student" && !values.studentId) errors.studentId = "Choose the student the hours are for.";
      return errors;
    },
  });
  const chosen = onSale.find((item) => item.id === form.getValues().productId);

  const submit = onSubmit((values) => {
    const input = request(values);
    if (!input) return;
    return send({ ...input, studentId: chosen?.scope === "family" ? null : input.studentId }, (purchase) => {
      notifySuccess(
        "Package sold",
        `${purchase.name} for ${formatMoney(purchase.priceMinor, purchase.currency)}: invoice ${purchase.invoiceNumber ?? ""} issued.`,
      );
      onDone();
      if (purchase.invoiceId) void navigate(invoiceHref(purchase.invoiceId));
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {packages.isSuccess && onSale.length === 0 ? <Text size="sm">No package is on sale: create one in the Packages tab first.</Text> : null}
        <Select
          label="Package"
          placeholder="Choose a package"
          data={onSale.map((product) => ({
            value: product.id,
            label: `${product.name}: ${formatMinutes(product.minutes)}, ${formatMoney(product.priceMinor, product.currency)}`,
          }))}
          data-autofocus
          {...form.getInputProps("productId")}
        />
        {chosen?.scope === "family" ? (
          <Text size="sm">The hours are shared by the family&apos;s students.</Text>
        ) : (
          <Select
            label="For student"
            placeholder="Choose a student"
            data={account.students.map((student) => ({ value: student.id, label: student.name }))}
            {...form.getInputProps("studentId")}
          />
        )}
        {chosen ? (
          <Text size="sm">
            An invoice for {formatMoney(chosen.priceMinor, chosen.currency)} is issued now; the hours start when it is paid and last {chosen.validDays} days.
          </Text>
        ) : null}
        <FormError error={formError} title="Could not sell the package" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={sell.isPending}>
            Sell package
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
