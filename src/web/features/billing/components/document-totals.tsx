import { Stack, Table, Text } from "@mantine/core";
import type { InvoiceDetail } from "../../../../shared/schemas/billing-invoices.ts";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatPercent } from "../format.ts";

type TaxBand = InvoiceDetail["taxBands"][number];

/**
 * The foot of an invoice or credit note: subtotal, the tax of each rate on that rate's total,
 * the total, and for an invoice what is paid and still owed; then the rule the tax follows, in
 * words, so that a reader can check the arithmetic.
 */
export function DocumentTotals({
  currency,
  subtotalMinor,
  taxMinor,
  totalMinor,
  taxBands,
  taxRule,
  paidMinor = null,
  outstandingMinor = null,
}: {
  currency: string;
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
  taxBands: readonly TaxBand[];
  taxRule: string;
  paidMinor?: number | null;
  outstandingMinor?: number | null;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const row = (label: string, amount: string, strong = false) => (
    <Table.Tr key={label}>
      <Table.Th scope="row" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : undefined} style={{ whiteSpace: "nowrap" }}>
        {amount}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap="sm">
      <Table maw={480} ml="auto" verticalSpacing={6} aria-label="Totals">
        <Table.Tbody>
          {row("Subtotal", money(subtotalMinor))}
          {taxBands.map((band) => row(`Tax: ${band.name} ${formatPercent(band.rateBps)} on ${money(band.amountMinor)}`, money(band.taxMinor)))}
          {taxBands.length > 1 ? row("Tax in all", money(taxMinor)) : null}
          {row("Total", money(totalMinor), true)}
          {paidMinor !== null ? row("Paid", money(paidMinor)) : null}
          {outstandingMinor !== null ? row("Outstanding", money(outstandingMinor), true) : null}
        </Table.Tbody>
      </Table>
      {taxRule ? (
        <Text size="sm" c="dimmed">
          {taxRule}
        </Text>
      ) : null}
    </Stack>
  );
}
