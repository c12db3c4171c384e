import { Badge } from "@mantine/core";
import { ASSIGNMENT_STATE_LABELS, type AssignmentState } from "../format.ts";

/** Dark shades: outline badges keep WCAG AA contrast on white. */
const STATE_COLORS: Record<AssignmentState, string> = { current: "teal.9", upcoming: "blue.9", ended: "gray.7" };

/** Whether an assignment is current, starts later or ended. */
export function AssignmentStateBadge({ state }: { state: AssignmentState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="outline" style={{ whiteSpace: "nowrap", flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
      {ASSIGNMENT_STATE_LABELS[state]}
    </Badge>
  );
}
