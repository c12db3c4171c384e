import { Anchor, Group, Stack, Tabs } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
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
            <Tabs.Tab value="questions">Questions from families</Tabs.Tab>
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
