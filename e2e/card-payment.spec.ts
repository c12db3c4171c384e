import type { APIResponse } from "@playwright/test";
import type { FamilyBilling } from "../src/shared/schemas/billing-accounts.ts";
import type { InvoiceDetail } from "../src/shared/schemas/billing-invoices.ts";
import type { StripeConnection } from "../src/shared/schemas/online-payments.ts";
import { STRIPE_DOUBLE_URL } from "./support/constants.ts";
import { addStudent, clientOf, linkGuardian, memberIdOf, uniqueName } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";

async function expectStatus(response: APIResponse, status: number, step: string): Promise<void> {
  if (response.status() !== status) throw new Error(`${step} answered ${response.status()} instead of ${status}: ${await response.text()}`);
}

test.describe("@payments paying by card", () => {
  // The double posts every event to one endpoint, set per test for its workspace: one test at a time.
  test.describe.configure({ mode: "serial" });

  test("@payments a parent pays an invoice on Stripe's page (the double's): processing, then received once the webhook lands; the admin refunds to the card", async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const admin = await api.createAdmin();
    await expectStatus(await admin.client.patch("/api/admin/workspace", { data: { currency: "GBP" } }), 200, "Setting the currency");
    const student = await addStudent(admin, { name: uniqueName("Ama") });
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const overview = await (await clientOf(api, parent)).get("/api/parent/billing");
    const accountId = ((await overview.json()) as FamilyBilling).accounts[0]!.id;
    const draft = await admin.client.post("/api/admin/billing/invoices", {
      data: { accountId, lines: [{ description: "Lessons in November", amountMinor: 9_000 }] },
    });
    await expectStatus(draft, 201, "Drafting an invoice");
    const issued = await admin.client.post(`/api/admin/billing/invoices/${((await draft.json()) as InvoiceDetail).id}/issue`, { data: {} });
    await expectStatus(issued, 200, "Issuing the invoice");
    const invoice = (await issued.json()) as InvoiceDetail;

    // Stripe posts this workspace's events to its endpoint; the double holds them until the test lets them go.
    const connection = (await (await admin.client.get("/api/admin/billing/stripe")).json()) as StripeConnection;
    await expectStatus(
      await page.request.post(`${STRIPE_DOUBLE_URL}/_double/webhook-endpoint`, { data: { url: connection.webhookUrl } }),
      200,
      "Pointing the double",
    );
    await expectStatus(await page.request.post(`${STRIPE_DOUBLE_URL}/_double/hold`, { data: {} }), 200, "Holding the events");

    await signInThroughForm(page, parent);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/parent/billings/invoices/${invoice.id}`);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Pay £90.00 by card" }).click();

    // The double's hosted page: the invoice, a test card, Pay.
    await expect(page).toHaveURL(new RegExp(`^${STRIPE_DOUBLE_URL}/checkout/cs_test_`));
    await expect(page.getByText(`Invoice ${invoice.number}`)).toBeVisible();
    await page.getByLabel("Visa ending 4242: succeeds").check();
    await page.getByRole("button", { name: /^Pay / }).click();

    // Back on Glassroom: processing until the webhook has been applied.
    await expect(page).toHaveURL(/\/parent\/billings\/checkout\//);
    await expect(page.getByText("Processing")).toBeVisible();
    await expectAccessible(page);
    await expectStatus(await page.request.post(`${STRIPE_DOUBLE_URL}/_double/release`, { data: { duplicate: 2 } }), 200, "Delivering the events");
    await expect(page.getByText("Payment received")).toBeVisible({ timeout: 15_000 });
    await page.getByRole("link", { name: "See the invoice" }).click();
    await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /by card/ })).toHaveCount(0);

    // The admin's payment page: one card payment, refunded in part to the card after a credit note.
    const payments = (await (await admin.client.get(`/api/admin/billing/payments?accountId=${accountId}`)).json()) as {
      items: { id: string; method: string }[];
    };
    expect(payments.items.map((payment) => payment.method)).toEqual(["card_online"]);
    const credit = await admin.client.post("/api/admin/billing/credit-notes", {
      data: {
        accountId,
        invoiceId: invoice.id,
        reason: "One lesson not taught",
        lines: [{ description: "One lesson not taught", invoiceLineId: invoice.lines[0]!.id, amountMinor: 3_000 }],
        idempotencyKey: `credit-${invoice.id}`,
      },
    });
    await expectStatus(credit, 201, "Crediting part of the invoice");
    await page.context().clearCookies();
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/admin/billing/payments/${payments.items[0]!.id}`);
    await expect(page.getByRole("heading", { name: "Refund to the card" })).toBeVisible();
    await page.getByLabel("Amount (GBP)").fill("30.00");
    await page.getByLabel("Reason").fill("One lesson not taught");
    await page.getByRole("button", { name: "Refund to card" }).click();
    await page.getByRole("button", { name: "Refund £30.00 to the card" }).click();
    await expect(page.getByText("Refund recorded")).toBeVisible();
    await expect(page.getByText("One lesson not taught").first()).toBeVisible();
    await expectAccessible(page);
  });

  test("@payments a parent saves a card for autopay, turns autopay on, and buys a package by card", async ({ page, api }) => {
    test.setTimeout(120_000);
    const admin = await api.createAdmin();
    await expectStatus(await admin.client.patch("/api/admin/workspace", { data: { currency: "GBP" } }), 200, "Setting the currency");
    await expectStatus(
      await admin.client.post("/api/admin/billing/packages", {
        data: { name: "Five hours", minutes: 300, priceMinor: 20_000, validDays: 90, scope: "student" },
      }),
      201,
      "Adding a package",
    );
    const student = await addStudent(admin, { name: uniqueName("Kofi") });
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const connection = (await (await admin.client.get("/api/admin/billing/stripe")).json()) as StripeConnection;
    await expectStatus(
      await page.request.post(`${STRIPE_DOUBLE_URL}/_double/webhook-endpoint`, { data: { url: connection.webhookUrl } }),
      200,
      "Pointing the double",
    );

    await signInThroughForm(page, parent);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/parent/billings");
    await expect(page.getByRole("heading", { name: "Card and autopay" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save a card" }).click();
    await expect(page).toHaveURL(new RegExp(`^${STRIPE_DOUBLE_URL}/checkout/cs_test_`));
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page).toHaveURL(/\/parent\/billings\?card=saved$/);
    await expect(page.getByText("Visa ending 4242", { exact: false })).toBeVisible({ timeout: 15_000 });
    const autopay = page.getByRole("switch", { name: "Autopay" });
    await autopay.click();
    await expect(autopay).toBeChecked();
    await expect(page.getByText("On: invoices are charged to this card.")).toBeVisible();

    // A package by card: the child is the only one, chosen already.
    await page.getByRole("combobox", { name: "Package" }).click();
    await page.getByRole("option", { name: /Five hours/ }).click();
    await page.getByRole("button", { name: "Buy for £200.00 by card" }).click();
    await expect(page).toHaveURL(new RegExp(`^${STRIPE_DOUBLE_URL}/checkout/cs_test_`));
    await page.getByRole("button", { name: /^Pay / }).click();
    await expect(page.getByText("Payment received")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("The package's hours are yours to use.")).toBeVisible();
    await page.getByRole("link", { name: "See your billing" }).click();
    await expect(page.getByText("5 h left")).toBeVisible();
    await expectAccessible(page);

    // The admin reads the same on the family's account: the card, autopay, the package paid by card.
    const overview = await (await clientOf(api, parent)).get("/api/parent/billing");
    const accountId = ((await overview.json()) as FamilyBilling).accounts[0]!.id;
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/admin/billing/accounts/${accountId}`);
    const cards = page.getByRole("region", { name: "Card payments" });
    await expect(cards.getByText(/Visa ending 4242.*Autopay on/)).toBeVisible();
    await expect(cards.getByText("Autopay has not charged this family.")).toBeVisible();
    await expect(cards.getByRole("table", { name: /Stripe Checkout/ }).getByRole("row", { name: /Five hours.*£200\.00.*Paid/ })).toBeVisible();
    await expectAccessible(page);
  });
});
