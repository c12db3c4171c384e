import { calendarWorkspace } from "./support/calendar.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

test.describe("@playbook the growth playbook", () => {
  test("@playbook an admin reads the steps ticked from the data, ticks one by hand, skips one with a reason and opens it again", async ({ page, api }) => {
    test.setTimeout(90_000);
    // A workspace with a tutor (a step the data ticks) and the billing reminders on by default.
    const { admin } = await calendarWorkspace(api);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Growth playbook" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Growth playbook" })).toBeVisible();
    await expect(page.getByText("3 of 17 steps done", { exact: true })).toBeVisible();

    const tutors = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Bring your tutors into the workspace" }) });
    await expect(tutors.getByText("Done: your data says so")).toBeVisible();
    await expect(tutors.getByText("Now: 1 active tutor")).toBeVisible();
    await expect(tutors.getByRole("link", { name: "Its figure: Hours delivered by tutor" })).toHaveAttribute("href", "/admin/reports");
    await expectAccessible(page);

    // A step no data can tell is ticked by hand.
    const reviews = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Ask families for a public review" }) });
    await reviews.getByRole("button", { name: "Mark as done" }).click();
    await expect(reviews.getByText("Done: ticked by hand")).toBeVisible();
    await expect(page.getByText("4 of 17 steps done", { exact: true })).toBeVisible();

    // A skip needs its reason.
    const referrals = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Ask happy families for referrals" }) });
    await referrals.getByRole("button", { name: "Skip…" }).click();
    const dialog = page.getByRole("dialog", { name: 'Skip "Ask happy families for referrals"' });
    await dialog.getByRole("button", { name: "Skip step" }).click();
    await expect(dialog.getByText("Say why the step is skipped.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel("Why skip it?").fill("Our families come to us through schools");
    await dialog.getByRole("button", { name: "Skip step" }).click();
    await expect(dialog).toBeHidden();
    await expect(referrals.getByText("Skipped", { exact: true })).toBeVisible();
    await expect(referrals.getByText(/: Our families come to us through schools$/)).toBeVisible();
    await expect(page.getByText("4 of 17 steps done, 1 skipped", { exact: true })).toBeVisible();

    // Kept on the server: a reload shows the same; then the skip is taken back.
    await page.reload();
    await expect(referrals.getByText("Skipped", { exact: true })).toBeVisible();
    await referrals.getByRole("button", { name: "Open again" }).click();
    await expect(referrals.getByText("To do", { exact: true })).toBeVisible();
    await expect(page.getByText("4 of 17 steps done", { exact: true })).toBeVisible();
    await checkWidths(page, "growth-playbook");
  });
});
