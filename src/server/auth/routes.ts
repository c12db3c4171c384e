import { createHash } from "node:crypto";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { MESSAGES } from "../../shared/messages.ts";
import type { AppDeps, AppEnv } from "../core/context.ts";
import { pingDatabase } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import { unstorableText } from "../lib/validation.ts";
import { isJsonContentType, rateLimit, type RateLimitOptions } from "../middleware/rate-limit.ts";
import { CLIENT_IP_HEADER } from "./auth.ts";

/**
 * The Better Auth endpoints the product uses, and only those. Account creation goes through
 * /api/signup (it needs a workspace or a join code) and memberships through our own API
 * (which audits), so the library's sign-up and organization endpoints stay closed.
 */
const EXPOSED = [
  /^\/get-session$/,
  /^\/sign-in\/email$/,
  /^\/sign-in\/social$/,
  /^\/callback\/[\w-]+$/,
  /^\/sign-out$/,
  /^\/request-password-reset$/,
  /^\/reset-password(\/[\w-]+)?$/,
  /^\/verify-email$/,
  /^\/send-verification-email$/,
  /^\/change-password$/,
  /^\/update-user$/,
  /^\/list-sessions$/,
  /^\/revoke-session$/,
  /^\/revoke-other-sessions$/,
  /^\/two-factor\/(enable|disable|get-totp-uri|verify-totp|verify-backup-code|generate-backup-codes)$/,
  /^\/error$/,
  /^\/ok$/,
];

/** Whether a path under /api/auth (e.g. "/sign-in/email") reaches Better Auth; every other answers 404. */
export function isExposedAuthPath(subPath: string): boolean {
  return EXPOSED.some((pattern) => pattern.test(subPath));
}

/**
 * The first value in the query or the JSON body that PostgreSQL cannot store
 * (unstorableText): Better Auth would pass it to a query and answer 500.
 */
async function unstorableInput(request: Request): Promise<{ path: (string | number)[]; problem: string } | undefined> {
  for (const [name, value] of new URL(request.url).searchParams) {
    const found = unstorableText(value, [name]);
    if (found) return found;
  }
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  if (isJsonContentType(request.headers.get("content-type") ?? ""))
    return unstorableText(
      await request
        .clone()
        .json()
        .catch(() => undefined),
    );
  return undefined;
}

/**
 * Whether a request sends a body type other than JSON. Better Auth also reads form bodies
 * (urlencoded, multipart), which the limiter's per-account count and the checks above would
 * not see, and which a cross-site HTML form can send: the product's own clients send JSON
 * only. The OAuth callback stays open to a provider that posts its answer as a form.
 */
function sendsOtherThanJson(c: Context<AppEnv>, subPath: string): boolean {
  if (c.req.method === "GET" || c.req.method === "HEAD" || /^\/callback\//.test(subPath)) return false;
  const type = c.req.header("content-type");
  return type !== undefined && type.trim() !== "" && !isJsonContentType(type);
}

export function authRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const limit = (name: string, max: number, windowSeconds: number, options?: RateLimitOptions) =>
    rateLimit(deps.db, name, { max, windowSeconds }, deps.config.rateLimitMultiplier, options);
  // The two-factor step is about the account behind its pending-sign-in cookie (or the session).
  const twoFactorAccount = async (c: Context<AppEnv>) => {
    const cookies = getCookie(c);
    const token = Object.entries(cookies).find(([name]) => /two_factor|session_token/.test(name))?.[1];
    return token ? createHash("sha256").update(token).digest("hex").slice(0, 32) : undefined;
  };

  app.use("/*", async (c, next) => {
    const subPath = c.req.path.replace(/^\/api\/auth/, "");
    if (isExposedAuthPath(subPath) && sendsOtherThanJson(c, subPath)) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, "The request body must be JSON, sent with Content-Type: application/json.");
    }
    await next();
  });
  // Strict per account; per address roomier, as a whole tutoring centre may share one address.
  app.post("/sign-in/email", limit("sign-in", 10, 300, { perAddress: { max: 100, windowSeconds: 300 } }));
  app.post("/request-password-reset", limit("password-reset", 5, 900));
  app.post("/reset-password", limit("reset-password", 10, 900));
  app.post("/send-verification-email", limit("verification", 5, 900));
  app.post("/two-factor/*", limit("two-factor", 10, 300, { accountOf: twoFactorAccount }));
  app.post("/change-password", limit("change-password", 10, 900));

  app.all("/*", async (c) => {
    const subPath = c.req.path.replace(/^\/api\/auth/, "");
    if (!isExposedAuthPath(subPath)) {
      throw new AppError("NOT_FOUND", 404, "This authentication endpoint does not exist.");
    }
    const unstorable = await unstorableInput(c.req.raw);
    if (unstorable) {
      const message = `${unstorable.path.join(".") || "The request"} ${unstorable.problem}.`;
      throw new AppError("VALIDATION_FAILED", 422, message, [{ path: unstorable.path, message }]);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.var.clientIp);
    const request = new Request(c.req.raw, { headers });
    const response = await deps.auth.handler(request);
    // Better Auth reports a lost database as a plain 500: answer with the catalogue's 503.
    if (response.status >= 500 && !(await pingDatabase(deps.db))) {
      throw new AppError("DATABASE_UNAVAILABLE", 503, MESSAGES.databaseDown);
    }
    return response;
  });
  return app;
}
