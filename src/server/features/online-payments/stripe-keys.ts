/**
 * Which Stripe keys a workspace takes payments with: its own (set by its admin, kept sealed in
 * stripe_keys by lib/secret-box.ts), else the install's (STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET), else none, and then families see no pay button but how to pay.
 * Keys never leave the server: screens see the kind of key and its last four characters.
 */
import { eq } from "drizzle-orm";
import { STRIPE_WEBHOOK_EVENTS, type StripeConnection, type StripeKeysUpdate } from "../../../shared/schemas/online-payments.ts";
import type { Actor } from "../../core/audit.ts";
import { writeAudit } from "../../core/audit.ts";
import { stripeKeys } from "../../db/billing-schema.ts";
import type { Database } from "../../db/client.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import type { Config } from "../../env.ts";
import { createSecretBox } from "../../lib/secret-box.ts";

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
  source: "workspace" | "environment";
}

const secretKeyBinding = (organizationId: string) => `stripe-secret-key:${organizationId}`;
const webhookSecretBinding = (organizationId: string) => `stripe-webhook-secret:${organizationId}`;

/** "sk_test_…4242" */
const hintOf = (secretKey: string) => `${secretKey.slice(0, secretKey.indexOf("_", 3) + 1)}…${secretKey.slice(-4)}`;
const modeOf = (secretKey: string): "test" | "live" => (secretKey.includes("_live_") ? "live" : "test");

/** Where Stripe sends a workspace's events: one endpoint per workspace, so each is checked with its own secret. */
export const stripeWebhookUrl = (config: Config, organizationId: string) => `${config.appUrl.replace(/\/+$/, "")}/api/webhooks/stripe/${organizationId}`;

/** The keys in force for the workspace (its own when they open, else the install's), or null. */
export async function stripeKeysOf(tx: Queryable, config: Config, organizationId: string): Promise<StripeKeys | null> {
  const [row] = await tx.select().from(stripeKeys).where(eq(stripeKeys.organizationId, organizationId));
  if (row) {
    const box = createSecretBox(config.authSecret);
    const secretKey = box.open(row.secretKeyCiphertext, secretKeyBinding(organizationId));
    const webhookSecret = box.open(row.webhookSecretCiphertext, webhookSecretBinding(organizationId));
    // Unreadable keys (AUTH_SECRET changed) take no payments until entered again, rather than falling back silently.
    return secretKey && webhookSecret ? { secretKey, webhookSecret, source: "workspace" } : null;
  }
  return config.stripe.keys ? { ...config.stripe.keys, source: "environment" } : null;
}

async function connectionOf(tx: Queryable, config: Config, organizationId: string): Promise<StripeConnection> {
  const [row] = await tx.select().from(stripeKeys).where(eq(stripeKeys.organizationId, organizationId));
  const keys = await stripeKeysOf(tx, config, organizationId);
  return {
    source: row ? "workspace" : keys ? "environment" : "none",
    mode: keys ? modeOf(keys.secretKey) : null,
    secretKeyHint: row ? row.secretKeyHint : keys ? hintOf(keys.secretKey) : null,
    unreadable: Boolean(row) && !keys,
    webhookUrl: stripeWebhookUrl(config, organizationId),
    webhookEvents: [...STRIPE_WEBHOOK_EVENTS],
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export async function viewStripeConnection(db: Database, config: Config, actor: Actor): Promise<StripeConnection> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, (tx) => connectionOf(tx, config, organizationId));
}

/** Seals and saves the workspace's keys (replacing any), audited with the key's hint only. */
export async function setStripeKeys(db: Database, config: Config, actor: Actor, input: StripeKeysUpdate, now: Date): Promise<StripeConnection> {
  const organizationId = actor.viewer.organizationId;
  const box = createSecretBox(config.authSecret);
  const values = {
    secretKeyCiphertext: box.seal(input.secretKey, secretKeyBinding(organizationId)),
    webhookSecretCiphertext: box.seal(input.webhookSecret, webhookSecretBinding(organizationId)),
    secretKeyHint: hintOf(input.secretKey),
    updatedAt: now,
    updatedByUserId: actor.viewer.user.id,
  };
  return withWorkspace(db, organizationId, async (tx) => {
    await tx
      .insert(stripeKeys)
      .values({ organizationId, ...values })
      .onConflictDoUpdate({ target: stripeKeys.organizationId, set: values });
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.role,
      ipAddress: actor.ipAddress,
      action: "STRIPE_KEYS_SET",
      description: `${actor.viewer.user.name} set the workspace's Stripe keys (${modeOf(input.secretKey)} mode, ${values.secretKeyHint})`,
      metadata: { mode: modeOf(input.secretKey), secretKeyHint: values.secretKeyHint },
    });
    return connectionOf(tx, config, organizationId);
  });
}

/** Removes the workspace's own keys: the install's apply again, if any. */
export async function removeStripeKeys(db: Database, config: Config, actor: Actor): Promise<StripeConnection> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const removed = await tx.delete(stripeKeys).where(eq(stripeKeys.organizationId, organizationId)).returning();
    if (removed.length > 0) {
      await writeAudit(tx, {
        organizationId,
        userId: actor.viewer.user.id,
        actorRole: actor.viewer.role,
        ipAddress: actor.ipAddress,
        action: "STRIPE_KEYS_REMOVED",
        description: `${actor.viewer.user.name} removed the workspace's Stripe keys`,
        metadata: { secretKeyHint: removed[0]!.secretKeyHint },
      });
    }
    return connectionOf(tx, config, organizationId);
  });
}
