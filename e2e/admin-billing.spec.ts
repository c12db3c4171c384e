import type { Locator, Page } from "@playwright/test";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin } from "./support/calendar.ts";
import { clientOf, linkGuardian, memberIdOf } from "./support/family.ts";
import { escapeRegExp, expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import type { Api } from "./support/api.ts";
import { checkWidths } from "./support/screens.ts";

/** The control labelled exactly `label` inside a dialog or a section (a required field's label ends with an aria-hidden " *"). */
const fieldIn = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** A notification with this text is shown; it is then closed, so that it covers no control. */
async function notified(page: Page, text: string): Promise<void> {
  const notification = page.getByRole("alert").filter({ hasText: text });
  await expect(notification).toBeVisible();
  await notification.getByRole("button", { name: "Close notification" }).click();
  await expect(notification).toHaveCount(0);
}

/** A London workspace in pounds whose tutor, charging £50.00 an hour, taught the student (with a payer) for an hour yesterday, reported. */
async function taughtYesterday(api: Api) {
  const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
  expect((await admin.client.patch("/api/admin/workspace", { data: { currency: "GBP" } })).status()).toBe(200);
  expect((await admin.client.patch(`/api/admin/tutors/${tutorMemberId}`, { data: { chargeRateMinor: 5000 } })).status()).toBe(200);
  const parent = await api.createMember("parent", { admin });
  await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
  const yesterday = addDays(londonToday(), -1);
  const [session] = await scheduleAsAdmin(admin, {
    tutorMemberId,
    studentIds: [student.id],
    subject: "Mathematics",
    startsAt: `${yesterday}T16:00`,
    endsAt: `${yesterday}T17:00`,
  });
  const tutorApi = await clientOf(api, tutor);
  const filed = await tutorApi.put(`/api/tutor/sessions/${session!.id}/report`, {
    data: {
      topics: "Fractions",
      homeworkSet: "",
      students: [{ studentId: student.id, attendance: "present", previousHomework: "completed", understanding: 4, engagement: 4, scorePercent: 90 }],
    },
  });
  expect(filed.status()).toBe(200);
  return { admin, student, yesterday };
}

test.describe("@billing admin billing screens", () => {
  test("@billing a draft invoice: the family's work, a fee added and removed, issued after confirming, then voided with a reason", async ({ page, api }) => {
    test.setTimeout(180_000);
    const { admin, student, yesterday } = await taughtYesterday(api);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/billing");
    await page.getByRole("row").filter({ hasText: student.name }).getByRole("link").first().click();
    await page.getByRole("button", { name: "Draft an invoice" }).click();
    const draftDialog = page.getByRole("dialog", { name: /^Draft an invoice/ });
    await fieldIn(draftDialog, "From").fill(addDays(yesterday, -1));
    await draftDialog.getByRole("button", { name: "Draft invoice" }).click();
    await notified(page, "Draft created");
    await expect(page.getByRole("heading", { level: 1, name: "Draft invoice" })).toBeVisible();

    // A fee: a bad amount is refused on its field; then it is added, and removed again.
    const fees = page.getByRole("region", { name: "Add a fee" });
    await fieldIn(fees, "Fee description").fill("Exam entry");
    await fieldIn(fees, "Amount (GBP)").fill("12.345");
    await fees.getByRole("button", { name: "Add fee line" }).click();
    await expect(fees.getByText("Amount must be an amount such as 45.50.")).toBeVisible();
    await fieldIn(fees, "Amount (GBP)").fill("25.00");
    await fees.getByRole("button", { name: "Add fee line" }).click();
    await notified(page, "Exam entry is on the draft.");
    await expect(page.getByRole("region", { name: "Totals" })).toContainText("£75.00");
    await expectAccessible(page);
    await checkWidths(page, "admin-billing-draft");
    await page.getByRole("button", { name: "Remove Exam entry" }).click();
    await notified(page, "Exam entry is off the draft.");
    await expect(page.getByRole("region", { name: "Totals" })).toContainText("£50.00");

    await page.getByRole("button", { name: "Issue invoice" }).click();
    await page.getByRole("dialog", { name: "Issue this invoice?" }).getByRole("button", { name: "Issue invoice" }).click();
    await notified(page, "Invoice issued");
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice / })).toBeVisible();

    // Void: nothing is paid, so it may be; the reason is required.
    await page.getByRole("button", { name: "Void invoice" }).click();
    const voidDialog = page.getByRole("dialog", { name: /^Void / });
    await voidDialog.getByRole("button", { name: "Void invoice" }).click();
    await expect(voidDialog.getByText("Reason is required.")).toBeVisible();
    await fieldIn(voidDialog, "Reason").fill("Issued by mistake");
    await voidDialog.getByRole("button", { name: "Void invoice" }).click();
    await notified(page, "Invoice voided");
    await expect(page.getByText("Voided: Issued by mistake")).toBeVisible();
    await expectAccessible(page);
  });

  test("@billing a payment's page: what it paid, its credit refunded in part after confirming; a credited invoice; the batch's period survives a reload", async ({
    page,
    api,
  }) => {
    test.setTimeout(180_000);
    const { admin, student, yesterday } = await taughtYesterday(api);
    const accounts = await admin.client.get(`/api/admin/billing/accounts?${new URLSearchParams({ q: student.name })}`);
    const accountId = ((await accounts.json()) as { items: { id: string }[] }).items[0]!.id;
    let keys = 0;
    const key = () => `e2e-payment-page-${Date.now()}-${++keys}`;
    const feeInvoice = async (description: string, amountMinor: number) => {
      const draft = await admin.client.post("/api/admin/billing/invoices", { data: { accountId, lines: [{ description, amountMinor }] } });
      expect(draft.status()).toBe(201);
      const issued = await admin.client.post(`/api/admin/billing/invoices/${((await draft.json()) as { id: string }).id}/issue`);
      expect(issued.status()).toBe(200);
      return (await issued.json()) as { id: string; number: string; totalMinor: number };
    };
    // An invoice a credit note settles wholly, and one a payment of £60.00 pays, leaving £20.00 of credit.
    const credited = await feeInvoice("Registration", 1000);
    const credit = await admin.client.post("/api/admin/billing/credit-notes", {
      data: {
        accountId,
        invoiceId: credited.id,
        reason: "Waived",
        lines: [{ description: "Registration waived", amountMinor: credited.totalMinor }],
        idempotencyKey: key(),
      },
    });
    expect(credit.status()).toBe(201);
    const paid = await feeInvoice("Exam entry", 4000);
    const payment = await admin.client.post("/api/admin/billing/payments", {
      data: {
        accountId,
        method: "bank_transfer",
        amountMinor: paid.totalMinor + 2000,
        receivedOn: yesterday,
        reference: "BACS 42",
        allocations: [{ invoiceId: paid.id, amountMinor: paid.totalMinor }],
        idempotencyKey: key(),
      },
    });
    expect(payment.status()).toBe(201);

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/billing?tab=invoices");
    await expect(page.getByRole("row").filter({ hasText: credited.number })).toContainText("Credited");

    // The payments list opens the payment's page.
    await page.getByRole("tab", { name: "Payments" }).click();
    await page.getByRole("row").filter({ hasText: "BACS 42" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/billing\/payments\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Payment of £/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Applied to invoices" }).getByRole("link", { name: paid.number })).toBeVisible();
    await expect(page.getByText("Left as credit", { exact: true }).locator("..")).toContainText("£20.00");
    await expectAccessible(page);
    await checkWidths(page, "admin-billing-payment", [1440, 390, 320]);

    // More than the credit is refused on its field; a part is refunded after confirming.
    const refund = page.getByRole("region", { name: "Refund", exact: true });
    await fieldIn(refund, "Amount (GBP)").fill("20.01");
    await fieldIn(refund, "Reason").fill("Paid twice");
    await refund.getByRole("button", { name: "Refund" }).click();
    await expect(refund.getByText("At most £20.00 of this payment can be refunded: the rest is allocated to invoices or already refunded.")).toBeVisible();
    await fieldIn(refund, "Amount (GBP)").fill("15.00");
    await refund.getByRole("button", { name: "Refund" }).click();
    const confirm = page.getByRole("dialog", { name: "Refund £15.00?" });
    await expect(confirm).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Refund £15.00" }).click();
    await notified(page, "Refund recorded");
    await expect(page.getByRole("region", { name: "Refunds" }).getByRole("row").filter({ hasText: "Paid twice" })).toContainText("£15.00");
    await expect(page.getByText("Left as credit", { exact: true }).locator("..")).toContainText("£5.00");
    await expectAccessible(page);
    await checkWidths(page, "admin-billing-payment-refunded", [1440, 390, 320]);

    // The invoice it paid names it in its activity, and leads back to it.
    await page.getByRole("region", { name: "Applied to invoices" }).getByRole("link", { name: paid.number }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Invoice ${paid.number}` })).toBeVisible();
    await page.getByRole("region", { name: "Payments and credits applied" }).getByRole("link", { name: "a payment" }).click();
    await expect(page).toHaveURL(/\/admin\/billing\/payments\/[0-9a-f-]{36}$/);

    // The batch's period is in the URL: a reload keeps it.
    await page.goto("/admin/billing?tab=batch");
    await fieldIn(page, "From").fill(addDays(yesterday, -1));
    await expect(page).toHaveURL(new RegExp(`from=${addDays(yesterday, -1)}`));
    await page.reload();
    await expect(fieldIn(page, "From")).toHaveValue(addDays(yesterday, -1));
    await expect(page.getByRole("row").filter({ hasText: student.name })).toContainText("£50.00");

    // A payment that is not in the workspace: said so, with the way back.
    await page.goto("/admin/billing/payments/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 1, name: "Payment not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to payments" })).toHaveAttribute("href", "/admin/billing?tab=payments");
    await expectAccessible(page);
  });
});
