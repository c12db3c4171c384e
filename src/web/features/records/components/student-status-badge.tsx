import { Badge } from "@mantine/core";
import type { StudentStatus } from "../../../../shared/schemas/students.ts";
import { STATUS_COLORS, STATUS_LABELS } from "../format.ts";

export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="outline" style={{ whiteSpace: "nowrap", flexShrink: 0, overflow: "visible" }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
