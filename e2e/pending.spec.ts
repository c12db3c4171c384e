import { MESSAGES } from "../src/shared/messages.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";

test.describe("@pending pending members", () => {
  test("@pending a confirmed joiner waiting for approval is refused at sign-in with the exact message and holds no session", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const joiner = await api.createPendingJoiner(admin.joinCode);

    await signInThroughForm(page, joiner);
    const alert = page.getByRole("alert").filter({ hasText: MESSAGES.pendingApproval });
    await expect(alert).toBeVisible();
    await expect(alert.getByText(MESSAGES.pendingApproval, { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/login");
    await expectAccessible(page);

    expect((await page.request.get("/api/me")).status()).toBe(401);
    const cookies = await page.context().cookies();
    expect(cookies.filter((cookie) => cookie.name.includes("session_token"))).toEqual([]);
  });
});
