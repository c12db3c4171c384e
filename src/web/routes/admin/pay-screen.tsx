import { Stack, Tabs } from "@mantine/core";
import type { ReactNode } from "react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { PAY_TABS, type PayTab } from "../../features/tutor-pay/api.ts";
import { PayRunsList } from "../../features/tutor-pay/components/pay-runs-list.tsx";
import { PayTutorsList } from "../../features/tutor-pay/components/pay-tutors-list.tsx";
import { useUrlTab } from "../../lib/use-url-tab.ts";

const TABS: Record<PayTab, { label: string; panel: () => ReactNode }> = {
  tutors: { label: "Tutors", panel: () => <PayTutorsList /> },
  runs: { label: "Pay runs", panel: () => <PayRunsList /> },
};

/**
 * Tutor pay: each tutor's earnings and the workspace's pay runs, in tabs kept in the URL (?tab=)
 * like billing's, so that Back, a reload and a shared link open the same tab. The pay settings
 * are a section of Settings, beside billing's.
 */
export default function Pay() {
  const [tab, setTab] = useUrlTab(PAY_TABS);

  return (
    <>
      <PageHeader title="Tutor pay" description="What each tutor earned lesson by lesson, and the pay runs that take it to payroll." />
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Stack gap="md" pb={64}>
        <Tabs value={tab} onChange={setTab} keepMounted={false} activateTabWithKeyboard={false}>
          <Tabs.List aria-label="Tutor pay sections">
            {PAY_TABS.map((key) => (
              <Tabs.Tab key={key} value={key}>
                {TABS[key].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {PAY_TABS.map((key) => (
            <Tabs.Panel key={key} value={key} pt="lg">
              {key === tab ? TABS[key].panel() : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}
