import { linkIn, uniqueEmail, uniqueName } from "./support/api.ts";
import { TEST_PASSWORD } from "./support/constants.ts";
import { escapeRegExp, expect, expectAccessible, field, submitLoginForm, test } from "./support/fixtures.ts";

test.describe("@signup new workspace", () => {
  test("@signup an empty sign-up form names each field and sends nothing", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/signup")) sent.push(request.url());
    });
    await page.goto("/signup");
    await expect(page.getByRole("heading", { level: 1, name: "Create account" })).toBeVisible();
    await page.getByRole("button", { name: "Create account" }).click();

    // Each message is shown and tied to its field (the field's accessible description).
    const messages: [string, string][] = [
      ["Full name", "Full name is required."],
      ["Email", "Email is required."],
      ["Password", "Password is required."],
      ["Workspace name", "Workspace name must be at least 2 characters."],
    ];
    for (const [label, message] of messages) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
    }
    await expect(page.getByRole("heading", { name: "Check your email" })).toHaveCount(0);
    expect(sent).toEqual([]);
    await expectAccessible(page);
  });

  test("@signup start a workspace: confirmation mail, Email confirmed, sign in, admin dashboard", async ({ page, api }) => {
    const name = uniqueName("Founder");
    const email = uniqueEmail("founder");
    const workspaceName = uniqueName("Academy");

    await page.goto("/signup");
    await expectAccessible(page);
    await field(page, "Full name").fill(name);
    await field(page, "Email").fill(email);
    await field(page, "Password").fill(TEST_PASSWORD);
    await page.getByRole("radio", { name: "Start a new workspace" }).check();
    await field(page, "Workspace name").fill(workspaceName);
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expectAccessible(page);

    const mail = await api.waitForMail(email, "Confirm your email");
    await page.goto(linkIn(mail.text, "/api/auth/verify-email"));
    await expect(page).toHaveURL(/\/confirm-email\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
    await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Sign in", exact: true }).last().click();
    await expect(page).toHaveURL("/login");
    await submitLoginForm(page, { email, password: TEST_PASSWORD });
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(`${workspaceName} at a glance.`)).toBeVisible();
    await expectAccessible(page);
  });
});
