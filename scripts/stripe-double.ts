/**
 * `npm run stripe:double`: the Stripe test double of tests/stripe-double/ as a process of its
 * own, for the demo and development (no machine here reaches Stripe). Prints the settings that
 * point the app at it. Its control calls are served over HTTP under /_double/ (for example
 * `curl -X POST localhost:12111/_double/hold -d '{}'`); see controlOverHttp in
 * tests/stripe-double/index.ts.
 *
 *   npm run stripe:double -- [--port 12111] [--host 127.0.0.1] [--webhook-url http://localhost:5173/api/webhooks/stripe]
 */
import { parseArgs } from "node:util";
import { startStripeDouble } from "../tests/stripe-double/index.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.STRIPE_DOUBLE_PORT ?? "12111" },
    host: { type: "string", default: "127.0.0.1" },
    "webhook-url": { type: "string", default: process.env.STRIPE_DOUBLE_WEBHOOK_URL },
  },
});

const double = await startStripeDouble({ port: Number(values.port), host: values.host, webhookUrl: values["webhook-url"] ?? null });
process.stdout.write(
  [
    `stripe double ready on ${double.url} (API version ${double.apiVersion})`,
    "Set for the app:",
    `  STRIPE_SECRET_KEY=${double.secretKey}`,
    `  STRIPE_WEBHOOK_SECRET=${double.webhookSecret}`,
    `  STRIPE_API_URL=${double.url}`,
    `Publishable key: ${double.publishableKey}`,
    values["webhook-url"]
      ? `Webhooks are posted to ${values["webhook-url"]}`
      : `Webhooks are posted nowhere yet: pass --webhook-url, or POST ${double.url}/_double/webhook-endpoint {"url": "…"}`,
    `Control calls: ${double.url}/_double/<call> (hold, deliver, release, resend, card-outcome, complete-checkout, settle-async-payment, outage; GET events, held-events, deliveries)`,
    "",
  ].join("\n"),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void double.close().then(() => process.exit(0));
  });
}
