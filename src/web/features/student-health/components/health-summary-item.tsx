import { Anchor, Group, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { HealthListItem } from "../../../../shared/schemas/student-health.ts";
import { HealthBandBadge } from "./health-band-badge.tsx";
import { HealthTrend } from "./health-trend.tsx";

/** A student in a dashboard's health summary (a list item): name, band, score and the week's change, then the top reason. */
export function HealthSummaryItem({ item, href, reasonWhenNone }: { item: Omit<HealthListItem, "tutors">; href: string; reasonWhenNone: string }) {
  return (
    <Stack component="li" gap={2}>
      <Group gap="sm" wrap="wrap" align="center">
        <Anchor component={Link} to={href} fw={600} style={{ overflowWrap: "anywhere" }}>
          {item.name}
        </Anchor>
        <HealthBandBadge band={item.band} />
        {item.score === null ? null : <Text size="sm">Score {item.score}</Text>}
        {item.trend ? <HealthTrend trend={item.trend} /> : null}
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {item.band === null ? "Scored after the next session report, and every night." : (item.topReason ?? reasonWhenNone)}
      </Text>
    </Stack>
  );
}
