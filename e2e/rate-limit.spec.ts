import { MESSAGES, rateLimitedMessage } from "../src/shared/messages.ts";
import { uniqueEmail } from "./support/api.ts";
import { startAppInstance } from "./support/app-instance.ts";
import { expect, field, test } from "./support/fixtures.ts";
import { createScratchDatabase } from "./support/postgres.ts";

test.describe("@rate-limit sign-in attempts are limited", () => {
  test("@rate-limit the eleventh sign-in to one account in five minutes is refused, saying when to try again", async ({ page }) => {
    // The shared server multiplies its limits for the other specs: this one runs the real limits.
    const database = await createScratchDatabase();
    const app = await startAppInstance({ databaseUrl: database.url, env: { RATE_LIMIT_MULTIPLIER: "1" } });
    try {
      await page.goto(`${app.url}/login`);
      await field(page, "Email").fill(uniqueEmail("guesser"));
      await field(page, "Password").fill("a-wrong-password-guess");
      const alert = page.getByRole("alert");
      for (let attempt = 1; attempt <= 10; attempt++) {
        const answered = page.waitForResponse((response) => response.url().endsWith("/api/auth/sign-in/email"));
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        expect((await answered).status(), `attempt ${attempt}`).toBe(401);
        await expect(alert).toContainText(MESSAGES.invalidCredentials);
      }
      const refused = page.waitForResponse((response) => response.url().endsWith("/api/auth/sign-in/email"));
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      const response = await refused;
      expect(response.status()).toBe(429);
      const retryAfter = Number(response.headers()["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      // The form says when to try again ("Too many attempts. Try again in 5 minutes.").
      await expect(alert).toContainText(rateLimitedMessage(retryAfter));
    } catch (error) {
      test.info().attach("dedicated server output", { body: app.output(), contentType: "text/plain" });
      throw error;
    } finally {
      await app.stop();
      await database.drop();
    }
  });
});
