import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../core/context.ts";

/**
 * Gives every JSON answer its Content-Length. Hono's c.json leaves it out (a string body is
 * measured only when it is written), and compress() skips an answer under 1 KB only by that
 * header: without it, every JSON answer of a browser's request, a health check's 60 bytes
 * included, went through a gzip stream, which cost more than the request's own work. The
 * answer is serialised once, as c.json would.
 */
export const jsonContentLength = createMiddleware<AppEnv>(async (c, next) => {
  const body = c.body as unknown as (data: string, arg?: number | ResponseInit, headers?: Record<string, string>) => Response;
  c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) => {
    const text = JSON.stringify(object);
    return body(text, arg, { "content-type": "application/json", ...headers, "content-length": String(Buffer.byteLength(text)) });
  }) as unknown as typeof c.json;
  await next();
});
