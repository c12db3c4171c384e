import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse, PublicConfig } from "../../../shared/schemas/me.ts";
import { ApiError, api } from "../../lib/api-client.ts";
import { queryClient } from "../../lib/query-client.ts";

export const sessionKeys = {
  me: ["session", "me"] as const,
  config: ["session", "config"] as const,
};

/**
 * The viewer, or null when signed out. Visitors are recognised by Better Auth's session read
 * (200 with null), so a public page does not log a failed request; a session that ends
 * between the two calls is a 401, which also means signed out.
 */
export async function fetchMe(): Promise<MeResponse | null> {
  const session = await api.get<unknown>("/auth/get-session");
  if (!session) return null;
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
