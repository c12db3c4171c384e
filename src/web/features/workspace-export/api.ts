import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { WorkspaceExport, WorkspaceExportList } from "../../../shared/schemas/workspace-export.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { auditKeys } from "../audit/api.ts";

export const workspaceExportKeys = {
  all: ["workspace-export"] as const,
  list: () => [...workspaceExportKeys.all, "list"] as const,
};

const PATH = "/admin/system/exports";
/** How often the list is read again while an export is being made. */
export const EXPORT_POLL_MS = 3_000;

/** The recent exports; read again every few seconds while one is queued or running. */
export const workspaceExportsQuery = () =>
  queryOptions({
    queryKey: workspaceExportKeys.list(),
    queryFn: () => api.get<WorkspaceExportList>(PATH),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.inProgress ? EXPORT_POLL_MS : false),
  });
export const useWorkspaceExports = () => useQuery(workspaceExportsQuery());

/** Asks for a new export; the list is read again, and then polls until it is made. */
export function useRequestWorkspaceExport() {
  return useMutation({
    mutationFn: () => api.post<WorkspaceExport>(PATH),
    // A refusal (another admin started one a moment ago) shows that export too; the audit log on the same screen has the request.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: workspaceExportKeys.all }), queryClient.invalidateQueries({ queryKey: auditKeys.all })]),
  });
}
