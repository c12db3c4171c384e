import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { MailRetried, StatusScope, SystemStatus } from "../../../shared/schemas/system-status.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

/** The workspace's status (System → Status) and the install's (/platform/system): one shape, two addresses. */
const BASE: Record<StatusScope, string> = { workspace: "/admin/system", install: "/platform/system" };

export const systemStatusKeys = {
  all: ["system-status"] as const,
  status: (scope: StatusScope) => [...systemStatusKeys.all, scope] as const,
};

export const systemStatusQuery = (scope: StatusScope) =>
  queryOptions({ queryKey: systemStatusKeys.status(scope), queryFn: () => api.get<SystemStatus>(`${BASE[scope]}/status`), staleTime: 0 });
export const useSystemStatus = (scope: StatusScope) => useQuery(systemStatusQuery(scope));

/** Sends a failed mail again (one more attempt); the status is read again, without it among the failed. */
export function useRetryMail(scope: StatusScope) {
  return useMutation({
    mutationFn: (jobId: string) => api.post<MailRetried>(`${BASE[scope]}/mails/${encodeURIComponent(jobId)}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemStatusKeys.status(scope) }),
  });
}
