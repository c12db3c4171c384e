/**
 * A member's notification preferences: whether the daily alert digest is mailed to them, and
 * on which topics (learning, billing, reports). No row means the defaults: the digest on, every
 * topic. The in-app alert list always shows everything the member may see.
 */
import { and, eq } from "drizzle-orm";
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from "../../../shared/schemas/health-alerts.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { notificationPreference } from "../../db/alerts-schema.ts";
import type { Database } from "../../db/client.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";

export async function preferencesOf(tx: Queryable, organizationId: string, memberId: string): Promise<NotificationPreferences> {
  const [row] = await tx
    .select()
    .from(notificationPreference)
    .where(and(eq(notificationPreference.organizationId, organizationId), eq(notificationPreference.memberId, memberId)));
  return row ? { alertDigest: row.alertDigest, topics: row.topics } : DEFAULT_NOTIFICATION_PREFERENCES;
}

/** GET …/settings/notifications */
export async function readPreferences(db: Database, actor: Actor): Promise<NotificationPreferences> {
  return withWorkspace(db, actor.viewer.organizationId, (tx) => preferencesOf(tx, actor.viewer.organizationId, actor.viewer.membership.id));
}

/** PUT …/settings/notifications */
export async function savePreferences(db: Database, actor: Actor, input: NotificationPreferences, now: Date): Promise<NotificationPreferences> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const values = { alertDigest: input.alertDigest, topics: input.topics, updatedAt: now };
    await tx
      .insert(notificationPreference)
      .values({ organizationId, memberId: actor.viewer.membership.id, ...values })
      .onConflictDoUpdate({ target: [notificationPreference.organizationId, notificationPreference.memberId], set: values });
    const topics = input.topics.length === 0 ? "no topic" : input.topics.join(", ");
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.membership.role,
      action: "NOTIFICATION_PREFERENCES_CHANGED",
      description: `${actor.viewer.user.name} turned the daily alert digest ${input.alertDigest ? `on (${topics})` : "off"}`,
      ipAddress: actor.ipAddress,
    });
    return { alertDigest: input.alertDigest, topics: input.topics };
  });
}
