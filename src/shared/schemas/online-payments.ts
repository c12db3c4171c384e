/**
 * Online payments: a workspace's connection to Stripe (its own keys, or the install's), what
 * the admin's settings screen shows of it and what it sends to change it.
 */
import { z } from "zod";

/** The shapes of Stripe's keys, checked wherever they are given (the environment, a workspace's settings). */
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/=]{8,}$/;

/** The events Glassroom acts on: the webhook endpoint in Stripe's dashboard should send these. */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "charge.refunded",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "setup_intent.succeeded",
  "payment_method.detached",
] as const;

export const stripeKeysUpdateSchema = z.strictObject({
  secretKey: z
    .string({ error: "Secret key is required." })
    .trim()
    .regex(STRIPE_SECRET_KEY_PATTERN, "Secret key must be a Stripe secret or restricted key: sk_test_…, sk_live_…, rk_test_… or rk_live_…."),
  webhookSecret: z
    .string({ error: "Webhook signing secret is required." })
    .trim()
    .regex(STRIPE_WEBHOOK_SECRET_PATTERN, "Webhook signing secret must be the endpoint's signing secret from Stripe: whsec_…."),
});
export type StripeKeysUpdate = z.infer<typeof stripeKeysUpdateSchema>;

export const stripeConnectionSchema = z.object({
  /** Whose keys take payments: the workspace's own, the install's (environment), or none (no pay button). */
  source: z.enum(["workspace", "environment", "none"]),
  mode: z.enum(["test", "live"]).nullable(),
  /** "sk_test_…4242": never more of a key than that. */
  secretKeyHint: z.string().nullable(),
  /** The workspace's saved keys no longer open (AUTH_SECRET changed since): enter them again. */
  unreadable: z.boolean(),
  /** The endpoint to add in Stripe's dashboard, and the events to send it. */
  webhookUrl: z.string(),
  webhookEvents: z.array(z.string()),
  updatedAt: z.string().nullable(),
});
export type StripeConnection = z.infer<typeof stripeConnectionSchema>;
