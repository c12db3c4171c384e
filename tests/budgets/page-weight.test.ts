/**
 * Page-weight budgets (bench/support/budgets.ts): the gzip JavaScript a page loads, per kind of
 * page: a content page names no script but its small plain one in its pre-rendered HTML and
 * does not hydrate; every other public page's first render, everything an account page may
 * load, and each area's first screen (its first render, and all it loads before its user acts)
 * have their ceilings, and so has the gzip CSS of each area's first screen (1 KB = 1,024
 * bytes). Bytes are
 * deterministic, so they are computed from the production build without a browser: React
 * Router's manifest names each route's modules and their imports (bench/support/build-assets.ts;
 * `npm run bench -- page-weight` measures the same pages in Chromium and shows both agree).
 * The analytics screens' charts load when those screens are opened: their lazily loaded code
 * has a budget of its own, and no other page may load the charts library with its first render.
 * No account page loads zod, TanStack Query or Better Auth's client, even after its first render
 * (docs/decisions/012).
 * Builds once when build/client is missing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET,
  ANALYTICS_LAZY_JS_GZIP_BUDGET,
  AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET,
  ANALYTICS_SCREEN,
  budgetedPages,
  type BudgetedPage,
} from "../../bench/support/budgets.ts";
import { ensureBuild } from "../../bench/support/build.ts";
import {
  accountPageAssets,
  documentStylesheets,
  fileBytes,
  firstScreenAssets,
  LOADED_WITH_DATA,
  lazyAssets,
  pageAssets,
  prerenderedPageScripts,
  readRouterManifest,
  type RouterManifest,
} from "../../bench/support/build-assets.ts";
import { BUILD_CLIENT } from "../../bench/support/paths.ts";
import { NOT_FOUND_SHELL_PATH } from "../../src/shared/public-routes.ts";
import { AREA_ROUTES } from "../../src/shared/route-table.ts";

const KB = 1024;

const pages = budgetedPages();
let manifest: RouterManifest;

beforeAll(() => {
  ensureBuild();
  manifest = readRouterManifest(BUILD_CLIENT);
}, 600_000);

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function weigh(page: BudgetedPage) {
  const assets = pageAssets(manifest, page.path);
  return { assets, bytes: fileBytes(BUILD_CLIENT, assets.js) };
}

describe("page-weight budgets (gzip JavaScript per page)", () => {
  it("covers every public route and the first screen of every area", () => {
    expect(pages.filter((page) => page.kind === "area").map((page) => page.path)).toEqual([
      "/admin/dashboard",
      "/tutor/dashboard",
      "/parent/dashboard",
      "/student/dashboard",
    ]);
    expect(pages.filter((page) => page.kind === "account").map((page) => page.path)).toEqual([
      "/login",
      "/signup",
      "/forgot-password",
      "/reset-password",
      "/confirm-email",
      "/invite",
    ]);
    expect(pages.filter((page) => page.kind === "public").length).toBeGreaterThan(0);
  });

  it("counts what the page really loads: the manifest, the client entry and each matched route's modules", () => {
    const { assets } = weigh({ path: "/admin/dashboard", kind: "area", budget: 0 });
    expect(assets.routeIds).toEqual(["root", "admin-area", "admin-dashboard"]);
    expect(assets.js).toContain(manifest.url);
    expect(assets.js).toContain(manifest.entry.module);
    for (const id of assets.routeIds) expect(assets.js).toContain(manifest.routes[id]!.module);
    // Every file is counted once.
    expect(new Set(assets.js).size).toBe(assets.js.length);
  });

  for (const page of pages.filter((entry) => entry.kind !== "content")) {
    it(`${page.path}: at most ${kb(page.budget)}`, () => {
      const { bytes } = weigh(page);
      expect(bytes.gzip, `${page.path} loads ${kb(bytes.gzip)} of gzip JavaScript, over its budget of ${kb(page.budget)}`).toBeLessThanOrEqual(page.budget);
    });
  }
});

describe("content pages (and a visitor's 404): no framework, only their plain script", () => {
  const contentPages = pages.filter((page) => page.kind === "content");

  it("covers the home page, the product pages, the blog and case studies with their posts", () => {
    const paths = contentPages.map((page) => page.path);
    for (const path of ["/", "/product/pricing", "/resources/blog", "/resources/case-studies", "/company/about", NOT_FOUND_SHELL_PATH])
      expect(paths).toContain(path);
    expect(paths.some((path) => path.startsWith("/resources/blog/"))).toBe(true);
    expect(paths.some((path) => path.startsWith("/resources/case-studies/"))).toBe(true);
  });

  for (const page of contentPages) {
    it(`${page.path}: does not hydrate, and names at most ${kb(page.budget)} of gzip JavaScript`, () => {
      const { scripts, hydrates } = prerenderedPageScripts(BUILD_CLIENT, page.path);
      expect(hydrates, `${page.path} carries React Router's context`).toBe(false);
      expect(scripts, `${page.path} names one plain script`).toEqual([expect.stringMatching(/^\/assets\/content-page-script-[\w-]+\.js$/)]);
      const { gzip } = fileBytes(BUILD_CLIENT, scripts);
      expect(gzip, `${page.path} loads ${kb(gzip)} of gzip JavaScript, over its budget of ${kb(page.budget)}`).toBeLessThanOrEqual(page.budget);
    });
  }
});

describe("account pages: everything they may load", () => {
  const accountPages = pages.filter((entry) => entry.kind === "account");
  const contains = (url: string, text: string) => readFileSync(path.join(BUILD_CLIENT, url), "utf8").includes(text);
  const lazyOf = (pathname: string) => {
    const first = new Set(pageAssets(manifest, pathname).js);
    return accountPageAssets(BUILD_CLIENT, manifest, pathname).filter((url) => !first.has(url));
  };

  it("counts what a page loads after its first render: sign-in's two-factor step, the set-up form of a new Google account", () => {
    expect(lazyOf("/login").some((url) => contains(url, "Use a backup code"))).toBe(true);
    expect(lazyOf("/confirm-email").some((url) => contains(url, "Start workspace"))).toBe(true);
  });

  // Each library by a text of its own code, which the screens behind sign-in still load.
  const libraries = [
    { name: "zod", text: "ZodError" },
    { name: "TanStack Query", text: "Missing queryFn" },
    { name: "Better Auth's client", text: "$sessionSignal" },
  ];
  for (const library of libraries) {
    it(`no account page loads ${library.name}, before or after its first render`, () => {
      const scripts = readdirSync(path.join(BUILD_CLIENT, "assets")).filter((name) => name.endsWith(".js"));
      expect(
        scripts.some((name) => contains(`/assets/${name}`, library.text)),
        `the build has ${library.name} (by "${library.text}")`,
      ).toBe(true);
      const loading = accountPages.filter((page) => accountPageAssets(BUILD_CLIENT, manifest, page.path).some((url) => contains(url, library.text)));
      expect(loading.map((page) => page.path)).toEqual([]);
    });
  }

  for (const page of accountPages) {
    it(`${page.path}: at most ${kb(ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET)} with every lazy import of its screen`, () => {
      const all = accountPageAssets(BUILD_CLIENT, manifest, page.path);
      const { gzip } = fileBytes(BUILD_CLIENT, all);
      expect(gzip, `${page.path} may load ${kb(gzip)} of gzip JavaScript, over its budget of ${kb(ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET)}`).toBeLessThanOrEqual(
        ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET,
      );
    });
  }
});

describe("each area's first screen: all it loads before its user acts", () => {
  const contains = (url: string, text: string) => readFileSync(path.join(BUILD_CLIENT, url), "utf8").includes(text);
  const isZod = (url: string) => contains(url, "ZodError");

  // The admin's and the tutor's dashboards list missing reports: with one, they load its table.
  for (const part of LOADED_WITH_DATA) {
    it(`counts ${part.name} on the dashboards that load it with their data`, () => {
      for (const pathname of ["/admin/dashboard", "/tutor/dashboard"]) {
        expect(
          firstScreenAssets(BUILD_CLIENT, manifest, pathname).js.some((url) => contains(url, part.text)),
          `${pathname} does not count ${part.name}`,
        ).toBe(true);
      }
    });
  }

  for (const page of pages.filter((entry) => entry.kind === "area")) {
    it(`${page.path}: at most ${kb(AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET)} with the cards its screen loads lazily and what they load with data, and no zod`, () => {
      const all = firstScreenAssets(BUILD_CLIENT, manifest, page.path).js;
      // More than the first render: the dashboard's cards load after it.
      expect(all.length).toBeGreaterThan(pageAssets(manifest, page.path).js.length);
      // The forms' schemas load with the forms, when their user asks for them.
      expect(all.filter(isZod), `${page.path} loads zod before its user acts`).toEqual([]);
      const { gzip } = fileBytes(BUILD_CLIENT, all);
      expect(
        gzip,
        `${page.path} loads ${kb(gzip)} of gzip JavaScript before its user acts, over its budget of ${kb(AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET)}`,
      ).toBeLessThanOrEqual(AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET);
    });
  }
});

describe("page-weight budgets (gzip CSS of each area's first screen)", () => {
  const areaPages = pages.filter((page) => page.kind === "area");

  it("counts the page stylesheet the document links, the matched routes' and those the first screen's cards load", () => {
    const document = documentStylesheets(BUILD_CLIENT);
    expect(document.some((url) => /\/assets\/page-[\w-]+\.css$/.test(url))).toBe(true);
    expect(pageAssets(manifest, "/admin/dashboard").css.some((url) => /\/assets\/mantine-areas-[\w-]+\.css$/.test(url))).toBe(true);
    // The missing reports' table brings its own stylesheet (DataTable's CSS module).
    expect(pageAssets(manifest, "/admin/dashboard").css.some((url) => /\/assets\/data-table-[\w-]+\.css$/.test(url))).toBe(false);
    expect(firstScreenAssets(BUILD_CLIENT, manifest, "/admin/dashboard").css.some((url) => /\/assets\/data-table-[\w-]+\.css$/.test(url))).toBe(true);
  });

  for (const page of areaPages) {
    it(`${page.path}: at most ${kb(page.cssBudget!)} of CSS`, () => {
      const css = [...new Set([...documentStylesheets(BUILD_CLIENT), ...firstScreenAssets(BUILD_CLIENT, manifest, page.path).css])];
      const { gzip } = fileBytes(BUILD_CLIENT, css);
      expect(gzip, `${page.path} loads ${kb(gzip)} of gzip CSS, over its budget of ${kb(page.cssBudget!)}`).toBeLessThanOrEqual(page.cssBudget!);
    });
  }
});

describe("the analytics screens' lazily loaded code (the figure cards and the charts)", () => {
  const charts = new Map<string, boolean>();
  const isCharts = (url: string) => {
    if (!charts.has(url)) charts.set(url, readFileSync(path.join(BUILD_CLIENT, url), "utf8").includes("recharts-wrapper"));
    return charts.get(url)!;
  };

  it(`${ANALYTICS_SCREEN} loads at most ${kb(ANALYTICS_LAZY_JS_GZIP_BUDGET)} of gzip JavaScript once opened, besides its page`, () => {
    const lazy = lazyAssets(BUILD_CLIENT, manifest, ANALYTICS_SCREEN, "screen");
    expect(lazy.some(isCharts), "the charts library is among what the analytics screen loads lazily").toBe(true);
    const { gzip } = fileBytes(BUILD_CLIENT, lazy);
    expect(
      gzip,
      `${ANALYTICS_SCREEN} loads ${kb(gzip)} of gzip JavaScript lazily, over its budget of ${kb(ANALYTICS_LAZY_JS_GZIP_BUDGET)}`,
    ).toBeLessThanOrEqual(ANALYTICS_LAZY_JS_GZIP_BUDGET);
  });

  it("no page loads the charts library before it is asked for", () => {
    const paths = [...pages.map((page) => page.path), ...AREA_ROUTES.map((route) => route.path.replace(/:\w+/g, "x"))];
    const charted = paths.filter((pathname) => pageAssets(manifest, pathname).js.some(isCharts));
    expect(charted).toEqual([]);
  });
});
