import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { ALERTS_SCREEN, useAlerts, type AlertArea } from "../api.ts";
import { AlertItem } from "./alert-item.tsx";

const DESCRIPTIONS: Record<AlertArea, string> = {
  admin: "Students whose health, hours, invoices or reports need attention. Each alert resolves itself when its condition clears.",
  tutor: "Your students whose attendance, engagement or reports need attention.",
  parent: "What needs attention for your children: attendance and progress, hours and invoices.",
};
const NEWEST = 3;

/** A dashboard's alerts: how many are open, the newest few, and the way to all of them. */
export function AlertsSummary({ area }: { area: AlertArea }) {
  const alerts = useAlerts(area, { state: "live", page: 1 });
  return (
    <SectionCard
      title="Alerts"
      description={DESCRIPTIONS[area]}
      actions={
        <Anchor component={Link} to={ALERTS_SCREEN[area]} size="sm" fw={600}>
          All alerts
        </Anchor>
      }
    >
      <QueryState query={alerts} label="the alerts">
        {(data) =>
          data.live === 0 ? (
            <Text size="sm">No open alerts.</Text>
          ) : (
            <Stack gap="sm">
              <Text size="sm" fw={600}>
                {data.liveIsAtLeast ? `More than ${data.live - 1} open alerts` : data.live === 1 ? "1 open alert" : `${data.live} open alerts`}
              </Text>
              {data.items.slice(0, NEWEST).map((alert) => (
                <AlertItem key={alert.id} alert={alert} area={area} />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </SectionCard>
  );
}
