import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin } from "./support/calendar.ts";
import { clientOf } from "./support/family.ts";
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

/**
 * A London workspace in pounds whose tutor, paid £30.00 an hour, taught an hour yesterday (reported)
 * and an hour three days ago (its report still missing).
 */
async function taughtAndReported(api: Api) {
  const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
  expect((await admin.client.patch("/api/admin/workspace", { data: { currency: "GBP" } })).status()).toBe(200);
  expect((await admin.client.patch(`/api/admin/tutors/${tutorMemberId}`, { data: { payRateMinor: 3000, chargeRateMinor: 5000 } })).status()).toBe(200);
  const yesterday = addDays(londonToday(), -1);
  const threeDaysAgo = addDays(londonToday(), -3);
  const [taught] = await scheduleAsAdmin(admin, {
    tutorMemberId,
    studentIds: [student.id],
    subject: "Mathematics",
    startsAt: `${yesterday}T16:00`,
    endsAt: `${yesterday}T17:00`,
  });
  await scheduleAsAdmin(admin, {
    tutorMemberId,
    studentIds: [student.id],
    subject: "Mathematics",
    startsAt: `${threeDaysAgo}T16:00`,
    endsAt: `${threeDaysAgo}T17:00`,
  });
  const tutorApi = await clientOf(api, tutor);
  const filed = await tutorApi.put(`/api/tutor/sessions/${taught!.id}/report`, {
    data: {
      topics: "Fractions",
      homeworkSet: "",
      students: [{ studentId: student.id, attendance: "present", previousHomework: "completed", understanding: 4, engagement: 4, scorePercent: 90 }],
    },
  });
  expect(filed.status()).toBe(200);
  return { admin, tutor, tutorMemberId, student };
}

test.describe("@pay tutor pay screens", () => {
  test("@pay an admin reads a tutor's statement, adjusts it, drafts, confirms and pays a run and downloads it; the tutor reads their statement", async ({
    page,
    api,
    browser,
  }) => {
    test.setTimeout(240_000);
    const { admin, tutor } = await taughtAndReported(api);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");

    // Tutors: each with what they earned; a row opens the statement.
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Tutor pay" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tutor pay" })).toBeVisible();
    const tutorRow = page.getByRole("row").filter({ hasText: tutor.name });
    await expect(tutorRow).toContainText("£30.00");
    await expectAccessible(page);
    await checkWidths(page, "admin-pay-tutors");
    await tutorRow.getByRole("link", { name: tutor.name }).click();

    // The statement: yesterday's hour earned and ready, the unreported one pending and why.
    await expect(page.getByRole("heading", { level: 1, name: `${tutor.name}'s pay` })).toBeVisible();
    const lines = page.getByRole("region", { name: "Lesson by lesson" });
    await expect(lines.getByRole("row").filter({ hasText: "Mathematics · Taught" })).toContainText("Ready for the next run");
    await expect(lines.getByRole("row").filter({ hasText: "Waiting for the session's report" })).toContainText("Not yet earned");
    const statementUrl = page.url();

    // An adjustment: a missing amount and reason are refused on their fields; then it is added.
    await page.getByRole("button", { name: "Add an adjustment" }).click();
    const adjust = page.getByRole("dialog", { name: `Adjust ${tutor.name}'s pay` });
    await adjust.getByRole("button", { name: "Add adjustment" }).click();
    await expect(adjust.getByText("Amount is required.")).toBeVisible();
    await expect(adjust.getByText("Reason is required.")).toBeVisible();
    await fieldIn(adjust, "Amount (GBP)").fill("12.5");
    await fieldIn(adjust, "Reason").fill("Travel to the library");
    await expectAccessible(page);
    await adjust.getByRole("button", { name: "Add adjustment" }).click();
    await notified(page, "£12.50 for");
    await expect(lines.getByRole("row").filter({ hasText: "Travel adjustment" })).toContainText("£12.50");
    await expect(page.getByText("£42.50").first()).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "admin-pay-statement");

    // A run of this period: drafted, confirmed after the question, marked paid with a reference.
    await page.goto("/admin/pay?tab=runs");
    await expect(page.getByRole("tab", { name: "Pay runs", selected: true })).toBeVisible();
    await expect(page.getByText("No pay runs yet.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Draft a pay run" }).click();
    const draft = page.getByRole("dialog", { name: "Draft a pay run" });
    await draft.getByRole("button", { name: "Draft pay run" }).click();
    await notified(page, "Pay run drafted");
    await expect(page).toHaveURL(/\/admin\/pay\/runs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: /^Pay run / })).toBeVisible();
    const tutorLines = page.getByRole("region", { name: tutor.name });
    await expect(tutorLines).toContainText(`Total for ${tutor.name}: £42.50`);
    await expect(tutorLines).toContainText("Travel: Travel to the library");
    await expectAccessible(page);
    await checkWidths(page, "admin-pay-run-draft");

    await page.getByRole("button", { name: "Confirm pay run" }).click();
    await page.getByRole("dialog", { name: "Confirm this pay run?" }).getByRole("button", { name: "Confirm pay run" }).click();
    await notified(page, "Pay run confirmed");
    await expect(page.getByRole("button", { name: "Confirm pay run" })).toHaveCount(0);

    await page.getByRole("button", { name: "Mark paid" }).click();
    const paid = page.getByRole("dialog", { name: "Mark the pay run paid" });
    await paid.getByRole("button", { name: "Mark paid" }).click();
    await expect(paid.getByText("Reference is required.")).toBeVisible();
    await fieldIn(paid, "Payroll reference").fill("PAYROLL-42");
    await expectAccessible(page);
    await paid.getByRole("button", { name: "Mark paid" }).click();
    await notified(page, "Pay run marked paid");
    await expect(page.getByText("PAYROLL-42")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
    await expectAccessible(page);
    await checkWidths(page, "admin-pay-run-paid");

    // The payroll file: one row per line, with the reference.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV for payroll" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^glassroom-pay-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv).toContain("Period from,Period to,Run status,Tutor");
    expect(csv).toContain(tutor.name);
    expect(csv).toContain("PAYROLL-42");
    expect(csv).toContain("12.50");

    // The run in the list; the statement says where each line went.
    await page.getByRole("link", { name: "Pay runs" }).first().click();
    await expect(page.getByRole("row").filter({ hasText: "PAYROLL-42" })).toContainText("Paid");
    await page.goto(statementUrl);
    await expect(lines.getByRole("row").filter({ hasText: "Travel adjustment" })).toContainText("Paid on");
    await expectAccessible(page);

    // The tutor reads the same statement, read-only, from their reports screen.
    const tutorContext = await browser.newContext();
    try {
      const tutorPage = await tutorContext.newPage();
      await signInThroughForm(tutorPage, tutor);
      await expect(tutorPage).toHaveURL("/tutor/dashboard");
      await tutorPage.goto("/tutor/reports");
      await tutorPage.getByRole("link", { name: "See your pay statement" }).click();
      await expect(tutorPage.getByRole("heading", { level: 1, name: "My pay" })).toBeVisible();
      const own = tutorPage.getByRole("region", { name: "Lesson by lesson" });
      await expect(own.getByRole("row").filter({ hasText: "Mathematics · Taught" })).toContainText("Paid");
      await expect(own.getByRole("row").filter({ hasText: "Travel adjustment" })).toContainText("Travel to the library");
      await expect(own.getByRole("row").filter({ hasText: "Waiting for the session's report" })).toBeVisible();
      await expect(tutorPage.getByRole("button", { name: "Add an adjustment" })).toHaveCount(0);
      // A range the statement cannot cover is named on its field.
      await fieldIn(tutorPage, "To").fill("2001-01-01");
      await expect(tutorPage.getByText("To date must not be before the from date.")).toBeVisible();
      await expectAccessible(tutorPage);
      await checkWidths(tutorPage, "tutor-pay");
    } finally {
      await tutorContext.close();
    }
  });

  test("@pay the pay settings are a section of Settings: a missing period start is named on its field; the pay runs tab says the period saved", async ({
    page,
    api,
  }) => {
    const admin = await api.createAdmin();
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/pay?tab=runs");
    await expect(page.getByText("Pay periods are monthly.")).toBeVisible();
    await page.getByRole("link", { name: "Change the pay settings" }).click();
    const section = page.getByRole("region", { name: "Tutor pay" });
    await expect(section.getByRole("button", { name: "Save pay settings" })).toBeVisible();
    await fieldIn(section, "Pay period").click();
    await page.getByRole("option", { name: "Fortnightly" }).click();
    await fieldIn(section, "Period start").fill("");
    await section.getByRole("button", { name: "Save pay settings" }).click();
    await expect(section.getByText("Period start is required.")).toBeVisible();
    await expectAccessible(page);
    await fieldIn(section, "Period start").fill("2026-01-05");
    await section.getByRole("switch", { name: "Pay a session only once its invoice is paid" }).check();
    await section.getByRole("button", { name: "Save pay settings" }).click();
    await notified(page, "Pay settings saved");
    await page.goto("/admin/pay?tab=runs");
    await expect(page.getByText("Pay periods are fortnightly, and a session is paid only once the family has paid its invoice.")).toBeVisible();
  });

  test("@pay the assignment form takes a pay rate override, refusing one that is not an amount", async ({ page, api }) => {
    const { admin, tutor, student } = await taughtAndReported(api);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto(`/admin/students/${student.id}`);
    const tutors = page.getByRole("region", { name: "Tutors" });
    await expect(tutors.getByRole("row").filter({ hasText: tutor.name })).toContainText("Tutor's pay rate");
    await tutors.getByRole("button", { name: "Assign a tutor" }).click();
    const assign = page.getByRole("dialog", { name: `Assign a tutor to ${student.name}` });
    await fieldIn(assign, "Tutor").fill(tutor.name);
    await page.getByRole("option", { name: new RegExp(escapeRegExp(tutor.name)) }).click();
    await fieldIn(assign, "Subject").fill("Physics");
    await fieldIn(assign, "Pay rate override (GBP per hour)").fill("lots");
    await assign.getByRole("button", { name: "Assign tutor" }).click();
    await expect(assign.getByText("Pay rate must be an amount such as 45.50.")).toBeVisible();
    await expectAccessible(page);
    await fieldIn(assign, "Pay rate override (GBP per hour)").fill("35");
    await assign.getByRole("button", { name: "Assign tutor" }).click();
    await notified(page, "Tutor assigned");
    await expect(tutors.getByRole("row").filter({ hasText: "Physics" })).toContainText("£35.00 / h");
  });
});
