import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { member, user, workspaceInvitation } from "../db/schema.ts";
import { withLookup } from "../db/tenant.ts";

export type SessionDecision = { refuse: true } | { refuse: false; activeOrganizationId: string | null };

/**
 * Decides, before a session row is written, whether the user may have one (a pending member
 * waits for approval, decided here on the server so that they never hold a session):
 * - a member with at least one active membership: yes, in their first active workspace;
 * - a devops account: yes, even without a workspace;
 * - a new Google account with no membership at all: yes, to finish setting up on
 *   /confirm-email (start a workspace or join one);
 * - an account with an open invitation to its email (a rejected joiner, a removed member
 *   invited back): yes, without a workspace, so that it can accept on /invite;
 * - anyone else (only pending or suspended memberships, or none): no.
 */
export async function decideSessionStart(db: Database, userId: string, path: string, now: Date): Promise<SessionDecision> {
  const memberships = await db
    .select({ organizationId: member.organizationId, status: member.status, createdAt: member.createdAt })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(member.createdAt);
  const active = memberships.find((membership) => membership.status === "active");
  if (active) return { refuse: false, activeOrganizationId: active.organizationId };

  const [account] = await db.select({ devops: user.devops, email: user.email }).from(user).where(eq(user.id, userId));
  if (account?.devops) return { refuse: false, activeOrganizationId: null };
  if (account && (await hasOpenInvitation(db, account.email, now))) return { refuse: false, activeOrganizationId: null };

  const isOAuthCallback = path.startsWith("/oauth2/callback/") || path.startsWith("/callback/");
  if (memberships.length === 0 && isOAuthCallback) return { refuse: false, activeOrganizationId: null };

  return { refuse: true };
}

/**
 * Whether a pending, unexpired invitation to this email exists in any workspace. Read on the
 * owner connection: no workspace is active before sign-in (like the token look-up of /invite).
 * The transaction names the email (withLookup): no invitation to another address is visible.
 */
async function hasOpenInvitation(db: Database, email: string, now: Date): Promise<boolean> {
  const address = email.toLowerCase();
  const [row] = await withLookup(db, "app.invitation_email", address, (tx) =>
    tx
      .select({ id: workspaceInvitation.id })
      .from(workspaceInvitation)
      .where(and(sql`lower(${workspaceInvitation.email}) = ${address}`, eq(workspaceInvitation.status, "pending"), gt(workspaceInvitation.expiresAt, now)))
      .limit(1),
  );
  return Boolean(row);
}
