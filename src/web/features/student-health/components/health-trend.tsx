import { Group, Text } from "@mantine/core";
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from "@tabler/icons-react";
import type { HealthListTrend } from "../../../../shared/schemas/student-health.ts";
import { formatDay } from "../../../lib/format-time.ts";

/** The trend in words, as a screen reader says it: "Up 12 since 20 Nov 2026" (up is more risk). */
export function trendLabel(trend: HealthListTrend | null): string {
  if (!trend) return "No score a week old to compare";
  const since = `since ${formatDay(trend.since)}`;
  if (trend.direction === "flat") return `No change ${since}`;
  return `${trend.direction === "up" ? "Up" : "Down"} ${Math.abs(trend.change)} ${since}`;
}

const SHOWN = {
  up: { Icon: IconArrowUpRight, color: "red", sign: "+" },
  down: { Icon: IconArrowDownRight, color: "teal", sign: "" },
  flat: { Icon: IconArrowRight, color: "dimmed", sign: "±" },
} as const;

/**
 * The change of the score over the last week: an arrow and the signed change, named in words
 * for screen readers (and on hover) since an arrow and a colour alone say nothing to them.
 */
export function HealthTrend({ trend }: { trend: HealthListTrend | null }) {
  const label = trendLabel(trend);
  if (!trend)
    return (
      <Text span size="sm" c="dimmed" role="img" aria-label={label} title={label}>
        —
      </Text>
    );
  const { Icon, color, sign } = SHOWN[trend.direction];
  return (
    <Group component="span" gap={4} wrap="nowrap" role="img" aria-label={label} title={label} c={color} style={{ display: "inline-flex" }}>
      <Icon size={16} aria-hidden="true" />
      <Text span size="sm" fw={600} inherit>
        {sign}
        {trend.change}
      </Text>
    </Group>
  );
}
