import { Select } from "@mantine/core";
import { useNavigate } from "react-router";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { sessionKeys, useMe } from "../session/api.ts";

/** Lets a person with several memberships pick the active workspace. */
export function WorkspaceSwitcher() {
  const { data: me } = useMe();
  const navigate = useNavigate();
  if (!me || me.workspaces.length < 2) return null;
  return (
    <Select
      aria-label="Active workspace"
      size="sm"
      w={200}
      allowDeselect={false}
      value={me.activeWorkspace?.id ?? null}
      data={me.workspaces.map((workspace) => ({ value: workspace.id, label: `${workspace.name} (${workspace.role})` }))}
      onChange={async (workspaceId) => {
        if (!workspaceId) return;
        const next = await api.post<MeResponse>("/me/active-workspace", { workspaceId });
        queryClient.clear();
        queryClient.setQueryData(sessionKeys.me, next);
        void navigate(`/${next.role}/dashboard`);
      }}
    />
  );
}
