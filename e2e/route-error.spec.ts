import type { Route } from "@playwright/test";
import { MESSAGES } from "../src/shared/messages.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";

test.describe("@route-error the route error screen", () => {
  test("@route-error a failing API answer shows Something went wrong, and Reload Page recovers", async ({ page, loginAs }) => {
    await loginAs(page, "tutor");

    const failMe = async (route: Route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: { code: "INTERNAL", message: "boom" } }) });
    await page.route("**/api/me", failMe);
    await page.goto("/tutor/calendar");
    await expect(page.getByRole("heading", { level: 1, name: MESSAGES.routeErrorTitle })).toBeVisible();
    await expect(page.getByText(MESSAGES.routeErrorBody, { exact: true })).toBeVisible();
    await expect(page.getByText("boom")).toHaveCount(0);
    await expectAccessible(page);

    await page.unroute("**/api/me", failMe);
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Reload Page" }).click();
    await reloaded;
    await expect(page).toHaveURL("/tutor/calendar");
    await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
    await expect(page.getByRole("heading", { name: MESSAGES.routeErrorTitle })).toHaveCount(0);
  });
});
