import { Select } from "@mantine/core";
import { useNavigate } from "react-router";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { sessionKeys } from "../session/api.ts";

/** The choice of the active workspace (workspace-switcher.tsx loads it for people with several). */
export default function WorkspaceSelect({ me }: { me: MeResponse }) {
  const navigate = useNavigate();
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
