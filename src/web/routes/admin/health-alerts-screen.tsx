import { Anchor, Group, Stack, Tabs } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { AlertsList } from "../../features/health-alerts/components/alerts-list.tsx";
import { ContestInbox } from "../../features/health-alerts/components/contest-inbox.tsx";
import { useUrlSearchParams } from "../../lib/url-search-params.ts";

const TABS = ["alerts", "questions"] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/**
 * The admin's alerts inbox: every alert of the workspace (open first by default), and the
 * families' questions about the cards' data points, in tabs kept in the URL (?tab=).
 */
export default function HealthAlerts() {
  const [params, setParams] = useUrlSearchParams();
  const requested = params.get("tab");
  const tab: Tab = isTab(requested) ? requested : "alerts";
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
        <Tabs
          value={tab}
          onChange={(value) =>
            isTab(value) &&
            setParams(
              (next) => {
                for (const key of [...next.keys()]) next.delete(key);
                if (value !== "alerts") next.set("tab", value);
              },
              { preventScrollReset: true },
            )
          }
        >
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
