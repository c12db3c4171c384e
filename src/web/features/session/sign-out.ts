import { authClient } from "../../lib/auth-client.ts";
import { noteSignedOut, queryClient } from "../../lib/query-client.ts";
import { sessionKeys } from "./api.ts";

/** Ends the session on the server, then forgets everything cached for the user. */
export async function signOut(): Promise<void> {
  await authClient.signOut();
  noteSignedOut();
  queryClient.clear();
  queryClient.setQueryData(sessionKeys.me, null);
}
