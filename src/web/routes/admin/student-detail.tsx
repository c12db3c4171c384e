import { Alert, Stack, Title } from "@mantine/core";
import { useParams } from "react-router";
import { QueryState } from "../../components/ui/query-state.tsx";
import { AccessLogTable, accessLogTableProps } from "../../components/ui/access-log-table.tsx";
import { useStudent, useStudentAccessLog } from "../../features/students/api.ts";
import { AssignmentsSection } from "../../features/students/components/assignments-section.tsx";
import { EraseSection } from "../../features/students/components/erase-section.tsx";
import { ErasedNotice } from "../../features/students/components/erased-notice.tsx";
import { GuardiansSection } from "../../features/students/components/guardians-section.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { StudentRecordHeader } from "../../features/students/components/student-record-header.tsx";
import { StudentRecordSection, StudentStatusActions } from "../../features/students/components/student-record.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { metaFor } from "../../lib/meta.ts";
import type { StudentDetail } from "../../../shared/schemas/students.ts";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { HealthCardSection } from "../../features/student-health/components/health-card.tsx";
import { LeadHistorySection } from "../../features/crm/lead-history-section.tsx";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

/** A student's record: details, status, guardians, tutors, access log and erasure. */
export default function StudentDetailScreen() {
  const { studentId = "" } = useParams();
  const student = useStudent(studentId);

  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="lg" maw={1000} pb={64}>
      <div>
        <BackLink to="/admin/students">Students</BackLink>
      </div>
      {student.isError && student.error instanceof ApiError && student.error.status === 404 ? (
        <>
          <Title order={1} size="h2">
            Student not found
          </Title>
          <Alert color="gray" title="This record does not exist in your workspace">
            It may have been mistyped in the address. Find the student in the list instead.
          </Alert>
        </>
      ) : (
        <QueryState query={student} label="the student record">
          {(data) => <Record student={data} />}
        </QueryState>
      )}
    </Stack>
  );
}

function Record({ student }: { student: StudentDetail }) {
  const erased = student.erasedAt !== null;
  const log = useStudentAccessLog(student.id);

  return (
    <>
      {/* Status actions sit under the name, not at the top right where notifications appear. */}
      <StudentRecordHeader student={student} area="admin">
        {erased ? null : <StudentStatusActions student={student} />}
      </StudentRecordHeader>
      {erased ? <ErasedNotice student={student} area="admin" /> : <StudentRecordSection key={student.id} student={student} />}
      {erased ? null : <HealthCardSection area="admin" studentId={student.id} />}
      {erased ? null : <GuardiansSection student={student} />}
      <AssignmentsSection student={student} readOnly={erased} />
      {erased ? null : <LeadHistorySection area="admin" studentId={student.id} />}
      <SectionCard title="Access log" description="Everyone who opened or changed this record. Guardians see this log too.">
        <AccessLogTable {...accessLogTableProps(log)} />
      </SectionCard>
      {erased ? null : <EraseSection student={student} />}
    </>
  );
}
