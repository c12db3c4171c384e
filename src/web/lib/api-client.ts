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

export function networkError(): ApiError {
  return isLocalHost()
    ? new ApiError(0, "SERVER_UNREACHABLE", MESSAGES.localServerDown, [], true)
    : new ApiError(0, "NETWORK_ERROR", MESSAGES.networkError, [], true);
}

/** Turns any answer of the API (ours or Better Auth's) into an ApiError. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as (Partial<ApiErrorBody> & { message?: string; code?: string }) | null;
  // Busy is the server's own answer (nothing was written: try again); any other 503 is the database.
  if (response.status === 503 && body?.error?.code === "SERVER_BUSY") return new ApiError(503, "SERVER_BUSY", MESSAGES.serverBusy, [], true);
  if (response.status === 503) return new ApiError(503, "DATABASE_UNAVAILABLE", MESSAGES.databaseDown, [], true);
  if (response.status === 502 || response.status === 504) return networkError();
  if (response.status === 401 && (!body?.error || body.error.code === "UNAUTHENTICATED")) {
    return new ApiError(401, "UNAUTHENTICATED", MESSAGES.sessionExpired);
  }
  const error = body?.error;
  if (error) return new ApiError(response.status, error.code, error.message || MESSAGES.unexpected, error.issues ?? []);
  return new ApiError(response.status, body?.code ?? "UNKNOWN", body?.message || MESSAGES.unexpected);
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
