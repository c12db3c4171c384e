import type { Locator, Page } from "@playwright/test";
import { addDays, calendarWorkspace, clockIn, dateIn, londonToday, notified, scheduleAsAdmin } from "./support/calendar.ts";
import { clientOf, linkGuardian, memberIdOf } from "./support/family.ts";
import { escapeRegExp, expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths, screenshot } from "./support/screens.ts";

/** The control labelled exactly `label` inside a dialog or a section (a required field's label ends with an aria-hidden " *"). */
const fieldIn = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** A session report's one student, present: what makes a session billable. */
const presentReport = (studentId: string) => ({
  topics: "Fractions",
  homeworkSet: "",
  students: [{ studentId, attendance: "present", previousHomework: "completed", understanding: 4, engagement: 4, scorePercent: 90 }],
});

/** London's wall clock (YYYY-MM-DDTHH:MM, as sessions are scheduled) at an instant. */
const londonLocal = (at: Date) => `${dateIn(at, "Europe/London")}T${clockIn(at.toISOString(), "Europe/London")}`;

/** The admin's billing tabs but two: the journey checks "Uninvoiced & batch" with its preview and "Disputes" with its dispute. */
const TABS = ["Families", "Invoices", "Payments", "Credit notes", "Packages", "Aged balances", "Ledger", "Exports"] as const;
const PARENT_WIDTHS = [1440, 390, 320] as const;

test.describe("@billing the billing journey", () => {
  test("@billing a package sold and drawn down, a batch issued, the invoice read and questioned by the parent, credited, paid and settled", async ({
    page,
    browser,
    api,
  }) => {
    test.setTimeout(300_000);
    // The workspace (London, pounds), a tutor charging £50.00 an hour, their student and the student's payer;
    // yesterday's hour was taught and reported before any package, so it is charged at the rate.
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    expect((await admin.client.patch("/api/admin/workspace", { data: { currency: "GBP" } })).status()).toBe(200);
    expect((await admin.client.patch(`/api/admin/tutors/${tutorMemberId}`, { data: { chargeRateMinor: 5000 } })).status()).toBe(200);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const tutorApi = await clientOf(api, tutor);
    const yesterday = addDays(londonToday(), -1);
    const [taughtYesterday] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${yesterday}T16:00`,
      endsAt: `${yesterday}T17:00`,
    });
    expect((await tutorApi.put(`/api/tutor/sessions/${taughtYesterday!.id}/report`, { data: presentReport(student.id) })).status()).toBe(200);

    // The admin adds a package to the catalogue: a bad price is refused on its field.
    await signInThroughForm(page, admin);
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Billing" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Billing" })).toBeVisible();
    const family = page.getByRole("row").filter({ hasText: student.name });
    await expect(family).toBeVisible();
    await page.getByRole("tab", { name: "Packages" }).click();
    await expect(page).toHaveURL(/tab=packages/);
    await page.getByRole("button", { name: "New package" }).click();
    const packageDialog = page.getByRole("dialog", { name: "New package" });
    await fieldIn(packageDialog, "Name").fill("Ten hours");
    await fieldIn(packageDialog, "Price (GBP)").fill("4,50.0.0");
    await packageDialog.getByRole("button", { name: "Create package" }).click();
    await expect(packageDialog.getByText("Price must be an amount such as 45.50.")).toBeVisible();
    await fieldIn(packageDialog, "Price (GBP)").fill("450.00");
    await packageDialog.getByRole("button", { name: "Create package" }).click();
    await notified(page, "Ten hours is in the catalogue.");
    await expect(page.getByRole("rowheader", { name: /Ten hours/ })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Ten hours" })).toContainText("£450.00");

    // It is sold to the family: its invoice is issued at once and opens.
    await page.getByRole("tab", { name: "Families" }).click();
    await family.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/admin\/billing\/accounts\/[0-9a-f-]{36}$/);
    const accountUrl = page.url();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sell a package" }).click();
    const saleDialog = page.getByRole("dialog", { name: /Sell a package/ });
    await fieldIn(saleDialog, "Package").click();
    await page.getByRole("option", { name: /Ten hours/ }).click();
    await saleDialog.getByRole("button", { name: "Sell package" }).click();
    await notified(page, "Package sold");
    await expect(page).toHaveURL(/\/admin\/billing\/invoices\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice / })).toBeVisible();
    await expect(page.getByText("Ten hours").first()).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "admin-billing-invoice");

    // The family pays £460.00 for it: £450.00 pays the invoice (its hours count from now), £10.00 becomes their credit.
    await page.getByRole("button", { name: "Record payment" }).click();
    const packagePayment = page.getByRole("dialog", { name: "Record a payment" });
    await fieldIn(packagePayment, "Amount received (GBP)").fill("460.00");
    await expect(packagePayment.getByRole("status")).toHaveText("Allocated £450.00; £10.00 becomes the family's credit.");
    await expectAccessible(page);
    await screenshot(page, "admin-billing-payment-form");
    await packagePayment.getByRole("button", { name: "Record payment" }).click();
    await notified(page, "Payment recorded");
    await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();

    // A package's hours count from its payment, so only a session starting after it draws on them:
    // one at the next whole minute, whose report is filed once it has started.
    const nextMinute = new Date((Math.floor(Date.now() / 60_000) + 1) * 60_000);
    const [drawnToday] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: londonLocal(nextMinute),
      endsAt: londonLocal(new Date(nextMinute.getTime() + 60 * 60_000)),
    });

    // A goodwill credit note on the paid invoice: more than is left to credit is refused on its field.
    await page.getByRole("button", { name: "New credit note" }).click();
    const creditDialog = page.getByRole("dialog", { name: /^New credit note/ });
    await fieldIn(creditDialog, "Reason").fill("Goodwill");
    await fieldIn(creditDialog, "Amount (GBP)").fill("451.00");
    await creditDialog.getByRole("button", { name: "Issue credit note" }).click();
    await expect(creditDialog.getByText("At most £450.00 of this invoice is left to credit.")).toBeVisible();
    await fieldIn(creditDialog, "Amount (GBP)").fill("10.00");
    await creditDialog.getByRole("button", { name: "Issue credit note" }).click();
    await notified(page, "Credit note issued");
    await expect(page.getByRole("region", { name: "Payments and credits applied" })).toContainText("from credit note");

    // Meanwhile the parent signs in: the ten hours are theirs, the payment is listed.
    const parentContext = await browser.newContext();
    try {
      const parentPage = await parentContext.newPage();
      await signInThroughForm(parentPage, parent);
      await expect(parentPage).toHaveURL("/parent/dashboard");
      await parentPage.getByRole("navigation", { name: "Parent navigation" }).getByRole("link", { name: "Billing and packages" }).click();
      await expect(parentPage.getByRole("heading", { level: 1, name: "Billing and packages" })).toBeVisible();
      const hours = parentPage.getByRole("region", { name: "Hours left" });
      await expect(hours.getByText("10 h left")).toBeVisible();
      await expect(parentPage.getByRole("region", { name: "Packages" })).toContainText("Active");
      await expect(parentPage.getByRole("region", { name: "Payments" })).toContainText("£460.00");
      // What they owe is already yesterday's £50.00 hour less their £20.00 of credit, which the next invoice takes.
      await expect(parentPage.getByText("You owe £30.00")).toBeVisible();
      const notInvoicedYet = parentPage.getByText("Includes £50.00 of sessions not invoiced yet.");
      await expect(notInvoicedYet).toBeVisible();
      await expect(parentPage.getByText("Applied to your next invoice.")).toBeVisible();

      // While the session starts, every tab of the admin's billing: its own URL, axe, and no sideways scrolling.
      await page.goto("/admin/billing");
      for (const tab of TABS) {
        await page.getByRole("tab", { name: tab }).click();
        await expect(page.getByRole("tab", { name: tab })).toHaveAttribute("aria-selected", "true");
        await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
        await expectAccessible(page);
        await checkWidths(page, `admin-billing-${tab.toLowerCase().replace(/[^a-z]+/g, "-")}`);
      }
      // The ledger's chain is checked in the background; its result is shown when done.
      await page.getByRole("tab", { name: "Ledger" }).click();
      await page.getByRole("button", { name: "Verify the ledger" }).click();
      await expect(page.getByText("The ledger is intact")).toBeVisible({ timeout: 30_000 });
      await expectAccessible(page);
      await checkWidths(page, "admin-billing-ledger-verified");

      // The tab is in the URL: a reload opens the same one.
      await page.getByRole("tab", { name: "Exports" }).click();
      await page.reload();
      await expect(page.getByRole("tab", { name: "Exports" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("link", { name: "Download payments CSV" })).toHaveAttribute("href", /\/api\/admin\/billing\/exports\/payments\.csv\?from=/);

      // The session has started: its report is filed, and its hour is drawn from the package (the parent sees it below).
      await expect
        .poll(async () => (await tutorApi.put(`/api/tutor/sessions/${drawnToday!.id}/report`, { data: presentReport(student.id) })).status(), {
          message: "filing the report once the session has started",
          timeout: 90_000,
          intervals: [1_000],
        })
        .toBe(200);

      // The batch: only yesterday's hour is uninvoiced (today's was paid in hours); preview it, then issue it after confirming.
      await page.goto("/admin/billing?tab=batch");
      await fieldIn(page, "From").fill(addDays(yesterday, -1));
      await expect(page.getByRole("row").filter({ hasText: student.name })).toContainText("£50.00");
      await page.getByRole("button", { name: "Preview batch" }).click();
      await expect(page.getByText(/Preview: 1 invoice, 1 line, £50\.00 in all/)).toBeVisible();
      await expectAccessible(page);
      await checkWidths(page, "admin-billing-batch-preview");
      await page.getByRole("button", { name: "Issue 1 invoice" }).click();
      await page.getByRole("dialog", { name: "Issue 1 invoice?" }).getByRole("button", { name: "Issue 1 invoice" }).click();
      await notified(page, "1 invoice was issued.");
      await expect(page.getByText("Nothing to invoice in this period.")).toBeVisible();

      // The issued invoice took the family's £20.00 of credit: £30.00 is left to pay.
      await page.getByRole("tab", { name: "Invoices" }).click();
      const batchRow = page.getByRole("row").filter({ hasText: "£50.00" }).filter({ hasText: "£30.00" });
      await expect(batchRow).toBeVisible();
      const invoiceNumber = (await batchRow.getByRole("link").first().innerText()).trim();
      expect(invoiceNumber).toMatch(/^INV-/);

      // The parent: the same £30.00 owed, now on the invoice; nine hours left.
      await parentPage.reload();
      await expect(parentPage.getByText("You owe £30.00")).toBeVisible();
      await expect(notInvoicedYet).toHaveCount(0);
      await expect(hours.getByText("9 h left")).toBeVisible();
      const invoices = parentPage.getByRole("region", { name: "Invoices" });
      const invoiceRow = invoices.getByRole("row").filter({ hasText: invoiceNumber });
      await expect(invoiceRow).toContainText("Partly paid");
      await expect(invoiceRow).toContainText("£50.00");
      await expectAccessible(parentPage);
      await checkWidths(parentPage, "parent-billings", PARENT_WIDTHS);

      // The statement downloads as a PDF and a CSV.
      const statement = parentPage.getByRole("region", { name: "Statement" });
      const statementPdf = await parentPage.request.get((await statement.getByRole("link", { name: "Statement (PDF)" }).getAttribute("href"))!);
      expect(statementPdf.headers()["content-type"]).toContain("application/pdf");
      const statementCsv = await parentPage.request.get((await statement.getByRole("link", { name: "Statement (CSV)" }).getAttribute("href"))!);
      expect(statementCsv.headers()["content-type"]).toContain("text/csv");

      // The invoice, line by line: yesterday's session, its student and attendance; the PDF downloads.
      await invoices.getByRole("link", { name: invoiceNumber, exact: true }).click();
      await expect(parentPage).toHaveURL(/\/parent\/billings\/invoices\/[0-9a-f-]{36}$/);
      const parentInvoiceUrl = parentPage.url();
      await expect(parentPage.getByRole("heading", { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
      const lines = parentPage.getByRole("region", { name: "Lines" });
      const sessionLink = lines.getByRole("link", { name: /Mathematics/ });
      await expect(sessionLink).toHaveAttribute("href", `/parent/sessions/${taughtYesterday!.id}`);
      const lineDescription = (await sessionLink.innerText()).trim();
      const line = lines.getByRole("row").filter({ hasText: lineDescription });
      await expect(line).toContainText(student.name);
      await expect(line).toContainText("Present");
      await expect(line).toContainText("£50.00");
      const outstanding = parentPage.getByRole("region", { name: "Totals" }).getByRole("row", { name: /Outstanding/ });
      await expect(outstanding).toContainText("£30.00");
      const pdf = await parentPage.request.get((await parentPage.getByRole("link", { name: "Download PDF" }).getAttribute("href"))!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toContain("application/pdf");
      expect((await pdf.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");
      await expectAccessible(parentPage);
      await checkWidths(parentPage, "parent-billing-invoice", PARENT_WIDTHS);

      // The parent questions the line: a reason is required; then the line is marked and leads to its thread.
      await lines.getByRole("button", { name: `Question this line: ${lineDescription}` }).click();
      const questionDialog = parentPage.getByRole("dialog", { name: "Question this line" });
      await questionDialog.getByRole("button", { name: "Send the question" }).click();
      await expect(questionDialog.getByText("Reason is required.")).toBeVisible();
      await expectAccessible(parentPage);
      await questionDialog.getByLabel("What is wrong with this line?").fill("The session started ten minutes late.");
      await questionDialog.getByRole("button", { name: "Send the question" }).click();
      await notified(parentPage, "Question sent");
      await expect(lines.getByText("Questioned")).toBeVisible();
      await lines.getByRole("link", { name: `Thread about ${lineDescription}` }).click();
      await expect(parentPage.getByRole("heading", { level: 1, name: `Question about ${lineDescription}` })).toBeVisible();
      const parentThread = parentPage.getByRole("list", { name: "Messages" });
      await expect(parentThread.getByText("The session started ten minutes late.")).toBeVisible();
      await expect(parentThread.getByText(parent.name)).toBeVisible();
      await parentPage.getByLabel("Add a message").fill("The tutor can confirm.");
      await parentPage.getByRole("button", { name: "Send the message" }).click();
      await notified(parentPage, "Message sent");
      await expect(parentThread.getByRole("listitem")).toHaveCount(2);
      await expectAccessible(parentPage);
      await checkWidths(parentPage, "parent-billing-dispute");

      // The admin reads the thread and answers with a credit note: more than the line is refused on its field.
      await page.getByRole("tab", { name: "Disputes" }).click();
      await expect(page.getByRole("link", { name: lineDescription })).toBeVisible();
      await expectAccessible(page);
      await checkWidths(page, "admin-billing-disputes");
      await page.getByRole("link", { name: lineDescription }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Dispute about ${lineDescription}` })).toBeVisible();
      const adminThread = page.getByRole("list", { name: "Messages" });
      await expect(adminThread.getByText("The session started ten minutes late.")).toBeVisible();
      await expect(adminThread.getByText("The tutor can confirm.")).toBeVisible();
      await page.getByRole("radiogroup", { name: "How to answer" }).getByText("Credit and close", { exact: true }).click();
      await fieldIn(page, "Amount to credit (GBP)").fill("60.00");
      await page.getByRole("button", { name: "Issue credit note and close" }).click();
      await expect(page.getByText("Amount must not be more than the disputed line's amount.")).toBeVisible();
      await fieldIn(page, "Amount to credit (GBP)").fill("10.00");
      await fieldIn(page, "Reason").fill("Ten minutes late");
      await expectAccessible(page);
      await checkWidths(page, "admin-billing-dispute");
      await page.getByRole("button", { name: "Issue credit note and close" }).click();
      await notified(page, "Credit note issued");
      const answered = page.getByText(/^Answered with credit note CN-/);
      await expect(answered).toBeVisible();
      const creditNoteNumber = /(CN-\S+?)\.?$/.exec(await answered.innerText())![1]!;

      // The credit note is on the invoice, and £20.00 is left; the family pays it.
      await page.getByRole("link", { name: invoiceNumber, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoiceNumber}` })).toBeVisible();
      await expect(page.getByText(new RegExp(`^${escapeRegExp(creditNoteNumber)}, .*: £10\\.00$`))).toBeVisible();
      const adminOutstanding = page.getByRole("region", { name: "Totals" }).getByRole("row", { name: /Outstanding/ });
      await expect(adminOutstanding).toContainText("£20.00");
      await page.getByRole("button", { name: "Record payment" }).click();
      const payment = page.getByRole("dialog", { name: "Record a payment" });
      await fieldIn(payment, "Amount received (GBP)").fill("20.00");
      await expect(payment.getByRole("status")).toContainText("Allocated £20.00");
      await payment.getByRole("button", { name: "Record payment" }).click();
      await notified(page, "Payment recorded");
      await expect(adminOutstanding).toContainText("£0.00");
      await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();

      // The parent: the question is answered with the credit note, the invoice is paid, nothing is owed.
      await parentPage.reload();
      await expect(parentPage.getByText("Credited", { exact: true })).toBeVisible();
      await expect(parentPage.getByRole("link", { name: `PDF of credit note ${creditNoteNumber}` })).toBeVisible();
      await expect(parentPage.getByRole("button", { name: "Send the message" })).toHaveCount(0);
      await parentPage.getByRole("link", { name: `Invoice ${invoiceNumber}` }).click();
      await expect(parentPage).toHaveURL(parentInvoiceUrl);
      await expect(lines.getByText(`Credited (${creditNoteNumber})`)).toBeVisible();
      await expect(outstanding).toContainText("£0.00");
      await parentPage.goto("/parent/billings");
      await expect(parentPage.getByText("Nothing owed")).toBeVisible();
      await expect(hours.getByText("9 h left")).toBeVisible();
      await expect(parentPage.getByRole("region", { name: "Credit notes" })).toContainText(creditNoteNumber);
      await expect(parentPage.getByRole("region", { name: "Questions about invoice lines" })).toContainText("Credited");
      await expectAccessible(parentPage);
      await checkWidths(parentPage, "parent-billings-settled", PARENT_WIDTHS);
    } finally {
      await parentContext.close();
    }

    // The family's page: one hour of the package used, and the ledger.
    await page.goto(accountUrl);
    await expect(page.getByRole("region", { name: "Hours" }).getByRole("row").filter({ hasText: student.name })).toContainText("Ten hours: 9 h of 10 h");
    await expect(page.getByRole("heading", { level: 2, name: "Ledger entries" })).toBeVisible();
    await checkWidths(page, "admin-billing-account");
  });
});
