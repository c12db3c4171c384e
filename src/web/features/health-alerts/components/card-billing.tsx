import { Anchor, List, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { HealthBillingFacts } from "../../../../shared/schemas/student-health.ts";
import { formatMoney } from "../../../lib/format-money.ts";

const hours = (minutes: number) => {
  const whole = Math.trunc(minutes / 60);
  const rest = minutes % 60;
  if (whole === 0) return `${rest} min`;
  return rest === 0 ? `${whole} h` : `${whole} h ${rest} min`;
};

/** Billing beside the card (never in the score): package hours left and when they run out, and invoices overdue. */
export function CardBilling({
  billing,
  currency,
  area,
  windowWeeks,
}: {
  billing: HealthBillingFacts;
  currency: string;
  area: "admin" | "parent";
  windowWeeks: number;
}) {
  const invoiceHref = (invoiceId: string) =>
    area === "admin" ? `/admin/billing/invoices/${encodeURIComponent(invoiceId)}` : `/parent/billings/invoices/${encodeURIComponent(invoiceId)}`;
  const onPackages = billing.minutesLeft !== null;
  if (!onPackages && billing.overdueInvoices.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        Billing (shown beside the score, never part of it)
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {onPackages ? (
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Package hours left
            </Text>
            <Text fw={700}>{hours(billing.minutesLeft!)}</Text>
            <Text size="xs">
              {billing.runOutOn
                ? `At ${hours(billing.minutesPerWeek)} a week (the last ${windowWeeks} weeks' pace), they run out around ${billing.runOutOn}.`
                : billing.minutesLeft === 0
                  ? "None left."
                  : "No sessions used them lately."}
              {billing.minutesLeft! < billing.lowBalanceMinutes ? ` Below the ${hours(billing.lowBalanceMinutes)} low-balance mark.` : ""}
            </Text>
          </Stack>
        ) : null}
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            Invoices overdue
          </Text>
          {billing.overdueInvoices.length === 0 ? (
            <Text fw={700}>None</Text>
          ) : (
            <List size="sm" withPadding={false} listStyleType="none">
              {billing.overdueInvoices.map((invoice) => (
                <List.Item key={invoice.invoiceId}>
                  <Anchor underline="always" component={Link} to={invoiceHref(invoice.invoiceId)} size="sm">
                    {invoice.number}
                  </Anchor>
                  : {formatMoney(invoice.outstandingMinor, currency)} outstanding, {invoice.daysOverdue} days overdue
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
