import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { MESSAGES, type ApiErrorBody } from "../../shared/messages.ts";
import type { AppEnv } from "../core/context.ts";
import { isDatabaseUnavailableError, isPoolExhaustedError } from "../db/client.ts";
import { AppError, BUSY_RETRY_AFTER_SECONDS, serverBusy } from "../lib/app-error.ts";
import { zodIssues } from "../lib/validation.ts";

/**
 * The zone in PostgreSQL's "time zone ... not recognized" error (invalid_parameter_value), found
 * under drizzle's wrapper. Zones are checked when they are saved; one stored before that check
 * (or that a database upgrade dropped) must still answer as a problem with that zone, not a 500.
 */
function unrecognisedTimeZone(error: unknown): string | undefined {
  // Intl's refusal of the same zone, where JavaScript formats the times.
  if (error instanceof RangeError) return /^Invalid time zone specified: (.*)$/.exec(error.message)?.[1];
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === "22023" && typeof candidate.message === "string") {
      return /^time zone "(.*)" not recognized$/.exec(candidate.message)?.[1];
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The one place errors become answers: `{ error: { code, message, issues? } }`. */
export function handleError(error: Error, c: Context<AppEnv>) {
  const body = (code: string, message: string, issues?: ApiErrorBody["error"]["issues"]): ApiErrorBody => ({
    error: { code, message, ...(issues ? { issues } : {}) },
  });
  // Every connection stayed in use while this request waited for one: try again shortly.
  if (isPoolExhaustedError(error)) {
    c.var.logger?.warn({ err: error, requestId: c.var.requestId }, "no database connection free in time");
    return handleError(serverBusy(), c);
  }
  if (error instanceof AppError) {
    if (error.code === "SERVER_BUSY") c.header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
    return c.json(body(error.code, error.message, error.issues), error.status);
  }
  if (error instanceof ZodError) {
    const issues = zodIssues(error);
    return c.json(body("VALIDATION_FAILED", issues[0]?.message ?? "The request is not valid.", issues), 422);
  }
  if (isDatabaseUnavailableError(error)) {
    c.var.logger?.warn({ err: error, requestId: c.var.requestId }, "database unavailable");
    return c.json(body("DATABASE_UNAVAILABLE", MESSAGES.databaseDown), 503);
  }
  const zone = unrecognisedTimeZone(error);
  if (zone !== undefined) {
    c.var.logger?.warn({ err: error, requestId: c.var.requestId }, "a stored time zone is not recognised");
    const message = `The time zone "${zone}" is not one the database knows. Choose a region name such as Europe/London in Settings.`;
    return c.json(body("VALIDATION_FAILED", message, [{ path: ["timeZone"], message }]), 422);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413) return c.json(body("PAYLOAD_TOO_LARGE", "The request body is too large."), 413);
    if (status === 415) return c.json(body("UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON, sent with Content-Type: application/json."), 415);
    return c.json(body(status === 400 ? "VALIDATION_FAILED" : "INTERNAL", error.message || MESSAGES.unexpected), status);
  }
  c.var.logger?.error({ err: error, requestId: c.var.requestId }, "unhandled error");
  return c.json(body("INTERNAL", `${MESSAGES.unexpected}. Reference: ${c.var.requestId ?? "none"}.`), 500);
}
