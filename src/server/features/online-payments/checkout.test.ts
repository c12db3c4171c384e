/**
 * Card payments through Stripe Checkout against the Stripe test double, with its signed webhooks
 * posted to the app's real endpoint over HTTP: one payment whatever the deliveries do (five of
 * the same event, a refund before its completion), refused signatures that change nothing, a
 * package bought once, refunds to the card, an outage that leaves nothing behind.
 */
import { type ServerType, serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutAttempt, hourGrant, invoice, invoiceLine, payment, paymentRefund, stripeEvent } from "../../db/billing-schema.ts";
import { countRows } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createFamily, draftFees, issue } from "../../../../tests/invoice-factories.ts";
import { createPackage } from "../../../../tests/package-factories.ts";
import { createTestApp } from "../../../../tests/setup/test-app.ts";
import { startStripeDouble } from "../../../../tests/stripe-double/index.ts";
import { signatureHeader } from "../../../../tests/stripe-double/webhooks.ts";

const double = await startStripeDouble();
const t = await createTestApp({
  env: { STRIPE_SECRET_KEY: double.secretKey, STRIPE_WEBHOOK_SECRET: double.webhookSecret, STRIPE_API_URL: double.url },
});
const stripe = new Stripe(double.secretKey, { ...double.stripeConfig, maxNetworkRetries: 0 });
let server: ServerType;
let admin: AdminFixture;
let parent: MemberFixture;
let webhookUrl: string;

beforeAll(async () => {
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  admin = await createAdmin(t);
  parent = await createMember(t, { admin, role: "parent" });
  webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe/${admin.organizationId}`;
  double.control.setWebhookEndpoint(webhookUrl);
}, 60_000);
afterAll(async () => {
  await double?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** An issued invoice of a new family the parent pays; its id, number and account. */
async function invoiceToPay(amountMinor: number) {
  const family = await createFamily(t, admin, `Child ${Math.random().toString(36).slice(2, 7)}`, parent.memberId);
  const issued = await issue(
    admin.client,
    await draftFees(admin.client, family.accountId, [{ description: "Lessons in November", amountMinor, taxRateId: null }]),
  );
  return { ...family, invoiceId: issued.id as string, number: issued.number as string };
}

async function startCheckout(invoiceId: string) {
  const response = await parent.client.post(`/api/parent/billing/invoices/${invoiceId}/checkout`);
  expect(response.status, response.text).toBe(200);
  const attemptId = response.body.attemptId as string;
  const sessionId = String(response.body.url).split("/checkout/")[1]!;
  return { attemptId, sessionId, url: response.body.url as string };
}

const statusOf = async (attemptId: string) => (await parent.client.get(`/api/parent/billing/checkouts/${attemptId}`)).body;
const paymentsOf = (accountId: string) => t.db.select().from(payment).where(eq(payment.accountId, accountId));
const invoiceRow = async (invoiceId: string) => (await t.db.select().from(invoice).where(eq(invoice.id, invoiceId)))[0]!;

describe("paying an invoice by card", () => {
  it("says whether card payments are available and how to pay otherwise", async () => {
    const options = await parent.client.get("/api/parent/billing/card-payments");
    expect(options.status).toBe(200);
    expect(options.body.available).toBe(true);
  });

  it("records one payment when the completion event arrives five times, and the invoice is paid", async () => {
    const bill = await invoiceToPay(12_000);
    const { attemptId, sessionId } = await startCheckout(bill.invoiceId);
    expect((await statusOf(attemptId)).status).toBe("open");

    double.control.hold();
    double.control.completeCheckout(sessionId, "succeeds");
    // Before any webhook: the family's page says processing, not paid.
    expect((await statusOf(attemptId)).status).toBe("open");
    const completed = double.control.heldEvents().filter((event) => event.type === "checkout.session.completed");
    expect(completed).toHaveLength(1);
    const deliveries = await double.control.release({ duplicate: 4 });
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);

    const payments = await paymentsOf(bill.accountId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ method: "card_online", amountMinor: 12_000 });
    expect((await invoiceRow(bill.invoiceId)).paidMinor).toBe(12_000);
    const status = await statusOf(attemptId);
    expect(status).toMatchObject({ status: "paid", invoiceNumber: bill.number, paymentId: payments[0]!.id });
    const stored = await t.db.select().from(stripeEvent).where(eq(stripeEvent.eventId, completed[0]!.id));
    expect(stored).toHaveLength(1);
    // Paid: a second click finds nothing to pay.
    expect((await parent.client.post(`/api/parent/billing/invoices/${bill.invoiceId}/checkout`)).status).toBe(409);
  });

  it("ends right when the refund's event comes before the payment's completion", async () => {
    const bill = await invoiceToPay(8_000);
    const { sessionId } = await startCheckout(bill.invoiceId);
    double.control.hold();
    double.control.completeCheckout(sessionId, "succeeds");
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    // Refunded in Stripe's dashboard, beyond what the payment holds unallocated (it paid the invoice).
    await stripe.refunds.create({ payment_intent: String(session.payment_intent), amount: 3_000 });
    const held = double.control.heldEvents().map((event) => event.type);
    expect(held.indexOf("charge.refunded")).toBeGreaterThan(held.indexOf("checkout.session.completed"));
    await double.control.release({ reorder: true, duplicate: 1 });

    const [paid] = await paymentsOf(bill.accountId);
    expect(paid).toMatchObject({ amountMinor: 8_000 });
    const refunds = await t.db.select().from(paymentRefund).where(eq(paymentRefund.paymentId, paid!.id));
    expect(refunds.map((refund) => refund.amountMinor)).toEqual([3_000]);
    // The family has 3,000 back: the invoice owes it again.
    expect((await invoiceRow(bill.invoiceId)).paidMinor).toBe(5_000);
  });

  it("records a declined card's reason and nothing in the books; the page stays open for another card", async () => {
    const bill = await invoiceToPay(5_000);
    const { attemptId, sessionId } = await startCheckout(bill.invoiceId);
    const result = double.control.completeCheckout(sessionId, "declined");
    expect(result).toBeTruthy();
    await double.control.idle();
    expect(await paymentsOf(bill.accountId)).toHaveLength(0);
    // Stripe's page stays open for another card: the family reads why this one failed.
    const status = await statusOf(attemptId);
    expect(status.status).toBe("open");
    expect(status.failureReason).toMatch(/declined/i);
    // The admin sees the same on the family's account; once paid with another card, the payment it made.
    const activity = async () => (await admin.client.get(`/api/admin/billing/accounts/${bill.accountId}/card-activity`)).body;
    expect((await activity()).checkouts).toMatchObject([
      { id: attemptId, kind: "invoice", status: "open", invoiceNumber: bill.number, amountMinor: 5_000, paymentId: null },
    ]);
    double.control.completeCheckout(sessionId, "succeeds");
    await double.control.idle();
    const [paid] = await paymentsOf(bill.accountId);
    expect((await activity()).checkouts).toMatchObject([{ id: attemptId, status: "paid", paymentId: paid!.id }]);
  });

  it("waits for a delayed payment: processing, then paid once it succeeds", async () => {
    const bill = await invoiceToPay(6_000);
    const { attemptId, sessionId } = await startCheckout(bill.invoiceId);
    double.control.completeCheckout(sessionId, "async");
    await double.control.idle();
    expect((await statusOf(attemptId)).status).toBe("processing");
    expect(await paymentsOf(bill.accountId)).toHaveLength(0);
    double.control.settleAsyncPayment(sessionId, "succeeded");
    await double.control.idle();
    expect((await statusOf(attemptId)).status).toBe("paid");
    expect(await paymentsOf(bill.accountId)).toHaveLength(1);
  });

  it("marks a delayed payment that fails as failed with the reason", async () => {
    const bill = await invoiceToPay(6_500);
    const { attemptId, sessionId } = await startCheckout(bill.invoiceId);
    double.control.completeCheckout(sessionId, "async");
    await double.control.idle();
    double.control.settleAsyncPayment(sessionId, "failed");
    await double.control.idle();
    const status = await statusOf(attemptId);
    expect(status.status).toBe("failed");
    expect(status.failureReason).toBeTruthy();
    expect(await paymentsOf(bill.accountId)).toHaveLength(0);
  });
});

describe("the webhook endpoint", () => {
  it("refuses a wrong signature and one 301 seconds old with 400, changing nothing", async () => {
    const bill = await invoiceToPay(4_000);
    const { sessionId } = await startCheckout(bill.invoiceId);
    double.control.setWebhookEndpoint(null);
    double.control.completeCheckout(sessionId, "succeeds");
    const event = double.control.events("checkout.session.completed").at(-1)!;
    double.control.setWebhookEndpoint(webhookUrl);
    const payload = JSON.stringify(event);
    const before = await countRows(t.db);
    const post = (signature: string) =>
      fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });

    const wrong = await post(signatureHeader(payload, "whsec_NotTheWorkspacesSecret"));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.code).toBe("WEBHOOK_SIGNATURE_INVALID");
    const old = await post(signatureHeader(payload, double.webhookSecret, Math.floor(Date.now() / 1000) - 301));
    expect(old.status).toBe(400);
    expect((await post("")).status).toBe(400);
    expect(await countRows(t.db)).toEqual(before);

    // The same event, signed now, is applied.
    const fresh = await post(signatureHeader(payload, double.webhookSecret));
    expect(fresh.status).toBe(200);
    expect(await paymentsOf(bill.accountId)).toHaveLength(1);
  });

  it("answers 404 for a workspace without keys or that does not exist", async () => {
    const response = await fetch(webhookUrl.replace(admin.organizationId, "no-such-workspace"), { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
  });
});

describe("buying a package by card", () => {
  it("credits the package's hours once, however often Stripe delivers", async () => {
    const family = await createFamily(t, admin, "Package buyer", parent.memberId);
    const product = await createPackage(admin.client, { name: "Ten hours", minutes: 600, priceMinor: 40_000, scope: "student" });
    const onSale = await parent.client.get("/api/parent/billing/packages");
    expect(onSale.body.items.find((item: { id: string }) => item.id === product.id)).toEqual({
      id: product.id,
      name: "Ten hours",
      description: product.description,
      minutes: 600,
      priceMinor: 40_000,
      currency: product.currency,
      validDays: product.validDays,
      scope: "student",
    });
    const refused = await parent.client.post(`/api/parent/billing/accounts/${family.accountId}/package-checkout`, { productId: product.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues[0].path).toEqual(["studentId"]);

    const response = await parent.client.post(`/api/parent/billing/accounts/${family.accountId}/package-checkout`, {
      productId: product.id,
      studentId: family.studentId,
    });
    expect(response.status, response.text).toBe(200);
    const sessionId = String(response.body.url).split("/checkout/")[1]!;
    double.control.hold();
    double.control.completeCheckout(sessionId, "succeeds");
    await double.control.release({ duplicate: 2, reorder: true });

    const grants = await t.db.select().from(hourGrant).where(eq(hourGrant.accountId, family.accountId));
    expect(grants.map((grant) => grant.minutes)).toEqual([600]);
    const [attempt] = await t.db.select().from(checkoutAttempt).where(eq(checkoutAttempt.id, response.body.attemptId));
    expect(attempt).toMatchObject({ status: "paid" });
    const [sale] = await t.db
      .select()
      .from(invoice)
      .where(and(eq(invoice.accountId, family.accountId)));
    expect(sale).toMatchObject({ totalMinor: 40_000, paidMinor: 40_000 });
  });

  it("refuses another family's account and a guardian who pays none (404)", async () => {
    const stranger = await createFamily(t, admin, "Not the parent's child");
    const product = await createPackage(admin.client, { name: "Family five", minutes: 300, priceMinor: 20_000, scope: "family" });
    const response = await parent.client.post(`/api/parent/billing/accounts/${stranger.accountId}/package-checkout`, { productId: product.id });
    expect(response.status).toBe(404);
  });
});

describe("refunding a card payment to the card", () => {
  it("refunds through Stripe what the payment does not hold on invoices, once per key; a hand refund is refused", async () => {
    const bill = await invoiceToPay(9_000);
    const { sessionId } = await startCheckout(bill.invoiceId);
    double.control.completeCheckout(sessionId, "succeeds");
    await double.control.idle();
    const [paid] = await paymentsOf(bill.accountId);
    const body = { amountMinor: 1_000, refundedOn: new Date().toISOString().slice(0, 10), reason: "Lesson cancelled", idempotencyKey: "card-refund-1" };

    const tooMuch = await admin.client.post(`/api/admin/billing/payments/${paid!.id}/card-refunds`, body);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.message).toContain("credit note first");
    const byHand = await admin.client.post(`/api/admin/billing/payments/${paid!.id}/refunds`, body);
    expect(byHand.status).toBe(409);

    // A credit note for part of the invoice frees 1,000 of the payment.
    const [line] = await t.db.select().from(invoiceLine).where(eq(invoiceLine.invoiceId, bill.invoiceId));
    const credit = await admin.client.post("/api/admin/billing/credit-notes", {
      accountId: bill.accountId,
      invoiceId: bill.invoiceId,
      reason: "One lesson not taught",
      lines: [{ description: "One lesson not taught", invoiceLineId: line!.id, amountMinor: 1_000, taxRateId: null }],
      idempotencyKey: "credit-for-card-refund",
    });
    expect(credit.status, credit.text).toBe(201);

    const refunded = await admin.client.post(`/api/admin/billing/payments/${paid!.id}/card-refunds`, body);
    expect(refunded.status, refunded.text).toBe(201);
    expect(refunded.body.refundedMinor).toBe(1_000);
    const again = await admin.client.post(`/api/admin/billing/payments/${paid!.id}/card-refunds`, body);
    expect(again.status).toBe(200);
    await double.control.idle();
    expect(await t.db.select().from(paymentRefund).where(eq(paymentRefund.paymentId, paid!.id))).toHaveLength(1);
    expect(double.store.refunds.size).toBeGreaterThan(0);
    expect([...double.store.refunds.values()].filter((refund) => refund.payment_intent === paid!.stripePaymentIntentId)).toHaveLength(1);
  });
});

describe("when Stripe is down", () => {
  it("answers 503 with a clear message and leaves no attempt behind", async () => {
    const bill = await invoiceToPay(3_000);
    const before = await t.db.select().from(checkoutAttempt);
    await double.control.outage("refused");
    try {
      const response = await parent.client.post(`/api/parent/billing/invoices/${bill.invoiceId}/checkout`);
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe("PAYMENT_PROVIDER_UNAVAILABLE");
      expect(response.body.error.message).toContain("Nothing was charged");
    } finally {
      await double.control.outage(null);
    }
    expect(await t.db.select().from(checkoutAttempt)).toHaveLength(before.length);
  });
});
