import type { Page } from "@playwright/test";
import { readAllContent } from "../content/files.ts";
import { findPublicRoute } from "../src/shared/public-routes.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";
import { WIDTHS } from "./support/widths.ts";

/** The content pages of the marketing site with their h1. */
const PAGES: readonly { path: string; h1: RegExp }[] = [
  { path: "/", h1: /^The transparent tutoring operating system$/ },
  { path: "/solutions/solo-tutors", h1: /^Glassroom for solo tutors$/ },
  { path: "/solutions/tutoring-companies", h1: /^Glassroom for tutoring companies$/ },
  { path: "/product/overview", h1: /^One open platform/ },
  { path: "/product/sessions", h1: /^Sessions, reports and summaries$/ },
  { path: "/product/health", h1: /^Student health cards and alerts/ },
  { path: "/product/people", h1: /^People and records/ },
  { path: "/product/pricing", h1: /^Pricing$/ },
  { path: "/resources/tutoring-consultant-kit", h1: /^Tutoring consultant kit$/ },
  { path: "/resources/templates-scripts", h1: /^Templates and scripts$/ },
  { path: "/company/about", h1: /^About Glassroom$/ },
  { path: "/company/security-privacy", h1: /^Security and privacy$/ },
];

/** Waits until React has hydrated the page (a click before that would be the browser's alone). */
async function reactHasHydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.querySelector("header") ?? {}).some((key) => key.startsWith("__reactFiber")));
}

const titleOf = (path: string) => {
  const route = findPublicRoute(path)!;
  return path === "/" ? route.title : `${route.title} · Glassroom`;
};

test.describe("@marketing content pages", () => {
  for (const { path, h1 } of PAGES) {
    test(`@marketing ${path} has its h1 and title, every link resolves, and axe passes`, async ({ page, request }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(titleOf(path));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", findPublicRoute(path)!.description);

      const hrefs = await page.locator("a[href]").evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!))]);
      const local = hrefs.filter((href) => href.startsWith("/") && !href.startsWith("//")).map((href) => href.split("#")[0]!);
      expect(
        hrefs.filter((href) => /^https?:/.test(href)),
        "links to other sites",
      ).toEqual([]);
      for (const href of new Set(local)) expect((await request.get(href)).status(), href).toBe(200);

      // Every image is the app's own, with its size set (no layout shift) and a text alternative.
      for (const image of await page.locator("main img").all()) {
        await expect(image).toHaveAttribute("width", /^\d+$/);
        await expect(image).toHaveAttribute("height", /^\d+$/);
        await expect(image).toHaveAttribute("alt", /.{20,}/);
        expect(await image.getAttribute("src")).toMatch(/^\/screenshots\/[a-z-]+\.webp$/);
      }
      await expectAccessible(page);
    });
  }

  test("@marketing the screenshots are served as WebP, at 1280 and 800 px; a phone loads the smaller one", async ({ request, browser }) => {
    for (const name of ["tutor-calendar", "session-report", "parent-child", "admin-students", "student-record"]) {
      for (const file of [`${name}.webp`, `${name}-800.webp`]) {
        const response = await request.get(`/screenshots/${file}`);
        expect(response.status(), file).toBe(200);
        expect(response.headers()["content-type"], file).toContain("image/webp");
      }
    }
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const page = await phone.newPage();
    await page.goto("/");
    const hero = page.getByRole("img", { name: /A reported session/ });
    await expect(hero).toHaveJSProperty("complete", true);
    expect(await hero.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/\/screenshots\/session-report-800\.webp$/);
    await phone.close();
  });

  test("@marketing the footer links every public page", async ({ page }) => {
    await page.goto("/company/about");
    const footer = page.getByRole("contentinfo");
    for (const path of [
      ...PAGES.map((entry) => entry.path).filter((path) => path !== "/"),
      "/resources/blog",
      "/resources/case-studies",
      "/partners/affiliates",
      "/company/contact",
      "/login",
      "/signup",
    ]) {
      await expect(footer.locator(`a[href="${path}"]`), path).toHaveCount(1);
    }
  });

  test("@marketing the header's menus work with the keyboard", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const product = nav.locator("summary", { hasText: "Product" });
    const pricing = nav.getByRole("link", { name: /^Pricing/ });
    await expect(pricing).toBeHidden();

    await product.focus();
    await page.keyboard.press("Enter");
    await expect(product.locator("xpath=..")).toHaveAttribute("open", "");
    await expect(pricing).toBeVisible();
    await expectAccessible(page);

    // Escape closes the menu and keeps focus on its button.
    await page.keyboard.press("Escape");
    await expect(pricing).toBeHidden();
    await expect(product).toBeFocused();

    // Opening another menu closes the first; a link followed by keyboard navigates.
    await page.keyboard.press("Enter");
    const company = nav.locator("summary", { hasText: "Company" });
    await company.focus();
    await page.keyboard.press("Space");
    await expect(pricing).toBeHidden();
    const about = nav.getByRole("link", { name: /^About/ });
    await expect(about).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(about).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/company/about");
    await expect(about).toBeHidden();
  });

  test("@marketing on a phone the menu opens under its button and closes with Escape", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/product/pricing");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const hasOverflow = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(hasOverflow, "no sideways scrolling at 320 px").toBe(false);
    const menuButton = page.locator("summary", { hasText: "Navigation" });
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await menuButton.click();
    await expect(mobile.getByRole("link", { name: "Security and privacy" })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(mobile).toBeHidden();
    await expect(menuButton).toBeFocused();
    await menuButton.click();
    await mobile.getByRole("link", { name: "Templates and scripts" }).click();
    await expect(page).toHaveURL("/resources/templates-scripts");
    await expect(mobile).toBeHidden();
  });

  test("@marketing no page width makes the header scroll sideways; the menus show from 1,200 px, the phone menu's button below", async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto("/signup");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `sideways scrolling at ${width} px`).toBe(0);
      if (width >= 1200) await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      else await expect(page.locator("summary", { hasText: "Navigation" })).toBeVisible();
    }
  });

  test("@marketing the theme switch changes the colour scheme and keeps it, on a content page and on a page React runs", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/product/pricing");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");

    // The sign-in page is React's: its switch is the component's own, and the choice carries on.
    await page.goto("/login");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    await reactHasHydrated(page);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    await page.goto("/");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
  });

  test("@marketing a template's Copy button puts its text on the clipboard, on the pre-rendered page and after a client-side navigation", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/resources/templates-scripts");
    await page.getByRole("button", { name: "Copy Reply to a new enquiry" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Thank you for getting in touch about [subject]");

    // From a page React runs, the client router renders the templates page: React's handler copies.
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await page.goto("/signup");
    await reactHasHydrated(page);
    await page.evaluate(() => ((window as unknown as { clientSideMark: boolean }).clientSideMark = true));
    await page.getByRole("contentinfo").getByRole("link", { name: "Templates and scripts" }).click();
    await expect(page).toHaveURL("/resources/templates-scripts");
    expect(await page.evaluate(() => (window as unknown as { clientSideMark?: boolean }).clientSideMark), "no document load").toBe(true);
    await page.getByRole("button", { name: "Copy Reply to a new enquiry" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Thank you for getting in touch about [subject]");
  });
});

/** Every page that is content only: the marketing pages, the blog and case studies with their lists. */
const CONTENT_PAGES = [...PAGES.map((entry) => entry.path), "/resources/blog", "/resources/case-studies", ...readAllContent().map((entry) => entry.path)];

test.describe("@marketing content pages load no framework", () => {
  test("@marketing every content page loads its one small plain script and nothing of React's", async ({ page }) => {
    for (const path of CONTENT_PAGES) {
      const scripts: string[] = [];
      const onRequest = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      };
      page.on("request", onRequest);
      await page.goto(path, { waitUntil: "networkidle" });
      page.off("request", onRequest);
      expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/content-page-script-[\w-]+\.js$/)]);
      expect(await page.locator('link[rel="modulepreload"]').count(), path).toBe(0);
      expect(await page.evaluate(() => "__reactRouterContext" in window), path).toBe(false);
    }
  });

  test("@marketing a signed-in member's content page offers the way to their dashboard", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAs(page, "tutor");
    await page.goto("/product/pricing");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Go to dashboard" })).toHaveAttribute("href", "/tutor/dashboard");
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await header.getByRole("link", { name: "Go to dashboard" }).click();
    await expect(page).toHaveURL("/tutor/dashboard");
  });

  test("@marketing from a content page, Sign in opens the sign-in page, which works", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/product/pricing");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    // React runs here: the form validates before sending.
    await reactHasHydrated(page);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("textbox", { name: /Email/ })).toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("@marketing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("@marketing pages read and navigate, and the header's menus open, with JavaScript off", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The transparent tutoring operating system");
    // The menus are <details>: the browser opens them itself.
    const nav = page.getByRole("navigation", { name: "Main" });
    // One open at a time, by the browser alone (the menus are an exclusive group).
    await nav.locator("summary", { hasText: "Company" }).click();
    await expect(nav.getByRole("link", { name: /^About/ })).toBeVisible();
    await nav.locator("summary", { hasText: "Product" }).click();
    await expect(nav.getByRole("link", { name: /^About/ })).toBeHidden();
    await nav.getByRole("link", { name: /^Pricing/ }).click();
    await expect(page).toHaveURL("/product/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing");
    await expect(page.getByRole("table")).toContainText("Company");
    await expect(page.getByRole("rowheader", { name: /Session reports and family summaries/ })).toBeVisible();

    await page.getByRole("contentinfo").getByRole("link", { name: "Templates and scripts" }).click();
    await expect(page).toHaveURL("/resources/templates-scripts");
    await expect(page.locator("pre").first()).toContainText("[Parent name]");
    // What needs a script is not offered: the theme switch and the Copy buttons (the text is there to select).
    await expect(page.locator(".theme-switch")).toBeHidden();
    await expect(page.getByRole("button", { name: "Copy Reply to a new enquiry" })).toBeHidden();
  });

  test("@marketing on a phone the menu opens with JavaScript off", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto("/");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeHidden();
    await page.locator("summary", { hasText: "Navigation" }).click();
    await mobile.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL("/product/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing");
  });
});
