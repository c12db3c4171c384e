import { Box, Stack } from "@mantine/core";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { usePlaybook } from "../../features/growth-playbook/api.ts";
import { PlaybookProgress, PlaybookSteps } from "../../features/growth-playbook/components/playbook-steps.tsx";
/** Steps to grow the business, ticked from the workspace's data where it can tell, by hand where it cannot. */
export default function GrowthPlaybook() {
  const playbook = usePlaybook();
  return (
    <>
      <PageHeader
        title="Growth playbook"
        description="Steps that grow a tutoring business, in the order they pay off. Most tick themselves from your workspace's data; tick the others by hand, or skip a step that does not fit you, with a reason."
      />
      {/* Bottom room so that the floating Switch Role button never covers the last step. */}
      <Box pb={64}>
        <QueryState query={playbook} label="the growth playbook">
          {(loaded) => (
            <Stack gap="xl">
              <PlaybookProgress playbook={loaded} />
              <PlaybookSteps playbook={loaded} />
            </Stack>
          )}
        </QueryState>
      </Box>
    </>
  );
}
