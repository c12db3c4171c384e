import { Button, Group, SimpleGrid, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useDisplayTimeZone } from "../../session/display-time-zone.ts";
import { todayIn } from "../../students/format.ts";
import { familyStatementHref } from "../family-api.ts";
import { FamilyPanel } from "./family-panel.tsx";

/** The first day of the month two months before `today` (YYYY-MM-DD): a quarter up to today. */
function quarterStart(today: string): string {
  const [year = 0, month = 1] = today.split("-").map(Number);
  const index = year * 12 + (month - 1) - 2;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/**
 * A statement of the account for a period: every entry with its running balance, between the
 * opening and closing balances, downloaded as a PDF or a CSV (the days are the workspace's).
 */
export function FamilyStatement({ accountId }: { accountId: string }) {
  const { workspaceTimeZone } = useDisplayTimeZone();
  const today = todayIn(workspaceTimeZone ?? "UTC");
  const [from, setFrom] = useState(() => quarterStart(today));
  const [to, setTo] = useState(today);
  const error = !from ? "Choose the first day." : !to ? "Choose the last day." : to < from ? "To date must not be before the from date." : null;
  const download = (format: "pdf" | "csv", label: string) =>
    error ? (
      <Button variant="default" disabled leftSection={<IconDownload size={18} aria-hidden="true" />}>
        {label}
      </Button>
    ) : (
      <Button
        component="a"
        href={familyStatementHref(accountId, { from, to }, format)}
        download
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden="true" />}
      >
        {label}
      </Button>
    );
  return (
    <FamilyPanel title="Statement" description="Every charge, payment and credit in a period, with the balance after each.">
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={480}>
        <TextInput label="From" type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.currentTarget.value)} />
        <TextInput label="To" type="date" value={to} min={from || undefined} error={error} onChange={(event) => setTo(event.currentTarget.value)} />
      </SimpleGrid>
      <Group gap="sm">
        {download("pdf", "Statement (PDF)")}
        {download("csv", "Statement (CSV)")}
      </Group>
    </FamilyPanel>
  );
}
