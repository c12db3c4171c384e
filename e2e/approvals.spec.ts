import { MESSAGES } from "../src/shared/messages.ts";
import { linkIn, uniqueEmail, uniqueName } from "./support/api.ts";
import { TEST_PASSWORD } from "./support/constants.ts";
import { expect, expectAccessible, field, signInThroughForm, submitLoginForm, test } from "./support/fixtures.ts";

test.describe("@approvals joining a workspace", () => {
  test("@approvals join code → pending → exact refusal → approved as Tutor → tutor dashboard", async ({ page, browser, api }) => {
    const admin = await api.createAdmin();
    const joiner = { name: uniqueName("Joiner"), email: uniqueEmail("joiner"), password: TEST_PASSWORD };

    // The join link pre-fills the code.
    await page.goto(`/signup?join=${admin.joinCode}`);
    await expect(page.getByRole("radio", { name: "Join a workspace" })).toBeChecked();
    await expect(field(page, "Join code")).toHaveValue(admin.joinCode);
    await field(page, "Full name").fill(joiner.name);
    await field(page, "Email").fill(joiner.email);
    await field(page, "Password").fill(joiner.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByText(/an administrator of the workspace must approve your account/)).toBeVisible();
    await expectAccessible(page);

    const mail = await api.waitForMail(joiner.email, "Confirm your email");
    await page.goto(linkIn(mail.text, "/api/auth/verify-email"));
    await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
    await expect(page.getByText(/waiting for approval by an administrator/)).toBeVisible();
    await expectAccessible(page);

    await signInThroughForm(page, joiner);
    await expect(page.getByRole("alert").getByText(MESSAGES.pendingApproval, { exact: true })).toBeVisible();
    expect((await page.request.get("/api/me")).status()).toBe(401);

    // The admin, in a browser of their own.
    const adminContext = await browser.newContext();
    try {
      const adminPage = await adminContext.newPage();
      await signInThroughForm(adminPage, admin);
      await expect(adminPage).toHaveURL("/admin/dashboard");
      await expect(adminPage.getByText("1 person is waiting for you to approve their account.")).toBeVisible();
      await expectAccessible(adminPage, { inBothColourSchemes: true });
      await adminPage.getByRole("link", { name: "Review approvals" }).click();
      await expect(adminPage).toHaveURL("/admin/approvals");
      const row = adminPage.getByRole("row").filter({ hasText: joiner.email });
      await expect(row.getByRole("rowheader", { name: joiner.name })).toBeVisible();
      await expectAccessible(adminPage, { inBothColourSchemes: true });

      // No role chosen yet: Approve is not possible.
      const approve = adminPage.getByRole("button", { name: `Approve ${joiner.name}` });
      await expect(approve).toBeDisabled();
      await adminPage.getByLabel(`Role for ${joiner.name}`).click();
      await adminPage.getByRole("option", { name: "Tutor", exact: true }).click();
      await expect(approve).toBeEnabled();
      await approve.click();
      await expect(adminPage.getByText("Registration approved")).toBeVisible();
      await expect(adminPage.getByText("No registrations are waiting for approval.")).toBeVisible();
      await expectAccessible(adminPage);
    } finally {
      await adminContext.close();
    }
    await api.waitForMail(joiner.email, "You have been approved");

    await page.goto("/login");
    await submitLoginForm(page, joiner);
    await expect(page).toHaveURL("/tutor/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${joiner.name}` })).toBeVisible();
    await expect(page.getByText(admin.workspaceName, { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
