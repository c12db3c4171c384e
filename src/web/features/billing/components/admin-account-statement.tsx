import { Button, Group, Stack } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useDateTime } from "../../session/display-time-zone.ts";
import { statementHref, type Period } from "../admin-api.ts";
import { monthToDate, PeriodFields } from "./admin-period-fields.tsx";

/** A family's statement for a period (opening balance, every entry, closing balance) as a PDF or a CSV. */
export function AdminAccountStatement({ accountId }: { accountId: string }) {
  const { timeZone } = useDateTime();
  const [period, setPeriod] = useState<Period>(() => monthToDate(timeZone));
  const valid = Boolean(period.from && period.to && period.from <= period.to);
  const link = (format: "pdf" | "csv") => (valid ? statementHref(accountId, period, format) : undefined);
  return (
    <Stack gap="sm">
      <PeriodFields legend="Period of the statement" value={period} onChange={setPeriod} />
      <Group gap="sm">
        <Button
          component="a"
          href={link("pdf")}
          target="_blank"
          rel="noopener"
          variant="default"
          aria-disabled={!valid || undefined}
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          Download statement PDF
        </Button>
        <Button
          component="a"
          href={link("csv")}
          download
          variant="default"
          aria-disabled={!valid || undefined}
          leftSection={<IconDownload size={18} aria-hidden="true" />}
        >
          Download statement CSV
        </Button>
      </Group>
    </Stack>
  );
}
