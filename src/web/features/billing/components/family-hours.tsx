import { Badge, Group, Stack, Text } from "@mantine/core";
import type { FamilyAccount } from "../../../../shared/schemas/billing-accounts.ts";
import { DataTable } from "../../../components/data/data-table.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { formatMinutes, PURCHASE_STATUS_LABELS } from "../format.ts";
import { FamilyPanel } from "./family-panel.tsx";

type Pool = FamilyAccount["hours"]["pools"][number];
type Package = FamilyAccount["packages"][number];

/** When the hours run out, in words: the first scheduled session they will not cover. */
function runOutText(pool: Pool): string {
  if (pool.remainingMinutes <= 0) return "No hours left: sessions are charged at the tutor's rate.";
  if (pool.runsOutOn) return `At the sessions booked, these hours run out on ${formatDay(pool.runsOutOn, "long")}.`;
  return "Enough for every session booked so far.";
}

/** Hours left per child (and the family's shared hours), with when they run out and when each package's hours expire. */
export function FamilyHours({ account }: { account: FamilyAccount }) {
  const dateTime = useDateTime();
  const pools = account.hours.pools;
  return (
    <FamilyPanel title="Hours left" description="Package hours pay for sessions first, the soonest to expire first.">
      {pools.length === 0 ? (
        <Text c="dimmed">No package hours yet.</Text>
      ) : (
        <Stack gap="md" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {pools.map((pool) => (
            <Stack component="li" key={pool.studentId ?? "family"} gap={4}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>{pool.studentName ?? "Shared by the family"}</Text>
                <Text fw={700}>{formatMinutes(pool.remainingMinutes)} left</Text>
              </Group>
              <Text size="sm">{runOutText(pool)}</Text>
              {pool.grants
                .filter((grant) => grant.remainingMinutes > 0)
                .map((grant) => (
                  <Text size="sm" c="dimmed" key={grant.grantId}>
                    {grant.name}: {formatMinutes(grant.remainingMinutes)} of {formatMinutes(grant.minutes)}, expires {dateTime.instant(grant.expiresAt)}
                  </Text>
                ))}
            </Stack>
          ))}
        </Stack>
      )}
    </FamilyPanel>
  );
}

/** The packages bought for the account: for whom, how many hours, the price, whether they count yet, and when they expire. */
export function FamilyPackages({ account, currency }: { account: FamilyAccount; currency: string }) {
  const dateTime = useDateTime();
  const studentName = (id: string | null) => (id ? (account.students.find((student) => student.id === id)?.name ?? "—") : "The family");
  const expiryOf = (purchase: Package) => {
    const grant = account.hours.pools.flatMap((pool) => pool.grants).find((item) => item.purchaseId === purchase.id);
    return grant ? dateTime.instant(grant.expiresAt) : purchase.status === "awaiting_payment" ? "Starts when paid" : "—";
  };
  return (
    <FamilyPanel title="Packages">
      <DataTable
        rows={account.packages}
        rowKey={(purchase) => purchase.id}
        listLabel="Packages"
        caption="Packages bought for this account"
        captionHidden
        minWidth={640}
        columns={[
          { header: "Package", rowHeader: true, cell: (purchase) => purchase.name },
          { header: "For", cell: (purchase) => studentName(purchase.studentId) },
          { header: "Hours", nowrap: true, cell: (purchase) => formatMinutes(purchase.minutes) },
          { header: "Price", nowrap: true, align: "right", cell: (purchase) => formatMoney(purchase.priceMinor, currency) },
          { header: "Status", cell: (purchase) => <PurchaseStatus status={purchase.status} /> },
          { header: "Expires", cell: expiryOf },
        ]}
        empty={<Text c="dimmed">No package bought yet.</Text>}
      />
    </FamilyPanel>
  );
}

function PurchaseStatus({ status }: { status: Package["status"] }) {
  const color = status === "active" ? "teal" : status === "awaiting_payment" ? "blue" : "gray";
  return (
    <Badge variant="outline" color={color} tt="none" style={{ whiteSpace: "nowrap" }} styles={{ label: { overflow: "visible" } }}>
      {PURCHASE_STATUS_LABELS[status]}
    </Badge>
  );
}
