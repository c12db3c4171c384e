import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useNavigate } from "react-router";
import type { AccountDetail } from "../../../../shared/schemas/billing-accounts.ts";
import { invoiceCreateSchema, type InvoiceCreate } from "../../../../shared/schemas/billing-invoices.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { invoiceHref, useCreateDraftInvoice } from "../admin-api.ts";
import { monthToDate } from "./admin-period-fields.tsx";

/** "Draft an invoice": the family's uninvoiced work in a period, as a draft to add fees to before it is issued. */
export function AdminDraftInvoiceModal({ opened, onClose, account }: { opened: boolean; onClose: () => void; account: AccountDetail }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Draft an invoice for ${account.name}`}>
      {opened ? <DraftForm account={account} onDone={onClose} /> : null}
    </Modal>
  );
}

function DraftForm({ account, onDone }: { account: AccountDetail; onDone: () => void }) {
  const navigate = useNavigate();
  const { timeZone } = useDateTime();
  const create = useCreateDraftInvoice();
  const period = monthToDate(timeZone);
  const { form, onSubmit, send, formError } = useApiForm(invoiceCreateSchema, create, {
    initialValues: { periodFrom: period.from, periodTo: period.to },
    input: (values): InvoiceCreate => ({ accountId: account.id, ...values }),
  });
  const submit = onSubmit((values) =>
    send({ accountId: account.id, ...values }, (draft) => {
      notifySuccess("Draft created", `${draft.lines.length} ${draft.lines.length === 1 ? "line" : "lines"} for ${account.name}. Add fees, then issue it.`);
      onDone();
      void navigate(invoiceHref(draft.id));
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">The draft takes the family&apos;s uninvoiced sessions and packages of the period. Nothing is sent until you issue it.</Text>
        <Group grow align="flex-start">
          <TextInput type="date" label="From" required withAsterisk={false} data-autofocus {...form.getInputProps("periodFrom")} />
          <TextInput type="date" label="To" required withAsterisk={false} {...form.getInputProps("periodTo")} />
        </Group>
        <FormError error={formError} title="Could not draft the invoice" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Draft invoice
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
