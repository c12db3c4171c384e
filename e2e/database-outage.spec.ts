import { MESSAGES } from "../src/shared/messages.ts";
import { Api } from "./support/api.ts";
import { startAppInstance } from "./support/app-instance.ts";
import { expect, expectAccessible, submitLoginForm, test } from "./support/fixtures.ts";
import { startTestPostgres } from "../tests/test-postgres.ts";

test.describe("@database-outage the database goes away and comes back", () => {
  test("@database-outage an area page shows the catalogue message with Retry, health says unavailable, and both recover", async ({ page, playwright }) => {
    test.setTimeout(120_000);
    const postgres = await startTestPostgres();
    const app = await startAppInstance({ databaseUrl: postgres.url });
    const api = new Api(playwright.request, app.url, postgres.url);
    try {
      const admin = await api.createAdmin();
      await page.goto(`${app.url}/login`);
      await submitLoginForm(page, admin);
      await expect(page).toHaveURL(`${app.url}/admin/dashboard`);
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

      await postgres.stop();
      // Health may answer its kept healthy probe for a second (features/health/database-probe.ts).
      await expect.poll(async () => (await page.request.get(`${app.url}/api/health`)).status(), { timeout: 5_000 }).toBe(503);
      const down = await page.request.get(`${app.url}/api/health`);
      expect(await down.json()).toMatchObject({ status: "degraded", database: "unavailable" });

      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: MESSAGES.databaseDown })).toBeVisible();
      const retry = page.getByRole("button", { name: "Retry" });
      await expect(retry).toBeVisible();
      await expectAccessible(page);

      await postgres.start();
      await expect.poll(async () => (await page.request.get(`${app.url}/api/health`)).status(), { timeout: 15_000 }).toBe(200);
      expect(await (await page.request.get(`${app.url}/api/health`)).json()).toMatchObject({ status: "ok", database: "ok" });

      await retry.click();
      await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      await expect(page.getByRole("heading", { name: MESSAGES.databaseDown })).toHaveCount(0);
      await expect(page).toHaveURL(`${app.url}/admin/dashboard`);
    } catch (error) {
      test.info().attach("dedicated server output", { body: app.output(), contentType: "text/plain" });
      throw error;
    } finally {
      await api.dispose();
      await app.stop();
      await postgres.destroy();
    }
  });
});
