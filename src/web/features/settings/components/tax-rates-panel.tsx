import { Badge, Button, Divider, Group, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import type { UseQueryResult } from "@tanstack/react-query";
import { taxRateCreateSchema, taxRateUpdateSchema, type TaxRate } from "../../../../shared/schemas/billing-tax.ts";
import { DataTable } from "../../../components/data/data-table.tsx";
import { useApiForm, type FieldErrors } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { formatPercent, parsePercent } from "../../billing/format.ts";
import { useCreateTaxRate, useUpdateTaxRate } from "../../billing/settings-api.ts";

/** The API names the rate rateBps; the form's field is the percent typed. */
const fieldOfRate = (path: readonly PropertyKey[]) => (path[0] === "rateBps" ? "rate" : path[0] === "name" ? "name" : null);
const rateRule = (rate: string): FieldErrors =>
  parsePercent(rate) === undefined ? { rate: "Rate must be a percentage from 0 to 100, such as 20 or 5.5." } : {};

/** The workspace's tax rates: current ones first, each renamed or archived; a new rate below. */
export function TaxRatesPanel({ query, defaultTaxRateId }: { query: UseQueryResult<{ items: TaxRate[] }>; defaultTaxRateId: string | null }) {
  const rates = query.data?.items ?? [];
  return (
    <Stack gap="sm" mt="md">
      <Divider />
      <Title order={3} size="h4">
        Tax rates
      </Title>
      <Text size="sm" c="dimmed">
        A rate used on an issued invoice keeps its percentage for good: to charge another, add a new rate and archive the old one.
      </Text>
      <DataTable<TaxRate>
        rows={rates}
        loading={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        stateLabel="the tax rates"
        rowKey={(rate) => rate.id}
        listLabel="Tax rates"
        caption="Tax rates"
        captionHidden
        minWidth={520}
        stackBelow="48em"
        columns={[
          { header: "Name", rowHeader: true, cell: (rate) => rate.name },
          { header: "Rate", nowrap: true, cell: (rate) => formatPercent(rate.rateBps) },
          { header: "Status", cell: (rate) => <RateStatus rate={rate} isDefault={rate.id === defaultTaxRateId} /> },
          { header: "Actions", headerHidden: true, cell: (rate) => <RateActions rate={rate} isDefault={rate.id === defaultTaxRateId} /> },
        ]}
        empty={<Text c="dimmed">No tax rate yet: invoices carry no tax until you add one.</Text>}
      />
      <AddTaxRateForm />
    </Stack>
  );
}

function RateStatus({ rate, isDefault }: { rate: TaxRate; isDefault: boolean }) {
  const [label, color] = rate.archived ? ["Archived", "gray"] : isDefault ? ["Default", "teal"] : ["Current", "blue"];
  return (
    <Badge variant="outline" color={color} tt="none" style={{ whiteSpace: "nowrap" }} styles={{ label: { overflow: "visible" } }}>
      {label}
    </Badge>
  );
}

function RateActions({ rate, isDefault }: { rate: TaxRate; isDefault: boolean }) {
  const [opened, modal] = useDisclosure(false);
  const update = useUpdateTaxRate(rate.id);
  const toggleArchived = () =>
    update.mutate(
      { archived: !rate.archived },
      {
        onSuccess: () => notifySuccess(rate.archived ? "Tax rate restored" : "Tax rate archived", rate.name),
        onError: (error) => notifyError(`Could not ${rate.archived ? "restore" : "archive"} ${rate.name}`, error.message),
      },
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="default" size="compact-sm" onClick={modal.open} aria-label={`Rename ${rate.name}`}>
        Rename
      </Button>
      {isDefault && !rate.archived ? null : (
        <Button
          variant="default"
          size="compact-sm"
          loading={update.isPending}
          onClick={toggleArchived}
          aria-label={`${rate.archived ? "Restore" : "Archive"} ${rate.name}`}
        >
          {rate.archived ? "Restore" : "Archive"}
        </Button>
      )}
      <Modal opened={opened} onClose={modal.close} title={`Rename ${rate.name}`} centered>
        {opened ? <RenameForm rate={rate} onClose={modal.close} /> : null}
      </Modal>
    </Group>
  );
}

function RenameForm({ rate, onClose }: { rate: TaxRate; onClose: () => void }) {
  const update = useUpdateTaxRate(rate.id);
  const { form, onSubmit, send, formError } = useApiForm(taxRateUpdateSchema, update, { initialValues: { name: rate.name } });
  const submit = onSubmit(({ name }) =>
    send({ name }, (saved) => {
      onClose();
      notifySuccess("Tax rate renamed", saved.name);
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Name" data-autofocus {...form.getInputProps("name")} />
        <FormError error={formError} title="Could not rename the tax rate" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AddTaxRateForm() {
  const create = useCreateTaxRate();
  const { form, onSubmit, send, formError } = useApiForm(taxRateCreateSchema, create, {
    initialValues: { name: "", rate: "" },
    input: ({ name, rate }) => ({ name, rateBps: parsePercent(rate) ?? Number.NaN }),
    fieldOf: fieldOfRate,
    validate: ({ rate }) => rateRule(rate),
  });
  const submit = onSubmit(({ name, rate }) =>
    send({ name, rateBps: parsePercent(rate)! }, (saved) => {
      form.reset();
      notifySuccess("Tax rate added", `${saved.name}, ${formatPercent(saved.rateBps)}`);
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Add a tax rate">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm">
          <TextInput label="New rate's name" placeholder="VAT" style={{ flex: "1 1 12rem" }} {...form.getInputProps("name")} />
          <TextInput label="Rate (%)" inputMode="decimal" rightSection="%" w={140} {...form.getInputProps("rate")} />
        </Group>
        <FormError error={formError} title="Could not add the tax rate" />
        <Group>
          <Button type="submit" variant="light" loading={create.isPending}>
            Add tax rate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
