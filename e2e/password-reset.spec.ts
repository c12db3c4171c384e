import { MESSAGES } from "../src/shared/messages.ts";
import { linkIn, uniqueEmail } from "./support/api.ts";
import { expect, expectAccessible, field, submitLoginForm, test } from "./support/fixtures.ts";

const NEW_PASSWORD = "Another-Long-Passphrase-77";

test.describe("@password-reset forgot and reset password", () => {
  test("@password-reset an empty request names the field and sends nothing", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/request-password-reset")) sent.push(request.url());
    });
    await page.goto("/forgot-password");
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Email is required.", { exact: true })).toBeVisible();
    await expect(field(page, "Email")).toHaveAccessibleDescription(/Email is required\./);
    expect(sent).toEqual([]);
    await expectAccessible(page);
  });

  test("@password-reset the same answer for an unknown email; the mailed link sets a new password; the old one stops working", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const unknown = uniqueEmail("nobody");

    await page.goto("/forgot-password");
    await field(page, "Email").fill(unknown);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByText(MESSAGES.forgotPasswordSent, { exact: true })).toBeVisible();
    await expectAccessible(page);
    expect(await api.mailsTo(unknown)).toEqual([]);

    await page.getByRole("button", { name: "Use a different email" }).click();
    await field(page, "Email").fill(admin.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();
    await expect(page.getByText(MESSAGES.forgotPasswordSent, { exact: true })).toBeVisible();

    const mail = await api.waitForMail(admin.email, "Reset your Glassroom password");
    await page.goto(linkIn(mail.text, "/reset-password"));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
    await expectAccessible(page);

    // Bad input: the two passwords differ; nothing changes.
    await field(page, "New password").fill(NEW_PASSWORD);
    await field(page, "Confirm new password").fill(`${NEW_PASSWORD}-typo`);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("The two passwords do not match.", { exact: true })).toBeVisible();
    await expect(field(page, "Confirm new password")).toHaveAccessibleDescription(/The two passwords do not match\./);

    await field(page, "Confirm new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your password has been changed" })).toBeVisible();
    await expectAccessible(page);

    // Setting it ended the account's other sessions (the API client signed in before).
    expect((await admin.client.get("/api/me")).status()).toBe(401);

    await page.getByRole("link", { name: "Sign in", exact: true }).last().click();
    await expect(page).toHaveURL("/login");
    await submitLoginForm(page, admin);
    await expect(page.getByRole("alert").getByText(MESSAGES.invalidCredentials, { exact: true })).toBeVisible();
    await submitLoginForm(page, { email: admin.email, password: NEW_PASSWORD });
    await expect(page).toHaveURL("/admin/dashboard");
  });
});
