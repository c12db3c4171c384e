import { randomUUID } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../core/context.ts";
import { clientIpOf } from "../lib/client-ip.ts";
import type { Logger } from "../lib/logger.ts";

/** One request id per request, on the logger and in the X-Request-Id response header. */
export function requestContext(logger: Logger) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    c.set("requestId", requestId);
    c.set("logger", logger.child({ requestId }));
    c.set("clientIp", clientIpOf(c));
    c.set("viewer", null);
    c.header("X-Request-Id", requestId);
    await next();
    if (c.req.path.startsWith("/api/")) {
      c.var.logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
    }
  });
}
