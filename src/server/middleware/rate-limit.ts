import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { rateLimitedMessage } from "../../shared/messages.ts";
import type { AppEnv } from "../core/context.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../lib/app-error.ts";

export interface RateRule {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts a hit on `key` in a fixed window kept in PostgreSQL, so that every app instance
 * shares the count. Returns the seconds to wait when over the limit, else null.
 */
export async function hit(db: Database, key: string, rule: RateRule): Promise<number | null> {
  const result = await db.execute<{ count: number; retry: number }>(sql`
    insert into rate_limit_bucket (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limit_bucket.reset_at <= now() then 1 else rate_limit_bucket.count + 1 end,
      reset_at = case when rate_limit_bucket.reset_at <= now()
        then now() + make_interval(secs => ${rule.windowSeconds}) else rate_limit_bucket.reset_at end
    returning count, ceil(extract(epoch from reset_at - now()))::int as retry`);
  const row = result.rows[0];
  return row && row.count > rule.max ? Math.max(1, row.retry) : null;
}

export function tooManyRequests(retryAfter: number): AppError {
  const error = new AppError("RATE_LIMITED", 429, rateLimitedMessage(retryAfter));
  (error as AppError & { retryAfter?: number }).retryAfter = retryAfter;
  return error;
}

/**
 * A JSON media type as Better Auth reads one (its body parser's test, any letter case, with
 * parameters or a +json suffix): the limiter must read the body whenever Better Auth does.
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  return /^application\/([a-z0-9.+-]*\+)?json/i.test(contentType ?? "");
}

/**
 * Who a request is about: the email in its JSON body (sign-in, password reset). The auth
 * endpoints refuse every other body type (auth/routes.ts), so no email escapes the count.
 */
export async function accountFromEmail(c: Context<AppEnv>): Promise<string | undefined> {
  if (!isJsonContentType(c.req.header("content-type"))) return undefined;
  const body = await c.req.raw
    .clone()
    .json()
    .catch(() => null);
  const email = body && typeof body === "object" ? (body as { email?: unknown }).email : undefined;
  return typeof email === "string" && email.length <= 254 ? email.trim().toLowerCase() : undefined;
}

export interface RateLimitOptions {
  /** The account a request is about (default: the email in its JSON body). */
  accountOf?: (c: Context<AppEnv>) => Promise<string | undefined> | string | undefined;
  /**
   * The limit per client address when it differs from the per-account one: many people can
   * share one address (a tutoring centre behind one router), one account cannot.
   */
  perAddress?: RateRule;
}

/**
 * Limits a route per client address and, when the request names an account, per account
 * as well, so that neither many addresses nor many accounts get unlimited tries.
 */
export function rateLimit(db: Database, name: string, rule: RateRule, multiplier: number, options: RateLimitOptions = {}) {
  const scale = (limit: RateRule) => ({ ...limit, max: limit.max * multiplier });
  const perAccount = scale(rule);
  const perAddress = scale(options.perAddress ?? rule);
  const accountOf = options.accountOf ?? accountFromEmail;
  return createMiddleware<AppEnv>(async (c, next) => {
    const checks: [string, RateRule][] = [[`${name}:ip:${c.var.clientIp}`, perAddress]];
    const account = await accountOf(c);
    // Hashed: the account comes from the request as typed, and text such as a NUL character
    // cannot be stored in PostgreSQL (it made the limiter fail with a 500).
    if (account) checks.push([`${name}:account:${createHash("sha256").update(account).digest("hex")}`, perAccount]);
    for (const [key, limit] of checks) {
      const retryAfter = await hit(db, key, limit);
      if (retryAfter !== null) {
        c.header("Retry-After", String(retryAfter));
        throw tooManyRequests(retryAfter);
      }
    }
    await next();
  });
}
