import { MESSAGES } from "../src/shared/messages.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";

test.describe("@404 unknown pages", () => {
  test("@404 an unknown path answers 404 with the Page Not Found screen, Home and a working Go Back", async ({ page }) => {
    const known = await page.goto("/product/pricing");
    expect(known?.status()).toBe(200);

    const response = await page.goto("/definitely-not-a-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("/definitely-not-a-page", { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.notFoundSupport, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL("/product/pricing");
  });

  test("@404 a visitor's 404 screen loads no framework, only the content pages' plain script", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    expect((await page.goto("/resources/no-such-page", { waitUntil: "networkidle" }))?.status()).toBe(404);
    await expect(page.getByText("/resources/no-such-page", { exact: true })).toBeVisible();
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/content-page-script-[\w-]+\.js$/)]);
  });

  test("@404 a known area path answers 200 even before sign-in", async ({ request }) => {
    for (const path of ["/admin/dashboard", "/tutor/calendar", "/setup-2fa", "/login"]) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
    expect((await request.get("/admin/no-such-screen")).status()).toBe(404);
  });

  test("@404 a signed-in user gets Go to Dashboard on the 404 screen", async ({ page, loginAs }) => {
    await loginAs(page, "tutor");
    const response = await page.goto("/tutor/definitely-not-a-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page.getByText("/tutor/definitely-not-a-page", { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.notFoundSupport, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Home", exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL("/tutor/dashboard");
  });
});
