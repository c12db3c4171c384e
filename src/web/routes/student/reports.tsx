import { Stack } from "@mantine/core";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { FamilySummaries } from "../../features/session-reports/components/family-summaries.tsx";
import { metaFor } from "../../lib/meta.ts";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";

export const meta = () => metaFor("/student/reports");

/** The summaries the student's tutors shared, newest first. */
export default function StudentReports() {
  const timeZone = useDisplayTimeZone().timeZone ?? "UTC";
  return (
    <Stack gap="md">
      <PageHeader title="Reports" description="What your tutors wrote after each session: what you covered, how it went and your homework." />
      <FamilySummaries area="student" timeZone={timeZone} emptyText="No summary yet: your tutor shares one after each session." />
    </Stack>
  );
}
