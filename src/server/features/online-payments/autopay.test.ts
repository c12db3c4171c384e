/**
 * Saved cards and autopay against the Stripe test double: a card saved through Checkout in setup
 * mode (stored by the webhook), autopay charging an issued invoice only after the waiting time
 * and never while a line is questioned, a declined card tried again on schedule and then left
 * to the family, and autopay off in one call.
 */
import { type ServerType, serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../core/clock.ts";
import { autopayCharge, billingNotice, invoice, payment } from "../../db/billing-schema.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createFamily, draftFees, issue } from "../../../../tests/invoice-factories.ts";
import { createTestApp } from "../../../../tests/setup/test-app.ts";
import { startStripeDouble } from "../../../../tests/stripe-double/index.ts";
import type { CardChoice } from "../../../../tests/stripe-double/index.ts";
import { runAutopay } from "./autopay.ts";

const DAY = 86_400_000;
const clock = fixedClock(new Date());
const double = await startStripeDouble();
const t = await createTestApp({
  clock,
  env: { STRIPE_SECRET_KEY: double.secretKey, STRIPE_WEBHOOK_SECRET: double.webhookSecret, STRIPE_API_URL: double.url },
});
let server: ServerType;
let admin: AdminFixture;
let parent: MemberFixture;

beforeAll(async () => {
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  admin = await createAdmin(t);
  parent = await createMember(t, { admin, role: "parent" });
  double.control.setWebhookEndpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe/${admin.organizationId}`);
}, 60_000);
afterAll(async () => {
  await double?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** A family the parent pays, with a card saved on Stripe's page (the webhook stores it). */
async function familyWithCard(card: CardChoice = "succeeds") {
  const family = await createFamily(t, admin, `Autopay child ${Math.random().toString(36).slice(2, 7)}`, parent.memberId);
  const setup = await parent.client.post(`/api/parent/billing/accounts/${family.accountId}/card-setup`);
  expect(setup.status, setup.text).toBe(200);
  double.control.completeCheckout(String(setup.body.url).split("/checkout/")[1]!, card);
  await double.control.idle();
  return family;
}

async function issueInvoice(accountId: string, amountMinor: number) {
  const issued = await issue(admin.client, await draftFees(admin.client, accountId, [{ description: "Lessons", amountMinor, taxRateId: null }]));
  return { id: issued.id as string, lineId: issued.lines[0].id as string };
}

const setAutopay = (accountId: string, enabled: boolean) => parent.client.put(`/api/parent/billing/accounts/${accountId}/autopay`, { enabled });
const paidOf = async (invoiceId: string) => (await t.db.select().from(invoice).where(eq(invoice.id, invoiceId)))[0]!.paidMinor;
const chargesOf = (invoiceId: string) => t.db.select().from(autopayCharge).where(eq(autopayCharge.invoiceId, invoiceId)).orderBy(autopayCharge.attempt);
async function run() {
  const result = await runAutopay(t.deps);
  await double.control.idle();
  return result;
}

describe("a saved card", () => {
  it("is stored from the webhook once Stripe saved it, and autopay turns on and off in one call", async () => {
    const family = await familyWithCard();
    const card = await parent.client.get(`/api/parent/billing/accounts/${family.accountId}/card`);
    expect(card.body).toMatchObject({ available: true, card: { last4: "4242" }, autopay: false, disputeWindowDays: 3 });
    expect((await setAutopay(family.accountId, true)).body.autopay).toBe(true);
    expect((await setAutopay(family.accountId, false)).body.autopay).toBe(false);

    const removed = await parent.client.delete(`/api/parent/billing/accounts/${family.accountId}/card`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ card: null, autopay: false });
  });

  it("is needed before autopay can be turned on (409), and another family's account is not found", async () => {
    const family = await createFamily(t, admin, "No card yet", parent.memberId);
    const refused = await setAutopay(family.accountId, true);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("Save a card first");
    const stranger = await createFamily(t, admin, "Not the parent's child");
    expect((await parent.client.get(`/api/parent/billing/accounts/${stranger.accountId}/card`)).status).toBe(404);
    expect((await setAutopay(stranger.accountId, false)).status).toBe(404);
  });
});

describe("autopay", () => {
  it("charges an issued invoice only after the waiting time, tells the family before, and records the payment once", async () => {
    const family = await familyWithCard();
    await setAutopay(family.accountId, true);
    const bill = await issueInvoice(family.accountId, 7_500);

    expect(await run()).toEqual({ charged: 0, failed: 0 });
    const upcoming = await t.db
      .select()
      .from(billingNotice)
      .where(and(eq(billingNotice.invoiceId, bill.id), eq(billingNotice.kind, "autopay_upcoming")));
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]!.text).toContain("ending 4242");

    clock.advance(2 * DAY);
    expect((await run()).charged).toBe(0);
    clock.advance(DAY + 60_000);
    expect((await run()).charged).toBe(1);
    expect(await paidOf(bill.id)).toBe(7_500);
    expect((await chargesOf(bill.id)).map((charge) => charge.status)).toEqual(["charged"]);

    // Paid: later runs charge nothing more.
    clock.advance(DAY);
    expect((await run()).charged).toBe(0);
    expect(await t.db.select().from(payment).where(eq(payment.accountId, family.accountId))).toHaveLength(1);
  });

  it("holds an invoice with a questioned line until the question is answered", async () => {
    const family = await familyWithCard();
    await setAutopay(family.accountId, true);
    const bill = await issueInvoice(family.accountId, 4_000);
    const dispute = await parent.client.post(`/api/parent/billing/invoices/${bill.id}/lines/${bill.lineId}/disputes`, { reason: "This lesson was cancelled." });
    expect(dispute.status, dispute.text).toBe(201);

    clock.advance(4 * DAY);
    expect((await run()).charged).toBe(0);
    expect(await chargesOf(bill.id)).toHaveLength(0);

    const answered = await admin.client.post(`/api/admin/billing/disputes/${dispute.body.id}/explain`, { body: "It was taught on the Tuesday instead." });
    expect(answered.status, answered.text).toBe(200);
    expect((await run()).charged).toBe(1);
    expect(await paidOf(bill.id)).toBe(4_000);
  });

  it("tries a declined card again 1 and 3 days later, then stops and tells the family", async () => {
    const family = await familyWithCard("charges_fail_later");
    await setAutopay(family.accountId, true);
    const bill = await issueInvoice(family.accountId, 5_500);
    clock.advance(3 * DAY + 60_000);

    expect((await run()).failed).toBe(1);
    expect((await run()).failed).toBe(0);
    clock.advance(DAY);
    expect((await run()).failed).toBe(1);
    clock.advance(3 * DAY);
    expect((await run()).failed).toBe(1);
    clock.advance(10 * DAY);
    expect(await run()).toEqual({ charged: 0, failed: 0 });

    const charges = await chargesOf(bill.id);
    expect(charges.map((charge) => [charge.attempt, charge.status])).toEqual([
      [1, "failed"],
      [2, "failed"],
      [3, "failed"],
    ]);
    expect(charges[0]!.failureReason).toMatch(/declined/i);
    expect(charges[2]!.retryAt).toBeNull();
    const failures = await t.db
      .select()
      .from(billingNotice)
      .where(and(eq(billingNotice.invoiceId, bill.id), eq(billingNotice.kind, "autopay_failed")));
    expect(failures).toHaveLength(3);
    expect(failures.map((notice) => notice.text).join(" ")).toContain("We will not try again");
    expect(await paidOf(bill.id)).toBe(0);

    // The admin reads the same tries on the family's account, newest first, with Stripe's reasons.
    const activity = await admin.client.get(`/api/admin/billing/accounts/${family.accountId}/card-activity`);
    expect(activity.status, activity.text).toBe(200);
    expect(activity.body).toMatchObject({ available: true, autopay: true, card: { last4: "0341" }, checkouts: [] });
    expect(
      activity.body.autopayTries.map((item: { attempt: number; status: string; retryAt: string | null }) => [item.attempt, item.status, item.retryAt !== null]),
    ).toEqual([
      [3, "failed", false],
      [2, "failed", true],
      [1, "failed", true],
    ]);
    expect(activity.body.autopayTries[0]).toMatchObject({ invoiceId: bill.id, amountMinor: 5_500, failureReason: expect.stringMatching(/declined/i) });
  });

  it("card activity: an account of another workspace, or no account, is not found; a family without a card reads empty", async () => {
    const empty = await createFamily(t, admin, "No card activity", parent.memberId);
    const activity = await admin.client.get(`/api/admin/billing/accounts/${empty.accountId}/card-activity`);
    expect(activity.body).toMatchObject({ available: true, card: null, autopay: false, autopayTries: [], checkouts: [] });
    const other = await createAdmin(t);
    expect((await other.client.get(`/api/admin/billing/accounts/${empty.accountId}/card-activity`)).status).toBe(404);
    expect((await admin.client.get("/api/admin/billing/accounts/not-an-id/card-activity")).status).toBe(404);
  });

  it("charges nothing once the family turns it off", async () => {
    const family = await familyWithCard();
    await setAutopay(family.accountId, true);
    const bill = await issueInvoice(family.accountId, 3_000);
    await setAutopay(family.accountId, false);
    clock.advance(5 * DAY);
    await run();
    expect(await chargesOf(bill.id)).toHaveLength(0);
  });
});
