import { Stack, Text } from "@mantine/core";
import type { HourPool } from "../../../../shared/schemas/billing-packages.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatDay } from "../../../lib/format-time.ts";
import { useAccountHours } from "../admin-api.ts";
import { formatMinutes } from "../format.ts";

const COLUMNS: DataColumn<HourPool>[] = [
  { header: "For", rowHeader: true, cell: (pool) => pool.studentName ?? "The family (shared)" },
  { header: "Hours left", align: "right", nowrap: true, cell: (pool) => formatMinutes(pool.remainingMinutes) },
  {
    header: "Packages",
    cell: (pool) =>
      pool.grants.length === 0 ? (
        "—"
      ) : (
        <Stack gap={2}>
          {pool.grants.map((grant) => (
            <Text key={grant.grantId} size="sm">
              {grant.name}: {formatMinutes(grant.remainingMinutes)} of {formatMinutes(grant.minutes)}, until {formatDay(grant.expiresAt.slice(0, 10))}
            </Text>
          ))}
        </Stack>
      ),
  },
  {
    header: "Runs out",
    nowrap: true,
    cell: (pool) => (pool.runsOutOn ? `Before the session of ${formatDay(pool.runsOutOn)}` : pool.remainingMinutes > 0 ? "Covers the sessions scheduled" : "—"),
  },
];

/** Hours left per child (and the family's shared ones), with when the scheduled sessions will use them up. */
export function AdminAccountHours({ accountId }: { accountId: string }) {
  const hours = useAccountHours(accountId);
  return (
    <QueryState query={hours} label="the hours">
      {(summary) => (
        <DataTable
          rows={summary.pools}
          columns={COLUMNS}
          rowKey={(pool) => pool.studentId ?? "family"}
          caption="Package hours left per student, and when they run out"
          captionHidden
          listLabel="Hours per student"
          minWidth={720}
          empty={<Text size="sm">No package hours: sessions are charged at the hourly rate.</Text>}
        />
      )}
    </QueryState>
  );
}
