import { MESSAGES, type ApiErrorBody } from "../../shared/messages.ts";
import { reportConnectionError } from "./connection-error.ts";

/**
 * The one API client. Every failure becomes an ApiError whose message is the one the user
 * sees: the error catalogue (src/shared/messages.ts) for connection problems, else the
 * server's own message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: { path: (string | number)[]; message: string }[];
  /** Whether trying again may help (connection problems), as the catalogue says. */
  readonly retryable: boolean;

  constructor(status: number, code: string, message: string, issues: ApiError["issues"] = [], retryable = false) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.retryable = retryable;
  }

  /** The message for one form field, if the server named it. */
  fieldMessage(field: string): string | undefined {
    return this.issues.find((issue) => issue.path[0] === field)?.message;
  }
}

function isLocalHost(): boolean {
  return typeof window !== "undefined" && /^(localhost|127\.0\.0\.1|\[::1\]|\d+\.\d+\.\d+\.\d+)$/.test(window.location.hostname);
}

/** What a failed call threw, as the ApiError the UI shows (the catalogue's "unexpected" for anything else). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, "UNKNOWN", MESSAGES.unexpected);
}

export function networkError(): ApiError {
  return isLocalHost()
    ? new ApiError(0, "SERVER_UNREACHABLE", MESSAGES.localServerDown, [], true)
    : new ApiError(0, "NETWORK_ERROR", MESSAGES.networkError, [], true);
}

/** An error answer's body: ours (`{ error: { code, message, issues } }`) or Better Auth's (`{ code, message }`). */
export type ErrorAnswer = (Partial<ApiErrorBody> & { message?: string | undefined; code?: string | undefined }) | null;

/** Better Auth's refusals that the catalogue words for people. */
const CATALOGUE_BY_AUTH_CODE: Record<string, string> = {
  ACCOUNT_PENDING: MESSAGES.pendingApproval,
  INVALID_EMAIL_OR_PASSWORD: MESSAGES.invalidCredentials,
};

/** Turns an error answer of the API (ours or Better Auth's, by status and body) into an ApiError. */
export function errorFromAnswer(status: number, body: ErrorAnswer): ApiError {
  // Busy is the server's own answer (nothing was written: try again); any other 503 is the database.
  if (status === 503 && body?.error?.code === "SERVER_BUSY") return new ApiError(503, "SERVER_BUSY", MESSAGES.serverBusy, [], true);
  if (status === 503) return new ApiError(503, "DATABASE_UNAVAILABLE", MESSAGES.databaseDown, [], true);
  if (status === 502 || status === 504) return networkError();
  // The limiter's message says when to try again ("Try again in 4 minutes.").
  if (status === 429) return new ApiError(429, "RATE_LIMITED", body?.error?.message || MESSAGES.rateLimited);
  // A refusal that names no reason, or says so, is an ended session; Better Auth names its own (a wrong password at sign-in).
  if (status === 401 && ((!body?.error && !body?.code) || body?.error?.code === "UNAUTHENTICATED")) {
    return new ApiError(401, "UNAUTHENTICATED", MESSAGES.sessionExpired);
  }
  const error = body?.error;
  if (error) return new ApiError(status, error.code, error.message || MESSAGES.unexpected, error.issues ?? []);
  const code = body?.code ?? "UNKNOWN";
  return new ApiError(status, code, CATALOGUE_BY_AUTH_CODE[code] ?? (body?.message || MESSAGES.unexpected));
}

/** Turns any answer of the API (ours or Better Auth's) into an ApiError. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  return errorFromAnswer(response.status, (await response.json().catch(() => null)) as ErrorAnswer);
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      credentials: "same-origin",
      ...rest,
      headers: { Accept: "application/json", ...(json !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    const error = networkError();
    reportConnectionError(error);
    throw error;
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (error.retryable) reportConnectionError(error);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string) => apiFetch<T>(path),
  post: <T>(path: string, json: unknown = {}) => apiFetch<T>(path, { method: "POST", json }),
  patch: <T>(path: string, json: unknown) => apiFetch<T>(path, { method: "PATCH", json }),
  put: <T>(path: string, json: unknown) => apiFetch<T>(path, { method: "PUT", json }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: "DELETE" }),
};
