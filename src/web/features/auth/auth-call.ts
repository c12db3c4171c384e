import type { ApiError } from "../../lib/api-client.ts";
import type { authClient as AuthClientInstance } from "../../lib/auth-client.ts";
import { reportConnectionError } from "../../lib/connection-error.ts";
import { fromAuthError } from "./auth-errors.ts";

interface AuthClientError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

type AuthClientResult<T> = { data: T; error: null } | { data: null; error: AuthClientError };

export type AuthCallResult<T> = { data: T; error: null } | { data: null; error: ApiError };

export type AuthClient = typeof AuthClientInstance;

let loading: Promise<AuthClient> | undefined;

/**
 * Better Auth's client (about 12 KB of gzip), loaded after the page's first render rather than
 * with it: no account page needs it before its form is sent (the page-weight budgets of tests/budgets).
 * The pages whose form calls it start loading it when they load (preloadAuthClient).
 */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import("../../lib/auth-client-lazy.ts").then(
    (module) => module.authClient,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts loading the client, at the module level of a page whose form calls it. Not here at
 * this module's level: this module loads with the account pages' shared chunk (vite.config.ts,
 * account-kit), which pages that never call it load too (the invitation page, and any screen
 * with an alert or a text input).
 */
export function preloadAuthClient(): void {
  if (typeof window !== "undefined") void loadAuthClient().catch(() => {});
}

/**
 * Runs one Better Auth client call and answers with the ApiError the UI shows. The client
 * throws when the server cannot be reached at all: that becomes the catalogue's connection
 * message, kept in the connection banner like any other API call's.
 */
export async function authCall<T>(call: (client: AuthClient) => Promise<AuthClientResult<T>>): Promise<AuthCallResult<T>> {
  let result: AuthClientResult<T>;
  try {
    result = await call(await loadAuthClient());
  } catch {
    result = { data: null, error: { status: 0 } };
  }
  if (!result.error) return result;
  const error = fromAuthError(result.error);
  if (error.retryable) reportConnectionError(error);
  return { data: null, error };
}
