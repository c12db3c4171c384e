import { Badge } from "@mantine/core";
import type { MembershipStatus } from "../../../../shared/roles.ts";
import { STATUS_COLORS, STATUS_LABELS } from "../format.ts";

export function StatusBadge({ status }: { status: MembershipStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="outline" style={{ whiteSpace: "nowrap", flexShrink: 0, overflow: "visible" }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function YouBadge() {
  return (
    <Badge color="blue" variant="outline" size="sm" ml={6}>
      You
    </Badge>
  );
}
