import type { Page } from "@playwright/test";
import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";
import { base32Decode, totp } from "../tests/totp.ts";

/** The authenticator app's code for the secret shown on the page, at `time` (ms). */
const codeFor = (secret: string, time = Date.now()) => totp(base32Decode(secret), { time });

async function signOut(page: Page, name: string) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/login");
}

test.describe("@2fa two-factor authentication", () => {
  test("@2fa enrol on /setup-2fa, then sign in with a code and with a backup code", async ({ page, loginAs }) => {
    const account = await loginAs(page, "tutor");

    await page.getByRole("link", { name: "Turn on two-factor authentication" }).click();
    await expect(page).toHaveURL("/setup-2fa");
    await expect(page.getByRole("heading", { level: 1, name: "Set up two-factor authentication" })).toBeVisible();
    await expectAccessible(page);

    // Bad input: no password, then a wrong one.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Password is required.")).toBeVisible();
    await field(page, "Password").fill("not-the-password-at-all");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Password is incorrect.")).toBeVisible();

    await field(page, "Password").fill(account.password);
    await page.getByRole("button", { name: "Continue" }).click();
    const secretBox = page.getByRole("group", { name: "Secret key" });
    await expect(secretBox).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await secretBox.innerText()).replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await expectAccessible(page);

    // Bad input: a code from another time is refused, and two-factor stays off.
    await field(page, "Authentication code").fill(codeFor(secret, Date.now() - 10 * 60_000));
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect(page.getByText("This code is not right. Enter the code your app shows now.")).toBeVisible();

    await field(page, "Authentication code").fill(codeFor(secret));
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Save your backup codes" })).toBeVisible();
    const codes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allInnerTexts();
    expect(codes.length).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
    await page.getByRole("button", { name: "I have saved my backup codes" }).click();
    await expect(page).toHaveURL("/tutor/dashboard");
    expect(((await (await page.request.get("/api/me")).json()) as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled).toBe(true);

    // Sign in with a code from the app.
    await signOut(page, account.name);
    await signInThroughForm(page, account);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
    expect((await page.request.get("/api/me")).status()).toBe(401);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Code must be the 6 digits shown by your authenticator app.")).toBeVisible();
    // The next 30 seconds' code (accepted one step early): each code is accepted once, and the
    // current one may be the code that turned two-factor on.
    await field(page, "Authentication code").fill(codeFor(secret, Date.now() + 30_000));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/tutor/dashboard");

    // Sign in with a backup code.
    await signOut(page, account.name);
    await signInThroughForm(page, account);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
    await page.getByRole("button", { name: "Use a backup code" }).click();
    await field(page, "Backup code").fill(codes[0]!.trim());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL("/tutor/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${account.name}` })).toBeVisible();
  });
});
