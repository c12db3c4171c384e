import { EmptyState, Stack } from "@mantine/core";
import { IconId } from "@tabler/icons-react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { OWN_ACCESS_LOG_PATH, useOwnRecord } from "../../features/records/api.ts";
import { AccessLogSection } from "../../features/records/components/access-log-section.tsx";
import { RecordState } from "../../features/records/components/record-states.tsx";
import { OwnHealthSection } from "../../features/student-health/components/own-health-card.tsx";
import { StudentRecordView } from "../../features/students/components/student-record-view.tsx";
import { metaFor } from "../../lib/meta.ts";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";

export const meta = () => metaFor("/student/profile");

/** The student's own record and who looked at or changed it. */
export default function StudentProfile() {
  const record = useOwnRecord();
  const { timeZone } = useDisplayTimeZone();

  return (
    <Stack gap="md" pb={64}>
      <PageHeader title="My profile" description="Your student record, your attendance and progress, and who looked at or changed your record." />
      <RecordState
        query={record}
        notFound={
          <EmptyState
            py="xl"
            withIndicatorBackground
            icon={<IconId size={28} aria-hidden="true" />}
            title="No student record is linked to your account yet."
            description="Your tutoring business keeps a record for each student and links it to the student's account. Ask them to link yours, or to send you an invitation for your record."
          />
        }
      >
        {(student) => (
          <>
            <StudentRecordView student={student} area="student" timeZone={timeZone} />
            <OwnHealthSection />
            <AccessLogSection
              path={OWN_ACCESS_LOG_PATH}
              timeZone={timeZone}
              description="Every time someone opened or changed your record: who, in which role, and when."
            />
          </>
        )}
      </RecordState>
    </Stack>
  );
}
