import { Badge } from "@mantine/core";
import { STUDENT_STATUS_LABELS, type StudentStatus } from "../../../../shared/student-states.ts";
import { STUDENT_STATUS_COLORS } from "../format.ts";

/** A student's status wherever a record or a list shows one: "Active", "Paused", "Former (archived)", or "Erased". */
export function StudentStatusBadge({ status, erased = false }: { status: StudentStatus; erased?: boolean }) {
  return (
    <Badge
      color={erased ? "red" : STUDENT_STATUS_COLORS[status]}
      variant="outline"
      style={{ whiteSpace: "nowrap", flexShrink: 0 }}
      styles={{ label: { overflow: "visible" } }}
    >
      {erased ? "Erased" : STUDENT_STATUS_LABELS[status]}
    </Badge>
  );
}
