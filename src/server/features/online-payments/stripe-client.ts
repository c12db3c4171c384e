/**
 * The official Stripe library, pointed at Stripe (or, in tests and the demo, at the test double
 * named by STRIPE_API_URL), and Stripe's failures turned into answers a family or an admin can
 * act on. Every call that creates something carries an idempotency key from its caller.
 */
import Stripe from "stripe";
import type { Config } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";
import type { StripeKeys } from "./stripe-keys.ts";

export function stripeClient(config: Config, keys: StripeKeys): Stripe {
  const url = new URL(config.stripe.apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return new Stripe(keys.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
    protocol,
    // One retry with the same idempotency key covers a dropped connection; more would keep a family waiting.
    maxNetworkRetries: 1,
    timeout: 15_000,
  });
}

/** Stripe did not answer, or failed on its side: nothing was charged by us; try again later. */
export const stripeUnavailable = () =>
  new AppError(
    "PAYMENT_PROVIDER_UNAVAILABLE",
    503,
    "Card payments are unavailable right now: Stripe did not answer. Nothing was charged; try again in a few minutes.",
  );

/** Runs one call to Stripe, answering its failures as 503 (outage) or 502 (refused, with Stripe's reason). */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
      throw new AppError(
        "PAYMENT_PROVIDER_REFUSED",
        502,
        "Stripe refused this workspace's keys: an admin must check them in Settings → Billing → Online payments. Nothing was charged.",
      );
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeIdempotencyError
    )
      throw new AppError("PAYMENT_PROVIDER_REFUSED", 502, `Stripe refused the request: ${error.message}`);
    throw stripeUnavailable();
  }
}
