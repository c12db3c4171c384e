import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { DueReports } from "../../features/session-reports/components/due-reports.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/tutor/reports");

/** The tutor's sessions waiting for a report, the longest overdue first. */
export default function TutorReports() {
  return (
    <Stack gap="md">
      <PageHeader
        title="Reports"
        description="Sessions that are over and waiting for your report. Filing one completes the session and drafts a summary for each family."
      >
        <Text size="sm">
          A session earns your pay once its report is filed.{" "}
          <Anchor component={Link} to="/tutor/pay" inherit underline="always">
            See your pay statement
          </Anchor>
        </Text>
      </PageHeader>
      <SectionCard title="Sessions to report" description="Reports still missing 48 hours after a session are marked overdue; your admins see those too.">
        <DueReports area="tutor" overdueOnly={false} emptyText="All caught up: every session that is over has its report." />
      </SectionCard>
    </Stack>
  );
}
