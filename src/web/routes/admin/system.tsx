import { Stack, Tabs } from "@mantine/core";
import { lazy, Suspense, type ReactNode } from "react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LoadingState } from "../../components/ui/query-state.tsx";
import { metaFor } from "../../lib/meta.ts";
import { useUrlTab } from "../../lib/use-url-tab.ts";

export const meta = () => metaFor("/admin/system");

// Each section's code loads when its tab opens: this route's module stays small, and so does
// the route manifest that every page of the app loads.
const StatusSection = lazy(() =>
  import("../../features/system-status/components/system-status-panel.tsx").then((module) => ({
    default: () => <module.SystemStatusPanel scope="workspace" />,
  })),
);
const ExportSection = lazy(() => import("../../features/workspace-export/components/export-panel.tsx").then((module) => ({ default: module.ExportPanel })));
const AuditSection = lazy(() =>
  import("../../features/system-status/components/audit-log-section.tsx").then((module) => ({ default: module.AuditLogSection })),
);

const SYSTEM_TABS = ["status", "export", "audit"] as const;
type SystemTab = (typeof SYSTEM_TABS)[number];

/** The sections of System, one tab each, in this order: a new section is a key above and a line here. */
const SECTIONS: Record<SystemTab, { label: string; loading: string; panel: () => ReactNode }> = {
  status: { label: "Status", loading: "the system status", panel: () => <StatusSection /> },
  export: { label: "Export", loading: "the exports", panel: () => <ExportSection /> },
  audit: { label: "Audit log", loading: "the audit log", panel: () => <AuditSection /> },
};

/**
 * System: the workspace's status (version, database, mail, storage, background jobs), its full
 * export, and its audit log, in tabs kept in the URL (?tab=), so that Back, a reload and a shared link open the
 * same section.
 */
export default function System() {
  const [tab, setTab] = useUrlTab(SYSTEM_TABS);

  return (
    <>
      <PageHeader
        title="System"
        description="How your workspace's system is doing (version, database, mail, stored files, background jobs), a full export of its data, and the audit log of every change and every read of a student's record."
      />
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Stack gap="md" pb={64}>
        <Tabs value={tab} onChange={setTab} keepMounted={false} activateTabWithKeyboard={false}>
          <Tabs.List aria-label="System sections">
            {SYSTEM_TABS.map((key) => (
              <Tabs.Tab key={key} value={key}>
                {SECTIONS[key].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SYSTEM_TABS.map((key) => (
            <Tabs.Panel key={key} value={key} pt="lg">
              {key === tab ? <Suspense fallback={<LoadingState label={SECTIONS[key].loading} />}>{SECTIONS[key].panel()}</Suspense> : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}
