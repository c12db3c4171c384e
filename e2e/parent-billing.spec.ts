import type { APIRequestContext, APIResponse } from "@playwright/test";
import type { FamilyBilling } from "../src/shared/schemas/billing-accounts.ts";
import type { Dispute } from "../src/shared/schemas/billing-disputes.ts";
import type { InvoiceDetail } from "../src/shared/schemas/billing-invoices.ts";
import { notified } from "./support/calendar.ts";
import { addStudent, clientOf, linkGuardian, memberIdOf, uniqueName } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

async function expectStatus(response: APIResponse, status: number, step: string): Promise<void> {
  if (response.status() !== status) throw new Error(`${step} answered ${response.status()} instead of ${status}: ${await response.text()}`);
}

async function post<T>(client: APIRequestContext, path: string, data: unknown, status: number, step: string): Promise<T> {
  const response = await client.post(path, { data });
  await expectStatus(response, status, step);
  return (await response.json()) as T;
}

test.describe("@billing the parent's billing", () => {
  test("@billing a family's invoice and its questioned line: a parent who pays another account sees none of it", async ({ page, api }) => {
    test.setTimeout(120_000);
    // The family's billing, through the API (billing-journey.spec.ts walks the same screens as the family):
    // an invoice of a fee, and its line questioned by the payer.
    const admin = await api.createAdmin();
    await expectStatus(await admin.client.patch("/api/admin/workspace", { data: { currency: "GBP" } }), 200, "Setting the currency");
    const student = await addStudent(admin, { name: uniqueName("Sam") });
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const parentClient = await clientOf(api, parent);
    const overview = await parentClient.get("/api/parent/billing");
    await expectStatus(overview, 200, "Reading the parent's billing");
    const accountId = ((await overview.json()) as FamilyBilling).accounts[0]!.id;
    const draft = await post<InvoiceDetail>(
      admin.client,
      "/api/admin/billing/invoices",
      { accountId, lines: [{ description: "Exam entry", amountMinor: 2_500 }] },
      201,
      "Drafting an invoice of a fee",
    );
    const invoice = await post<InvoiceDetail>(admin.client, `/api/admin/billing/invoices/${draft.id}/issue`, {}, 200, "Issuing the invoice");
    const line = invoice.lines[0]!;
    const dispute = await post<Dispute>(
      parentClient,
      `/api/parent/billing/invoices/${invoice.id}/lines/${line.id}/disputes`,
      { reason: "The exam was cancelled." },
      201,
      "Questioning the line",
    );

    // A parent who pays no account: the empty state, and this family's invoice and question are not found.
    const stranger = await api.createMember("parent", { admin });
    await signInThroughForm(page, stranger);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/parent/billings");
    await expect(page.getByText("No billing account lists you as a payer yet.")).toBeVisible();
    await expect(page.getByText(invoice.number!)).toHaveCount(0);
    await expectAccessible(page);
    await page.goto(`/parent/billings/invoices/${invoice.id}`);
    await expect(page.getByRole("heading", { name: "Invoice not found" })).toBeVisible();
    await expect(page.getByText(line.description)).toHaveCount(0);
    await page.goto(`/parent/billings/disputes/${dispute.id}`);
    await expect(page.getByRole("heading", { name: "Question not found" })).toBeVisible();
    expect((await page.request.get(`/api/parent/billing/invoices/${invoice.id}/pdf`)).status()).toBe(404);
    await expectAccessible(page);

    // Once they pay for a child of another family, they see that account, and still none of this one.
    const otherChild = await addStudent(admin, { name: uniqueName("Robin") });
    await linkGuardian(admin, otherChild.id, await memberIdOf(admin, stranger.email));
    await page.goto("/parent/billings");
    await expect(page.getByRole("heading", { level: 2, name: otherChild.name })).toBeVisible();
    await expect(page.getByText("Nothing owed")).toBeVisible();
    await expect(page.getByText("No invoice yet.")).toBeVisible();
    await expect(page.getByText(student.name)).toHaveCount(0);
    await expect(page.getByText(invoice.number!)).toHaveCount(0);
  });
});

test.describe("@billing the billing settings", () => {
  test("@billing an admin adds, renames and archives tax rates and saves the billing settings; wrong entries are named on their fields", async ({
    page,
    api,
  }) => {
    test.setTimeout(120_000);
    const admin = await api.createAdmin();
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/settings");
    const billing = page.getByRole("region", { name: "Billing" });
    await expect(billing.getByText("No tax rate yet")).toBeVisible();

    // Tax rates: a refused rate, then two rates; one renamed, the other archived.
    const addForm = billing.getByRole("form", { name: "Add a tax rate" });
    await addForm.getByLabel("New rate's name").fill("VAT");
    await addForm.getByLabel("Rate (%)").fill("120");
    await addForm.getByRole("button", { name: "Add tax rate" }).click();
    await expect(addForm.getByText("Rate must be a percentage from 0 to 100, such as 20 or 5.5.")).toBeVisible();
    await addForm.getByLabel("Rate (%)").fill("20");
    await addForm.getByRole("button", { name: "Add tax rate" }).click();
    await notified(page, "Tax rate added");
    await addForm.getByLabel("New rate's name").fill("Reduced");
    await addForm.getByLabel("Rate (%)").fill("5.5");
    await addForm.getByRole("button", { name: "Add tax rate" }).click();
    await notified(page, "Tax rate added");
    const rates = billing.getByRole("table", { name: "Tax rates" });
    await expect(rates.getByRole("row", { name: /Reduced/ })).toContainText("5.5 %");
    await rates.getByRole("button", { name: "Rename VAT" }).click();
    const rename = page.getByRole("dialog", { name: "Rename VAT" });
    await rename.getByLabel("Name").fill("Standard VAT");
    await rename.getByRole("button", { name: "Rename" }).click();
    await notified(page, "Tax rate renamed");
    await rates.getByRole("button", { name: "Archive Reduced" }).click();
    await notified(page, "Tax rate archived");
    await expect(rates.getByRole("row", { name: /Reduced/ })).toContainText("Archived");

    // The settings: a share that is no percentage is named on its field; then saved and kept.
    await billing.getByLabel("Default tax rate").click();
    await page.getByRole("option", { name: "Standard VAT (20 %)" }).click();
    await billing.getByLabel("Late-cancellation share (%)").fill("half");
    await billing.getByLabel("Low-balance threshold (hours)").fill("1.5");
    await billing.getByLabel("Overdue reminder days").fill("7, 14, 30");
    await billing.getByRole("button", { name: "Save billing settings" }).click();
    await expect(billing.getByText("Late-cancellation share must be a percentage from 0 to 100, such as 50 or 12.5.")).toBeVisible();
    await expect(billing.getByLabel("Late-cancellation share (%)")).toBeFocused();
    await expectAccessible(page);
    await billing.getByLabel("Late-cancellation share (%)").fill("50");
    await billing.getByRole("button", { name: "Save billing settings" }).click();
    await notified(page, "Billing settings saved");
    await page.reload();
    await expect(billing.getByLabel("Late-cancellation share (%)")).toHaveValue("50");
    await expect(billing.getByLabel("Low-balance threshold (hours)")).toHaveValue("1.5");
    await expect(billing.getByLabel("Overdue reminder days")).toHaveValue("7, 14, 30");
    await expect(billing.getByLabel("Default tax rate")).toHaveValue("Standard VAT (20 %)");

    // Online payments: the installation's keys (the e2e server's, the Stripe double's) until the workspace sets its own;
    // a publishable key and a made-up secret are refused on their fields; real shapes are saved and shown as a hint.
    await expect(billing.getByText("The keys of this Glassroom installation")).toBeVisible();
    const keys = billing.getByRole("form", { name: "Stripe keys" });
    await keys.getByLabel("Secret key").fill("pk_test_publishable12345");
    await keys.getByLabel("Webhook signing secret").fill("secret");
    await keys.getByRole("button", { name: "Save the keys" }).click();
    await expect(keys.getByText(/^Secret key must be a Stripe secret or restricted key/)).toBeVisible();
    await expect(keys.getByText(/^Webhook signing secret must be the endpoint's signing secret/)).toBeVisible();
    await keys.getByLabel("Secret key").fill("sk_test_51HglassroomE2E4242");
    await keys.getByLabel("Webhook signing secret").fill("whsec_glassroomE2Esecret");
    await keys.getByRole("button", { name: "Save the keys" }).click();
    await notified(page, "Stripe keys saved");
    await expect(billing.getByText("This workspace's own keys")).toBeVisible();
    await expect(billing.getByText("sk_test_…4242")).toBeVisible();
    await expect(page.getByText("whsec_glassroomE2Esecret")).toHaveCount(0);
    await expectAccessible(page);
    await billing.scrollIntoViewIfNeeded();
    await checkWidths(page, "admin-billing-settings");
    await billing.getByRole("button", { name: "Remove this workspace's keys" }).click();
    await page.getByRole("dialog", { name: "Remove the Stripe keys?" }).getByRole("button", { name: "Remove keys" }).click();
    await expect(billing.getByText("The keys of this Glassroom installation")).toBeVisible();
  });
});
