import { Anchor, Badge, Group, Stack, Tabs, VisuallyHidden } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useContestInbox } from "../../features/health-alerts/api.ts";
import { AlertsList } from "../../features/health-alerts/components/alerts-list.tsx";
import { ContestInbox } from "../../features/health-alerts/components/contest-inbox.tsx";
import { useUrlTab } from "../../lib/use-url-tab.ts";

const TABS = ["alerts", "questions"] as const;

/**
 * The admin's alerts inbox: every alert of the workspace (open first by default), and the
 * families' questions about the cards' data points, in tabs kept in the URL (?tab=).
 */
export default function HealthAlerts() {
  const [tab, setTab] = useUrlTab(TABS);
  // How many questions wait, on their tab: otherwise a family's question stays unseen until someone opens it.
  const waiting = useContestInbox("open").data?.items.length ?? 0;
  return (
    <>
      <PageHeader title="Alerts" description="Students whose health, hours, invoices or reports need attention, and families' questions about the cards.">
        <Group gap="md">
          <Anchor component={Link} to="/admin/health" size="sm">
            Student health
          </Anchor>
          <Anchor component={Link} to="/admin/health/rules" size="sm">
            Health rules
          </Anchor>
        </Group>
      </PageHeader>
      <Stack gap="md" pb={64}>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="alerts">Alerts</Tabs.Tab>
            <Tabs.Tab
              value="questions"
              rightSection={
                waiting > 0 ? (
                  <Badge size="sm" circle color="blue.9">
                    {waiting}
                    <VisuallyHidden> to answer</VisuallyHidden>
                  </Badge>
                ) : null
              }
            >
              Questions from families
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="alerts" pt="md">
            {tab === "alerts" ? <AlertsList area="admin" /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="questions" pt="md">
            {tab === "questions" ? <ContestInbox /> : null}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </>
  );
}
