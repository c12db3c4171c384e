import { Badge, DataList, Group, Stack, Text } from "@mantine/core";
import type { Area } from "../../../../shared/roles.ts";
import type { StudentDetail } from "../../../../shared/schemas/students.ts";
import { assignmentPeriod, assignmentState, sortAssignments } from "../format.ts";
import { useWorkspaceFormat } from "../workspace-format.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { AssignmentStateBadge } from "./assignment-state-badge.tsx";
import { ErasedNotice } from "./erased-notice.tsx";

/** The areas that read a record without editing it (admins edit it: student-record.tsx). */
export type RecordReaderArea = Exclude<Area, "admin">;

const none = (text: string) => (
  <Text span size="sm" c="dimmed">
    {text}
  </Text>
);

/** Long text as written, line breaks kept. */
function Prose({ text, empty }: { text: string; empty: string }) {
  return text.trim() ? (
    <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      {empty}
    </Text>
  );
}

const RECORD_NOTES: Record<RecordReaderArea, string> = {
  parent: "Kept by your tutoring business. Ask them to correct anything that is wrong.",
  tutor: "Kept by the admins of your workspace.",
  student: "What your tutoring business holds about you. Ask them to correct anything that is wrong.",
};

/** The record itself, read-only: details, goals and notes. */
function Details({ student, area }: { student: StudentDetail; area: RecordReaderArea }) {
  return (
    <SectionCard title="Record" description={RECORD_NOTES[area]}>
      <DataList labelWidth={140} withDivider>
        <DataList.Item>
          <DataList.ItemLabel>Name</DataList.ItemLabel>
          <DataList.ItemValue>{student.name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Preferred name</DataList.ItemLabel>
          <DataList.ItemValue>{student.preferredName ?? none("None")}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Grade or year</DataList.ItemLabel>
          <DataList.ItemValue>{student.grade ?? none("Not recorded")}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>School</DataList.ItemLabel>
          <DataList.ItemValue>{student.school ?? none("Not recorded")}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Subjects</DataList.ItemLabel>
          <DataList.ItemValue>
            {student.subjects.length ? (
              <Group gap={6}>
                {student.subjects.map((subject) => (
                  <Badge key={subject} variant="outline" color="gray" tt="none">
                    {subject}
                  </Badge>
                ))}
              </Group>
            ) : (
              none("None recorded")
            )}
          </DataList.ItemValue>
        </DataList.Item>
        {area !== "student" ? (
          <DataList.Item>
            <DataList.ItemLabel>Student login</DataList.ItemLabel>
            <DataList.ItemValue>{student.login ? withEmail(student.login.name, student.login.email) : none("No login of their own")}</DataList.ItemValue>
          </DataList.Item>
        ) : null}
      </DataList>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Goals
        </Text>
        <Prose text={student.goals} empty="No goals recorded yet." />
      </Stack>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Notes
        </Text>
        <Prose text={student.notes} empty="No notes." />
      </Stack>
    </SectionCard>
  );
}

type Assignment = StudentDetail["assignments"][number];

function Tutors({ student, area }: { student: StudentDetail; area: RecordReaderArea }) {
  // Where each assignment stands on the workspace's today, as the admin's record says it.
  const { today } = useWorkspaceFormat();
  const state = (assignment: Assignment) => <AssignmentStateBadge state={assignmentState(assignment, today)} />;
  const columns: DataColumn<Assignment>[] = [
    { header: "Tutor", cell: (assignment) => assignment.tutorName },
    { header: "Subject", cell: (assignment) => assignment.subject },
    { header: "Dates", nowrap: true, cell: assignmentPeriod },
    { header: "State", cell: state },
  ];
  return (
    <SectionCard title="Tutors" description={area === "tutor" ? "Who teaches this student, and what." : "Who teaches, and what."}>
      <DataTable
        rows={sortAssignments(student.assignments, today)}
        columns={columns}
        rowKey={(assignment) => assignment.id}
        listLabel="Tutors"
        card={(assignment) => (
          <>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {assignment.tutorName} · {assignment.subject}
              </Text>
              {state(assignment)}
            </Group>
            <Text size="sm">{assignmentPeriod(assignment)}</Text>
          </>
        )}
        minWidth={480}
        stackBelow="48em"
        spacing="xs"
        empty={
          <Text size="sm" c="dimmed">
            No tutor is assigned yet.
          </Text>
        }
      />
    </SectionCard>
  );
}

/** "Mark Bennett (mark@example.com)", or the name alone where the viewer may not see the email. */
const withEmail = (name: string, email: string | null) => (email ? `${name} (${email})` : name);

function Guardians({ student, area }: { student: StudentDetail; area: RecordReaderArea }) {
  return (
    <SectionCard title="Guardians" description={area === "parent" ? "Everyone who sees this record as a parent." : "The parents linked to this record."}>
      {student.guardians.length === 0 ? (
        <Text size="sm" c="dimmed">
          No guardian is linked.
        </Text>
      ) : (
        <Stack component="ul" gap={4} style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Guardians">
          {student.guardians.map((guardian) => (
            <Text component="li" key={guardian.memberId} size="sm" style={{ overflowWrap: "anywhere" }}>
              <Text span size="sm" fw={600}>
                {guardian.name}
              </Text>
              {guardian.email ? ` (${guardian.email})` : null}
            </Text>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** A student's record as a guardian, an assigned tutor or the student sees it: read-only. */
export function StudentRecordView({ student, area, timeZone }: { student: StudentDetail; area: RecordReaderArea; timeZone?: string | undefined }) {
  return (
    <Stack gap="lg">
      {student.erasedAt ? <ErasedNotice student={student} area={area} timeZone={timeZone} /> : null}
      <Details student={student} area={area} />
      <Tutors student={student} area={area} />
      <Guardians student={student} area={area} />
    </Stack>
  );
}
