import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../core/context.ts";

/** Answers from this size up are gzipped for a client that accepts it (compress()'s own threshold). */
export const JSON_GZIP_FROM_BYTES = 1024;

/**
 * An answer's bytes are written here to be gzipped (up to 256 KB; a larger one is converted as
 * gzipSync would), and gzip writes its output in 1 KB pieces (from Node's shared pool) instead
 * of one new 16 KB buffer per call. Each buffer of 4 KB and more is a memory block of its own
 * outside V8's heap, and V8 answers enough of those with a full collection: with one for the
 * text and one for the output of every answer, the Members list ran a full collection several
 * times a second. Kept once for the process; gzipSync has finished with it when it returns.
 */
const textBytes = Buffer.allocUnsafeSlow(256 * 1024);
const GZIP = { level: 1, chunkSize: 1024 };

/** An answer's text (of `length` bytes in UTF-8) gzipped. */
function gzipOf(text: string, length: number): Uint8Array<ArrayBuffer> {
  if (length > textBytes.length) return gzipSync(text, GZIP) as Uint8Array<ArrayBuffer>;
  textBytes.write(text, 0, length, "utf8");
  return gzipSync(textBytes.subarray(0, length), GZIP) as Uint8Array<ArrayBuffer>;
}

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

/** What jsonAnswers keeps of a request's context: Hono's own header() and status(), and whether either was used. */
interface Shaping {
  header: Context<AppEnv>["header"];
  status: Context<AppEnv>["status"];
  shapedBefore: boolean;
}
const SHAPING = Symbol("jsonAnswers.shaping");
type JsonAnswerContext = Context<AppEnv> & { [SHAPING]: Shaping };

/**
 * How the API's JSON answers are sent. Hono's c.json leaves the length out (a string body is
 * measured only when written), and compress() skips an answer under 1 KB only by that header:
 * every JSON answer of a browser's request, a health check's 60 bytes included, went through
 * a gzip stream, which cost more than the request's own work. Here the answer is serialised
 * once, as c.json would, and sent with its length: as it is under 1 KB (or to a client that
 * takes no gzip), else gzipped in one call at level 1 (gzipOf), a few times faster than
 * compress()'s stream at its default level for answers some 10% larger.
 *
 * The answer is made whole at once: its security headers and request id are written with it,
 * in one plain object, and the middleware around it (requestContext, compress, securityHeaders)
 * leave a whole answer alone (c.var.wholeAnswer). Adding them afterwards turned the answer's
 * headers into a web Headers object (checked and sorted on every change), which cost a tenth
 * of a signed-in read. An answer to which c.header() or c.status() gave something before, or
 * made with a ResponseInit, goes Hono's own way and is finished by that middleware as before.
 *
 * c.json, c.header and c.status become the same three functions for every request (called as
 * the context's methods, they find it as `this`), not functions made for each request: a
 * function made per request and kept on its context kept each request's objects alive past
 * young collections while V8 still ran the calling code unoptimised (--trace-gc showed
 * megabytes promoted at every collection, in the server's first seconds under load and again
 * whenever a caller was deoptimised), and those collections took 4-12 ms instead of 1-2.
 */
export function jsonAnswers(dataHeaders: Readonly<Record<string, string>>) {
  function header(this: JsonAnswerContext, ...args: Parameters<Context<AppEnv>["header"]>) {
    this[SHAPING].shapedBefore = true;
    return this[SHAPING].header(...args);
  }
  function status(this: JsonAnswerContext, code: Parameters<Context<AppEnv>["status"]>[0]) {
    this[SHAPING].shapedBefore = true;
    this[SHAPING].status(code);
  }
  function json(this: JsonAnswerContext, object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) {
    const text = JSON.stringify(object);
    const length = Buffer.byteLength(text);
    const gzipped = length >= JSON_GZIP_FROM_BYTES && acceptsGzip(this.req.header("accept-encoding")) ? gzipOf(text, length) : null;
    const answerHeaders: Record<string, string> = gzipped
      ? { "content-type": "application/json", ...headers, "content-encoding": "gzip", "content-length": String(gzipped.byteLength), vary: "Accept-Encoding" }
      : { "content-type": "application/json", ...headers, "content-length": String(length) };
    const body = this.body as unknown as (data: string | Uint8Array, arg?: number | ResponseInit, headers?: Record<string, string>) => Response;
    if (this[SHAPING].shapedBefore || typeof arg !== "number") return body(gzipped ?? text, arg, answerHeaders);
    this.set("wholeAnswer", true);
    return new Response(gzipped ?? text, { status: arg, headers: { ...dataHeaders, "x-request-id": this.get("requestId"), ...answerHeaders } });
  }
  return createMiddleware<AppEnv>(async (c, next) => {
    const context = c as JsonAnswerContext;
    context[SHAPING] = { header: c.header, status: c.status, shapedBefore: false };
    context.header = header as typeof c.header;
    context.status = status as typeof c.status;
    context.json = json as unknown as typeof c.json;
    await next();
  });
}
