import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";

async function me(page: Page) {
  const response = await page.request.get("/api/me");
  return {
    status: response.status(),
    body: response.ok()
      ? ((await response.json()) as { user: { id: string; devops: boolean }; role: string; roleOverride: string | null; canSwitchRole: boolean })
      : null,
  };
}

async function switchRole(page: Page, label: string) {
  await page.getByRole("button", { name: "Switch Role" }).click();
  await page.getByRole("menuitem", { name: label, exact: true }).click();
}

test.describe("@role-switch Switch Role", () => {
  test("@role-switch a development server offers Switch Role to an unsigned visitor (on the pages React runs: the content pages load no framework)", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Switch Role" })).toBeVisible();
    await page.getByRole("button", { name: "Switch Role" }).click();
    for (const label of ["Unsigned", "Parent", "Tutor", "Admin", "Student"]) {
      await expect(page.getByRole("menuitem", { name: label, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
  });

  test("@role-switch a devops account switches to Tutor, keeps it across a reload, and Unsigned goes home", async ({ page, api }) => {
    const admin = await api.createAdmin();
    await api.makeDevops(admin.email);

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    const before = await me(page);
    expect(before.body).toMatchObject({ role: "admin", canSwitchRole: true, user: { devops: true } });
    const userId = before.body!.user.id;

    await expect(page.getByRole("button", { name: "Switch Role" })).toBeVisible();
    await expectAccessible(page);
    await switchRole(page, "Tutor");
    await expect(page).toHaveURL("/tutor/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${admin.name}` })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), `glassroom.roleOverride.${userId}`)).toBe("tutor");
    expect((await me(page)).body).toMatchObject({ role: "tutor", roleOverride: "tutor" });
    await expectAccessible(page);

    await page.reload();
    await expect(page).toHaveURL("/tutor/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${admin.name}` })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Tutor navigation" })).toBeVisible();

    await switchRole(page, "Unsigned");
    await expect(page).toHaveURL("/");
    expect(await page.evaluate((key) => window.localStorage.getItem(key), `glassroom.roleOverride.${userId}`)).toBe("unsigned");
    expect((await me(page)).body).toMatchObject({ role: "unsigned", roleOverride: "unsigned" });
  });
});

test.describe("@role-switch hydration", () => {
  test("@role-switch after Switch Role → Unsigned, an area page sends to /login without a hydration error", async ({ page, api }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const admin = await api.createAdmin();
    await api.makeDevops(admin.email);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await switchRole(page, "Unsigned");
    await expect(page).toHaveURL("/");

    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText("Authentication required")).toBeVisible();
    // A pre-rendered page opened with a reason in its address: the first render must be the pre-rendered one.
    await page.goto(`/login?${new URLSearchParams({ reason: "Authentication required", redirectTo: "/admin/calendar" })}`);
    await expect(page.getByText("Authentication required")).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(
      errors.filter((text) => /hydrat|#418|#423|#425/i.test(text)),
      "hydration errors",
    ).toEqual([]);
  });
});
