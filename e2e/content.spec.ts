import type { APIRequestContext, Page } from "@playwright/test";
import { readAllContent } from "../content/files.ts";
import { findPublicRoute } from "../src/shared/public-routes.ts";
import { expect, expectAccessible, test } from "./support/fixtures.ts";

/** The blog and the case studies: pages made at build time from content/*.md. */
const ENTRIES = readAllContent();
const LISTS = [
  { path: "/resources/blog", kind: "blog" },
  { path: "/resources/case-studies", kind: "case-studies" },
] as const;

/** Every link on the page stays on the site and answers 200. */
async function expectLinksResolve(page: Page, request: APIRequestContext) {
  const hrefs = await page.locator("a[href]").evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!))]);
  expect(
    hrefs.filter((href) => /^https?:|^\/\//.test(href)),
    "links to other sites",
  ).toEqual([]);
  const local = new Set(hrefs.filter((href) => href.startsWith("/")).map((href) => href.split("#")[0]!));
  for (const href of local) expect((await request.get(href)).status(), href).toBe(200);
}

test.describe("blog and case studies", () => {
  for (const list of LISTS) {
    test(`${list.path} lists every entry newest first, its links resolve, and axe passes`, async ({ page, request }) => {
      const route = findPublicRoute(list.path)!;
      expect((await page.goto(list.path))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.title);
      await expect(page).toHaveTitle(`${route.title} · Glassroom`);
      const titles = ENTRIES.filter((entry) => entry.kind === list.kind).map((entry) => entry.title);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(titles);
      await expectLinksResolve(page, request);
      await expectAccessible(page);
    });
  }

  for (const entry of ENTRIES) {
    test(`${entry.path} has its heading, title and description, its links resolve, and axe passes`, async ({ page, request }) => {
      expect((await page.goto(entry.path))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(entry.title);
      await expect(page).toHaveTitle(`${entry.title} · Glassroom`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", entry.description);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^https?://[^/]+${entry.path}$`));
      if (entry.kind === "case-studies") await expect(page.getByRole("complementary", { name: "Illustrative scenario" })).toBeVisible();
      await expectLinksResolve(page, request);
      await expectAccessible(page);
    });
  }

  test("a post reads in the dark colour scheme and at 320 px wide without sideways scrolling (axe passes)", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    await page.emulateMedia({ colorScheme: "dark" });
    const post = ENTRIES.find((entry) => entry.kind === "blog")!;
    await page.goto(post.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectAccessible(page);
  });

  test("from the list to a post and back, as documents and inside the app (the post's data comes from the build)", async ({ page }) => {
    const [newest] = ENTRIES.filter((entry) => entry.kind === "blog");
    // The content pages load no framework: following a link loads the next page as a document.
    await page.goto("/resources/blog");
    await page.getByRole("link", { name: newest!.title }).click();
    await expect(page).toHaveURL(newest!.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest!.title);

    // From a page React runs (sign-up), the client router renders the list and the post.
    await page.goto("/signup");
    // Once React has hydrated the page (a click before that would be the browser's alone).
    await page.waitForFunction(() => Object.keys(document.querySelector("header") ?? {}).some((key) => key.startsWith("__reactFiber")));
    await page.evaluate(() => ((window as unknown as { clientSideMark: boolean }).clientSideMark = true));
    await page.getByRole("contentinfo").getByRole("link", { name: "Blog" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    await page.getByRole("link", { name: newest!.title }).click();
    await expect(page).toHaveURL(newest!.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest!.title);
    await expect(page).toHaveTitle(`${newest!.title} · Glassroom`);
    await page.getByRole("link", { name: "← All articles" }).click();
    await expect(page).toHaveURL("/resources/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
    expect(await page.evaluate(() => (window as unknown as { clientSideMark?: boolean }).clientSideMark), "no document load").toBe(true);
  });

  test("an unknown post is the 404 screen", async ({ page }) => {
    expect((await page.goto("/resources/blog/no-such-post"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  });
});

test("a post reads and its links work with JavaScript disabled", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    const post = ENTRIES.find((entry) => entry.kind === "blog")!;
    await page.goto(post.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page).toHaveTitle(`${post.title} · Glassroom`);
    // The body is there as HTML: its sections and paragraphs, not Markdown.
    expect(await page.getByRole("main").getByRole("heading", { level: 2 }).count()).toBeGreaterThan(2);
    expect(await page.getByRole("main").locator("p").count()).toBeGreaterThan(5);
    await page.getByRole("link", { name: "← All articles" }).click();
    await expect(page).toHaveURL("/resources/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  } finally {
    await context.close();
  }
});
