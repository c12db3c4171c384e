/**
 * The page-weight budgets: gzip JavaScript a page loads (1 KB = 1,024 bytes): at most 2 KB on
 * a content page (no framework), PUBLIC_PAGE_JS_GZIP_BUDGET on the first render of every other
 * public page, ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET for everything an account page may load, and
 * AREA_FIRST_SCREEN_JS_GZIP_BUDGET on each area's first render and
 * AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET for all it loads before its user acts, with at most
 * AREA_FIRST_SCREEN_CSS_GZIP_BUDGET of gzip CSS there. The budget test
 * (tests/budgets/page-weight.test.ts) fails past them; the page-weight benchmark prints them.
 */
import { readAllContent } from "../../content/files.ts";
import { ENQUIRY_SHELL_SLUG, NOT_FOUND_SHELL_PATH } from "../../src/shared/public-routes.ts";
import { AREA_ROUTES, ENQUIRY_ROUTES, PUBLIC_ROUTES, areaRoutesOf, type RouteEntry } from "../../src/shared/route-table.ts";
import { MEMBER_ROLES, type MemberRole } from "../../src/shared/roles.ts";

/**
 * The first render of a public page that runs React: the account pages, the contact and
 * affiliate pages (their forms load lazily), the permission and enquiry pages. 150 KB until
 * billing, 152 KB until the account pages went within 150 KB with everything they load (their
 * budget below): every page that runs React loads the route manifest, which names every route of
 * the app (React Router's lazy route discovery, which would serve it in pieces, needs a server
 * render: it cannot be set with `ssr: false`). The figure then: /invite 148.8 KB.
 */
export const PUBLIC_PAGE_JS_GZIP_BUDGET = 150 * 1024;
/**
 * A content page (src/web/lib/content-page.ts) loads no framework: only its plain script, about
 * 1.3 KB of gzip when it came. The goal was at most 10 KB; the budget is the figure with room
 * for a few more lines, so that a framework script slipping back in fails at once.
 */
export const CONTENT_PAGE_JS_GZIP_BUDGET = 2 * 1024;
/**
 * Everything an account page may load without leaving it: its first render and every lazy
 * import of its screen (a second step such as the two-factor challenge, the next screen of its
 * form). The goal, 150 KB, is met: the pages check with the shared field rules as plain
 * functions (no zod), call the auth endpoints through the API client (no Better Auth client),
 * read the session again after sign-in without TanStack Query, provide Mantine's theme without
 * the code of its styles, and show the workspace choice with the browser's radio buttons
 * (docs/decisions/012). Measured then: 145.2–148.8 KB by this count (237 KB before, with zod,
 * the auth client and the query library); what remains is React, React DOM and React Router
 * (105 KB), the root with Mantine's core and the public layout (22 KB), the account form kit
 * (9.4 KB) and the route manifest (7 KB).
 */
export const ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET = 150 * 1024;
/** The account pages: public, with a form of the light account kit (docs/decisions/012). */
export const ACCOUNT_PAGES = ["/login", "/signup", "/forgot-password", "/reset-password", "/confirm-email", "/invite"] as const;
/**
 * The public pages that run React: the account pages, the pages with a form (loaded lazily),
 * the permission screen and a workspace's enquiry pages. Every other public page is a content
 * page, and so is every blog post and case study.
 */
const PUBLIC_PAGES_WITH_REACT = new Set<string>([...ACCOUNT_PAGES, "/company/contact", "/partners/affiliates", "/permission-denied"]);
/**
 * An area's first render. 300 KB until the area layout stopped loading what its first screen
 * does not show (measured then: 252–293 KB; the account menu, the notifications' container and
 * the workspace select load when they are needed: features/session/user-menu.tsx,
 * components/layouts/area-notifications.tsx, features/workspace/workspace-switcher.tsx), 205 KB
 * until the root's chunk took what the public layout and the areas share and each member role's
 * dashboard became a screen of its own (measured then: 193–202 KB). Now 187–194 KB: React,
 * React DOM and React Router (105 KB), the root's chunk with Mantine's core (23 KB), the route
 * manifest (7 KB), TanStack Query (12 KB), the account forms' inputs (9 KB), the AppShell and
 * navigation, and the dashboard itself; no dashboard loads zod or Better Auth's client with it.
 */
export const AREA_FIRST_SCREEN_JS_GZIP_BUDGET = 196 * 1024;
/**
 * All an area's first screen loads before its user acts, in a workspace with something in its
 * cards: its first render, the cards its route module loads lazily and what those load once
 * they have data to show, a missing report's table (bench/support/build-assets.ts
 * firstScreenAssets; in Chromium, what loads until the network is idle in the benchmark's
 * workspace, which has a session that ended without a report). The goal is 220 KB. It was
 * 205–317 KB in Chromium while the cards loaded their dialogs' forms with zod and @mantine/form,
 * Mantine's Modal, Select and Floating UI, and the missing reports' table with its scroll area;
 * those now load when their user asks for them (components/ui/use-on-demand.ts) or with the data
 * that needs them. 216 KB while it was counted without data (191–214 KB): with a missing report
 * the admin's and tutor's dashboards then loaded 229.1 and 238.5 KB, Mantine's Table having
 * brought its scroll area and Floating UI (17 KB) and the pager its buttons (3.4 KB). Now the
 * table is plain (components/data/data-table.tsx) and the pager loads with a second page:
 * measured then 190.3–216.3 KB (the tutor's the most), and the budget is that figure with
 * room for a small change.
 */
export const AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET = 218 * 1024;
/**
 * The stylesheets an area's first screen loads: the page stylesheet every page links (Mantine's
 * styles of the public pages and ours, 14.7 KB) and the areas' own (styles/mantine-areas.css:
 * the rest of what the screens behind sign-in use, 13.8 KB), 28.5 KB in all. It was 50.4 KB
 * with the whole of Mantine's stylesheet.
 */
export const AREA_FIRST_SCREEN_CSS_GZIP_BUDGET = 30 * 1024;

/**
 * The analytics screens (/admin/reports, and the figures of the tutor's and student's reports
 * and a parent's child) load their code when they are opened, on top of their page: the figure
 * cards, then the charts. Measured when they came: 173 KB of gzip, of which the charts
 * library (Mantine's charts on Recharts 3, with its store and scales) is 134.5 KB and the cards,
 * filters and rows with the Mantine components they use (select, modal, pagination) 38.5 KB. The
 * ceiling leaves room for the screens to grow by a few components, not for a second charts
 * library. Where it is counted: the lazy imports of the /admin/reports screen
 * (bench/support/build-assets.ts lazyAssets, from the screen's module: the area layout's
 * menus load on demand and are not the analytics'), besides the page's own budgeted JavaScript.
 * 185 KB until the areas' first screens stopped loading Mantine's popovers (Floating UI,
 * Popover, Combobox, ScrollArea: the cards' filters now load them) and Better Auth's client
 * (named by a lazy import in the account forms' chunk, whose inputs the cards share): 226 KB.
 * What opening /admin/reports loads in all went down, from 415 KB (242 KB with the first
 * render, 173 KB lazily) to 408 KB (182 KB, 226 KB). 212.7 KB since the account forms' chunk no
 * longer names Better Auth's client (docs/decisions/012): the budget is that figure, rounded up.
 */
export const ANALYTICS_LAZY_JS_GZIP_BUDGET = 215 * 1024;
/** The screen whose lazily loaded code is the analytics chunk's measure. */
export const ANALYTICS_SCREEN = "/admin/reports";

export interface BudgetedPage {
  path: string;
  /** content: no framework (budget on its scripts); account: also a budget on all it may load. */
  kind: "content" | "public" | "account" | "area";
  /** The role whose first screen this is (area pages only). */
  role?: MemberRole;
  budget: number;
  /** gzip CSS the page may load (area pages only). */
  cssBudget?: number;
}

/**
 * Every public route of the route table (a workspace's enquiry pages as their pre-rendered
 * shells), every page of content/ and a visitor's 404, then each area's first screen.
 */
export function budgetedPages(): BudgetedPage[] {
  const publicPages = [...PUBLIC_ROUTES, ...ENQUIRY_ROUTES].map((route): BudgetedPage => {
    const path = route.path.replace(":slug", ENQUIRY_SHELL_SLUG);
    if (!PUBLIC_PAGES_WITH_REACT.has(path) && route.layout === "public") return { path, kind: "content", budget: CONTENT_PAGE_JS_GZIP_BUDGET };
    return { path, kind: (ACCOUNT_PAGES as readonly string[]).includes(path) ? "account" : "public", budget: PUBLIC_PAGE_JS_GZIP_BUDGET };
  });
  // The blog posts and case studies, and a visitor's 404 screen (pre-rendered at its shell's path).
  const contentPages = [...readAllContent().map((entry) => entry.path), NOT_FOUND_SHELL_PATH].map((path): BudgetedPage => ({
    path,
    kind: "content",
    budget: CONTENT_PAGE_JS_GZIP_BUDGET,
  }));
  const firstScreens = MEMBER_ROLES.map((role): BudgetedPage => {
    const first: RouteEntry | undefined = areaRoutesOf(role)[0];
    if (!first) throw new Error(`The ${role} area has no screens in the route table`);
    return { path: first.path, kind: "area", role, budget: AREA_FIRST_SCREEN_JS_GZIP_BUDGET, cssBudget: AREA_FIRST_SCREEN_CSS_GZIP_BUDGET };
  });
  if (firstScreens.length === 0 || AREA_ROUTES.length === 0) throw new Error("The route table has no area screens");
  return [...publicPages, ...contentPages, ...firstScreens];
}
