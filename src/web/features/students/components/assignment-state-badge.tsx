import { Badge } from "@mantine/core";
import { ASSIGNMENT_STATE_LABELS, type AssignmentState } from "../format.ts";

/** Colours without a shade: the theme keeps an outline badge's text at AA in both colour schemes. */
const STATE_COLORS: Record<AssignmentState, string> = { current: "teal", upcoming: "blue", ended: "gray" };

/** Whether an assignment is current, starts later or ended. */
export function AssignmentStateBadge({ state }: { state: AssignmentState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="outline" style={{ whiteSpace: "nowrap", flexShrink: 0 }} styles={{ label: { overflow: "visible" } }}>
      {ASSIGNMENT_STATE_LABELS[state]}
    </Badge>
  );
}
