import { Box, Button, Group, Stack, Tabs } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LoadingState } from "../../components/ui/query-state.tsx";
import { crmAreaOf, useStaff } from "../../features/crm/api.ts";
import { FunnelFigures } from "../../features/crm/funnel-figures.tsx";
import { ImportLeadsButton } from "../../features/crm/import-leads.tsx";
import { useMe } from "../../features/session/api.ts";
import { LeadCreateModal } from "../../features/crm/components/lead-form.tsx";
import { LeadsList } from "../../features/crm/components/leads-list.tsx";
import { TasksPanel } from "../../features/crm/components/tasks.tsx";
import { useUrlTab } from "../../lib/use-url-tab.ts";

// The board's drag and drop library loads with the board only, not with the list or the tasks.
const PipelineBoard = lazy(() => import("../../features/crm/components/pipeline-board.tsx").then((module) => ({ default: module.PipelineBoard })));

const TABS = ["board", "list", "tasks", "figures"] as const;

const DESCRIPTIONS = {
  admin: "Every lead of your workspace by stage, the list with filters, the team's follow-up tasks, and where your students come from.",
  tutor: "Your leads by stage, the list with filters, your follow-up tasks, and how your leads convert.",
};

/**
 * The CRM's home, in the admin area (every lead) and the tutor's (their own): the pipeline
 * board, the leads list and the tasks, in tabs kept in the URL (?tab=); "Add lead" on each.
 */
export default function CrmScreen() {
  const area = crmAreaOf(useLocation().pathname);
  const [tab, setTab] = useUrlTab(TABS);
  const [adding, add] = useDisclosure(false);
  const isAdmin = area === "admin";
  const staff = useStaff(isAdmin);
  const me = useMe();
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
        <Box style={{ flex: "1 1 320px" }}>
          <PageHeader title="CRM" description={DESCRIPTIONS[area]} />
        </Box>
        <Group gap="sm">
          <ImportLeadsButton area={area} owners={staff.data} />
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={add.open}>
            Add lead
          </Button>
        </Group>
      </Group>
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Stack gap="md" pb={64}>
        <Tabs value={tab} onChange={setTab} keepMounted={false} activateTabWithKeyboard={false}>
          <Tabs.List aria-label="CRM views">
            <Tabs.Tab value="board">Board</Tabs.Tab>
            <Tabs.Tab value="list">List</Tabs.Tab>
            <Tabs.Tab value="tasks">Tasks</Tabs.Tab>
            <Tabs.Tab value="figures">Figures</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="board" pt="md">
            {tab === "board" ? (
              <Suspense fallback={<LoadingState label="the board" />}>
                <PipelineBoard area={area} ownerFilter={isAdmin} />
              </Suspense>
            ) : null}
          </Tabs.Panel>
          <Tabs.Panel value="list" pt="md">
            {tab === "list" ? <LeadsList area={area} showOwner={isAdmin} onAdd={add.open} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="tasks" pt="md">
            {tab === "tasks" ? <TasksPanel area={area} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="figures" pt="md">
            {tab === "figures" && me.data?.activeWorkspace ? <FunnelFigures area={area} timeZone={me.data.activeWorkspace.timeZone} /> : null}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <LeadCreateModal area={area} opened={adding} onClose={add.close} />
    </>
  );
}
