/**
 * Online payments through Stripe: a workspace's keys (its own, sealed, or the install's); card
 * payments by Checkout, fulfilled from signed webhooks; saved cards and autopay.
 */
export { onlinePaymentRoutes } from "./routes.ts";
export { stripeKeysOf, stripeWebhookUrl } from "./stripe-keys.ts";
export { autopayJob, runAutopay } from "./autopay.ts";
