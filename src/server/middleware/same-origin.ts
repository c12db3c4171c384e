import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../core/context.ts";
import { AppError } from "../lib/app-error.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another origin (CSRF). Browsers
 * always send Origin on such requests and Sec-Fetch-Site when they know it; clients that are
 * not browsers send neither and are authenticated by cookie only if they hold one.
 */
export function sameOriginOnly(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      if ((origin && origin !== appOrigin) || fetchSite === "cross-site" || fetchSite === "same-site") {
        throw new AppError("CROSS_ORIGIN_REFUSED", 403, "Requests from another site are refused.");
      }
    }
    await next();
  });
}
