import { Anchor, Badge, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../../../shared/money.ts";
import type { Assignment } from "../../../../shared/schemas/students.ts";
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
  const wide = useMediaQuery("(min-width: 62em)", true, { getInitialValueInEffect: false });
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

  if (!wide) {
    return (
      <Stack component="ul" gap="xs" aria-label={perspective === "student" ? "Assigned tutors" : "Assigned students"} style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {sorted.map((assignment) => (
          <Paper component="li" key={assignment.id} withBorder p="sm" radius="sm">
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
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{personHeader}</Table.Th>
            <Table.Th scope="col">Subject</Table.Th>
            <Table.Th scope="col">Charge rate</Table.Th>
            <Table.Th scope="col">Dates</Table.Th>
            <Table.Th scope="col">State</Table.Th>
            {actions ? <Table.Th scope="col">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((assignment) => (
            <Table.Tr key={assignment.id}>
              <Table.Th scope="row" fw={400}>
                {person(assignment)}
              </Table.Th>
              <Table.Td>{assignment.subject}</Table.Td>
              <Table.Td>{rate(assignment)}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{dates(assignment)}</Table.Td>
              <Table.Td>
                <AssignmentStateBadge state={assignmentState(assignment, today)} />
              </Table.Td>
              {actions ? (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {actions(assignment)}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
