import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { member, user } from "../db/schema.ts";

export type SessionDecision = { refuse: true } | { refuse: false; activeOrganizationId: string | null };

/**
 * Decides, before a session row is written, whether the user may have one (the seed's
 * pending rule, applied on the server so that a pending member never holds a session):
 * - a member with at least one active membership: yes, in their first active workspace;
 * - a devops account: yes, even without a workspace;
 * - a new Google account with no membership at all: yes, to finish setting up on
 *   /confirm-email (start a workspace or join one);
 * - anyone else (only pending or suspended memberships, or none): no.
 */
export async function decideSessionStart(db: Database, userId: string, path: string): Promise<SessionDecision> {
  const memberships = await db
    .select({ organizationId: member.organizationId, status: member.status, createdAt: member.createdAt })
    .from(member)
    .where(eq(member.userId, userId))
    .orderBy(member.createdAt);
  const active = memberships.find((membership) => membership.status === "active");
  if (active) return { refuse: false, activeOrganizationId: active.organizationId };

  const [account] = await db.select({ devops: user.devops }).from(user).where(eq(user.id, userId));
  if (account?.devops) return { refuse: false, activeOrganizationId: null };

  const isOAuthCallback = path.startsWith("/oauth2/callback/") || path.startsWith("/callback/");
  if (memberships.length === 0 && isOAuthCallback) return { refuse: false, activeOrganizationId: null };

  return { refuse: true };
}
