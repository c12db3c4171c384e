import { hashKey, queryOptions, useQuery } from "@tanstack/react-query";
import type { MeResponse } from "../../../shared/schemas/me.ts";
import { queryClient } from "../../lib/query-client.ts";
import { sessionKeys } from "./keys.ts";
import { fetchMe, knownViewer, ME_STALE_TIME, readPublicConfig, setKnownViewer } from "./viewer.ts";

export { fetchMe, sessionKeys };

export const meQuery = queryOptions({ queryKey: sessionKeys.me, queryFn: fetchMe, staleTime: ME_STALE_TIME });
export const configQuery = queryOptions({ queryKey: sessionKeys.config, queryFn: readPublicConfig, staleTime: Infinity });

export const useMe = () => useQuery(meQuery);
export const usePublicConfig = () => useQuery(configQuery);

/** Re-reads the viewer after sign-in, sign-out, a role switch or a workspace switch. */
export async function refreshMe(): Promise<MeResponse | null> {
  return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}

// One answer for the session: what a public page already read (viewer.ts) is this cache's
// starting point, with its time, and every change of the cached viewer (a read, sign-in,
// sign-out, a role or workspace switch) is passed back to it.
const known = knownViewer();
if (known) queryClient.setQueryData(sessionKeys.me, known.me, { updatedAt: known.at });
const meHash = hashKey(sessionKeys.me);
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== "updated" || event.action.type !== "success" || event.query.queryHash !== meHash) return;
  const { data, dataUpdatedAt } = event.query.state;
  if (data !== undefined) setKnownViewer(data as MeResponse | null, dataUpdatedAt);
});
