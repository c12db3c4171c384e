import { pagesOf, settle, workspaceWithEverything } from "./support/area-pages.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";

/**
 * Every signed-in page passes axe in both colour schemes (the areas follow the system's), on a
 * desktop and on a phone, with real content in it (support/area-pages.ts): a colour that reads
 * on white, a badge's outline or a red warning, may not on the dark page, nor a surface made for
 * the light one under the dark scheme's light text.
 */
for (const role of ["admin", "tutor", "parent", "student"] as const) {
  test(`@schemes every ${role} page passes axe in the light and the dark colour scheme, at 1,440 and 390 px`, async ({ page, api }) => {
    test.setTimeout(600_000);
    const { account, ids } = await workspaceWithEverything(api, role);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`/${role}/dashboard`, { timeout: 30_000 });
    for (const path of pagesOf(role, ids)) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
        await page.goto(path);
        await settle(page);
        await expectAccessible(page, { inBothColourSchemes: true });
      }
    }
  });
}
