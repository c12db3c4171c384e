import { Button, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { AccountDetail } from "../../../../shared/schemas/billing-accounts.ts";
import { useCan } from "../../../components/auth/can.tsx";
import { SearchSelect, usePickerSearch, type Picked } from "../../../components/ui/search-select.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAddPayer, usePayerCandidates, useRemovePayer } from "../admin-api.ts";
import { AdminConfirm } from "./admin-confirm.tsx";

/** One amount of a billing record's figures, labelled. */
export function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={tone}>
        {value}
      </Text>
    </Paper>
  );
}

/** A family's balance, credit, outstanding and overdue amounts, in figures. */
export function AdminAccountFigures({ account }: { account: AccountDetail }) {
  const money = (minor: number) => formatMoney(minor, account.currency);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Figure label={account.balanceMinor < 0 ? "Balance (in their favour)" : "Balance (they owe)"} value={money(Math.abs(account.balanceMinor))} />
      <Figure label="Credit" value={money(account.creditMinor)} />
      <Figure label="Outstanding invoices" value={money(account.outstandingMinor)} />
      <Figure label="Overdue" value={money(account.overdueMinor)} tone={account.overdueMinor > 0 ? "red" : undefined} />
    </SimpleGrid>
  );
}

/** The family's students and payers; an admin adds a parent member as a payer or removes one. */
export function AdminAccountPeople({ account }: { account: AccountDetail }) {
  const canWrite = useCan("admin:billing:write");
  const add = useAddPayer(account.id);
  const remove = useRemovePayer(account.id);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [removing, setRemoving] = useState<{ memberId: string; name: string } | null>(null);
  const picker = usePickerSearch(picked, "Choose a parent");
  const candidates = usePayerCandidates(picker.query, canWrite);
  const options = (candidates.data ?? [])
    .filter((member) => !account.payers.some((payer) => payer.memberId === member.memberId))
    .map((member) => ({ id: member.memberId, name: member.name, label: `${member.name} (${member.email})` }));

  return (
    <SectionCard title="Students and payers" description="Payers see this family's invoices and statements and receive its billing emails.">
      <Stack gap="xs">
        <Text size="sm">
          <Text span fw={600} size="sm">
            Students:
          </Text>{" "}
          {account.students.map((student) => student.name).join(", ") || "None"}
        </Text>
        <Text size="sm" fw={600}>
          Payers
        </Text>
        {account.payers.length === 0 ? (
          <Text size="sm">No payer yet: link a guardian to a student, or add a parent here.</Text>
        ) : (
          <Stack component="ul" gap={4} style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {account.payers.map((payer) => (
              <Group component="li" key={payer.memberId} gap="sm">
                <Text size="sm">{payer.name}</Text>
                {canWrite ? (
                  <Button size="compact-sm" variant="default" color="red" aria-label={`Remove ${payer.name} as a payer`} onClick={() => setRemoving(payer)}>
                    Remove
                  </Button>
                ) : null}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      {canWrite ? (
        <Group align="flex-end" gap="sm">
          <SearchSelect
            label="Add a payer"
            picker={picker}
            value={picked}
            onChange={setPicked}
            emptyLabel="Choose a parent"
            options={options}
            state={candidates}
            nothingFound="No parent member matches."
            w={{ base: "100%", xs: 320 }}
          />
          <Button
            variant="default"
            disabled={!picked}
            loading={add.isPending}
            onClick={() =>
              picked &&
              add.mutate(picked.id, {
                onSuccess: () => {
                  notifySuccess("Payer added", `${picked.name} pays for ${account.name}.`);
                  setPicked(null);
                },
              })
            }
          >
            Add payer
          </Button>
        </Group>
      ) : null}
      <FormError error={add.error} title="Could not add the payer" />
      <AdminConfirm
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing?.name ?? "this payer"}?`}
        confirmLabel="Remove payer"
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.memberId, {
            onSuccess: () => {
              notifySuccess("Payer removed", `${removing.name} no longer pays for ${account.name}.`);
              setRemoving(null);
            },
          })
        }
      >
        They will no longer see this family&apos;s invoices and statements, nor receive its billing emails.
      </AdminConfirm>
    </SectionCard>
  );
}
