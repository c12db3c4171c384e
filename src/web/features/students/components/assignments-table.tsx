import { Anchor, Badge, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../../../shared/money.ts";
import type { Assignment } from "../../../../shared/schemas/students.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ASSIGNMENT_STATE_LABELS, assignmentState, formatDay, sortAssignments, type AssignmentState } from "../format.ts";

const STATE_COLORS: Record<AssignmentState, string> = { current: "teal", upcoming: "blue", ended: "gray" };

export function AssignmentStateBadge({ state }: { state: AssignmentState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {ASSIGNMENT_STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * Assignments as a student's record shows them (the tutor in each row) or as a tutor's page
 * does (the student): current first, with the charge rate and dates; actions per row if given.
 */
export function AssignmentsTable({
  assignments,
  perspective,
  today,
  currency,
  defaultRateLabel = "Tutor's default",
  actions,
}: {
  assignments: readonly Assignment[];
  perspective: "student" | "tutor";
  today: string;
  currency: string;
  defaultRateLabel?: string;
  actions?: (assignment: Assignment) => ReactNode;
}) {
  const sorted = sortAssignments(assignments, today);
  const personHeader = perspective === "student" ? "Tutor" : "Student";
  const person = (assignment: Assignment) =>
    perspective === "student" ? (
      <Anchor component={Link} to={`/admin/tutors/${encodeURIComponent(assignment.tutorMemberId)}`} fw={600}>
        {assignment.tutorName}
      </Anchor>
    ) : (
      <Anchor component={Link} to={`/admin/students/${encodeURIComponent(assignment.studentId)}`} fw={600}>
        {assignment.studentName}
      </Anchor>
    );
  const rate = (assignment: Assignment) => (assignment.rateOverrideMinor === null ? defaultRateLabel : formatMoney(assignment.rateOverrideMinor, currency));
  const dates = (assignment: Assignment) => `${formatDay(assignment.startsOn)} – ${assignment.endsOn ? formatDay(assignment.endsOn) : "no end date"}`;

  const columns: DataColumn<Assignment>[] = [
    { header: personHeader, rowHeader: true, cell: person },
    { header: "Subject", cell: (assignment) => assignment.subject },
    { header: "Charge rate", cell: rate },
    { header: "Dates", nowrap: true, cell: dates },
    { header: "State", cell: (assignment) => <AssignmentStateBadge state={assignmentState(assignment, today)} /> },
    ...(actions
      ? [
          {
            header: "Actions",
            cell: (assignment: Assignment) => (
              <Group gap="xs" wrap="nowrap">
                {actions(assignment)}
              </Group>
            ),
          },
        ]
      : []),
  ];

  return (
    <DataTable
      rows={sorted}
      columns={columns}
      rowKey={(assignment) => assignment.id}
      listLabel={perspective === "student" ? "Assigned tutors" : "Assigned students"}
      card={(assignment) => (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              {person(assignment)}
              <Text size="sm">{assignment.subject}</Text>
            </div>
            <AssignmentStateBadge state={assignmentState(assignment, today)} />
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {dates(assignment)} · Rate: {rate(assignment)}
          </Text>
          {actions ? (
            <Group gap="xs" mt="xs">
              {actions(assignment)}
            </Group>
          ) : null}
        </>
      )}
      minWidth={720}
      spacing="xs"
    />
  );
}
