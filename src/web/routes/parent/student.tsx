import { Anchor, Button, Group, Stack } from "@mantine/core";
import { IconArrowLeft, IconDownload } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { parentAccessLogPath, parentExportPath, useStudentRecord } from "../../features/records/api.ts";
import { AccessLogSection } from "../../features/records/components/access-log-section.tsx";
import { RecordState, StudentNotFound } from "../../features/records/components/record-states.tsx";
import { StudentRecordHeader } from "../../features/students/components/student-record-header.tsx";
import { StudentRecordView } from "../../features/students/components/student-record-view.tsx";
import { metaFor } from "../../lib/meta.ts";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { SessionCalendar } from "../../features/calendar/components/session-calendar.tsx";
import { FamilySummaries } from "../../features/session-reports/components/family-summaries.tsx";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";
import { HealthCardSection } from "../../features/student-health/components/health-card.tsx";
import { LazyAnalyticsSection } from "../../features/analytics/components/lazy-analytics.tsx";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

/** One child's record, read-only, with its access log and the download of everything held about them. */
export default function ParentStudent() {
  const { studentId = "" } = useParams();
  const record = useStudentRecord("parent", studentId);
  const { timeZone } = useDisplayTimeZone();

  return (
    <Stack gap="md" pb={64}>
      <Anchor component={Link} to="/parent/students" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          My students
        </Group>
      </Anchor>
      <RecordState
        query={record}
        notFound={
          <StudentNotFound
            backTo="/parent/students"
            backLabel="Back to my students"
            description="There is no student record here that is linked to your account. If it is your child, ask your tutoring business to link you as a guardian."
          />
        }
      >
        {(student) => (
          <>
            <Group justify="space-between" align="flex-start" gap="sm">
              <StudentRecordHeader student={student} area="parent" description="Your child's record, as your tutoring business keeps it." />
              <Button component="a" href={parentExportPath(student.id)} download variant="default" leftSection={<IconDownload size={18} aria-hidden="true" />}>
                Download all data (ZIP)
              </Button>
            </Group>
            <HealthCardSection area="parent" studentId={student.id} />
            <StudentRecordView student={student} area="parent" timeZone={timeZone} />
            <SectionCard title="Progress" description="Your child's figures for a date range, each compared with the period just before it.">
              <LazyAnalyticsSection
                target={{ area: "parent", studentId: student.id }}
                emptyText="Figures about your child's sessions and progress will be shown here."
              />
            </SectionCard>
            {timeZone ? (
              <SectionCard title="Sessions" description="Your child's tutoring sessions. Open one for its details, or to ask for it to be cancelled.">
                <SessionCalendar area="parent" timeZone={timeZone} filters={{ studentId: student.id }} />
              </SectionCard>
            ) : null}
            {timeZone ? (
              <SectionCard title="Session summaries" description="What the tutors shared after each session, newest first.">
                <FamilySummaries
                  area="parent"
                  studentId={student.id}
                  timeZone={timeZone}
                  emptyText="No summary yet: the tutor shares one after each session."
                />
              </SectionCard>
            ) : null}
            <AccessLogSection
              path={parentAccessLogPath(student.id)}
              timeZone={timeZone}
              description="Every time someone opened, changed or downloaded this record: who, in which role, and when."
            />
          </>
        )}
      </RecordState>
    </Stack>
  );
}
