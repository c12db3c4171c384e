import { Anchor, Group, Stack } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { useStudentRecord } from "../../features/records/api.ts";
import { RecordState, StudentNotFound } from "../../features/records/components/record-states.tsx";
import { StudentRecordHeader } from "../../features/students/components/student-record-header.tsx";
import { StudentRecordView } from "../../features/students/components/student-record-view.tsx";
import { metaFor } from "../../lib/meta.ts";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";
import { HealthCardSection } from "../../features/student-health/components/health-card.tsx";
import { LeadHistorySection } from "../../features/crm/lead-history-section.tsx";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

/** An assigned student's record, read-only. */
export default function TutorStudent() {
  const { studentId = "" } = useParams();
  const record = useStudentRecord("tutor", studentId);
  const { timeZone } = useDisplayTimeZone();

  return (
    <Stack gap="md" pb={64}>
      <Anchor component={Link} to="/tutor/students" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          My students
        </Group>
      </Anchor>
      <RecordState
        query={record}
        notFound={
          <StudentNotFound
            backTo="/tutor/students"
            backLabel="Back to my students"
            description="There is no student record here that is assigned to you. An assignment that has ended no longer gives access."
          />
        }
      >
        {(student) => (
          <>
            <StudentRecordHeader
              student={student}
              area="tutor"
              description="Read-only. Your visit is recorded in the record's access log, which the family can see."
            />
            <HealthCardSection area="tutor" studentId={student.id} />
            <StudentRecordView student={student} area="tutor" timeZone={timeZone} />
            {student.erasedAt ? null : <LeadHistorySection area="tutor" studentId={student.id} />}
          </>
        )}
      </RecordState>
    </Stack>
  );
}
