import { Badge } from "@mantine/core";
import type { DisputeState } from "../../../../shared/billing-states.ts";
import { DISPUTE_STATE_COLORS, DISPUTE_STATE_LABELS } from "../format.ts";

/** A dispute's state: open, credited, explained or withdrawn. */
export function DisputeStateBadge({ state }: { state: DisputeState }) {
  return (
    <Badge
      color={DISPUTE_STATE_COLORS[state]}
      variant="outline"
      tt="none"
      style={{ whiteSpace: "nowrap", flexShrink: 0 }}
      styles={{ label: { overflow: "visible" } }}
    >
      {DISPUTE_STATE_LABELS[state]}
    </Badge>
  );
}
