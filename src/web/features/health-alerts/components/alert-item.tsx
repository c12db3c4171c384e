import { Anchor, Badge, Card, Group, List, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { Alert, AlertStatus, AlertTopic } from "../../../../shared/schemas/health-alerts.ts";
import { useDateTime } from "../../session/display-time-zone.ts";
import { BAND_COLORS, BAND_LABELS } from "../../student-health/bands.ts";
import type { AlertArea } from "../api.ts";
import { AlertActions } from "./alert-actions.tsx";

export const TOPIC_LABELS: Record<AlertTopic, string> = { learning: "Learning", billing: "Billing", reports: "Reports" };
const STATUS_LABELS: Record<AlertStatus, string> = {
  open: "Open",
  acknowledged: "Acknowledged",
  action_planned: "Action planned",
  resolved: "Resolved",
  dismissed: "Dismissed",
};

/** One alert: how serious, on whom, why (with the sessions behind it), where it stands, and what staff can do with it. */
export function AlertItem({ alert, area, showStudent = true }: { alert: Alert; area: AlertArea; showStudent?: boolean }) {
  const { moment, instant } = useDateTime();
  const live = alert.status === "open" || alert.status === "acknowledged" || alert.status === "action_planned";
  return (
    <Card withBorder padding="md" component="article" aria-label={`${alert.studentName}: ${alert.title}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge color={BAND_COLORS[alert.severity]} variant="filled">
            {BAND_LABELS[alert.severity]}
          </Badge>
          <Badge color="gray" variant="light">
            {TOPIC_LABELS[alert.topic]}
          </Badge>
          <Badge color={live ? "blue" : "gray"} variant="outline">
            {STATUS_LABELS[alert.status]}
          </Badge>
          {showStudent ? (
            <Anchor component={Link} to={`/${area}/students/${encodeURIComponent(alert.studentId)}`} fw={600} size="sm">
              {alert.studentName}
            </Anchor>
          ) : null}
        </Group>
        <Text fw={600} size="sm">
          {alert.title}
        </Text>
        {alert.evidence.length > 0 ? (
          <List size="sm" withPadding listStyleType="disc" aria-label="The sessions behind it">
            {alert.evidence.map((item) => (
              <List.Item key={`${item.sessionId}-${item.note}`}>
                <Anchor underline="always" component={Link} to={`/${area}/sessions/${encodeURIComponent(item.sessionId)}`} size="sm">
                  {moment(item.startsAt, "short")}
                </Anchor>
                : {item.note}
              </List.Item>
            ))}
          </List>
        ) : null}
        {alert.status === "action_planned" && alert.actionNote ? (
          <Text size="sm">
            Planned by {alert.changedByName ?? "a former member"}: {alert.actionNote} (by {alert.actionOn})
          </Text>
        ) : null}
        {alert.status === "dismissed" && alert.dismissReason ? (
          <Text size="sm">
            Dismissed by {alert.changedByName ?? "a former member"}: {alert.dismissReason}
          </Text>
        ) : null}
        {alert.resolution ? <Text size="sm">{alert.resolution}</Text> : null}
        <Text size="xs" c="dimmed">
          Opened {instant(alert.openedAt)}
          {alert.status === "acknowledged" && alert.changedByName ? `; acknowledged by ${alert.changedByName}` : ""}
        </Text>
        {live && area !== "parent" ? <AlertActions alert={alert} area={area} /> : null}
      </Stack>
    </Card>
  );
}
