import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse, PublicConfig } from "../../../shared/schemas/me.ts";
import { ApiError, api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

export const sessionKeys = {
  me: ["session", "me"] as const,
  config: ["session", "config"] as const,
};

/** The viewer, or null when signed out (401 is an answer here, not an error). */
export async function fetchMe(): Promise<MeResponse | null> {
  try {
    return await api.get<MeResponse>("/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQuery = queryOptions({ queryKey: sessionKeys.me, queryFn: fetchMe, staleTime: 15_000 });
export const configQuery = queryOptions({ queryKey: sessionKeys.config, queryFn: () => api.get<PublicConfig>("/config"), staleTime: Infinity });

export const useMe = () => useQuery(meQuery);
export const usePublicConfig = () => useQuery(configQuery);

/** Re-reads the viewer after sign-in, sign-out, a role switch or a workspace switch. */
export async function refreshMe(): Promise<MeResponse | null> {
  return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}
