import { Anchor, Badge } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { STUDENT_STATUS_LABELS, type StudentStatus } from "../../../../shared/schemas/students.ts";
import { STUDENT_STATUS_COLORS } from "../format.ts";

/**
 * Small pieces shared by the students and tutors screens: a record page's sections, the way
 * back to the list, and status badges.
 */

/** "← Students": the way back from a record to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" fw={500} mb="xs" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden="true" />
      {children}
    </Anchor>
  );
}

export function StudentStatusBadge({ status, erased = false }: { status: StudentStatus; erased?: boolean }) {
  if (erased) {
    return (
      <Badge color="red" variant="light">
        Erased
      </Badge>
    );
  }
  return (
    <Badge color={STUDENT_STATUS_COLORS[status]} variant="light">
      {STUDENT_STATUS_LABELS[status]}
    </Badge>
  );
}
