import type { ApiError } from "../../lib/api-client.ts";
import { reportConnectionError } from "../../lib/connection-error.ts";
import { fromAuthError } from "./auth-errors.ts";

interface AuthClientError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

type AuthClientResult<T> = { data: T; error: null } | { data: null; error: AuthClientError };

export type AuthCallResult<T> = { data: T; error: null } | { data: null; error: ApiError };

/**
 * Runs one Better Auth client call and answers with the ApiError the UI shows. The client
 * throws when the server cannot be reached at all: that becomes the catalogue's connection
 * message, kept in the connection banner like any other API call's.
 */
export async function authCall<T>(call: () => Promise<AuthClientResult<T>>): Promise<AuthCallResult<T>> {
  let result: AuthClientResult<T>;
  try {
    result = await call();
  } catch {
    result = { data: null, error: { status: 0 } };
  }
  if (!result.error) return result;
  const error = fromAuthError(result.error);
  if (error.retryable) reportConnectionError(error);
  return { data: null, error };
}
