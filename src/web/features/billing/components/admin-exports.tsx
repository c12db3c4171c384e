import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { exportHref, type ExportKind } from "../admin-api.ts";
import { PeriodFields, usePeriodParams } from "./admin-period-fields.tsx";

const EXPORTS: [kind: ExportKind, label: string][] = [
  ["invoices", "Download invoices CSV"],
  ["invoice-lines", "Download invoice lines CSV"],
  ["payments", "Download payments CSV"],
  ["credit-notes", "Download credit notes CSV"],
];

/** Exports: CSV files for accounting software, of documents issued (payments received) in a period. */
export function AdminExports() {
  const [period, setPeriod] = usePeriodParams();
  const valid = Boolean(period.from && period.to && period.from <= period.to);
  return (
    <Stack gap="md">
      <Text size="sm">Invoices, their lines and credit notes by issue date; payments by the day they were received. Both days are included.</Text>
      <PeriodFields legend="Period of the export" value={period} onChange={setPeriod} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" maw={640}>
        {EXPORTS.map(([kind, label]) => (
          <Button
            key={kind}
            component="a"
            href={valid ? exportHref(kind, period) : undefined}
            download
            variant="default"
            data-disabled={!valid || undefined}
            aria-disabled={!valid || undefined}
            leftSection={<IconDownload size={18} aria-hidden="true" />}
          >
            {label}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
