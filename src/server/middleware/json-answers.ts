import { gzipSync } from "node:zlib";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../core/context.ts";

/** Answers from this size up are gzipped for a client that accepts it (compress()'s own threshold). */
export const JSON_GZIP_FROM_BYTES = 1024;

/** Whether an Accept-Encoding header accepts gzip (named, or `*`, without q=0). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((entry) => {
    const [coding, ...parameters] = entry.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * How the API's JSON answers are sent. Hono's c.json leaves the length out (a string body is
 * measured only when written), and compress() skips an answer under 1 KB only by that header:
 * every JSON answer of a browser's request, a health check's 60 bytes included, went through
 * a gzip stream, which cost more than the request's own work. Here the answer is serialised
 * once, as c.json would, and sent with its length: as it is under 1 KB (or to a client that
 * takes no gzip), else gzipped in one call at level 1, a few times faster than compress()'s
 * stream at its default level for answers some 10% larger.
 *
 * The answer is made whole at once: its security headers and request id are written with it,
 * in one plain object, and the middleware around it (requestContext, compress, securityHeaders)
 * leave a whole answer alone (c.var.wholeAnswer). Adding them afterwards turned the answer's
 * headers into a web Headers object (checked and sorted on every change), which cost a tenth
 * of a signed-in read. An answer to which c.header() or c.status() gave something before, or
 * made with a ResponseInit, goes Hono's own way and is finished by that middleware as before.
 */
export function jsonAnswers(securityHeadersOf: (framable: boolean) => Readonly<Record<string, string>>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const body = c.body as unknown as (data: string | Uint8Array, arg?: number | ResponseInit, headers?: Record<string, string>) => Response;
    let shapedBefore = false;
    const header = c.header;
    const status = c.status;
    c.header = ((...args: Parameters<typeof header>) => {
      shapedBefore = true;
      return header(...args);
    }) as typeof c.header;
    c.status = ((code: Parameters<typeof status>[0]) => {
      shapedBefore = true;
      status(code);
    }) as typeof c.status;
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) => {
      const text = JSON.stringify(object);
      const length = Buffer.byteLength(text);
      const gzipped = length >= JSON_GZIP_FROM_BYTES && acceptsGzip(c.req.header("accept-encoding")) ? gzipSync(text, { level: 1 }) : null;
      const answerHeaders: Record<string, string> = gzipped
        ? { "content-type": "application/json", ...headers, "content-encoding": "gzip", "content-length": String(gzipped.byteLength), vary: "Accept-Encoding" }
        : { "content-type": "application/json", ...headers, "content-length": String(length) };
      if (shapedBefore || typeof arg !== "number") return body(gzipped ?? text, arg, answerHeaders);
      c.set("wholeAnswer", true);
      return new Response(gzipped ?? text, { status: arg, headers: { ...securityHeadersOf(false), "x-request-id": c.get("requestId"), ...answerHeaders } });
    }) as unknown as typeof c.json;
    await next();
  });
}
