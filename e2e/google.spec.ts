import { uniqueEmail, uniqueName } from "./support/api.ts";
import { expect, expectAccessible, field, test } from "./support/fixtures.ts";
import { startAppInstance } from "./support/app-instance.ts";
import { APP_URL, GOOGLE_CLIENT_ID, GOOGLE_REDIRECT_URI, OIDC_ISSUER } from "./support/constants.ts";
import { createScratchDatabase } from "./support/postgres.ts";

test.describe("@google Google sign-in", () => {
  test("@google the Google button runs the OpenID Connect flow, lands on /confirm-email signed in, and the new account starts a workspace", async ({
    page,
  }) => {
    await page.goto("/login");
    const authorization = page.waitForRequest((request) => request.url().startsWith(`${OIDC_ISSUER}/auth?`));
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    const query = new URL((await authorization).url()).searchParams;
    expect(query.get("client_id")).toBe(GOOGLE_CLIENT_ID);
    expect(query.get("redirect_uri")).toBe(GOOGLE_REDIRECT_URI);
    expect(query.get("response_type")).toBe("code");
    expect(query.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    expect(query.get("code_challenge_method")).toBe("S256");
    expect(query.get("code_challenge")).toBeTruthy();
    expect(query.get("state")).toBeTruthy();

    const email = uniqueEmail("google");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Name").fill("Grace Google");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Glassroom wants to access your Google Account" })).toBeVisible();
    await page.getByRole("button", { name: "Allow" }).click();

    await expect(page).toHaveURL(new RegExp(`^${APP_URL}/confirm-email`));
    const me = await page.request.get("/api/me");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email, name: "Grace Google", emailVerified: true }, role: "pending", activeWorkspace: null });
    await expect(page.getByRole("heading", { level: 1, name: "Finish setting up your account" })).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Bad input: no workspace name; nothing is created.
    await page.getByRole("button", { name: "Start workspace" }).click();
    await expect(field(page, "Workspace name")).toHaveAccessibleDescription(/Workspace name must be at least 2 characters\./);
    expect(((await (await page.request.get("/api/me")).json()) as { workspaces: unknown[] }).workspaces).toEqual([]);

    const workspaceName = uniqueName("Google Academy");
    await field(page, "Workspace name").fill(workspaceName);
    await page.getByRole("button", { name: "Start workspace" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByText(`${workspaceName} at a glance.`)).toBeVisible();
  });

  test("@google with the default issuer the button's authorization URL is Google's, with our client id and redirect URI", async ({ request }) => {
    const database = await createScratchDatabase();
    const app = await startAppInstance({
      databaseUrl: database.url,
      env: { GOOGLE_CLIENT_ID: "real-looking-id.apps.googleusercontent.com", GOOGLE_CLIENT_SECRET: "real-looking-secret", GLASSROOM_API_ONLY: "true" },
    });
    try {
      const config = await request.get(`${app.url}/api/config`);
      expect(await config.json()).toMatchObject({ googleSignIn: true });
      // What the button sends (disableRedirect: no request leaves for Google).
      const response = await request.post(`${app.url}/api/auth/sign-in/social`, {
        headers: { Origin: app.url },
        data: { provider: "google", callbackURL: "/confirm-email", disableRedirect: true },
      });
      expect(response.status(), await response.text()).toBe(200);
      const url = new URL(((await response.json()) as { url: string }).url);
      expect(url.origin).toBe("https://accounts.google.com");
      expect(url.pathname).toBe("/o/oauth2/v2/auth");
      expect(url.searchParams.get("client_id")).toBe("real-looking-id.apps.googleusercontent.com");
      expect(url.searchParams.get("redirect_uri")).toBe(`${app.url}/api/auth/callback/google`);
      expect(url.searchParams.get("response_type")).toBe("code");
      expect(url.searchParams.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    } finally {
      await app.stop();
      await database.drop();
    }
  });
});
