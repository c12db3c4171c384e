import type { Locator, Page } from "@playwright/test";
import type { Api } from "./support/api.ts";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin } from "./support/calendar.ts";
import { escapeRegExp, expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

/** The control labelled exactly `label` inside a section or a group. */
const field = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}$`));

/** A notification with this text is shown; it is then closed, so that it covers no control. */
async function notified(page: Page, text: string): Promise<void> {
  const notification = page.getByRole("alert").filter({ hasText: text });
  await expect(notification).toBeVisible();
  await notification.getByRole("button", { name: "Close notification" }).click();
  await expect(notification).toHaveCount(0);
}

/**
 * A London workspace whose one student attended two sessions this week, engagement rated 2 in
 * both: low engagement fires (+10), a score of 10, on track under the default rules (watch
 * from 20).
 */
async function lowEngagementStudent(api: Api) {
  const { admin, tutorMemberId, student } = await calendarWorkspace(api);
  for (const daysAgo of [1, 2]) {
    const day = addDays(londonToday(), -daysAgo);
    const [session] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${day}T16:00`,
      endsAt: `${day}T17:00`,
    });
    const filed = await admin.client.put(`/api/admin/sessions/${session!.id}/report`, {
      data: {
        topics: "Fractions",
        students: [{ studentId: student.id, attendance: "present", previousHomework: "none_set", understanding: 4, engagement: 2 }],
      },
    });
    expect(filed.status(), await filed.text()).toBe(200);
  }
  return { admin, student };
}

test.describe("health rules", () => {
  test("an admin lowers the watch band, previews a student moving to watch, publishes, and reads the new version in the history", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { admin, student } = await lowEngagementStudent(api);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");

    await page.goto("/admin/health/rules");
    await expect(page.getByRole("heading", { level: 1, name: "Health rules" })).toBeVisible();
    await expect(page.locator("#main").getByRole("link", { name: "Student health" })).toHaveAttribute("href", "/admin/health");
    await expect(page.getByText("Version 1 is in force: the defaults every workspace starts with.")).toBeVisible();
    const versions = page.getByRole("table", { name: "Versions of the health rules" });
    await expect(versions.getByRole("row")).toHaveCount(2);
    // Nothing changed yet: nothing to publish.
    await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();
    await expectAccessible(page);

    // A rule in words follows its numbers.
    const engagement = page.getByRole("group", { name: "Low engagement" });
    await expect(engagement).toContainText("Engagement rated 2 or lower (of 5) in 2 of the last 3 reports: +10.");
    await field(engagement, "Of the last reports").fill("4");
    await expect(engagement).toContainText("in 2 of the last 4 reports: +10.");
    await field(engagement, "Of the last reports").fill("3");

    // A threshold that does not hold together is refused on its field.
    const watchFrom = field(page, "Watch from a score of");
    await watchFrom.fill("45");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(page.getByText("The act band must start above the watch band.")).toBeVisible();

    // Watch from 10: the student (10) would move from on track to watch. Enter previews: the
    // request queues the preview (202), the server's job scores it, the screen polls until done.
    // The polls are answered "queued" until released, to see the screen while the job runs.
    let held = true;
    await page.route("**/api/admin/health/rules/previews/*", async (route) => {
      const response = await route.fetch();
      const state = await response.json();
      await route.fulfill({ response, json: held ? { ...state, status: "queued", finishedAt: null, result: undefined } : state });
    });
    await watchFrom.fill("10");
    const queued = page.waitForResponse((response) => response.url().endsWith("/api/admin/health/rules/preview") && response.request().method() === "POST");
    await watchFrom.press("Enter");
    const asked = await queued;
    expect(asked.status()).toBe(202);
    const { id: previewId } = await asked.json();
    await expect(page.getByRole("status").filter({ hasText: "Scoring every active student…" })).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "admin-health-rules-scoring", [320]);
    held = false;
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("1 active student scored under these rules: 1 would change band.");
    await expect(page.getByRole("status").filter({ hasText: "Preview ready" })).toContainText("Preview ready: 1 of 1 active students would change band.");
    const stored = await admin.client.get(`/api/admin/health/rules/previews/${previewId}`);
    expect(await stored.json()).toMatchObject({ id: previewId, status: "done", result: { students: 1, changed: 1 } });
    const moved = preview.getByRole("table", { name: /Students who would change band/ }).getByRole("row", { name: new RegExp(student.name) });
    await expect(moved).toContainText("10 → 10");
    await expect(moved).toContainText("On track");
    await expect(moved).toContainText("Watch");
    await expect(moved).toContainText("Engagement 2 or lower in 2 of the last 2 reports: +10");
    await expect(moved.getByRole("link", { name: student.name })).toHaveAttribute("href", `/admin/students/${student.id}`);
    const bands = preview.getByRole("table", { name: "Students per band, now and after" });
    await expect(bands.getByRole("row", { name: /^Watch/ }).getByRole("cell")).toHaveText(["0", "1"]);
    await expectAccessible(page);
    await checkWidths(page, "admin-health-rules-preview", [1440, 390, 320]);

    // Publish: what changed, in words, then the new version in force and in the history.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Publish version 2?" });
    await expect(dialog).toContainText("Watch band from a score of 20 → 10.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Publish version 2" }).click();
    await notified(page, "Version 2 published");
    await expect(page.getByText(/^Version 2 is in force, published/)).toBeVisible();
    await expect(watchFrom).toHaveValue("10");
    await expect(page.getByRole("region", { name: "Preview" })).toHaveCount(0);
    await expect(versions.getByRole("row")).toHaveCount(3);
    const newest = versions.getByRole("row", { name: /Version 2/ });
    await expect(newest).toContainText("Watch band from a score of 20 → 10.");
    await expect(newest).toContainText(admin.name);
    await expectAccessible(page);
    await checkWidths(page, "admin-health-rules", [1440, 390, 320]);
  });

  test("a preview whose job failed says so in plain words, and a newer preview replaces it", async ({ page, api }) => {
    const { admin } = await calendarWorkspace(api);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/health/rules");
    await expect(page.getByText("Version 1 is in force: the defaults every workspace starts with.")).toBeVisible();

    // The job's outcome is answered as a failure, as the server records one.
    let failing = true;
    const failure = "The preview could not be completed: scoring the students failed. Preview again; if it keeps failing, contact support.";
    await page.route("**/api/admin/health/rules/previews/*", async (route) => {
      const response = await route.fetch();
      const state = await response.json();
      const answer = failing ? { ...state, status: "failed", finishedAt: state.requestedAt, result: undefined, error: failure } : state;
      await route.fulfill({ response, json: answer });
    });
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const failed = page.getByRole("alert").filter({ hasText: "Could not preview the rules" });
    await expect(failed).toContainText(failure);
    await expect(page.getByRole("region", { name: "Preview" })).toHaveCount(0);
    await expectAccessible(page);

    failing = false;
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(page.getByRole("region", { name: "Preview" })).toContainText("1 active student scored under these rules: 0 would change band.");
    await expect(failed).toHaveCount(0);
  });

  test("a publication meanwhile is said clearly, and the form starts again from the version in force", async ({ page, api }) => {
    const { admin } = await calendarWorkspace(api);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/health/rules");
    await expect(page.getByText("Version 1 is in force: the defaults every workspace starts with.")).toBeVisible();

    // Another admin (the same account, elsewhere) publishes version 2.
    const current = await (await admin.client.get("/api/admin/health/rules")).json();
    const published = await admin.client.put("/api/admin/health/rules", {
      data: { baseVersion: 1, rules: { ...current.rules, windowWeeks: 10 } },
    });
    expect(published.status()).toBe(200);

    await field(page, "Act from a score of").fill("50");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("dialog", { name: "Publish version 2?" }).getByRole("button", { name: "Publish version 2" }).click();
    const conflict = page.getByRole("alert").filter({ hasText: "Another version was published meanwhile" });
    await expect(conflict).toContainText("version 2 has been published since");
    await expect(page.getByText(/^Version 2 is in force, published/)).toBeVisible();
    await expect(field(page, "Window (weeks)")).toHaveValue("10");
    await expect(field(page, "Act from a score of")).toHaveValue("40");
    await expect(page.getByRole("table", { name: "Versions of the health rules" }).getByRole("row")).toHaveCount(3);
    await expectAccessible(page);
  });
});
