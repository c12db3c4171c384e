import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, MESSAGES } from "../../shared/messages.ts";

/** The one error type of the API. `message` is shown to the user as written. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly issues: { path: (string | number)[]; message: string }[] | undefined;

  constructor(code: ErrorCode, status: ContentfulStatusCode, message: string, issues?: { path: (string | number)[]; message: string }[]) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", 404, `${what} was not found.`);
export const forbidden = (message = "You do not have permission to do this.") => new AppError("FORBIDDEN", 403, message);
export const unauthenticated = () => new AppError("UNAUTHENTICATED", 401, "Session expired. Please log in again.");
export const conflict = (message: string) => new AppError("CONFLICT", 409, message);
/** A conflict with the stored state that one field of the request caused (the form shows it there). */
export const conflictOn = (field: string, message: string) => new AppError("CONFLICT", 409, message, [{ path: [field], message }]);
export const invalidField = (field: string, message: string) => new AppError("VALIDATION_FAILED", 422, message, [{ path: [field], message }]);

/** How long a client is told to wait (Retry-After, in seconds) before trying a refused-while-busy request again. */
export const BUSY_RETRY_AFTER_SECONDS = 1;
/**
 * Too much waits already for what the request needs (a database connection, the workspace's
 * turn to write money): refused at once, to try again shortly (the error handler adds Retry-After).
 */
export const serverBusy = () => new AppError("SERVER_BUSY", 503, MESSAGES.serverBusy);
