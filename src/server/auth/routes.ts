import { createHash } from "node:crypto";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { MESSAGES } from "../../shared/messages.ts";
import type { AppDeps, AppEnv } from "../context.ts";
import { pingDatabase } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";
import { unstorableText } from "../lib/validation.ts";
import { rateLimit } from "../middleware/rate-limit.ts";
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
 * The first value in the query or the JSON or form body that PostgreSQL cannot store
 * (unstorableText): Better Auth would pass it to a query and answer 500.
 */
async function unstorableInput(request: Request): Promise<{ path: (string | number)[]; problem: string } | undefined> {
  for (const [name, value] of new URL(request.url).searchParams) {
    const found = unstorableText(value, [name]);
    if (found) return found;
  }
  if (request.method === "GET" || request.method === "HEAD") return undefined;
  const type = request.headers.get("content-type") ?? "";
  if (/json/i.test(type)) return unstorableText(await request.clone().json().catch(() => undefined));
  if (/x-www-form-urlencoded/i.test(type)) {
    const form = new URLSearchParams(await request.clone().text());
    for (const [name, value] of form) {
      const found = unstorableText(value, [name]);
      if (found) return found;
    }
  }
  return undefined;
}

export function authRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const limit = (name: string, max: number, windowSeconds: number, accountOf?: Parameters<typeof rateLimit>[4]) =>
    rateLimit(deps.db, name, { max, windowSeconds }, deps.config.rateLimitMultiplier, accountOf);
  // The two-factor step is about the account behind its pending-sign-in cookie (or the session).
  const twoFactorAccount = async (c: Context<AppEnv>) => {
    const cookies = getCookie(c);
    const token = Object.entries(cookies).find(([name]) => /two_factor|session_token/.test(name))?.[1];
    return token ? createHash("sha256").update(token).digest("hex").slice(0, 32) : undefined;
  };

  app.post("/sign-in/email", limit("sign-in", 10, 300));
  app.post("/request-password-reset", limit("password-reset", 5, 900));
  app.post("/reset-password", limit("reset-password", 10, 900));
  app.post("/send-verification-email", limit("verification", 5, 900));
  app.post("/two-factor/*", limit("two-factor", 10, 300, twoFactorAccount));
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
