import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Auth } from "./auth.ts";
import type { AccountWorkspace, Viewer, ViewerSession, ViewerUser } from "../core/context.ts";
import type { Database } from "../db/client.ts";
import { preparedRead } from "../db/prepared.ts";
import { BoundedMemory } from "../lib/bounded-memory.ts";
import { member, session, user } from "../db/schema.ts";
import type { Queryable } from "../db/tenant.ts";

/** What one signed-in request needs: the session, its user and the membership in its workspace. */
export interface SignedInSession {
  session: ViewerSession;
  user: ViewerUser;
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

/** Every membership of the account with its workspace, by workspace name, as one JSON value. */
const workspacesOfAccount = sql<AccountWorkspace[]>`(select coalesce(json_agg(json_build_object(
    'id', o.id, 'name', o.name, 'slug', o.slug, 'timeZone', o.time_zone, 'currency', o.currency,
    'role', m.role, 'status', m.status) order by o.name), '[]'::json)
  from member m join organization o on o.id = m.organization_id
  where m.user_id = ${session.userId})`;

// Only what a viewer is made of (core/context.ts), flat: every column more was work for the
// driver and the mapping on every signed-in request.
const sessionRead = preparedRead((db: Queryable, shape: { withWorkspaces: boolean }) =>
  db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      activeOrganizationId: session.activeOrganizationId,
      roleOverride: session.roleOverride,
      userId: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      devops: user.devops,
      membershipId: member.id,
      membershipRole: member.role,
      membershipStatus: member.status,
      // The account's workspaces in the same round trip, for the one answer that lists them.
      workspaces: shape.withWorkspaces ? workspacesOfAccount : sql<null>`null`,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(member, and(eq(member.organizationId, session.activeOrganizationId), eq(member.userId, session.userId)))
    .where(eq(session.token, sql.placeholder("token"))),
);

/**
 * Cookie headers whose session cookie's signature was found right, with its token: a
 * signed-in browser sends the same header with every request, and reading it and checking its
 * HMAC again each time was a twentieth of a signed-in request's time. Which token a header
 * names depends only on the header and the secret (one memory per reader, so per secret):
 * remembering it changes no answer. Whether the session still exists is read from the
 * database on every request, as before. Bounded: headers of up to 1 KB (a browser's usual),
 * at most 10,000 of them, the first remembered forgotten first (lib/bounded-memory.ts).
 */
function tokenMemory() {
  const tokens = new BoundedMemory<string, string>(TOKENS_KEPT);
  return {
    get: (cookieHeader: string) => tokens.get(cookieHeader),
    remember(cookieHeader: string, token: string) {
      if (cookieHeader.length <= REMEMBERED_HEADER_LENGTH) tokens.remember(cookieHeader, token);
    },
  };
}
const TOKENS_KEPT = 10_000;
const REMEMBERED_HEADER_LENGTH = 1024;

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
  const knownTokens = tokenMemory();

  return async function readSession(cookieHeader: string | undefined, options: { withWorkspaces?: boolean } = {}): Promise<SessionReadResult> {
    if (!cookieHeader) return null;
    const settled = await settings;
    let token = knownTokens.get(cookieHeader);
    if (!token) {
      const cookies = parseCookies(cookieHeader);
      if (cookies.has(settled.dontRememberCookie) || [...cookies.keys()].some((name) => name.startsWith(settled.cookieCacheName))) return "better-auth";
      const signed = cookies.get(settled.tokenCookie);
      token = signed ? (verifiedToken(signed, settled.secret) ?? undefined) : undefined;
      if (!token) return null;
      knownTokens.remember(cookieHeader, token);
    }
    const [row] = await sessionRead.run(db, { withWorkspaces: Boolean(options.withWorkspaces) }, { token });
    if (!row) return null;
    // Better Auth's own rules, on the system time as Better Auth reads it: an expired session
    // is deleted, one older than updateAge is extended; both are writes, made by Better Auth.
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    if (expiresAt <= now || expiresAt - settled.expiresInMs + settled.updateAgeMs <= now) return "better-auth";
    return {
      session: {
        id: row.sessionId,
        userId: row.userId,
        expiresAt: row.expiresAt,
        activeOrganizationId: row.activeOrganizationId,
        roleOverride: row.roleOverride,
      },
      user: { id: row.userId, name: row.name, email: row.email, emailVerified: row.emailVerified, twoFactorEnabled: row.twoFactorEnabled, devops: row.devops },
      membership: row.membershipId ? { id: row.membershipId, role: row.membershipRole!, status: row.membershipStatus! } : null,
      ...(row.workspaces ? { workspaces: row.workspaces } : {}),
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
