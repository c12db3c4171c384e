import { Anchor, Box, Button, EmptyState, Group, Paper, Stack, Table, Text, VisuallyHidden, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import { STUDENT_STATUS_LABELS, STUDENT_STATUSES, type StudentStatus, type StudentSummary } from "../../../../shared/schemas/students.ts";
import { StudentStatusBadge } from "./people-ui.tsx";
import { SearchAndStatusFilters, useRowLink } from "../../../components/ui/list-filters.tsx";

const STATUS_OPTIONS = STUDENT_STATUSES.map((status) => ({ value: status, label: STUDENT_STATUS_LABELS[status] }));

const studentHref = (student: Pick<StudentSummary, "id">) => `/admin/students/${encodeURIComponent(student.id)}`;
const names = (people: readonly { name: string }[]) => (people.length ? people.map((person) => person.name).join(", ") : "—");

/** Search by name and filter by status; the search waits for typing to stop (the caller's). */
export function StudentFilters(props: { search: string; onSearch: (text: string) => void; status: StudentStatus | null; onStatus: (status: StudentStatus | null) => void }) {
  return <SearchAndStatusFilters label="Find students" searchLabel="Search by name" placeholder="Name or preferred name" statuses={STATUS_OPTIONS} {...props} />;
}

/** No students at all, or none matching the filters. */
export function StudentsEmpty({ filtered, onClear, onAdd }: { filtered: boolean; onClear: () => void; onAdd: () => void }) {
  return filtered ? (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={<IconSearch size={28} aria-hidden="true" />}
      title="No students match your search."
      description="Check the spelling, or clear the search and the status filter."
    >
      <Button variant="default" onClick={onClear}>
        Clear search and filters
      </Button>
    </EmptyState>
  ) : (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={<IconUsers size={28} aria-hidden="true" />}
      title="No students yet."
      description="Add your first student to keep their record, guardians and tutors in one place."
    >
      <Button onClick={onAdd}>Add student</Button>
    </EmptyState>
  );
}

/** One page of students: a table on wide screens, cards on narrow ones. A row opens the record. */
export function StudentsList({ students, busy }: { students: StudentSummary[]; busy: boolean }) {
  const wide = useMediaQuery("(min-width: 62em)", true, { getInitialValueInEffect: false });
  const openRow = useRowLink(studentHref);

  if (!wide) {
    return (
      <Stack component="ul" gap="sm" aria-label="Students" aria-busy={busy} style={{ listStyle: "none", padding: 0, margin: 0, opacity: busy ? 0.6 : 1 }}>
        {students.map((student) => (
          <Paper component="li" key={student.id} withBorder p="md" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Box miw={0}>
                <Title order={2} size="h4">
                  <Anchor component={Link} to={studentHref(student)} inherit>
                    {student.name}
                  </Anchor>
                </Title>
                {student.preferredName ? (
                  <Text size="sm" c="dimmed">
                    Goes by {student.preferredName}
                  </Text>
                ) : null}
              </Box>
              <StudentStatusBadge status={student.status} erased={student.erased} />
            </Group>
            <Stack gap={2} mt="xs">
              <Detail label="Grade" value={student.grade ?? "—"} />
              <Detail label="Subjects" value={student.subjects.join(", ") || "—"} />
              <Detail label="Guardians" value={names(student.guardians)} />
              <Detail label="Tutors" value={names(student.tutors)} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={busy} style={{ opacity: busy ? 0.6 : 1 }}>
        <Table.Caption>
          {/* For screen readers only: the page header already says it on screen. */}
          <VisuallyHidden>Students of your workspace by name. Open a student to see and edit the record.</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Grade</Table.Th>
            <Table.Th scope="col">Subjects</Table.Th>
            <Table.Th scope="col">Guardians</Table.Th>
            <Table.Th scope="col">Tutors</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((student) => (
            <Table.Tr key={student.id} onClick={openRow(student)} style={{ cursor: "pointer" }}>
              <Table.Th scope="row" fw={600}>
                <Anchor component={Link} to={studentHref(student)} fw={600}>
                  {student.name}
                </Anchor>
                {student.preferredName ? (
                  <Text size="sm" c="dimmed" fw={400}>
                    Goes by {student.preferredName}
                  </Text>
                ) : null}
              </Table.Th>
              <Table.Td>{student.grade ?? "—"}</Table.Td>
              <Table.Td maw={220}>{student.subjects.join(", ") || "—"}</Table.Td>
              <Table.Td maw={200}>{names(student.guardians)}</Table.Td>
              <Table.Td maw={200}>{names(student.tutors)}</Table.Td>
              <Table.Td>
                <StudentStatusBadge status={student.status} erased={student.erased} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={600} size="sm">
        {label}:
      </Text>{" "}
      {value}
    </Text>
  );
}
