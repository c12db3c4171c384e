import { NoMatches, NothingYet } from "../../../components/ui/list-empty.tsx";
import { Anchor, Box, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import type { StudentSummary } from "../../../../shared/schemas/students.ts";
import { STUDENT_STATUS_LABELS, STUDENT_STATUSES, type StudentStatus } from "../../../../shared/student-states.ts";
import { StudentStatusBadge } from "./student-status-badge.tsx";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { SearchAndStatusFilters } from "../../../components/ui/list-filters.tsx";

const STATUS_OPTIONS = STUDENT_STATUSES.map((status) => ({ value: status, label: STUDENT_STATUS_LABELS[status] }));

const studentHref = (student: Pick<StudentSummary, "id">) => `/admin/students/${encodeURIComponent(student.id)}`;
const names = (people: readonly { name: string }[]) => (people.length ? people.map((person) => person.name).join(", ") : "—");

/** Search by name and filter by status; the search waits for typing to stop (the caller's). */
export function StudentFilters(props: {
  search: string;
  onSearch: (text: string) => void;
  status: StudentStatus | null;
  onStatus: (status: StudentStatus | null) => void;
}) {
  return (
    <SearchAndStatusFilters label="Find students" searchLabel="Search by name" placeholder="Name or preferred name" statuses={STATUS_OPTIONS} {...props} />
  );
}

/** No students at all, or none matching the filters. */
export function StudentsEmpty({ filtered, onClear, onAdd }: { filtered: boolean; onClear: () => void; onAdd: () => void }) {
  return filtered ? (
    <NoMatches title="No students match your search." filters="the status filter" onClear={onClear} />
  ) : (
    <NothingYet
      icon={<IconUsers size={28} aria-hidden="true" />}
      title="No students yet."
      description="Add your first student to keep their record, guardians and tutors in one place."
    >
      <Button onClick={onAdd}>Add student</Button>
    </NothingYet>
  );
}

const COLUMNS: DataColumn<StudentSummary>[] = [
  {
    header: "Name",
    rowHeader: true,
    cell: (student) => (
      <>
        <Anchor component={Link} to={studentHref(student)} fw={600}>
          {student.name}
        </Anchor>
        {student.preferredName ? (
          <Text size="sm" c="dimmed" fw={400}>
            Goes by {student.preferredName}
          </Text>
        ) : null}
      </>
    ),
  },
  { header: "Grade", cell: (student) => student.grade ?? "—" },
  { header: "Subjects", maxWidth: 220, cell: (student) => student.subjects.join(", ") || "—" },
  { header: "Guardians", maxWidth: 200, cell: (student) => names(student.guardians) },
  { header: "Tutors", maxWidth: 200, cell: (student) => names(student.tutors) },
  { header: "Status", cell: (student) => <StudentStatusBadge status={student.status} erased={student.erased} /> },
];

function StudentCard({ student }: { student: StudentSummary }) {
  return (
    <>
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
    </>
  );
}

/** One page of students: a table on wide screens, cards on narrow ones. A row opens the record. */
export function StudentsList({ students, busy }: { students: StudentSummary[]; busy: boolean }) {
  return (
    <DataTable
      rows={students}
      columns={COLUMNS}
      rowKey={(student) => student.id}
      // For screen readers only: the page header already says it on screen.
      caption="Students of your workspace by name. Open a student to see and edit the record."
      captionHidden
      listLabel="Students"
      card={(student) => <StudentCard student={student} />}
      minWidth={900}
      rowHref={studentHref}
      busy={busy}
      highlightOnHover
    />
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
