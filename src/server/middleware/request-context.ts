import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../core/context.ts";
import { clientIpOf } from "../lib/client-ip.ts";
import type { Logger } from "../lib/logger.ts";

/**
 * One request id per request, in the X-Request-Id response header and on every log line of
 * the request, and one access line per API request (method, path, status, duration, request
 * id). c.var.logger is the app's logger: the request's fields are passed when a line is
 * written (the access line), or bound by requestLogger(c) where a request logs more than
 * one line; a child logger made for every request cost more than many requests' own work.
 */
export function requestContext(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    c.set("requestId", requestId);
    c.set("logger", logger);
    c.set("clientIp", clientIpOf(c));
    c.set("viewer", null);
    await next();
    // A whole answer has its id (jsonAnswers); any other's headers can be changed here:
    // securityHeaders (inside) made sure of it.
    if (!c.get("wholeAnswer")) c.res.headers.set("x-request-id", requestId);
    if (c.req.path.startsWith("/api/")) {
      logger.info({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
    }
  });
}

/** The app's logger with the request's id on every line: for work that logs in a request. */
export function requestLogger(c: { var: Pick<AppEnv["Variables"], "logger" | "requestId"> }): Logger {
  return c.var.logger.child({ requestId: c.var.requestId });
}
