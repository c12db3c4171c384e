import { Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate } from "react-router";
import { accountSplitSchema, type AccountDetail } from "../../../../shared/schemas/billing-accounts.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import type { Picked } from "../../../components/ui/search-select.tsx";
import { notifySuccess } from "../../../lib/notify.ts";
import { accountHref, useMergeAccount, useSplitAccount } from "../admin-api.ts";
import { AdminConfirm } from "./admin-confirm.tsx";
import { AdminFamilyPicker } from "./admin-family-picker.tsx";

/**
 * Merge this family into another: its students and payers move. Only a settled account merges
 * (nothing unpaid, drafted, uninvoiced, in credit or in unused hours): the server names what is open.
 */
export function AdminAccountMerge({ account }: { account: AccountDetail }) {
  const navigate = useNavigate();
  const merge = useMergeAccount(account.id);
  const [into, setInto] = useState<Picked | null>(null);
  const [confirming, confirm] = useDisclosure(false);
  const target = into && into.id !== account.id ? into : null;

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        <AdminFamilyPicker label="Merge into" emptyLabel="Choose a family" value={into} onChange={setInto} w={{ base: "100%", xs: 320 }} />
        <Button variant="default" color="red" disabled={!target} onClick={confirm.open}>
          Merge families
        </Button>
      </Group>
      {into && !target ? <Text size="sm">Choose another family than this one.</Text> : null}
      <AdminConfirm
        opened={confirming}
        onClose={confirm.close}
        title={`Merge ${account.name} into ${target?.name ?? "another family"}?`}
        confirmLabel="Merge families"
        danger
        pending={merge.isPending}
        error={merge.error}
        onConfirm={() =>
          target &&
          merge.mutate(
            { intoAccountId: target.id },
            {
              onSuccess: (result) => {
                confirm.close();
                notifySuccess("Families merged", `The students and payers of ${account.name} are now with ${result.account.name}.`);
                void navigate(accountHref(result.account.id));
              },
            },
          )
        }
      >
        {`The students and payers of ${account.name} move to ${target?.name ?? "the other family"}; its invoices and ledger stay as they are. Only a settled family can be merged: nothing unpaid, drafted or uninvoiced, no credit and no unused hours. This cannot be undone.`}
      </AdminConfirm>
    </Stack>
  );
}

interface SplitValues {
  studentIds: string[];
  name: string;
}

/** Split students off into a new family of their own (refused while they have uninvoiced work or unused hours of their own). */
export function AdminAccountSplit({ account }: { account: AccountDetail }) {
  const navigate = useNavigate();
  const split = useSplitAccount(account.id);
  const { form, onSubmit, send, formError } = useApiForm(accountSplitSchema, split, { initialValues: { studentIds: [], name: "" } as SplitValues });
  const submit = onSubmit((values) =>
    send(values, (result) => {
      notifySuccess("Family split", `${result.account.name} is a family of its own.`);
      void navigate(accountHref(result.account.id));
    }),
  );
  if (account.students.length < 2) return <Text size="sm">A family with one student cannot be split.</Text>;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Checkbox.Group label="Students who move to the new family" {...form.getInputProps("studentIds")}>
          <Stack gap={6} mt={6}>
            {account.students.map((student) => (
              <Checkbox key={student.id} value={student.id} label={student.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <TextInput label="Name of the new family" required withAsterisk={false} maxLength={120} maw={420} {...form.getInputProps("name")} />
        <FormError error={formError} title="Could not split the family" />
        <Group>
          <Button type="submit" variant="default" loading={split.isPending}>
            Split into a new family
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
