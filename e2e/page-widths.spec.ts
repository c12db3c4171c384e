import type { Page } from "@playwright/test";
import { pagesOf, settle, workspaceWithEverything } from "./support/area-pages.ts";
import { expect, signInThroughForm, test } from "./support/fixtures.ts";
import { sideways, WIDTHS } from "./support/widths.ts";

/**
 * No signed-in page scrolls sideways, from a 320 px phone to a 1,440 px desktop: every page of
 * each area with real content in it (support/area-pages.ts). The viewer is in New York and the
 * workspace in London, so the time-zone choice shows too.
 */
test.use({ timezoneId: "America/New_York" });

/** After a resize: FullCalendar lays out again 50 ms after the window's resize event. */
async function resized(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 120)));
}

for (const role of ["admin", "tutor", "parent", "student"] as const) {
  test(`@widths no ${role} page scrolls sideways at any width from 320 to 1,440 px`, async ({ page, api }) => {
    test.setTimeout(600_000);
    const { account, ids } = await workspaceWithEverything(api, role);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`/${role}/dashboard`, { timeout: 30_000 });
    const check = async (path: string, width: number) => {
      const { overflow, culprits } = await sideways(page);
      // Soft: every page and width is reported, not only the first that fails.
      expect.soft(overflow, `${path} at ${width} px scrolls sideways, pushed by ${culprits.join("; ")}`).toBe(0);
    };
    for (const path of pagesOf(role, ids)) {
      // Opened wide, then narrowed through every width down to a tablet's (a page opened at
      // those widths lays out the same, the calendar in its week view); opened again on a phone.
      await page.setViewportSize({ width: WIDTHS.at(-1)!, height: 800 });
      await page.goto(path);
      await settle(page);
      for (const width of [...WIDTHS].reverse().filter((width) => width > 320)) {
        await page.setViewportSize({ width, height: 800 });
        await resized(page);
        await check(path, width);
      }
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(path);
      await settle(page);
      await check(path, 320);
    }
  });
}
