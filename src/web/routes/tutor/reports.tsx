import { Anchor, Stack, Tabs, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { LazyAnalyticsSection } from "../../features/analytics/components/lazy-analytics.tsx";
import { DueReports } from "../../features/session-reports/components/due-reports.tsx";
import { metaFor } from "../../lib/meta.ts";
import { useUrlTab } from "../../lib/use-url-tab.ts";

export const meta = () => metaFor("/tutor/reports");

const TABS = ["to-report", "figures"] as const;

/** The tutor's sessions waiting for a report, the longest overdue first; and their own figures (hours, students), in a tab kept in the URL. */
export default function TutorReports() {
  const [tab, setTab] = useUrlTab(TABS);
  return (
    <Stack gap="md" pb={64}>
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
      <Tabs value={tab} onChange={setTab} keepMounted={false} activateTabWithKeyboard={false}>
        <Tabs.List aria-label="Reports sections">
          <Tabs.Tab value="to-report">Sessions to report</Tabs.Tab>
          <Tabs.Tab value="figures">Your figures</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="to-report" pt="lg">
          <SectionCard title="Sessions to report" description="Reports still missing 48 hours after a session are marked overdue; your admins see those too.">
            <DueReports area="tutor" overdueOnly={false} emptyText="All caught up: every session that is over has its report." />
          </SectionCard>
        </Tabs.Panel>
        <Tabs.Panel value="figures" pt="lg">
          {tab === "figures" ? (
            <Stack gap="md">
              <Title order={2} size="h3">
                Your figures
              </Title>
              <LazyAnalyticsSection target={{ area: "tutor" }} emptyText="Figures about your sessions, hours and students will be shown here." />
            </Stack>
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
