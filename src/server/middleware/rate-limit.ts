import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { MESSAGES } from "../../shared/messages.ts";
import type { AppEnv } from "../context.ts";
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
  const error = new AppError("RATE_LIMITED", 429, MESSAGES.rateLimited);
  (error as AppError & { retryAfter?: number }).retryAfter = retryAfter;
  return error;
}

/** Who a request is about: the email in its JSON body (sign-in, password reset). */
export async function accountFromEmail(c: Context<AppEnv>): Promise<string | undefined> {
  if (!c.req.header("content-type")?.includes("application/json")) return undefined;
  const body = await c.req.raw.clone().json().catch(() => null);
  const email = body && typeof body === "object" ? (body as { email?: unknown }).email : undefined;
  return typeof email === "string" && email.length <= 254 ? email.trim().toLowerCase() : undefined;
}

/**
 * Limits a route per client address and, when the request names an account, per account
 * as well, so that neither many addresses nor many accounts get unlimited tries.
 */
export function rateLimit(
  db: Database,
  name: string,
  rule: RateRule,
  multiplier: number,
  accountOf: (c: Context<AppEnv>) => Promise<string | undefined> = accountFromEmail,
) {
  const scaled = { ...rule, max: rule.max * multiplier };
  return createMiddleware<AppEnv>(async (c, next) => {
    const keys = [`${name}:ip:${c.var.clientIp}`];
    const account = await accountOf(c);
    // Hashed: the account comes from the request as typed, and text such as a NUL character
    // cannot be stored in PostgreSQL (it made the limiter fail with a 500).
    if (account) keys.push(`${name}:account:${createHash("sha256").update(account).digest("hex")}`);
    for (const key of keys) {
      const retryAfter = await hit(db, key, scaled);
      if (retryAfter !== null) {
        c.header("Retry-After", String(retryAfter));
        throw tooManyRequests(retryAfter);
      }
    }
    await next();
  });
}
