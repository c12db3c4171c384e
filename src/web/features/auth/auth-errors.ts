import { MESSAGES } from "../../../shared/messages.ts";
import { ApiError, networkError } from "../../lib/api-client.ts";

interface BetterAuthError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
  /** Our own answers (the rate limit's, say) carry their code and message under `error`. */
  error?: { code?: string | undefined; message?: string | undefined } | undefined;
}

/** Turns a Better Auth client error into the ApiError (and catalogue message) the UI shows. */
export function fromAuthError(error: BetterAuthError | null | undefined): ApiError {
  if (!error) return new ApiError(0, "UNKNOWN", MESSAGES.unexpected);
  if (error.status === 0) return networkError();
  if (error.status === 503) return new ApiError(503, "DATABASE_UNAVAILABLE", MESSAGES.databaseDown, [], true);
  // The limiter's message says when to try again ("Try again in 4 minutes.").
  if (error.status === 429) return new ApiError(429, "RATE_LIMITED", error.error?.message || MESSAGES.rateLimited);
  if (error.code === "ACCOUNT_PENDING") return new ApiError(error.status, error.code, MESSAGES.pendingApproval);
  if (error.code === "INVALID_EMAIL_OR_PASSWORD") return new ApiError(error.status, error.code, MESSAGES.invalidCredentials);
  return new ApiError(error.status, error.code ?? "UNKNOWN", error.message || MESSAGES.unexpected);
}
