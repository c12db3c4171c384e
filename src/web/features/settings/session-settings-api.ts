import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { SessionSettings, SessionSettingsUpdate } from "../../../shared/schemas/sessions.ts";
import { api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { settingsKeys } from "./keys.ts";

/**
 * The workspace's session settings (admins): GET/PUT /api/admin/session-policy. One query for
 * the policies wherever they are read (Settings, and the calendar's late-cancellation note).
 */
export const sessionSettingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.sessionPolicy(), queryFn: () => api.get<SessionSettings>("/admin/session-policy") });

export const useSessionSettings = () => useQuery(sessionSettingsQuery());

export function useUpdateSessionSettings() {
  return useMutation({
    mutationFn: (changes: SessionSettingsUpdate) => api.put<SessionSettings>("/admin/session-policy", changes),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.sessionPolicy(), saved),
  });
}
