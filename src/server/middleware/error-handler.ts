import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { MESSAGES, type ApiErrorBody } from "../../shared/messages.ts";
import type { AppEnv } from "../context.ts";
import { isDatabaseUnavailableError } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import { zodIssues } from "../lib/validation.ts";

/** The one place errors become answers: `{ error: { code, message, issues? } }`. */
export function handleError(error: Error, c: Context<AppEnv>) {
  const body = (code: string, message: string, issues?: ApiErrorBody["error"]["issues"]): ApiErrorBody => ({
    error: { code, message, ...(issues ? { issues } : {}) },
  });
  if (error instanceof AppError) {
    return c.json(body(error.code, error.message, error.issues), error.status);
  }
  if (error instanceof ZodError) {
    const issues = zodIssues(error);
    return c.json(body("VALIDATION_FAILED", issues[0]?.message ?? "The request is not valid.", issues), 422);
  }
  if (isDatabaseUnavailableError(error)) {
    c.var.logger?.warn({ err: error }, "database unavailable");
    return c.json(body("DATABASE_UNAVAILABLE", MESSAGES.databaseDown), 503);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413) return c.json(body("PAYLOAD_TOO_LARGE", "The request body is too large."), 413);
    if (status === 415) return c.json(body("UNSUPPORTED_MEDIA_TYPE", "The request body must be JSON, sent with Content-Type: application/json."), 415);
    return c.json(body(status === 400 ? "VALIDATION_FAILED" : "INTERNAL", error.message || MESSAGES.unexpected), status);
  }
  c.var.logger?.error({ err: error }, "unhandled error");
  return c.json(body("INTERNAL", `${MESSAGES.unexpected}. Reference: ${c.var.requestId ?? "none"}.`), 500);
}
