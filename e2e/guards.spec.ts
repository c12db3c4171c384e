import { MESSAGES, roleNotAuthorizedReason } from "../src/shared/messages.ts";
import { expect, expectAccessible, submitLoginForm, test } from "./support/fixtures.ts";

test.describe("@guards route guards", () => {
  test("@guards an unsigned visit to an area page asks to sign in and returns there afterwards", async ({ page, api }) => {
    await page.goto("/tutor/calendar");
    await expect(page).toHaveURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get("reason")).toBe(MESSAGES.authenticationRequired);
    expect(url.searchParams.get("redirectTo")).toBe("/tutor/calendar");
    await expect(page.getByRole("status").filter({ hasText: MESSAGES.authenticationRequired })).toBeVisible();
    await expectAccessible(page);

    const tutor = await api.createMember("tutor");
    await submitLoginForm(page, tutor);
    await expect(page).toHaveURL("/tutor/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
    await expectAccessible(page);
  });

  test("@guards a signed-in user of another role is sent to permission denied with the reason", async ({ page, loginAs }) => {
    await loginAs(page, "parent");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/permission-denied\?/);
    await expect(page.getByRole("heading", { level: 1, name: "Permission denied" })).toBeVisible();
    const reason = page.getByText(roleNotAuthorizedReason("parent", "/admin/dashboard"), { exact: true });
    await expect(reason).toBeVisible();
    await expect(reason).toContainText("not authorized");
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/parent/dashboard");
    await expectAccessible(page);
  });

  test("@guards signing out from a dashboard lands on the plain sign-in page, not 'Session expired'", async ({ page, loginAs }) => {
    const admin = await loginAs(page, "admin");
    await page.goto("/admin/dashboard");
    await expect(page.getByText("Active students")).toBeVisible();
    // The sign-in screen's code arrives late (a slow network): the dashboard's queries, fetched
    // again once the cache is cleared, answer 401 while the dashboard is still shown.
    await page.route(/\/assets\/login-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/") && response.status() === 401);
    await page.getByRole("button", { name: `Account menu for ${admin.name}` }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/login");
    // Once a 401 of the cleared screen's queries has come back and the sign-in form is shown,
    // a wrong "Session expired" would be on screen.
    await refused;
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page).toHaveURL("/login");
    await expect(page.getByText(MESSAGES.sessionExpired)).toHaveCount(0);
  });
});
