/**
 * The e2e test API: `test` with an `api` fixture (people and workspaces made through the
 * real HTTP API) and `loginAs` (a fresh account of a role, signed in through the /login
 * form), plus `expectAccessible` (axe, WCAG 2.1 A and AA, fails on any violation).
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import type { MemberRole } from "../../src/shared/roles.ts";
import { Api, type Account } from "./api.ts";

export { expect };

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The form control labelled exactly `label` (a required field's label ends with an
 * aria-hidden " *", which label text matching would otherwise include).
 */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
}

/** Fills and sends the /login form on the current page (the caller navigates there). */
export async function submitLoginForm(page: Page, account: Pick<Account, "email" | "password">): Promise<void> {
  await field(page, "Email").fill(account.email);
  await field(page, "Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Opens /login and signs in through the form. */
export async function signInThroughForm(page: Page, account: Pick<Account, "email" | "password">): Promise<void> {
  await page.goto("/login");
  await submitLoginForm(page, account);
}

/**
 * Runs axe on the page once its transitions have finished (a dialog fading in has, for a
 * moment, colours of too little contrast) and fails with a readable list of every violation.
 * Two animation frames first: a transition that a click has just asked for (a dialog opening)
 * is not running yet, and axe would measure it half-faded.
 *
 * `inBothColourSchemes`: the page follows the system's colour scheme, so it is checked in the
 * scheme it shows, then in the other one (a colour that reads on white may not on the dark
 * page), and left in the scheme it showed.
 */
export async function expectAccessible(page: Page, options: { exclude?: string[]; inBothColourSchemes?: boolean } = {}): Promise<void> {
  const exclude = options.exclude ?? [];
  await expectAccessibleAsShown(page, exclude);
  if (!options.inBothColourSchemes) return;
  const shown = (await page.locator("html").getAttribute("data-mantine-color-scheme")) === "dark" ? "dark" : "light";
  await showColourScheme(page, shown === "dark" ? "light" : "dark");
  await expectAccessibleAsShown(page, exclude);
  await showColourScheme(page, shown);
}

/** The page in the colour scheme the system asks for (Mantine's "auto" scheme follows it at once). */
async function showColourScheme(page: Page, colorScheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme);
}

async function expectAccessibleAsShown(page: Page, exclude: string[]): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  // Legacy mode runs axe in the page itself: the default opens a second page for each check to
  // merge the results of frames, which the app does not have.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`),
  }));
  const colorScheme = await page.locator("html").getAttribute("data-mantine-color-scheme");
  expect(summary, `accessibility violations on ${page.url()} in the ${colorScheme ?? "light"} colour scheme`).toEqual([]);
}

export type LoginAs = (page: Page, role: MemberRole) => Promise<Account & { role: MemberRole }>;

export const test = base.extend<{ api: Api; loginAs: LoginAs }>({
  // Every page of every test: a Content-Security-Policy violation (a blocked script, style or
  // eval) on any document it showed fails the test.
  page: async ({ page }, use, testInfo) => {
    const violations: string[] = [];
    await page.exposeFunction("__glassroomReportCspViolation", (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __glassroomReportCspViolation: (violation: string) => void }).__glassroomReportCspViolation;
        report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) expect(violations, "Content-Security-Policy violations").toEqual([]);
  },
  api: async ({ playwright }, use) => {
    const api = new Api(playwright.request);
    await use(api);
    await api.dispose();
  },
  loginAs: async ({ api }, use) => {
    await use(async (page, role) => {
      const account = await api.createAccount(role);
      await signInThroughForm(page, account);
      await expect(page).toHaveURL(`/${role}/dashboard`);
      return account;
    });
  },
});
