/**
 * Online payments: /admin/billing/stripe (the workspace's Stripe keys), card payments by
 * Checkout for families (/parent/billing/…/checkout), refunds to the card for admins, and
 * Stripe's webhook (/webhooks/stripe/{workspaceId}), which alone records card payments.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { paymentSchema, refundCreateSchema } from "../../../shared/schemas/billing-payments.ts";
import {
  autopayUpdateSchema,
  cardActivitySchema,
  cardPaymentOptionsSchema,
  savedCardStateSchema,
  checkoutStartedSchema,
  checkoutStatusSchema,
  packageCheckoutCreateSchema,
  packagesForSaleSchema,
  stripeConnectionSchema,
  stripeKeysUpdateSchema,
  webhookReceiptSchema,
} from "../../../shared/schemas/online-payments.ts";
import { actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import { defineOperation, errorResponses, jsonContent, needs, PUBLIC } from "../../lib/operation.ts";
import { viewCardActivity } from "./card-activity.ts";
import { refundCardPayment } from "./card-refunds.ts";
import { cardPaymentOptions, checkoutStatus, packagesForSale, startInvoiceCheckout, startPackageCheckout } from "./checkout.ts";
import { removeSavedCard, setAutopay, startCardSetup, viewSavedCard } from "./saved-cards.ts";
import { receiveStripeEvent } from "./stripe-events.ts";
import { removeStripeKeys, setStripeKeys, viewStripeConnection } from "./stripe-keys.ts";

const TAG = ["Online payments"];
const connection = (description: string) => ({ 200: { description, content: jsonContent(stripeConnectionSchema) } });
const stripeDown = {
  502: { description: "Stripe refused the request (its reason is given); nothing was charged." },
  503: { description: "Stripe did not answer; nothing was charged or recorded. Try again later." },
};
const started = { 200: { description: "Stripe's Checkout page to send the family to.", content: jsonContent(checkoutStartedSchema) } };

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

const optionsRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/card-payments",
  tags: TAG,
  summary: "Whether the family can pay by card online here, and otherwise how to pay",
  responses: { 200: { description: "The options.", content: jsonContent(cardPaymentOptionsSchema) }, ...errorResponses },
});
const packagesRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/packages",
  tags: TAG,
  summary: "The packages of the workspace's catalogue a family may buy (not archived, not free), cheapest first",
  responses: { 200: { description: "The packages.", content: jsonContent(packagesForSaleSchema) }, ...errorResponses },
});
const invoiceCheckoutRoute = defineOperation(needs("parent:billing:write"), {
  method: "post",
  path: "/parent/billing/invoices/{invoiceId}/checkout",
  tags: TAG,
  summary: "Pay what an invoice of an account you pay still owes, by card through Stripe Checkout",
  request: { params: z.object({ invoiceId: z.string().min(1).max(100) }) },
  responses: {
    ...started,
    404: { description: "No such invoice among those you pay." },
    409: { description: "Nothing to pay (paid or void), or the workspace takes no card payments online (how to pay is said)." },
    ...stripeDown,
    ...errorResponses,
  },
});
const packageCheckoutRoute = defineOperation(needs("parent:billing:write"), {
  method: "post",
  path: "/parent/billing/accounts/{accountId}/package-checkout",
  tags: TAG,
  summary: "Buy a package of the catalogue for an account you pay, by card through Stripe Checkout (its hours count once paid)",
  request: {
    params: z.object({ accountId: z.string().min(1).max(100) }),
    body: { required: true, content: jsonContent(packageCheckoutCreateSchema) },
  },
  responses: {
    ...started,
    404: { description: "No such account among those you pay." },
    409: { description: "The workspace takes no card payments online (how to pay is said)." },
    ...stripeDown,
    ...errorResponses,
  },
});
const checkoutStatusRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/checkouts/{attemptId}",
  tags: TAG,
  summary: "Where a card payment you started stands: paid only once Stripe's webhook has been applied",
  request: { params: z.object({ attemptId: z.string().min(1).max(100) }) },
  responses: {
    200: { description: "The card payment.", content: jsonContent(checkoutStatusSchema) },
    404: { description: "No such card payment among your accounts'." },
    ...errorResponses,
  },
});
const cardRefundRoute = defineOperation(
  needs("admin:billing:write"),
  {
    method: "post",
    path: "/admin/billing/payments/{paymentId}/card-refunds",
    tags: TAG,
    summary: "Refund part or all of a card payment to the card through Stripe (what invoices hold needs a credit note first)",
    request: { params: z.object({ paymentId: z.string().min(1).max(100) }), body: { required: true, content: jsonContent(refundCreateSchema) } },
    responses: {
      201: { description: "Refunded: the payment with its refunds.", content: jsonContent(paymentSchema) },
      200: { description: "Already refunded with this key: the payment as it stands.", content: jsonContent(paymentSchema) },
      404: { description: "No such payment in the workspace." },
      409: { description: "Not a card payment online, no Stripe keys, or the key was used for another refund." },
      ...stripeDown,
      ...errorResponses,
    },
  },
  { writesMoney: true },
);
const accountParams = z.object({ accountId: z.string().min(1).max(100) });
const cardState = (description: string) => ({ 200: { description, content: jsonContent(savedCardStateSchema) } });
const noAccount = { 404: { description: "No such account among those you pay." } };
const savedCardRoute = defineOperation(needs("parent:billing:read"), {
  method: "get",
  path: "/parent/billing/accounts/{accountId}/card",
  tags: TAG,
  summary: "The card saved for an account you pay, and whether autopay is on",
  request: { params: accountParams },
  responses: { ...cardState("The saved card (or none) and autopay."), ...noAccount, ...errorResponses },
});
const cardSetupRoute = defineOperation(needs("parent:billing:write"), {
  method: "post",
  path: "/parent/billing/accounts/{accountId}/card-setup",
  tags: TAG,
  summary: "Save a card for an account you pay, on Stripe's page (Checkout in setup mode); Stripe's webhook stores it",
  request: { params: accountParams },
  responses: {
    200: { description: "Stripe's page to send the family to.", content: jsonContent(z.object({ url: z.string() })) },
    ...noAccount,
    409: { description: "The workspace takes no card payments online." },
    ...stripeDown,
    ...errorResponses,
  },
});
const autopayRoute = defineOperation(needs("parent:billing:write"), {
  method: "put",
  path: "/parent/billing/accounts/{accountId}/autopay",
  tags: TAG,
  summary: "Turn autopay on (issued invoices charged to the saved card after the waiting time) or off",
  request: { params: accountParams, body: { required: true, content: jsonContent(autopayUpdateSchema) } },
  responses: { ...cardState("Saved."), ...noAccount, 409: { description: "No card is saved." }, ...errorResponses },
});
const removeCardRoute = defineOperation(needs("parent:billing:write"), {
  method: "delete",
  path: "/parent/billing/accounts/{accountId}/card",
  tags: TAG,
  summary: "Remove the saved card (detached at Stripe) and turn autopay off",
  request: { params: accountParams },
  responses: { ...cardState("Removed (or there was none)."), ...noAccount, ...stripeDown, ...errorResponses },
});
const cardActivityRoute = defineOperation(needs("admin:billing:read"), {
  method: "get",
  path: "/admin/billing/accounts/{accountId}/card-activity",
  tags: TAG,
  summary: "A family's card activity: the saved card and autopay, autopay's latest tries with Stripe's reasons, and the latest Checkout payments",
  request: { params: accountParams },
  responses: {
    200: { description: "The card activity.", content: jsonContent(cardActivitySchema) },
    404: { description: "No such account in the workspace." },
    ...errorResponses,
  },
});
const webhookRoute = defineOperation(PUBLIC, {
  method: "post",
  path: "/webhooks/stripe/{workspaceId}",
  tags: TAG,
  summary: "Stripe's events for a workspace: signed with its webhook secret (checked on the raw body, at most 300 s old), each applied once",
  request: { params: z.object({ workspaceId: z.string().min(1).max(100) }) },
  responses: {
    200: { description: "Received (a duplicate is acknowledged and changes nothing).", content: jsonContent(webhookReceiptSchema) },
    400: { description: "The signature is missing, wrong or too old: nothing was changed." },
    404: { description: "No such workspace, or it takes no card payments." },
    503: { description: "Stripe could not be read back: the event was not applied; Stripe delivers it again." },
    ...errorResponses,
  },
});

export function onlinePaymentRoutes(deps: AppDeps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(readRoute, async (c) => c.json(await viewStripeConnection(deps.db, deps.config, actorOf(c)), 200))
    .openapi(setRoute, async (c) => c.json(await setStripeKeys(deps.db, deps.config, actorOf(c), c.req.valid("json"), deps.clock.now()), 200))
    .openapi(removeRoute, async (c) => c.json(await removeStripeKeys(deps.db, deps.config, actorOf(c)), 200))
    .openapi(optionsRoute, async (c) => c.json(await cardPaymentOptions(deps.db, deps.config, actorOf(c)), 200))
    .openapi(packagesRoute, async (c) => c.json(await packagesForSale(deps.db, actorOf(c)), 200))
    .openapi(invoiceCheckoutRoute, async (c) =>
      c.json(await startInvoiceCheckout(deps.db, deps.config, actorOf(c), c.req.valid("param").invoiceId, deps.clock.now()), 200),
    )
    .openapi(packageCheckoutRoute, async (c) =>
      c.json(await startPackageCheckout(deps.db, deps.config, actorOf(c), c.req.valid("param").accountId, c.req.valid("json"), deps.clock.now()), 200),
    )
    .openapi(checkoutStatusRoute, async (c) => c.json(await checkoutStatus(deps.db, actorOf(c), c.req.valid("param").attemptId), 200))
    .openapi(cardRefundRoute, async (c) => {
      const { payment, created } = await refundCardPayment(
        deps.db,
        deps.config,
        actorOf(c),
        c.req.valid("param").paymentId,
        c.req.valid("json"),
        deps.clock.now(),
      );
      return created ? c.json(payment, 201) : c.json(payment, 200);
    })
    .openapi(savedCardRoute, async (c) => c.json(await viewSavedCard(deps.db, deps.config, actorOf(c), c.req.valid("param").accountId), 200))
    .openapi(cardSetupRoute, async (c) => c.json(await startCardSetup(deps.db, deps.config, actorOf(c), c.req.valid("param").accountId, deps.clock.now()), 200))
    .openapi(autopayRoute, async (c) =>
      c.json(await setAutopay(deps.db, deps.config, actorOf(c), c.req.valid("param").accountId, c.req.valid("json").enabled, deps.clock.now()), 200),
    )
    .openapi(removeCardRoute, async (c) =>
      c.json(await removeSavedCard(deps.db, deps.config, actorOf(c), c.req.valid("param").accountId, deps.clock.now()), 200),
    )
    .openapi(cardActivityRoute, async (c) => c.json(await viewCardActivity(deps.db, deps.config, actorOf(c), c.req.valid("param").accountId), 200))
    .openapi(webhookRoute, async (c) =>
      c.json(
        await receiveStripeEvent(
          deps.db,
          deps.config,
          c.req.valid("param").workspaceId,
          await c.req.text(),
          c.req.header("stripe-signature"),
          deps.clock.now(),
        ),
        200,
      ),
    );
}
