import { Stack, Tabs, Title } from "@mantine/core";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LazyAnalyticsSection } from "../../features/analytics/components/lazy-analytics.tsx";
import { FamilySummaries } from "../../features/session-reports/components/family-summaries.tsx";
import { metaFor } from "../../lib/meta.ts";
import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";
import { useUrlTab } from "../../lib/use-url-tab.ts";

export const meta = () => metaFor("/student/reports");

const TABS = ["summaries", "progress"] as const;

/** The summaries the student's tutors shared, newest first; and the student's progress figures, in a tab kept in the URL. */
export default function StudentReports() {
  const timeZone = useDisplayTimeZone().timeZone ?? "UTC";
  const [tab, setTab] = useUrlTab(TABS);
  return (
    <Stack gap="md" pb={64}>
      <PageHeader title="Reports" description="What your tutors wrote after each session: what you covered, how it went and your homework." />
      <Tabs value={tab} onChange={setTab} keepMounted={false} activateTabWithKeyboard={false}>
        <Tabs.List aria-label="Reports sections">
          <Tabs.Tab value="summaries">Summaries</Tabs.Tab>
          <Tabs.Tab value="progress">Your progress</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="summaries" pt="lg">
          <FamilySummaries area="student" timeZone={timeZone} emptyText="No summary yet: your tutor shares one after each session." />
        </Tabs.Panel>
        <Tabs.Panel value="progress" pt="lg">
          {tab === "progress" ? (
            <Stack gap="md">
              <Title order={2} size="h3">
                Your progress
              </Title>
              <LazyAnalyticsSection target={{ area: "student" }} emptyText="Figures about your sessions and progress will be shown here." />
            </Stack>
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
