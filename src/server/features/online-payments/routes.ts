/**
 * Online payments: /admin/billing/stripe (the workspace's Stripe keys). Checkout, webhooks and
 * autopay join here.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { stripeConnectionSchema, stripeKeysUpdateSchema } from "../../../shared/schemas/online-payments.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { removeStripeKeys, setStripeKeys, viewStripeConnection } from "./stripe-keys.ts";

const TAG = ["Online payments"];
const connection = (description: string) => ({ 200: { description, content: jsonContent(stripeConnectionSchema) } });

const readRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/stripe",
  tags: TAG,
  summary: "Whose Stripe keys take the workspace's payments (its own, the install's, none), the webhook endpoint to register and its events",
  responses: { ...connection("The connection; keys shown only as their kind and last four characters."), ...errorResponses },
});
const setRoute = defineOperation(needs("admin:billing:write"), {
  method: "put",
  path: "/admin/billing/stripe",
  tags: TAG,
  summary: "Set the workspace's own Stripe secret key and webhook signing secret (stored encrypted; audited)",
  request: { body: { required: true, content: jsonContent(stripeKeysUpdateSchema) } },
  responses: { ...connection("Saved."), ...errorResponses },
});
const removeRoute = defineOperation(needs("admin:billing:write"), {
  method: "delete",
  path: "/admin/billing/stripe",
  tags: TAG,
  summary: "Remove the workspace's own Stripe keys (the install's apply again, if any)",
  responses: { ...connection("Removed (or there were none)."), ...errorResponses },
});

export function onlinePaymentRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(readRoute, async (c) => c.json(await viewStripeConnection(deps.db, deps.config, actorOf(c)), 200))
    .openapi(setRoute, async (c) => c.json(await setStripeKeys(deps.db, deps.config, actorOf(c), c.req.valid("json"), deps.clock.now()), 200))
    .openapi(removeRoute, async (c) => c.json(await removeStripeKeys(deps.db, deps.config, actorOf(c)), 200));
}
