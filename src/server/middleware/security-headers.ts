import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../core/context.ts";

export interface SecurityHeaderOptions {
  https: boolean;
  scriptHashes: () => string[];
  framable?: (pathname: string) => boolean;
}

/**
 * What an answer is, for its security headers: a page of the app (framed by no site), a page
 * meant for other sites' frames (a workspace's enquiry page: no X-Frame-Options, and any site
 * may frame it), or data (a JSON answer of the API).
 */
export type AnswerKind = "page" | "framable page" | "data";

/**
 * The security headers of an answer, as a plain object, written once (when the first answer
 * needs them: the script hashes are the build's, fixed from the start) and shared by every
 * answer of its kind.
 *
 * The web build has no inline scripts of its own except React Router's hydration data, whose
 * hashes are not stable; 'unsafe-inline' is therefore not allowed for scripts, and the loader
 * script is allowed by 'self'.
 *
 * Data is never a document that loads anything: its policy allows nothing (`default-src
 * 'none'`), which is stricter than a page's, in 43 bytes instead of about 1,200. A page's
 * policy, with the content pages' script hashes, made up most of the 1.7 KB of headers on
 * every API answer, more than the gzipped answer itself on a page of the members list.
 */
export function securityHeaderValues(options: SecurityHeaderOptions): (kind: AnswerKind) => Readonly<Record<string, string>> {
  let written: Record<AnswerKind, Readonly<Record<string, string>>> | undefined;
  return (kind) => {
    if (!written) {
      const scriptSrc = ["'self'", ...options.scriptHashes().map((hash) => `'${hash}'`)].join(" ");
      const policy = (frameAncestors: string) =>
        [
          "default-src 'self'",
          `script-src ${scriptSrc}`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: blob:",
          "font-src 'self' data:",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          `frame-ancestors ${frameAncestors}`,
        ].join("; ");
      const common = {
        "x-content-type-options": "nosniff",
        "referrer-policy": "strict-origin-when-cross-origin",
        "cross-origin-opener-policy": "same-origin",
        "permissions-policy": "camera=(), microphone=(), geolocation=()",
        ...(options.https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
      };
      written = {
        page: Object.freeze({ "content-security-policy": policy("'none'"), "x-frame-options": "DENY", ...common }),
        "framable page": Object.freeze({ "content-security-policy": policy("*"), ...common }),
        data: Object.freeze({ "content-security-policy": "default-src 'none'; frame-ancestors 'none'", "x-frame-options": "DENY", ...common }),
      };
    }
    return written[kind];
  };
}

/**
 * Security headers on every answer. An answer that sets a policy of its own (a stored file,
 * shown in a frame of the app's page) keeps it. The headers are set on the answer's own
 * Headers in one pass: c.header() after the answer is made copies the whole Response on every
 * call, which cost more than a health check's own work when it was called once per header.
 */
export function securityHeaders(options: SecurityHeaderOptions) {
  const valuesOf = securityHeaderValues(options);
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.get("wholeAnswer")) return;
    let headers = c.res.headers;
    const ownPolicy = headers.get("content-security-policy");
    const kind = headers.get("content-type")?.startsWith("application/json") ? "data" : options.framable?.(c.req.path) ? "framable page" : "page";
    const values = valuesOf(kind);
    try {
      setSecurityHeaders(headers, values, ownPolicy);
    } catch (error) {
      // The headers of some answers (a redirect made by Response.redirect) cannot be changed:
      // the answer is copied once, with headers that can.
      if (!(error instanceof TypeError)) throw error;
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      setSecurityHeaders(headers, values, ownPolicy);
    }
  });
}

function setSecurityHeaders(headers: Headers, values: Readonly<Record<string, string>>, ownPolicy: string | null): void {
  for (const name in values) {
    if (name === "content-security-policy" && ownPolicy) continue;
    // A stored file's own policy that allows the app's own frames comes with SAMEORIGIN.
    if (name === "x-frame-options" && ownPolicy?.includes("frame-ancestors 'self'")) headers.set(name, "SAMEORIGIN");
    else headers.set(name, values[name]!);
  }
}
