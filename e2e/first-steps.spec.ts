import { uniqueEmail, uniqueName } from "./support/api.ts";
import { TEST_PASSWORD } from "./support/constants.ts";
import { addStudent, invite, linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

test.describe("@first-steps a new workspace and its first people", () => {
  test("@first-steps a workspace started in the browser takes its zone; Getting started leads the dashboard until its steps are done", async ({
    page,
    api,
  }) => {
    const email = uniqueEmail("founder");
    await page.goto("/signup");
    await field(page, "Full name").fill("Fran Founder");
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(TEST_PASSWORD);
    await page.getByRole("radio", { name: "Start a new workspace" }).check();
    await field(page, "Workspace name").fill(uniqueName("Academy"));
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await api.confirmEmail(email);
    await signInThroughForm(page, { email, password: TEST_PASSWORD });
    await expect(page).toHaveURL("/admin/dashboard");

    // A new workspace: Getting started comes before the figures, nothing done yet.
    const start = page.getByRole("region", { name: "Getting started" });
    await expect(start).toBeVisible();
    await expect(start.getByText("0 of 3 done")).toBeVisible();
    await expect(start.getByText("Your workspace's time zone is Europe/London")).toBeVisible();
    const figures = page.getByRole("link", { name: /Active students/ });
    expect((await start.boundingBox())!.y).toBeLessThan((await figures.boundingBox())!.y);
    await expectAccessible(page);
    await checkWidths(page, "admin-dashboard-new");

    // The browser's zone (Playwright's timezoneId) is the workspace's.
    await page.goto("/admin/settings");
    await expect(field(page, "Time zone")).toHaveValue("Europe/London");

    // The settings call the name "Display name", and so does its message.
    const profile = page.getByRole("region", { name: "Profile" });
    await profile.getByRole("textbox", { name: "Display name" }).fill("   ");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(profile.getByText("Display name is required.", { exact: true })).toBeVisible();

    // Add student: the one required field is marked so.
    await page.goto("/admin/students");
    await page.getByRole("button", { name: "Add student" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a student" });
    await expect(dialog.locator("label", { hasText: /^Name/ }).locator(".mantine-InputWrapper-required")).toHaveText(/\*/);
    await expect(dialog.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("required", "");
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Ada Lovelace");
    await dialog.getByRole("button", { name: "Add student" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();

    // One step done, then the others (a tutor invited, a parent present): the card goes.
    await page.goto("/admin/dashboard");
    await expect(start.getByText("1 of 3 done")).toBeVisible();
    const admin = { email, password: TEST_PASSWORD, name: "Fran Founder", workspaceName: "", joinCode: "", client: await api.signIn(email, TEST_PASSWORD) };
    await invite(admin, { email: uniqueEmail("tutor"), role: "tutor" });
    await page.reload();
    await expect(start.getByText("2 of 3 done")).toBeVisible();
    const settings = (await (await admin.client.get("/api/admin/workspace")).json()) as { joinCode: string };
    const parent = await api.createPendingJoiner(settings.joinCode);
    await api.approve({ ...admin, joinCode: settings.joinCode }, parent.email, "parent");
    for (let i = 0; i < 3; i++) await addStudent({ ...admin, joinCode: settings.joinCode });
    await page.reload();
    await expect(page.getByRole("link", { name: /Active students/ })).toContainText("4");
    await expect(page.getByRole("region", { name: "Getting started" })).toHaveCount(0);
    await expectAccessible(page);
    await checkWidths(page, "admin-dashboard-with-data");
  });

  test("@first-steps a tutor with no weekly availability is asked for it on the dashboard, until they give it", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const tutor = await api.createMember("tutor", { admin });
    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL(/\/dashboard$/);
    const prompt = page.getByRole("region", { name: "Set your weekly availability" });
    await expect(prompt).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "tutor-dashboard-availability-prompt");

    await prompt.getByRole("link", { name: "Set your weekly availability" }).click();
    await expect(page).toHaveURL("/tutor/settings#availability");
    const week = page.getByRole("region", { name: "Weekly availability" });
    await expect(week).toBeInViewport();
    await week.getByRole("button", { name: "Add time on Tuesday" }).click();
    await week.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("Availability saved")).toBeVisible();

    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Your students" })).toBeVisible();
    await expect(page.getByText("Set your weekly availability")).toHaveCount(0);
  });

  test("@first-steps a parent sees a co-guardian without an email by name alone, and downloads a file named after the child", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const parent = await api.createMember("parent", { admin });
    const coParent = await api.createMember("parent", { admin, name: "Mark Bennett" });
    const child = await addStudent(admin, { name: "Ada Lovelace" });
    await linkGuardian(admin, child.id, await memberIdOf(admin, parent.email));
    await linkGuardian(admin, child.id, await memberIdOf(admin, coParent.email));

    await signInThroughForm(page, parent);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/parent/students/${child.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
    const guardians = page.getByRole("region", { name: "Guardians" });
    await expect(guardians.getByRole("listitem").filter({ hasText: "Mark Bennett" })).toHaveText("Mark Bennett");
    await expect(guardians.getByRole("listitem").filter({ hasText: parent.name })).toHaveText(`${parent.name} (${parent.email})`);
    await expect(page.getByText("()")).toHaveCount(0);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download all data (ZIP)" }).click();
    const download = await downloading;
    // The workspace's zone is UTC (started through the API without one).
    expect(download.suggestedFilename()).toBe(`glassroom-ada-lovelace-${new Date().toISOString().slice(0, 10)}.zip`);
  });
});
