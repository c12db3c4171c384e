import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { MemberCounts, WorkspaceSettings } from "../../../shared/schemas/workspace.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { refreshMe } from "../session/api.ts";

export const workspaceKeys = {
  all: ["workspace"] as const,
  counts: () => [...workspaceKeys.all, "counts"] as const,
  settings: () => [...workspaceKeys.all, "settings"] as const,
};

export const memberCountsQuery = queryOptions({ queryKey: workspaceKeys.counts(), queryFn: () => api.get<MemberCounts>("/admin/dashboard") });
export const workspaceSettingsQuery = queryOptions({ queryKey: workspaceKeys.settings(), queryFn: () => api.get<WorkspaceSettings>("/admin/workspace") });

export const useMemberCounts = () => useQuery(memberCountsQuery);
export const useWorkspaceSettings = () => useQuery(workspaceSettingsQuery);

/** The settings an admin may change; only the changed ones are sent. */
export type WorkspaceSettingsChanges = Partial<Pick<WorkspaceSettings, "name" | "timeZone" | "currency" | "joiningOpen">>;

export const updateWorkspaceSettings = (changes: WorkspaceSettingsChanges) => api.patch<WorkspaceSettings>("/admin/workspace", changes);
export const regenerateJoinCode = () => api.post<WorkspaceSettings>("/admin/workspace/join-code");

export function useUpdateWorkspaceSettings() {
  return useMutation({
    mutationFn: updateWorkspaceSettings,
    onSuccess: async (settings, changes) => {
      queryClient.setQueryData(workspaceKeys.settings(), settings);
      // The workspace name also shows in the header and the workspace switcher.
      if (changes.name !== undefined) await refreshMe().catch(() => null);
    },
  });
}

export function useRegenerateJoinCode() {
  return useMutation({
    mutationFn: regenerateJoinCode,
    onSuccess: (settings) => queryClient.setQueryData(workspaceKeys.settings(), settings),
  });
}
