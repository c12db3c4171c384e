import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MemberCounts, WorkspaceSettings } from "../../../shared/schemas/workspace.ts";
import { api } from "../../lib/api-client.ts";

export const workspaceKeys = {
  all: ["workspace"] as const,
  counts: () => [...workspaceKeys.all, "counts"] as const,
  settings: () => [...workspaceKeys.all, "settings"] as const,
};

export const memberCountsQuery = queryOptions({ queryKey: workspaceKeys.counts(), queryFn: () => api.get<MemberCounts>("/admin/dashboard") });
export const workspaceSettingsQuery = queryOptions({ queryKey: workspaceKeys.settings(), queryFn: () => api.get<WorkspaceSettings>("/admin/workspace") });

export const useMemberCounts = () => useQuery(memberCountsQuery);
export const useWorkspaceSettings = () => useQuery(workspaceSettingsQuery);
