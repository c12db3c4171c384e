/**
 * Looking at screens as a person does. Screenshots are for people (they assert nothing) and cost
 * the suite minutes, so they are taken only with E2E_SCREENSHOTS=1, into /tmp/glassroom/shots.
 * The sideways-scrolling checks always run.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { sideways } from "./widths.ts";

const SHOTS = "/tmp/glassroom/shots";
const wanted = () => process.env.E2E_SCREENSHOTS === "1";

/** A full-page screenshot at the current width, named `<name>-<width>.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!wanted()) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** The page does not scroll sideways (once its layout has settled after a resize); the message names what pushes it. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  let pushedBy = "";
  await expect
    .poll(
      async () => {
        const { overflow, culprits } = await sideways(page);
        pushedBy = culprits.join("; ");
        return overflow;
      },
      { message: `${label} scrolls sideways, pushed by ${pushedBy || "(see the culprits)"}`, timeout: 5_000 },
    )
    .toBeLessThanOrEqual(0);
}

/** At each width: no sideways scrolling, and a screenshot when asked for; then back to the width before. */
export async function checkWidths(page: Page, name: string, widths: readonly number[] = [1440, 390]): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
    await screenshot(page, name);
  }
  await page.setViewportSize(original);
}

/** Screenshots at 1280 and 390 px when asked for (nothing is checked); then back to the width before. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!wanted()) return;
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 800 : 844 });
    await screenshot(page, name);
  }
  await page.setViewportSize(original);
}
