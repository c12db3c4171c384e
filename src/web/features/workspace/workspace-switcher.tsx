import { Box } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useMe } from "../session/api.ts";

// Most people belong to one workspace: the select (Mantine's Combobox on Popover and Floating
// UI) loads only for those with several, after the area's first screen.
const WorkspaceSelect = lazy(() => import("./workspace-select.tsx"));

/** Lets a person with several memberships pick the active workspace. */
export function WorkspaceSwitcher() {
  const { data: me } = useMe();
  if (!me || me.workspaces.length < 2) return null;
  return (
    // The select's place is kept while it loads, so that the header does not move.
    <Suspense fallback={<Box w={200} h={36} />}>
      <WorkspaceSelect me={me} />
    </Suspense>
  );
}
