import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError, getSessionFromCtx, type createAuthMiddleware } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { TWO_FACTOR_ERROR_CODES } from "better-auth/plugins";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { twoFactor } from "../db/schema.ts";

/** Better Auth's TOTP settings (the plugin's defaults, which auth.ts keeps): 30-second steps, 6 digits, one step either side. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
/** The name Better Auth gives the cookie of a sign-in waiting for its second factor (before the prefix). */
const TWO_FACTOR_COOKIE = "two_factor";

type MiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** RFC 4226's code for one counter; Better Auth uses the secret's characters as the HMAC key. */
function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", Buffer.from(secret, "utf8")).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(value % 10 ** DIGITS).padStart(DIGITS, "0");
}

/** The latest time step within the accepted window whose code is `code`, or null (a wrong code). */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / 1000 / PERIOD_SECONDS);
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = Buffer.from(codeAt(secret, step));
    const given = Buffer.from(code);
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = step;
  }
  return matched;
}

/** Whose code this is: the signed-in account (turning two-factor on), or the sign-in waiting for its second factor. */
async function userIdOf(ctx: MiddlewareContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value;
}

/**
 * A one-time code is accepted once. Better Auth keeps no record of used codes, so before its
 * /two-factor/verify-totp runs, the time step a right code belongs to is claimed on the
 * account's two-factor row, in one conditional update (two requests racing with the same code
 * cannot both claim it). A code of the step last accepted, or of an earlier one, is refused
 * as a wrong code is. A wrong code, or a request without a known account, is left to Better
 * Auth, which refuses it and counts the failure.
 */
export async function refuseTotpReplay(ctx: MiddlewareContext, db: Database): Promise<void> {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string") return;
  const userId = await userIdOf(ctx);
  if (!userId) return;
  const [row] = await db.select({ id: twoFactor.id, secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  const step = matchingStep(secret, code);
  if (step === null) return;
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.id, row.id), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  if (claimed.length === 0) throw APIError.from("UNAUTHORIZED", TWO_FACTOR_ERROR_CODES.INVALID_CODE);
}
