import { Alert, Badge, DataList, Group, Stack, Text } from "@mantine/core";
import type { StudentDetail } from "../../../../shared/schemas/students.ts";
import { assignmentPeriod, formatInstant, sortAssignments } from "../format.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";

export type RecordAudience = "parent" | "tutor" | "student";

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

const RECORD_NOTES: Record<RecordAudience, string> = {
  parent: "Kept by your tutoring business. Ask them to correct anything that is wrong.",
  tutor: "Kept by the admins of your workspace.",
  student: "What your tutoring business holds about you. Ask them to correct anything that is wrong.",
};

/** The record itself, read-only: details, goals and notes. */
function Details({ student, audience }: { student: StudentDetail; audience: RecordAudience }) {
  return (
    <SectionCard title="Record" description={RECORD_NOTES[audience]}>
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
                  <Badge key={subject} variant="outline" color="gray.8" tt="none">
                    {subject}
                  </Badge>
                ))}
              </Group>
            ) : (
              none("None recorded")
            )}
          </DataList.ItemValue>
        </DataList.Item>
        {audience !== "student" ? (
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

const TUTOR_COLUMNS: DataColumn<StudentDetail["assignments"][number]>[] = [
  { header: "Tutor", cell: (assignment) => assignment.tutorName },
  { header: "Subject", cell: (assignment) => assignment.subject },
  { header: "Period", cell: assignmentPeriod },
  { header: "State", cell: (assignment) => (assignment.current ? "Current" : assignment.endsOn ? "Ended" : "Starts later") },
];

function Tutors({ student, audience }: { student: StudentDetail; audience: RecordAudience }) {
  return (
    <SectionCard title="Tutors" description={audience === "tutor" ? "Who teaches this student, and what." : "Who teaches, and what."}>
      <DataTable
        rows={sortAssignments(student.assignments)}
        columns={TUTOR_COLUMNS}
        rowKey={(assignment) => assignment.id}
        listLabel="Tutors"
        card={(assignment) => (
          <>
            <Text size="sm" fw={600}>
              {assignment.tutorName} · {assignment.subject}
            </Text>
            <Text size="sm">
              {assignmentPeriod(assignment)}
              {assignment.current ? "" : assignment.endsOn ? " (ended)" : " (starts later)"}
            </Text>
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

function Guardians({ student, audience }: { student: StudentDetail; audience: RecordAudience }) {
  return (
    <SectionCard title="Guardians" description={audience === "parent" ? "Everyone who sees this record as a parent." : "The parents linked to this record."}>
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
export function StudentRecordView({ student, audience, timeZone }: { student: StudentDetail; audience: RecordAudience; timeZone?: string | undefined }) {
  return (
    <Stack gap="lg">
      {student.erasedAt ? (
        <Alert color="gray" title="Personal data erased">
          This record&apos;s personal data was erased on {formatInstant(student.erasedAt, timeZone)} at the family&apos;s request. Its history stays.
        </Alert>
      ) : null}
      <Details student={student} audience={audience} />
      <Tutors student={student} audience={audience} />
      <Guardians student={student} audience={audience} />
    </Stack>
  );
}
