/**
 * Online payments: a workspace's connection to Stripe (its own keys, or the install's), what
 * the admin's settings screen shows of it and what it sends to change it.
 */
import { z } from "zod";
import { AUTOPAY_CHARGE_STATES, CHECKOUT_KINDS, CHECKOUT_STATES } from "../billing-states.ts";
import { packageProductSchema } from "./billing-packages.ts";
import { uuidField } from "./fields.ts";

/** The shapes of Stripe's keys, checked wherever they are given (the environment, a workspace's settings). */
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9+/=]{8,}$/;

/** The events Glassroom acts on: the webhook endpoint in Stripe's dashboard should send these. */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
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

/** Whether a family can pay by card here; if not, how to pay (the billing settings' instructions). */
export const cardPaymentOptionsSchema = z.object({
  available: z.boolean(),
  paymentInstructions: z.string(),
});
export type CardPaymentOptions = z.infer<typeof cardPaymentOptionsSchema>;

export const packageCheckoutCreateSchema = z.strictObject({
  productId: uuidField("Package"),
  /** The child whose hours a per-student package is for; none for a family package. */
  studentId: uuidField("Child").optional(),
});
export type PackageCheckoutCreate = z.infer<typeof packageCheckoutCreateSchema>;

/** Stripe's page to send the family to. */
export const checkoutStartedSchema = z.object({ attemptId: z.string(), url: z.string() });
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

export const checkoutStatusSchema = z.object({
  id: z.string(),
  kind: z.enum(CHECKOUT_KINDS),
  /** "paid" only once Stripe's webhook has been applied: the payment is then on the account. */
  status: z.enum(CHECKOUT_STATES),
  amountMinor: z.number().int(),
  currency: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  productName: z.string().nullable(),
  /** Stripe's reason, for a failed payment. */
  failureReason: z.string().nullable(),
  paymentId: z.string().nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** What the webhook endpoint answers Stripe. */
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean(), outcome: z.string() });
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

/** A payer account's saved card and autopay, as the family sees them. */
export const savedCardStateSchema = z.object({
  /** Whether the workspace takes card payments online at all. */
  available: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int().nullable(), expYear: z.number().int().nullable() }).nullable(),
  autopay: z.boolean(),
  /** Days after an invoice's issue before autopay charges it. */
  disputeWindowDays: z.number().int(),
});
export type SavedCardState = z.infer<typeof savedCardStateSchema>;

export const autopayUpdateSchema = z.strictObject({ enabled: z.boolean({ error: "Enabled must be true or false." }) });
export type AutopayUpdate = z.infer<typeof autopayUpdateSchema>;

/** A package of the catalogue a family may buy by card ("student": its hours are for one child, chosen at purchase). */
export const packageForSaleSchema = packageProductSchema.pick({
  id: true,
  name: true,
  description: true,
  minutes: true,
  priceMinor: true,
  currency: true,
  validDays: true,
  scope: true,
});
export const packagesForSaleSchema = z.object({ items: z.array(packageForSaleSchema) });
export type PackagesForSale = z.infer<typeof packagesForSaleSchema>;

/** Card activity of one payer account, as the admin sees it: the saved card, autopay's tries and the Checkout payments. */
export const cardActivitySchema = z.object({
  /** Whether the workspace takes card payments online at all. */
  available: z.boolean(),
  currency: z.string(),
  card: savedCardStateSchema.shape.card,
  autopay: z.boolean(),
  /** The latest tries, newest first. */
  autopayTries: z.array(
    z.object({
      id: z.string(),
      invoiceId: z.string(),
      invoiceNumber: z.string().nullable(),
      attempt: z.number().int(),
      amountMinor: z.number().int(),
      status: z.enum(AUTOPAY_CHARGE_STATES),
      failureReason: z.string().nullable(),
      /** When a failed try is tried again; null after the last. */
      retryAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** The latest Checkout payments started by the family, newest first. */
  checkouts: z.array(
    checkoutStatusSchema.omit({ currency: true }).extend({
      createdAt: z.string(),
    }),
  ),
});
export type CardActivity = z.infer<typeof cardActivitySchema>;
