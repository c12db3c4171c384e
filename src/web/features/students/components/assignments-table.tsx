import { Anchor, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatHourlyRate } from "../../../lib/format-money.ts";
import type { Assignment } from "../../../../shared/schemas/students.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { assignmentPeriod, assignmentState, sortAssignments } from "../format.ts";
import { AssignmentStateBadge } from "./assignment-state-badge.tsx";

/**
 * Assignments as a student's record shows them (the tutor in each row) or as a tutor's page
 * does (the student): current first, with the charge and pay rates and dates; actions per row if given.
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
  const rate = (assignment: Assignment) =>
    assignment.rateOverrideMinor === null ? defaultRateLabel : formatHourlyRate(assignment.rateOverrideMinor, currency);
  const payRate = (assignment: Assignment) =>
    assignment.payRateOverrideMinor === null ? "Tutor's pay rate" : formatHourlyRate(assignment.payRateOverrideMinor, currency);

  const columns: DataColumn<Assignment>[] = [
    { header: personHeader, rowHeader: true, cell: person },
    { header: "Subject", cell: (assignment) => assignment.subject },
    { header: "Charge rate", cell: rate },
    { header: "Pay rate", cell: payRate },
    { header: "Dates", nowrap: true, cell: assignmentPeriod },
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
            {assignmentPeriod(assignment)} · Rate: {rate(assignment)} · Pay: {payRate(assignment)}
          </Text>
          {actions ? (
            <Group gap="xs" mt="xs">
              {actions(assignment)}
            </Group>
          ) : null}
        </>
      )}
      minWidth={820}
      spacing="xs"
    />
  );
}
