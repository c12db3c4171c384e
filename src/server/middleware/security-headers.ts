import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../core/context.ts";

/**
 * Security headers on every answer. The web build has no inline scripts of its own except
 * React Router's hydration data, whose hashes are not stable; 'unsafe-inline' is therefore
 * not allowed for scripts, and the loader script is allowed by 'self'. An answer that sets a
 * policy of its own (a stored file, shown in a frame of the app's page) keeps it.
 */
export function securityHeaders(options: { https: boolean; scriptHashes: () => string[]; framable?: (pathname: string) => boolean }) {
  // Written once, when the first answer needs it: the script hashes are the build's, fixed
  // from the start.
  let policies: { framable: string; notFramable: string } | undefined;
  const policyOf = (framable: boolean) => {
    if (!policies) {
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
      policies = { framable: policy("*"), notFramable: policy("'none'") };
    }
    return framable ? policies.framable : policies.notFramable;
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    // A page meant for other sites' frames (a workspace's enquiry page) may be framed by any;
    // every other answer by none.
    const framable = options.framable?.(c.req.path) ?? false;
    const ownPolicy = c.res.headers.get("Content-Security-Policy");
    const sameOriginFrames = ownPolicy?.includes("frame-ancestors 'self'") ?? false;
    if (!ownPolicy) c.header("Content-Security-Policy", policyOf(framable));
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!framable) c.header("X-Frame-Options", sameOriginFrames ? "SAMEORIGIN" : "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  });
}
