import { authClient } from "../../lib/auth-client.ts";
import { queryClient } from "../../lib/query-client.ts";
import { sessionKeys } from "./api.ts";

/** Ends the session on the server, then forgets everything cached for the user. */
export async function signOut(): Promise<void> {
  await authClient.signOut();
  queryClient.clear();
  queryClient.setQueryData(sessionKeys.me, null);
}
