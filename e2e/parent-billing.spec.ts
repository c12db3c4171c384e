import type { APIRequestContext, APIResponse } from "@playwright/test";
import type { FamilyBilling } from "../src/shared/schemas/billing-accounts.ts";
import type { Dispute } from "../src/shared/schemas/billing-disputes.ts";
import type { InvoiceDetail } from "../src/shared/schemas/billing-invoices.ts";
import type { PackageProduct, PackagePurchase } from "../src/shared/schemas/billing-packages.ts";
import type { AdminAccount } from "./support/api.ts";
import { addDays, calendarWorkspace, londonToday, notified, scheduleAsAdmin } from "./support/calendar.ts";
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

/** A package of 10 hours for £450.00 sold to the account and paid in full: its hours count at once. */
async function sellAndPayPackage(admin: AdminAccount, accountId: string, studentId: string): Promise<PackagePurchase> {
  const product = await post<PackageProduct>(
    admin.client,
    "/api/admin/billing/packages",
    { name: "Ten hours", minutes: 600, priceMinor: 45_000, validDays: 180, scope: "student" },
    201,
    "Adding a package",
  );
  const purchase = await post<PackagePurchase>(
    admin.client,
    `/api/admin/billing/accounts/${accountId}/purchases`,
    { productId: product.id, studentId, idempotencyKey: `sale-${Date.now()}` },
    201,
    "Selling the package",
  );
  await post(
    admin.client,
    "/api/admin/billing/payments",
    {
      accountId,
      method: "bank_transfer",
      amountMinor: 45_000,
      receivedOn: londonToday(),
      reference: "Package",
      allocations: [{ invoiceId: purchase.invoiceId, amountMinor: 45_000 }],
      idempotencyKey: `payment-${Date.now()}`,
    },
    201,
    "Recording the payment",
  );
  return purchase;
}

test.describe("@billing the parent's billing", () => {
  test("@billing a payer reads balances and invoices, downloads the PDF, questions a line and sees it credited; others see none of it", async ({
    page,
    browser,
    api,
  }) => {
    test.setTimeout(180_000);
    const { admin, tutorMemberId, student } = await calendarWorkspace(api);
    await expectStatus(await admin.client.patch("/api/admin/workspace", { data: { currency: "GBP" } }), 200, "Setting the currency");
    await expectStatus(await admin.client.patch(`/api/admin/tutors/${tutorMemberId}`, { data: { chargeRateMinor: 5_000 } }), 200, "Setting the tutor's rate");
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const parentClient = await clientOf(api, parent);
    const overview = await parentClient.get("/api/parent/billing");
    await expectStatus(overview, 200, "Reading the parent's billing");
    const accountId = ((await overview.json()) as FamilyBilling).accounts[0]!.id;

    // A session taught yesterday and reported (no hours yet: it is charged at £50.00 an hour).
    const yesterday = addDays(londonToday(), -1);
    const [session] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${yesterday}T16:00`,
      endsAt: `${yesterday}T17:00`,
    });
    const report = await admin.client.put(`/api/admin/sessions/${session!.id}/report`, {
      data: {
        topics: "Fractions",
        students: [{ studentId: student.id, attendance: "present", previousHomework: "none_set", understanding: 4, engagement: 4 }],
      },
    });
    await expectStatus(report, 200, "Filing the report");
    const purchase = await sellAndPayPackage(admin, accountId, student.id);
    const draft = await post<InvoiceDetail>(
      admin.client,
      "/api/admin/billing/invoices",
      { accountId, periodFrom: addDays(yesterday, -1), periodTo: londonToday() },
      201,
      "Drafting the month's invoice",
    );
    const invoice = await post<InvoiceDetail>(admin.client, `/api/admin/billing/invoices/${draft.id}/issue`, {}, 200, "Issuing the invoice");
    expect(invoice.totalMinor).toBe(5_000);

    // The overview: what is owed in words, the hours left, both invoices, the payment.
    await signInThroughForm(page, parent);
    await expect(page).toHaveURL("/parent/dashboard");
    await page.getByRole("navigation", { name: "Parent navigation" }).getByRole("link", { name: "Billing and packages" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Billing and packages" })).toBeVisible();
    await expect(page.getByText("You owe £50.00")).toBeVisible();
    const hours = page.getByRole("region", { name: "Hours left" });
    await expect(hours.getByText("10 h left")).toBeVisible();
    const invoices = page.getByRole("region", { name: "Invoices" });
    await expect(invoices.getByRole("link", { name: invoice.number!, exact: true })).toBeVisible();
    await expect(invoices.getByRole("row").filter({ hasText: invoice.number! })).toContainText("Issued");
    await expect(invoices.getByRole("row").filter({ hasText: invoice.number! })).toContainText("£50.00");
    await expect(page.getByRole("region", { name: "Payments" })).toContainText("£450.00");
    await expect(page.getByRole("region", { name: "Packages" })).toContainText("Active");
    expect(purchase.invoiceId).not.toBeNull();
    await expectAccessible(page);
    await checkWidths(page, "parent-billings", [1440, 390, 320]);

    // The statement downloads as a PDF and a CSV.
    const statement = page.getByRole("region", { name: "Statement" });
    const statementPdf = await page.request.get((await statement.getByRole("link", { name: "Statement (PDF)" }).getAttribute("href"))!);
    expect(statementPdf.headers()["content-type"]).toContain("application/pdf");
    const statementCsv = await page.request.get((await statement.getByRole("link", { name: "Statement (CSV)" }).getAttribute("href"))!);
    expect(statementCsv.headers()["content-type"]).toContain("text/csv");

    // The invoice, line by line: the session's line links to its page.
    await invoices.getByRole("link", { name: invoice.number!, exact: true }).click();
    await expect(page).toHaveURL(`/parent/billings/invoices/${invoice.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
    const lines = page.getByRole("region", { name: "Lines" });
    const line = invoice.lines[0]!;
    await expect(lines.getByRole("link", { name: line.description })).toHaveAttribute("href", `/parent/sessions/${session!.id}`);
    await expect(lines.getByRole("row").filter({ hasText: line.description })).toContainText(student.name);
    await expect(lines.getByRole("row").filter({ hasText: line.description })).toContainText("Present");
    await expect(page.getByRole("region", { name: "Totals" }).getByRole("row", { name: /Outstanding/ })).toContainText("£50.00");
    const pdf = await page.request.get((await page.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    await expectAccessible(page);
    await checkWidths(page, "parent-billing-invoice", [1440, 390, 320]);

    // Question the line: a reason is required, then the line is marked and leads to its thread.
    await lines.getByRole("button", { name: `Question this line: ${line.description}` }).click();
    const dialog = page.getByRole("dialog", { name: "Question this line" });
    await dialog.getByRole("button", { name: "Send the question" }).click();
    await expect(dialog.getByText("Reason is required.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel("What is wrong with this line?").fill("The session ended after 40 minutes.");
    await dialog.getByRole("button", { name: "Send the question" }).click();
    await notified(page, "Question sent");
    await expect(lines.getByText("Questioned")).toBeVisible();
    await lines.getByRole("link", { name: `Thread about ${line.description}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Question about ${line.description}` })).toBeVisible();
    const thread = page.getByRole("list", { name: "Messages" });
    await expect(thread.getByText("The session ended after 40 minutes.")).toBeVisible();
    await expect(thread.getByText(parent.name)).toBeVisible();
    await page.getByLabel("Add a message").fill("The tutor can confirm.");
    await page.getByRole("button", { name: "Send the message" }).click();
    await notified(page, "Message sent");
    await expect(thread.getByRole("listitem")).toHaveCount(2);
    await expectAccessible(page);
    await checkWidths(page, "parent-billing-dispute");

    // The admin answers with a credit note for the whole line: the line shows it, nothing is owed.
    const disputeId = page.url().split("/").pop()!;
    const credited = await post<Dispute>(
      admin.client,
      `/api/admin/billing/disputes/${disputeId}/credit`,
      { amountMinor: 5_000, reason: "Session cut short" },
      200,
      "Crediting the line",
    );
    await page.reload();
    await expect(page.getByText("Credited", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: `PDF of credit note ${credited.creditNoteNumber}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send the message" })).toHaveCount(0);
    await page.getByRole("link", { name: `Invoice ${invoice.number}` }).click();
    await expect(page.getByRole("region", { name: "Lines" }).getByText(`Credited (${credited.creditNoteNumber})`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Totals" }).getByRole("row", { name: /Outstanding/ })).toContainText("£0.00");
    await page.goto("/parent/billings");
    await expect(page.getByText("Nothing owed")).toBeVisible();
    await expect(page.getByRole("region", { name: "Credit notes" })).toContainText(credited.creditNoteNumber!);
    await expect(page.getByRole("region", { name: "Questions about invoice lines" })).toContainText("Credited");
    await expectAccessible(page);
    await checkWidths(page, "parent-billings-credited", [1440, 390, 320]);

    // A parent who pays no account: the empty state, and this family's invoice is not found.
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      const stranger = await api.createMember("parent", { admin });
      await signInThroughForm(other, stranger);
      await expect(other).toHaveURL(/\/dashboard$/);
      await other.goto("/parent/billings");
      await expect(other.getByText("No billing account lists you as a payer yet.")).toBeVisible();
      await expect(other.getByText(invoice.number!)).toHaveCount(0);
      await expectAccessible(other);
      await other.goto(`/parent/billings/invoices/${invoice.id}`);
      await expect(other.getByRole("heading", { name: "Invoice not found" })).toBeVisible();
      await expect(other.getByText(line.description)).toHaveCount(0);
      await other.goto(`/parent/billings/disputes/${disputeId}`);
      await expect(other.getByRole("heading", { name: "Question not found" })).toBeVisible();
      expect((await other.request.get(`/api/parent/billing/invoices/${invoice.id}/pdf`)).status()).toBe(404);
      await expectAccessible(other);

      // Once they pay for a child of another family, they see that account, and still none of this one.
      const otherChild = await addStudent(admin, { name: uniqueName("Robin") });
      await linkGuardian(admin, otherChild.id, await memberIdOf(admin, stranger.email));
      await other.goto("/parent/billings");
      await expect(other.getByRole("heading", { level: 2, name: otherChild.name })).toBeVisible();
      await expect(other.getByText("Nothing owed")).toBeVisible();
      await expect(other.getByText("No invoice yet.")).toBeVisible();
      await expect(other.getByText(student.name)).toHaveCount(0);
      await expect(other.getByText(invoice.number!)).toHaveCount(0);
    } finally {
      await context.close();
    }
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
    await expectAccessible(page);
    await billing.scrollIntoViewIfNeeded();
    await checkWidths(page, "admin-billing-settings");
  });
});
