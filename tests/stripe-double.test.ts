/**
 * The Stripe double driven through the official `stripe` library, as the app will drive it:
 * customers, Checkout completed or declined on the hosted page, signed webhooks verified with
 * the library's constructEvent at a small local endpoint, idempotency keys, refunds,
 * off-session payments with a saved card, held/duplicated/reordered deliveries and outages.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadStore, startStripeDouble, storeToJson, type StripeDouble } from "./stripe-double/index.ts";

interface Received {
  event: Stripe.Event;
  raw: string;
  signature: string;
}

/** Our stand-in endpoint: verifies each post as the app will, answers `answerWith` (200 unless a test changes it). */
async function startWebhookEndpoint(secret: () => string) {
  const received: Received[] = [];
  const refused: string[] = [];
  const endpoint = { received, refused, answerWith: 200, url: "", close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      try {
        const signature = String(req.headers["stripe-signature"]);
        const event = Stripe.webhooks.constructEvent(raw, signature, secret(), 300);
        received.push({ event, raw, signature });
        res.writeHead(endpoint.answerWith).end(endpoint.answerWith === 200 ? '{"received":true}' : "not now");
      } catch (error) {
        refused.push(String(error));
        res.writeHead(400).end("bad signature");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
  endpoint.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return endpoint;
}

let double: StripeDouble;
let stripe: Stripe;
let endpoint: Awaited<ReturnType<typeof startWebhookEndpoint>>;

beforeAll(async () => {
  endpoint = await startWebhookEndpoint(() => double.webhookSecret);
  double = await startStripeDouble({ webhookUrl: endpoint.url });
  // No retries: a test of an error sees it at once.
  stripe = new Stripe(double.secretKey, { ...double.stripeConfig, maxNetworkRetries: 0 });
});
afterAll(async () => {
  await double?.close();
  await endpoint?.close();
});
afterEach(async () => {
  await double.control.idle();
  // Every post that reached the endpoint carried a valid signature.
  expect(endpoint.refused).toEqual([]);
});

/** The events the endpoint received (verified) since `from`, by type. */
const receivedTypes = (from = 0) => endpoint.received.slice(from).map((entry) => entry.event.type);

/** Posts the hosted page's form as a browser would, without following the redirect. */
async function submitCheckout(url: string, action: "pay" | "cancel", card = "succeeds") {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  return fetch(`${url}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card, email: "parent@example.com", name: "Pat Parent" }),
    redirect: "manual",
  });
}

const paymentSession = (customer: string | undefined, amount = 5000) =>
  stripe.checkout.sessions.create({
    mode: "payment",
    customer,
    client_reference_id: "invoice-42",
    metadata: { invoice_id: "42" },
    line_items: [{ quantity: 2, price_data: { currency: "gbp", unit_amount: amount / 2, product_data: { name: "Maths tutoring (1 h)" } } }],
    payment_intent_data: { metadata: { invoice_id: "42" } },
    success_url: "http://app.test/billing/paid?session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://app.test/billing/cancelled",
  });

describe("Stripe double through the official library", () => {
  it("answers in the version the library pins, and refuses a wrong key (401) or an unknown id (404)", async () => {
    expect(double.apiVersion).toBe(Stripe.API_VERSION);
    const wrongKey = new Stripe("sk_test_wrong_key_1234", { ...double.stripeConfig, maxNetworkRetries: 0 });
    await expect(wrongKey.customers.create({ email: "x@example.com" })).rejects.toMatchObject({ type: "StripeAuthenticationError", statusCode: 401 });
    await expect(stripe.customers.retrieve("cus_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
      param: "id",
    });
  });

  it("reads hand-written form and query parameters too (expand[]=…, Bearer key)", async () => {
    const headers = { authorization: `Bearer ${double.secretKey}`, "content-type": "application/x-www-form-urlencoded" };
    const created = await fetch(`${double.url}/v1/customers`, { method: "POST", headers, body: "email=raw%40example.com&metadata[source]=curl" });
    expect(created.status).toBe(200);
    const customer = (await created.json()) as Stripe.Customer;
    expect(customer).toMatchObject({ email: "raw@example.com", metadata: { source: "curl" } });
    const card = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
    const listed = await fetch(`${double.url}/v1/customers/${customer.id}/payment_methods?expand[]=data.customer&limit=5`, { headers });
    expect(await listed.json()).toMatchObject({ object: "list", data: [{ id: card.id, customer: { id: customer.id, object: "customer" } }] });
    expect((await fetch(`${double.url}/v1/customers/${customer.id}`)).status).toBe(401);
  });

  it("creates, retrieves and updates a customer (metadata merged, an empty value removes a key)", async () => {
    const created = await stripe.customers.create({ email: "parent@example.com", name: "Pat Parent", metadata: { account: "a1", family: "f1" } });
    expect(created).toMatchObject({ object: "customer", email: "parent@example.com", metadata: { account: "a1", family: "f1" } });
    expect(created.id).toMatch(/^cus_/);
    const updated = await stripe.customers.update(created.id, { name: "Pat Q. Parent", metadata: { family: "", tier: "gold" } });
    expect(updated).toMatchObject({ name: "Pat Q. Parent", email: "parent@example.com", metadata: { account: "a1", tier: "gold" } });
    expect(updated.metadata).not.toHaveProperty("family");
    expect(await stripe.customers.retrieve(created.id)).toEqual(updated);
  });

  it("refuses a parameter Stripe does not take, as Stripe does", async () => {
    await expect(
      stripe.checkout.sessions.create({
        mode: "payment",
        success_url: "http://app.test/ok",
        // The pre-2022 shape of a line item: Stripe refuses it today.
        line_items: [{ amount: 5000, currency: "gbp", name: "Tutoring", quantity: 1 } as unknown as Stripe.Checkout.SessionCreateParams.LineItem],
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "line_items[0][amount]" });
    await expect(stripe.paymentIntents.create({ amount: 29, currency: "gbp" })).rejects.toMatchObject({
      code: "amount_too_small",
      message: "Amount must be at least £0.30 gbp",
    });
    await expect(stripe.checkout.sessions.create({ mode: "payment", success_url: "http://app.test/ok" })).rejects.toMatchObject({
      code: "parameter_missing",
      param: "line_items",
    });
  });

  it("completes a payment-mode Checkout Session on the hosted page and sends signed webhooks", async () => {
    const customer = await stripe.customers.create({ email: "parent@example.com" });
    const from = endpoint.received.length;
    const session = await paymentSession(customer.id);
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: 5000,
      currency: "gbp",
      payment_intent: null,
      customer: customer.id,
      client_reference_id: "invoice-42",
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${double.url}/checkout/${session.id}`);

    const lineItems = await stripe.checkout.sessions.listLineItems(session.id);
    expect(lineItems).toMatchObject({
      object: "list",
      has_more: false,
      data: [{ object: "item", quantity: 2, amount_total: 5000, price: { unit_amount: 2500 } }],
    });
    expect((await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] })).line_items?.data).toEqual(lineItems.data);

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain("Pay £50.00");
    expect(page).toContain("Maths tutoring (1 h) × 2");

    const paid = await submitCheckout(session.url!, "pay");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/billing/paid?session=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent"] });
    expect(completed).toMatchObject({ status: "complete", payment_status: "paid", url: null });
    const intent = completed.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      object: "payment_intent",
      status: "succeeded",
      amount: 5000,
      amount_received: 5000,
      customer: customer.id,
      metadata: { invoice_id: "42" },
    });
    expect(intent.latest_charge).toMatch(/^ch_/);

    await double.control.idle();
    expect(receivedTypes(from)).toEqual(["payment_intent.succeeded", "checkout.session.completed"]);
    const completedEvent = endpoint.received.at(-1)!;
    expect(completedEvent.event).toMatchObject({ object: "event", api_version: Stripe.API_VERSION, livemode: false });
    expect(completedEvent.event.id).toMatch(/^evt_/);
    expect(completedEvent.event.data.object).toMatchObject({ id: session.id, payment_status: "paid", metadata: { invoice_id: "42" } });
    // A post whose body was altered in transit fails verification.
    expect(() => stripe.webhooks.constructEvent(completedEvent.raw.replace("5000", "5001"), completedEvent.signature, double.webhookSecret)).toThrow();
    // The hosted page of a completed session is gone.
    expect((await fetch(session.url!)).status).toBe(410);
  });

  it("a declined card leaves the session open with the decline shown; cancel goes to cancel_url; expire ends it", async () => {
    const from = endpoint.received.length;
    const session = await paymentSession(undefined);
    const declined = await submitCheckout(session.url!, "pay", "declined");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toMatch(/role="alert">Your card was declined\./);
    const afterDecline = await stripe.checkout.sessions.retrieve(session.id, { expand: ["payment_intent.latest_charge"] });
    expect(afterDecline.status).toBe("open");
    const intent = afterDecline.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ status: "requires_payment_method", last_payment_error: { code: "card_declined", decline_code: "generic_decline" } });
    expect(intent.latest_charge).toMatchObject({ object: "charge", status: "failed", failure_code: "card_declined" });

    const cancelled = await submitCheckout(session.url!, "cancel");
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("http://app.test/billing/cancelled");

    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: "expired", url: null });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400, code: "checkout_session_unexpected_state" });
    await double.control.idle();
    expect(receivedTypes(from)).toEqual(["payment_intent.payment_failed", "checkout.session.expired"]);
  });

  it("a delayed payment completes unpaid, then settles later as succeeded or failed", async () => {
    const from = endpoint.received.length;
    const settlesWell = await paymentSession(undefined);
    const settlesBadly = await paymentSession(undefined);
    expect((await submitCheckout(settlesWell.url!, "pay", "async")).status).toBe(303);
    expect((await submitCheckout(settlesBadly.url!, "pay", "async")).status).toBe(303);
    expect(await stripe.checkout.sessions.retrieve(settlesWell.id)).toMatchObject({ status: "complete", payment_status: "unpaid" });

    double.control.settleAsyncPayment(settlesWell.id, "succeeded");
    double.control.settleAsyncPayment(settlesBadly.id, "failed");
    expect(await stripe.checkout.sessions.retrieve(settlesWell.id)).toMatchObject({ payment_status: "paid" });
    const failedIntent = await stripe.paymentIntents.retrieve((await stripe.checkout.sessions.retrieve(settlesBadly.id)).payment_intent as string);
    expect(failedIntent.status).toBe("requires_payment_method");
    await double.control.idle();
    expect(receivedTypes(from)).toEqual([
      "checkout.session.completed",
      "checkout.session.completed",
      "payment_intent.succeeded",
      "checkout.session.async_payment_succeeded",
      "payment_intent.payment_failed",
      "checkout.session.async_payment_failed",
    ]);
  });

  it("saves a card in setup mode, then charges it off-session: succeeding, then declined once set to fail", async () => {
    const customer = await stripe.customers.create({ email: "parent@example.com" });
    const from = endpoint.received.length;
    const session = await stripe.checkout.sessions.create({
      mode: "setup",
      currency: "gbp",
      customer: customer.id,
      setup_intent_data: { metadata: { purpose: "autopay" } },
      success_url: "http://app.test/card-saved?session={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/billing",
    });
    expect(await (await fetch(session.url!)).text()).toContain("Save card");
    expect((await submitCheckout(session.url!, "pay")).status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ["setup_intent"] });
    expect(completed).toMatchObject({ status: "complete", payment_status: "no_payment_required" });
    const setupIntent = completed.setup_intent as Stripe.SetupIntent;
    expect(setupIntent).toMatchObject({ object: "setup_intent", status: "succeeded", customer: customer.id, metadata: { purpose: "autopay" } });
    expect(setupIntent.id).toMatch(/^seti_/);
    const card = await stripe.paymentMethods.retrieve(setupIntent.payment_method as string);
    expect(card).toMatchObject({ object: "payment_method", type: "card", customer: customer.id, card: { last4: "4242" } });
    const saved = await stripe.paymentMethods.list({ customer: customer.id, type: "card" });
    expect(saved).toMatchObject({ object: "list", has_more: false, url: "/v1/payment_methods" });
    expect(saved.data.map((method) => method.id)).toEqual([card.id]);

    const charged = await stripe.paymentIntents.create({
      amount: 4500,
      currency: "gbp",
      customer: customer.id,
      payment_method: card.id,
      off_session: true,
      confirm: true,
      metadata: { invoice_id: "43" },
    });
    expect(charged).toMatchObject({ status: "succeeded", amount_received: 4500, payment_method: card.id });

    double.control.setCardOutcome(card.id, "declined", "insufficient_funds");
    const failure = await stripe.paymentIntents
      .create({ amount: 4500, currency: "gbp", customer: customer.id, payment_method: card.id, off_session: true, confirm: true })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = failure as Stripe.errors.StripeCardError;
    expect(cardError).toMatchObject({ statusCode: 402, code: "card_declined", decline_code: "insufficient_funds" });
    expect(cardError.payment_intent).toMatchObject({ status: "requires_payment_method", last_payment_error: { decline_code: "insufficient_funds" } });

    const intents = await stripe.paymentIntents.list({ customer: customer.id, limit: 1 });
    expect(intents.has_more).toBe(true);
    expect(intents.data[0]!.id).toBe(cardError.payment_intent!.id);

    await stripe.paymentMethods.detach(card.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
    await double.control.idle();
    expect(receivedTypes(from)).toEqual([
      "payment_method.attached",
      "setup_intent.succeeded",
      "checkout.session.completed",
      "payment_intent.succeeded",
      "payment_intent.payment_failed",
      "payment_method.detached",
    ]);
  });

  it("carries its objects to a new double (the demo's between runs): a saved card there charges, with its outcome kept", async () => {
    const customer = await stripe.customers.create({ email: "kept@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "setup",
      currency: "gbp",
      customer: customer.id,
      success_url: "http://app.test/card-saved",
      cancel_url: "http://app.test/billing",
    });
    double.control.completeCheckout(session.id, "charges_fail_later");
    const saved = (await stripe.checkout.sessions.retrieve(session.id, { expand: ["setup_intent"] })).setup_intent as Stripe.SetupIntent;

    const next = await startStripeDouble();
    try {
      loadStore(next.store, storeToJson(double.store));
      const again = new Stripe(next.secretKey, { ...next.stripeConfig, maxNetworkRetries: 0 });
      expect((await again.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ email: "kept@example.com" });
      const declined = await again.paymentIntents
        .create({ amount: 1000, currency: "gbp", customer: customer.id, payment_method: saved.payment_method as string, off_session: true, confirm: true })
        .catch((error: unknown) => error);
      expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    } finally {
      await next.close();
    }
  });

  it("charges Stripe's test payment methods attached to a customer (pm_card_chargeCustomerFail declines)", async () => {
    const customer = await stripe.customers.create({ email: "parent@example.com" });
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", { customer: customer.id });
    expect(failing.id).toMatch(/^pm_/);
    await expect(
      stripe.paymentIntents.create({ amount: 1000, currency: "gbp", customer: customer.id, payment_method: failing.id, off_session: true, confirm: true }),
    ).rejects.toMatchObject({ type: "StripeCardError", code: "card_declined" });
  });

  it("honours Idempotency-Key: the same parameters replay the first answer, others are an idempotency_error", async () => {
    const first = await stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "create-once" });
    const again = await stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "create-once" });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers["idempotent-replayed"]).toBe("true");
    await expect(stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: "create-once" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
    expect(double.store.customers.has(first.id)).toBe(true);
    expect([...double.store.customers.values()].filter((customer) => customer.email === "once@example.com")).toHaveLength(1);
  });

  it("refunds part of a payment, then the rest; a larger refund is refused; each sends charge.refunded", async () => {
    const session = await paymentSession(undefined);
    // Paid without the page, as an API test that has no use for it would.
    expect(double.control.completeCheckout(session.id)).toEqual({ redirectTo: `http://app.test/billing/paid?session=${session.id}` });
    const intentId = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    await double.control.idle();
    const from = endpoint.received.length;
    const part = await stripe.refunds.create({ payment_intent: intentId, amount: 2000, reason: "requested_by_customer" }, { idempotencyKey: "refund-1" });
    expect(part).toMatchObject({ object: "refund", amount: 2000, status: "succeeded", payment_intent: intentId });
    expect(part.id).toMatch(/^re_/);
    expect((await stripe.refunds.create({ payment_intent: intentId, amount: 2000, reason: "requested_by_customer" }, { idempotencyKey: "refund-1" })).id).toBe(
      part.id,
    );
    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 3001 })).rejects.toMatchObject({ statusCode: 400, code: "amount_too_large" });
    const rest = await stripe.refunds.create({ payment_intent: intentId });
    expect(rest.amount).toBe(3000);
    expect(await stripe.refunds.retrieve(part.id)).toEqual(expect.objectContaining({ id: part.id, amount: 2000 }));
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({ code: "charge_already_refunded" });
    await double.control.idle();
    expect(receivedTypes(from)).toEqual(["charge.refunded", "charge.refunded"]);
    const charges = endpoint.received.slice(from).map((entry) => entry.event.data.object as Stripe.Charge);
    expect(charges.map((charge) => [charge.amount_refunded, charge.refunded])).toEqual([
      [2000, false],
      [5000, true],
    ]);
  });

  it("holds events, then delivers them duplicated, reordered and late; resends one; records the endpoint's answers", async () => {
    double.control.hold();
    const session = await paymentSession(undefined);
    await submitCheckout(session.url!, "pay");
    const held = double.control.heldEvents();
    expect(held.map((event) => event.type)).toEqual(["payment_intent.succeeded", "checkout.session.completed"]);

    const from = endpoint.received.length;
    const started = Date.now();
    const deliveries = await double.control.deliver({ duplicate: 1, reorder: true, delayMs: 20 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 20);
    expect(deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([
      ["checkout.session.completed", 200],
      ["checkout.session.completed", 200],
      ["payment_intent.succeeded", 200],
      ["payment_intent.succeeded", 200],
    ]);
    expect(endpoint.received.slice(from).map((entry) => entry.event.id)).toEqual([held[1]!.id, held[1]!.id, held[0]!.id, held[0]!.id]);

    // The endpoint fails once; the event is sent again, as Stripe retries.
    endpoint.answerWith = 500;
    const refund = await stripe.refunds.create({ payment_intent: held[0]!.data.object.id as string, amount: 100 });
    const [failed] = await double.control.release();
    expect(failed).toMatchObject({ type: "charge.refunded", status: 500, response: "not now" });
    endpoint.answerWith = 200;
    expect(await double.control.resend(failed!.eventId)).toMatchObject({ status: 200 });
    expect(double.control.deliveries().filter((delivery) => delivery.eventId === failed!.eventId)).toHaveLength(2);
    expect(double.control.events("charge.refunded").at(-1)!.request).toMatchObject({ id: expect.stringMatching(/^req_/) });
    expect(refund.amount).toBe(100);

    // After release, events are posted as they happen again.
    const count = endpoint.received.length;
    await stripe.checkout.sessions.expire((await paymentSession(undefined)).id);
    await double.control.idle();
    expect(receivedTypes(count)).toEqual(["checkout.session.expired"]);
  });

  it("simulates an outage: every API call answers 500, or connections are refused, until it ends", async () => {
    await double.control.outage("500");
    await expect(stripe.customers.create({ email: "x@example.com" })).rejects.toMatchObject({ type: "StripeAPIError", statusCode: 500 });
    await double.control.outage("refused");
    await expect(stripe.customers.create({ email: "x@example.com" })).rejects.toMatchObject({ type: "StripeConnectionError" });
    await double.control.outage(null);
    expect((await stripe.customers.create({ email: "back@example.com" })).email).toBe("back@example.com");
  });

  it("takes the same control calls over HTTP, for a double running in its own process", async () => {
    const call = (name: string, body?: object) =>
      fetch(`${double.url}/_double/${name}`, { method: body ? "POST" : "GET", body: body ? JSON.stringify(body) : undefined }).then((response) =>
        response.json(),
      );
    await call("hold", {});
    await stripe.checkout.sessions.expire((await paymentSession(undefined)).id);
    expect(((await call("held-events")) as Stripe.Event[]).map((event) => event.type)).toEqual(["checkout.session.expired"]);
    expect(((await call("release", { duplicate: 1 })) as { status: number }[]).map((delivery) => delivery.status)).toEqual([200, 200]);
    const session = await paymentSession(undefined);
    expect(await call("complete-checkout", { sessionId: session.id, card: "declined" })).toEqual({ declined: "Your card was declined." });
    await call("outage", { kind: "500" });
    await expect(stripe.customers.create({})).rejects.toMatchObject({ statusCode: 500 });
    await call("outage", { kind: null });
    // Nothing listens during a refused-connections outage, so over HTTP it ends by itself.
    await call("outage", { kind: "refused", durationMs: 300 });
    await expect(stripe.customers.create({})).rejects.toMatchObject({ type: "StripeConnectionError" });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await stripe.customers.create({})).object).toBe("customer");
    expect(((await call("events?type=checkout.session.expired")) as Stripe.Event[]).length).toBeGreaterThan(0);
  });
});
