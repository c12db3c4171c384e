import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Auth } from "./auth.ts";
import type { AccountWorkspace, AuthSession, AuthUser, Viewer } from "../core/context.ts";
import type { Database } from "../db/client.ts";
import { member, session, user } from "../db/schema.ts";

/** What one signed-in request needs: the session, its user and the membership in its workspace. */
export interface SignedInSession {
  session: AuthSession;
  user: AuthUser;
  membership: Viewer["membership"];
  /** Every membership of the account, by workspace name: read only when asked for. */
  workspaces?: AccountWorkspace[];
}

/**
 * The answer of the fast read: the session (null: not signed in), or "better-auth" when the
 * request needs Better Auth's own session read (it writes: refreshing an old session, deleting
 * an expired one, clearing a stale cookie cache).
 */
export type SessionReadResult = SignedInSession | null | "better-auth";

/** Better Auth's signature of a cookie value: base64 HMAC-SHA256, 44 characters ending in "=". */
const SIGNATURE_LENGTH = 44;

/**
 * Reads the session of a request in one indexed query (session by token, joined to its user
 * and its membership), with the cookie's signature checked on the main thread, instead of
 * Better Auth's getSession (two or three queries, and a WebCrypto HMAC queued on libuv's thread
 * pool behind password hashes). Nothing is cached: every request reads the session row, so a
 * revoked session (deleted row) or a changed membership is seen by the very next request on
 * every instance (decision 027). What Better Auth would write is left to Better Auth.
 */
export function createSessionReader(auth: Auth, db: Database) {
  const settings = auth.$context.then((context) => ({
    secret: context.secret,
    tokenCookie: context.authCookies.sessionToken.name,
    dontRememberCookie: context.authCookies.dontRememberToken.name,
    cookieCacheName: context.authCookies.sessionData.name,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  const membershipColumns = { id: member.id, role: member.role, status: member.status };
  const membershipOfSession = and(eq(member.organizationId, session.activeOrganizationId), eq(member.userId, session.userId));
  const byToken = db
    .select({ session, user, membership: membershipColumns })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(member, membershipOfSession)
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("read_session_by_token");
  // The account's workspaces in the same round trip, for the one answer that lists them.
  const workspacesOfAccount = sql<AccountWorkspace[]>`(select coalesce(json_agg(json_build_object(
      'id', o.id, 'name', o.name, 'slug', o.slug, 'timeZone', o.time_zone, 'currency', o.currency,
      'role', m.role, 'status', m.status) order by o.name), '[]'::json)
    from member m join organization o on o.id = m.organization_id
    where m.user_id = ${session.userId})`;
  const byTokenWithWorkspaces = db
    .select({ session, user, membership: membershipColumns, workspaces: workspacesOfAccount })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(member, membershipOfSession)
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("read_session_by_token_with_workspaces");

  return async function readSession(cookieHeader: string | undefined, options: { withWorkspaces?: boolean } = {}): Promise<SessionReadResult> {
    if (!cookieHeader) return null;
    const { secret, tokenCookie, dontRememberCookie, cookieCacheName, expiresInMs, updateAgeMs } = await settings;
    const cookies = parseCookies(cookieHeader);
    if (cookies.has(dontRememberCookie) || [...cookies.keys()].some((name) => name.startsWith(cookieCacheName))) return "better-auth";
    const signed = cookies.get(tokenCookie);
    if (!signed) return null;
    const token = verifiedToken(signed, secret);
    if (!token) return null;
    const [row] = options.withWorkspaces ? await byTokenWithWorkspaces.execute({ token }) : await byToken.execute({ token });
    if (!row) return null;
    // Better Auth's own rules, on the system time as Better Auth reads it: an expired session
    // is deleted, one older than updateAge is extended; both are writes, made by Better Auth.
    const now = Date.now();
    const expiresAt = row.session.expiresAt.getTime();
    if (expiresAt <= now || expiresAt - expiresInMs + updateAgeMs <= now) return "better-auth";
    return {
      session: row.session as AuthSession,
      user: row.user as AuthUser,
      membership: row.membership,
      ...("workspaces" in row ? { workspaces: row.workspaces as AccountWorkspace[] } : {}),
    };
  };
}

/** The token of a signed cookie value ("token.signature"), or null when the signature is wrong. */
function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const signature = signedValue.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith("=")) return null;
  const token = signedValue.slice(0, dot);
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The request's cookies by name, values URL-decoded (Better Auth encodes the signed value). */
function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (cookies.has(name)) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      cookies.set(name, raw.includes("%") ? decodeURIComponent(raw) : raw);
    } catch {
      // A value that is not valid percent-encoding names no session.
    }
  }
  return cookies;
}
