import { Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useId } from "react";
import type { FamilyAccount } from "../../../../shared/schemas/billing-accounts.ts";
import type { DisputeSummary } from "../../../../shared/schemas/billing-disputes.ts";
import { formatMoney } from "../../../lib/format-money.ts";
import { balanceInWords } from "../format.ts";
import { FamilyCardPayments } from "./family-card-payments.tsx";
import { FamilyCreditNotes, FamilyInvoices, FamilyPayments } from "./family-documents.tsx";
import { FamilyDisputes } from "./family-disputes.tsx";
import { FamilyHours, FamilyPackages } from "./family-hours.tsx";
import { FamilyStatement } from "./family-statement.tsx";

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
      {note ? (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Card>
  );
}

/**
 * One account the parent pays, top to bottom: the balance in words (with credit and what
 * invoices still ask for), hours left per child, packages, invoices, questions about lines,
 * credit notes, payments and a statement.
 */
export function FamilyAccountView({ account, currency, disputes }: { account: FamilyAccount; currency: string; disputes: readonly DisputeSummary[] }) {
  const headingId = useId();
  const outstanding = account.invoices.reduce((sum, invoice) => sum + invoice.outstandingMinor, 0);
  const overdue = account.invoices.filter((invoice) => invoice.overdue);
  const uninvoiced = account.balanceMinor - outstanding + account.creditMinor;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Stack gap={2}>
        <Title order={2} size="h3" id={headingId}>
          {account.name}
        </Title>
        <Text c="dimmed">
          {account.students.length > 0 ? `For ${account.students.map((student) => student.name).join(", ")}` : "No student on this account."}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure
          label="Balance"
          value={balanceInWords(account.balanceMinor, currency)}
          note={uninvoiced > 0 ? `Includes ${formatMoney(uninvoiced, currency)} of sessions not invoiced yet.` : undefined}
        />
        <Figure
          label="Invoices to pay"
          value={formatMoney(outstanding, currency)}
          note={overdue.length > 0 ? `${overdue.length} overdue` : outstanding > 0 ? "None overdue" : undefined}
        />
        <Figure
          label="Credit"
          value={formatMoney(account.creditMinor, currency)}
          note={account.creditMinor > 0 ? "Applied to your next invoice." : undefined}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <FamilyHours account={account} />
        <FamilyStatement accountId={account.id} />
      </SimpleGrid>
      <FamilyInvoices account={account} currency={currency} />
      {disputes.length > 0 ? <FamilyDisputes disputes={disputes} /> : null}
      <FamilyPackages account={account} currency={currency} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <FamilyCardPayments account={account} />
      </SimpleGrid>
      <FamilyCreditNotes account={account} currency={currency} />
      <FamilyPayments account={account} currency={currency} />
    </Stack>
  );
}
