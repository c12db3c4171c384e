import type { Locator, Page } from "@playwright/test";
import type { AdminAccount } from "./support/api.ts";
import { uniqueName } from "./support/api.ts";
import { escapeRegExp, expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";
import { assignTutor, createStudent, tutorMemberId } from "./support/people.ts";
import { screenshot } from "./support/screens.ts";

/** An admin in a workspace that bills in pounds, in London. */
async function londonAdmin(api: { createAdmin: () => Promise<AdminAccount> }): Promise<AdminAccount> {
  const admin = await api.createAdmin();
  const response = await admin.client.patch("/api/admin/workspace", { data: { currency: "GBP", timeZone: "Europe/London" } });
  expect(response.status()).toBe(200);
  return admin;
}

/** The control labelled exactly `label` inside a dialog or a section (a required field's label ends with an aria-hidden " *"). */
const fieldIn = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** A notification with this text is shown; it is then closed, so that it covers no control. */
async function notified(page: Page, text: string): Promise<void> {
  const notification = page.getByRole("alert").filter({ hasText: text });
  await expect(notification).toBeVisible();
  await notification.getByRole("button", { name: "Close notification" }).click();
  await expect(notification).toHaveCount(0);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Admin navigation" });

test.describe("@people admin screens for students and tutors", () => {
  test("@people a student's record: create, edit, pause, archive, guardian, tutor, access log, erase", async ({ page, api }) => {
    test.setTimeout(180_000);
    const admin = await londonAdmin(api);
    const tutor = await api.createMember("tutor", { admin, name: uniqueName("Tutor") });
    const parent = await api.createMember("parent", { admin, name: uniqueName("Parent") });
    const other = await createStudent(admin, { name: uniqueName("Zed Other"), status: "paused" });

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await nav(page).getByRole("link", { name: "Students" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: new RegExp(other.name) })).toBeVisible();
    await expectAccessible(page);

    // Add a student: refused input first, with the field's own message, and what was typed kept.
    await page.getByRole("button", { name: "Add student" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a student" });
    await fieldIn(dialog, "Grade or year").fill("Year 9");
    await dialog.getByRole("button", { name: "Add student" }).click();
    await expect(dialog.getByText("Name is required.")).toBeVisible();
    await fieldIn(dialog, "Name").fill("Alex <script>");
    await dialog.getByRole("button", { name: "Add student" }).click();
    await expect(dialog.getByText("Name must not contain < > or control characters.")).toBeVisible();
    await expect(fieldIn(dialog, "Grade or year")).toHaveValue("Year 9");
    await expectAccessible(page);

    const name = uniqueName("Alexandra");
    await fieldIn(dialog, "Name").fill(name);
    await fieldIn(dialog, "Preferred name").fill("Alex");
    await fieldIn(dialog, "Subjects").fill("Mathematics");
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Add student" }).click();
    await notified(page, "Student added");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/students\/[0-9a-f-]{36}$/);
    await expect(nav(page).getByRole("link", { name: "Students" })).toHaveAttribute("data-active", "true");
    await expect(page.getByText("Goes by Alex")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "admin-student-record");

    // Edit the record; a cleared name is refused next to the field and the rest is kept.
    const record = page.getByRole("region", { name: "Record" });
    await fieldIn(record, "School").fill("Hillside Academy");
    await fieldIn(record, "Notes (visible to the family)").fill("Prefers morning sessions.");
    await fieldIn(record, "Name").fill("");
    await record.getByRole("button", { name: "Save record" }).click();
    await expect(record.getByText("Name is required.")).toBeVisible();
    await expect(fieldIn(record, "School")).toHaveValue("Hillside Academy");
    await fieldIn(record, "Name").fill(name);
    await record.getByRole("button", { name: "Save record" }).click();
    await notified(page, "Record saved");
    await expect(page.getByText("Hillside Academy", { exact: false }).first()).toBeVisible();

    // Pause, reactivate, archive (confirmed), reactivate.
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await notified(page, `${name} is paused.`);
    await expect(page.getByRole("button", { name: "Reactivate" })).toBeVisible();
    await page.getByRole("button", { name: "Archive", exact: true }).click();
    await page
      .getByRole("dialog", { name: `Archive ${name}?` })
      .getByRole("button", { name: "Archive student" })
      .click();
    await notified(page, `${name} is archived as a former student.`);
    await expect(page.getByText("Former (archived)").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Reactivate" }).click();
    await notified(page, `${name} is active again.`);

    // Link the parent as a guardian (picked by searching), unlink with confirmation, link again.
    const guardians = page.getByRole("region", { name: "Guardians" });
    await guardians.getByRole("button", { name: "Link guardian" }).click();
    await expect(guardians.getByText("Choose a parent to link.")).toBeVisible();
    await fieldIn(guardians, "Link a parent").fill(parent.name);
    await page.getByRole("option", { name: new RegExp(parent.name) }).click();
    await guardians.getByRole("button", { name: "Link guardian" }).click();
    await notified(page, `${parent.name} is now a guardian of ${name}.`);
    await expect(guardians.getByRole("listitem").filter({ hasText: parent.email })).toBeVisible();
    await expectAccessible(page);
    await guardians.getByRole("button", { name: `Unlink ${parent.name}` }).click();
    await page
      .getByRole("dialog", { name: `Unlink ${parent.name}?` })
      .getByRole("button", { name: "Unlink guardian" })
      .click();
    await notified(page, `${parent.name} is no longer a guardian of ${name}.`);
    await expect(guardians.getByText("No guardian is linked yet.")).toBeVisible();
    await fieldIn(guardians, "Link a parent").fill(parent.name);
    await page.getByRole("option", { name: new RegExp(parent.name) }).click();
    await guardians.getByRole("button", { name: "Link guardian" }).click();
    await expect(guardians.getByRole("listitem").filter({ hasText: parent.email })).toBeVisible();

    // Assign the tutor with a rate in pounds; a bad amount is refused on the field.
    const tutors = page.getByRole("region", { name: "Tutors" });
    await tutors.getByRole("button", { name: "Assign a tutor" }).click();
    const assign = page.getByRole("dialog", { name: `Assign a tutor to ${name}` });
    await assign.getByRole("button", { name: "Assign tutor" }).click();
    await expect(assign.getByText("Tutor is required.")).toBeVisible();
    await fieldIn(assign, "Tutor").fill(tutor.name);
    await page.getByRole("option", { name: new RegExp(tutor.name) }).click();
    await expect(fieldIn(assign, "Subject")).toHaveValue("Mathematics");
    await fieldIn(assign, "Rate override (GBP per hour)").fill("forty");
    await assign.getByRole("button", { name: "Assign tutor" }).click();
    await expect(assign.getByText("Rate must be an amount such as 45.50.")).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "admin-assign-tutor-error");
    await fieldIn(assign, "Rate override (GBP per hour)").fill("42.5");
    await assign.getByRole("button", { name: "Assign tutor" }).click();
    await notified(page, "Tutor assigned");
    const assignment = tutors.getByRole("row").filter({ hasText: tutor.name });
    await expect(assignment).toContainText("£42.50");
    await expect(assignment).toContainText("Current");

    // End it (today is its last day).
    await assignment.getByRole("button", { name: `End ${tutor.name}'s Mathematics assignment` }).click();
    await page.getByRole("dialog", { name: "End the assignment" }).getByRole("button", { name: "End assignment" }).click();
    await notified(page, "Assignment ended");
    await expect(assignment.getByRole("button", { name: /^End / })).toHaveCount(0);
    await expect(assignment.getByRole("button", { name: `Change end date of ${tutor.name}'s Mathematics assignment` })).toBeVisible();

    // The access log: newest first, with what happened and who did it.
    const log = page.getByRole("region", { name: "Access log" });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(log.getByRole("row").nth(1)).toContainText(/viewed the record/i);
    await expect(log.getByRole("row").filter({ hasText: /created the record/i })).toHaveCount(1);
    await expect(
      log
        .getByRole("row")
        .filter({ hasText: `linked ${parent.name} as a guardian` })
        .first(),
    ).toBeVisible();
    await expect(log.getByRole("row").filter({ hasText: /created the record/i })).toContainText(admin.name);
    await expectAccessible(page);

    // Erase: the typed name must match; then the record is anonymised and read-only.
    await page.getByRole("button", { name: "Erase personal data" }).click();
    const erase = page.getByRole("dialog", { name: `Erase ${name}'s personal data?` });
    await fieldIn(erase, `Type the student's name to confirm: ${name}`).fill("someone else");
    await erase.getByRole("button", { name: "Erase personal data" }).click();
    await expect(erase.getByText(`Type the name exactly as shown: ${name}`)).toBeVisible();
    await expectAccessible(page);
    await fieldIn(erase, `Type the student's name to confirm: ${name}`).fill(name);
    await erase.getByRole("button", { name: "Erase personal data" }).click();
    await notified(page, "Personal data erased");
    await expect(page.getByRole("heading", { level: 1, name: "Erased student" })).toBeVisible();
    await expect(page.getByText("This record's personal data was erased")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save record" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Assign a tutor" })).toHaveCount(0);
    await expect(log.getByRole("row").filter({ hasText: /erased the record's personal data/i })).toHaveCount(1);
    await expectAccessible(page);
    await screenshot(page, "admin-student-erased");

    // Back to the list: search and the status filter are server-side and kept in the address.
    await page.getByRole("link", { name: "Students", exact: true }).first().click();
    await expect(page).toHaveURL("/admin/students");
    await expect(page.getByRole("row").filter({ hasText: "Erased student" })).toContainText("Erased");
    await screenshot(page, "admin-students-list-filled");
    await field(page, "Search by name").fill(other.name.slice(0, 12));
    await expect(page).toHaveURL(/q=Zed/);
    await expect(page.getByRole("rowheader", { name: new RegExp(other.name) })).toBeVisible();
    await expect(page.getByText("Erased student")).toHaveCount(0);
    await field(page, "Search by name").fill("nobody-by-this-name");
    await expect(page.getByText("No students match your search.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await page.getByLabel("Status").click();
    await page.getByRole("option", { name: "Paused" }).click();
    await expect(page).toHaveURL(/status=paused/);
    await expect(page.getByRole("rowheader", { name: new RegExp(other.name) })).toBeVisible();
    await expect(page.getByText("Showing 1–1 of 1 student")).toBeVisible();
    await page
      .getByRole("rowheader", { name: new RegExp(other.name) })
      .getByRole("link")
      .click();
    await expect(page.getByRole("heading", { level: 1, name: other.name })).toBeVisible();
  });

  test("@people the students list pages through the server's pages", async ({ page, api }) => {
    const admin = await londonAdmin(api);
    for (let index = 0; index < 27; index++) await createStudent(admin, { name: `Pupil ${String(index).padStart(2, "0")} ${uniqueName("x")}` });
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/students");
    await expect(page.getByText("Showing 1–25 of 27 students")).toBeVisible();
    await page.getByRole("button", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText("Showing 26–27 of 27 students")).toBeVisible();
    await expect(page.getByRole("rowheader", { name: /Pupil 26/ })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "admin-students-list");
  });

  test("@people a tutor: list → page, rates in the workspace currency, weekly availability with an overlap refused", async ({ page, api }) => {
    test.setTimeout(90_000);
    const admin = await londonAdmin(api);
    const tutor = await api.createMember("tutor", { admin, name: uniqueName("Tutor") });
    const student = await createStudent(admin, { name: uniqueName("Pupil") });
    await assignTutor(admin, { tutorMemberId: await tutorMemberId(admin, tutor.email), studentId: student.id });

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await nav(page).getByRole("link", { name: "Tutors" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tutors" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: tutor.email });
    await expect(row).toContainText("Not set");
    await expect(row.getByRole("cell").nth(2)).toHaveText("1");
    await expectAccessible(page);
    await screenshot(page, "admin-tutors-list");

    await row.getByRole("link", { name: tutor.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: tutor.name })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Tutors" })).toHaveAttribute("data-active", "true");
    await expect(page.getByRole("region", { name: "Students" }).getByRole("link", { name: student.name })).toBeVisible();
    await expectAccessible(page);

    // Rates: money typed in pounds, refused when not an amount.
    const rates = page.getByRole("region", { name: "Rates" });
    await fieldIn(rates, "Pay rate (GBP per hour)").fill("30");
    await fieldIn(rates, "Default charge rate (GBP per hour)").fill("55,5o");
    await rates.getByRole("button", { name: "Save rates" }).click();
    await expect(rates.getByText("Default charge rate must be an amount such as 45.50.")).toBeVisible();
    await expect(fieldIn(rates, "Pay rate (GBP per hour)")).toHaveValue("30");
    await fieldIn(rates, "Default charge rate (GBP per hour)").fill("55.5");
    await rates.getByRole("button", { name: "Save rates" }).click();
    await notified(page, "Rates saved");
    await expect(fieldIn(rates, "Default charge rate (GBP per hour)")).toHaveValue("55.50");

    // Profile.
    const profile = page.getByRole("region", { name: "Profile" });
    await fieldIn(profile, "Subjects").fill("Physics");
    await page.keyboard.press("Enter");
    await fieldIn(profile, "Bio").fill("Physics graduate, ten years of GCSE and A-level tutoring.");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await notified(page, "Profile saved");

    // Availability: two Monday slots, the second moved to overlap the first, refused on that slot.
    const week = page.getByRole("region", { name: "Weekly availability" });
    await week.getByRole("button", { name: "Add time on Monday" }).click();
    await week.getByRole("button", { name: "Add time on Monday" }).click();
    await week.getByRole("button", { name: "Add time on Wednesday" }).click();
    await expect(week.getByLabel("From, Monday slot 2")).toHaveValue("17:00");
    await week.getByLabel("From, Monday slot 2").fill("16:30");
    await week.getByRole("button", { name: "Save availability" }).click();
    await expect(week.getByText("Slots on Monday overlap.")).toBeVisible();
    await expect(week.getByLabel("From, Monday slot 2")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await screenshot(page, "admin-tutor-availability-error");
    await week.getByLabel("From, Monday slot 2").fill("17:00");
    await week.getByLabel("To, Monday slot 2").fill("19:00");
    await week.getByRole("button", { name: "Save availability" }).click();
    await notified(page, "Availability saved");

    // What was saved is what the page shows after a reload.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: tutor.name })).toBeVisible();
    await expect(week.getByLabel("To, Monday slot 2")).toHaveValue("19:00");
    await expect(week.getByLabel("From, Wednesday slot 1")).toHaveValue("16:00");
    await expect(fieldIn(rates, "Pay rate (GBP per hour)")).toHaveValue("30.00");
    await expect(page.getByText("Physics graduate, ten years of GCSE and A-level tutoring.")).toBeVisible();
    await week.getByRole("button", { name: "Remove Wednesday slot 1" }).click();
    await week.getByRole("button", { name: "Save availability" }).click();
    await notified(page, "Availability saved");
    await expectAccessible(page);
    await screenshot(page, "admin-tutor-detail");

    await page.getByRole("link", { name: "Tutors", exact: true }).first().click();
    await expect(page.getByRole("row").filter({ hasText: tutor.email })).toContainText("£55.50 / h");
  });

  test("@people phones (390 px): lists become cards, record pages fit the screen", async ({ page, api }) => {
    const admin = await londonAdmin(api);
    const tutor = await api.createMember("tutor", { admin, name: uniqueName("Tutor") });
    const student = await createStudent(admin, { name: uniqueName("Pupil"), preferredName: "Pip", grade: "Year 5", subjects: ["Reading", "Mathematics"] });
    const memberId = await tutorMemberId(admin, tutor.email);
    await assignTutor(admin, { tutorMemberId: memberId, studentId: student.id, rateOverrideMinor: 4000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");

    const fits = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto("/admin/students");
    await expect(page.getByRole("list", { name: "Students", exact: true }).getByRole("link", { name: student.name })).toBeVisible();
    await fits();
    await expectAccessible(page);
    await screenshot(page, "admin-students-list");

    await page.getByRole("link", { name: student.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: student.name })).toBeVisible();
    await expect(page.getByRole("list", { name: "Assigned tutors" })).toContainText("£40.00");
    await fits();
    await expectAccessible(page);
    await screenshot(page, "admin-student-record");

    await page.goto(`/admin/tutors/${memberId}`);
    await expect(page.getByRole("heading", { level: 1, name: tutor.name })).toBeVisible();
    await page.getByRole("button", { name: "Add time on Friday" }).click();
    await fits();
    await expectAccessible(page);
    await screenshot(page, "admin-tutor-detail");

    await page.goto("/admin/tutors");
    await expect(page.getByRole("list", { name: "Tutors" }).getByRole("link", { name: tutor.name })).toBeVisible();
    await fits();
    await expectAccessible(page);
    await screenshot(page, "admin-tutors-list");
  });
});
