import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { SessionPolicy, SessionPolicyUpdate } from "../../../shared/schemas/sessions.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { settingsKeys } from "./api.ts";

/** The workspace's session policies (admins): GET/PUT /api/admin/session-policy. */
const sessionPolicyKey = () => [...settingsKeys.all, "session-policy"] as const;

/** One query for the policies wherever they are read (Settings, and the calendar's late-cancellation note). */
export const sessionPolicyQuery = () => queryOptions({ queryKey: sessionPolicyKey(), queryFn: () => api.get<SessionPolicy>("/admin/session-policy") });

export const useSessionPolicy = () => useQuery(sessionPolicyQuery());

export function useUpdateSessionPolicy() {
  return useMutation({
    mutationFn: (changes: SessionPolicyUpdate) => api.put<SessionPolicy>("/admin/session-policy", changes),
    onSuccess: (saved) => queryClient.setQueryData(sessionPolicyKey(), saved),
  });
}
