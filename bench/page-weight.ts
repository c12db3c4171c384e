/**
 * Page weight, measured in Chromium: every public route of the route table, every page of
 * content/, and the first screen of each area (signed in as a member of that role), each in a
 * fresh browser context (empty cache). For each page: the JavaScript and CSS it downloaded
 * until the network was idle (raw, and gzip computed here with zlib from the response bodies),
 * the number of requests and the HTML bytes, next to the budget and to the figures the budget
 * test computes from the build alone (for an account page, also everything it may load; for an
 * area's first screen, also all it loads before its user acts). The workspace holds what makes
 * a dashboard's cards load their data's parts: a session that ended a week ago without a report.
 */
import { chromium, type BrowserContext } from "@playwright/test";
import type { MemberRole } from "../src/shared/roles.ts";
import { assignTutor, createSession, createStudent } from "../tests/people-factories.ts";
import { createAccounts, type Accounts } from "./support/accounts.ts";
import { startAppServer } from "./support/app-server.ts";
import {
  ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET,
  ANALYTICS_LAZY_JS_GZIP_BUDGET,
  ANALYTICS_SCREEN,
  AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET,
  AREA_FIRST_SCREEN_CSS_GZIP_BUDGET,
  budgetedPages,
  type BudgetedPage,
} from "./support/budgets.ts";
import { ensureBuild } from "./support/build.ts";
import {
  accountPageAssets,
  fileBytes,
  firstScreenAssets,
  gzipBytes,
  lazyAssets,
  pageAssets,
  prerenderedPageScripts,
  readRouterManifest,
} from "./support/build-assets.ts";
import { BUILD_CLIENT, CHROMIUM_FLAGS, CHROMIUM_PATH } from "./support/paths.ts";
import type { Benchmark, BenchmarkReport } from "./support/report.ts";
import { kb } from "./support/stats.ts";

export interface PageFigures {
  path: string;
  kind: BudgetedPage["kind"];
  role: MemberRole | null;
  /** Where the browser ended up (a guard redirect would show here). */
  finalPath: string;
  requests: number;
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  htmlRaw: number;
  htmlGzip: number;
  /** gzip JavaScript per the build (what the budget test checks): a content page's scripts named in its HTML, else the first render per the manifest. */
  buildJsGzip: number;
  /**
   * Per the build, account pages: everything the page may load (first render and its screen's
   * lazy imports); areas' first screens: all they load before their user acts (first render and
   * the cards the screen loads lazily).
   */
  buildAllJsGzip: number | null;
  budget: number;
  /** gzip CSS the page may load (area pages), or null. */
  cssBudget: number | null;
}

/**
 * Within budget: a content page as Chromium loaded it; an area's first screen's first render per
 * the build and all Chromium loaded until the network was idle; another public page's first
 * render, and an account page's whole, per the build.
 */
function withinBudget(row: PageFigures): boolean {
  if (row.kind === "content") return row.jsGzip <= row.budget;
  if (row.kind === "area") return row.buildJsGzip <= row.budget && row.jsGzip <= AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET;
  return row.buildJsGzip <= row.budget && (row.buildAllJsGzip ?? 0) <= ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET;
}

interface Loaded {
  url: string;
  type: string;
  body: Buffer;
}

async function measurePage(context: BrowserContext, url: string): Promise<{ finalPath: string; requests: number; loaded: Loaded[] }> {
  const page = await context.newPage();
  let requests = 0;
  const bodies: Promise<Loaded | undefined>[] = [];
  page.on("request", () => requests++);
  page.on("response", (response) => {
    const type = response.request().resourceType();
    bodies.push(
      response.body().then(
        (body) => ({ url: response.url(), type, body }),
        () => undefined, // redirects and aborted requests have no body
      ),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const finalPath = new URL(page.url()).pathname;
  const loaded = (await Promise.all(bodies)).filter((entry): entry is Loaded => entry !== undefined);
  await page.close();
  return { finalPath, requests, loaded };
}

function sum(entries: Loaded[], gzip: boolean): number {
  return entries.reduce((total, entry) => total + (gzip ? gzipBytes(entry.body) : entry.body.length), 0);
}

/**
 * A session of the tutor's with a student that ended a week ago and has no report: the admin's
 * and the tutor's dashboards list it under Missing reports, and so load that list's table, as
 * they do in any workspace where a report is late.
 */
async function addMissingReport(accounts: Accounts): Promise<void> {
  const tutor = accounts.members.tutor;
  if (!tutor) throw new Error("A missing report needs the benchmark's tutor");
  const student = await createStudent(accounts.admin.client);
  await assignTutor(accounts.admin.client, { tutorMemberId: tutor.memberId, studentId: student.id });
  const lastWeek = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await createSession(accounts.admin.client, {
    tutorMemberId: tutor.memberId,
    studentIds: [student.id],
    startsAt: `${lastWeek}T10:00`,
    endsAt: `${lastWeek}T11:00`,
    timeZone: "UTC",
  });
}

/** The performance work's goal for everything an account page loads (the CI budget, ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET, is within it). */
const ACCOUNT_PAGE_GOAL = 150 * 1024;

async function run(): Promise<BenchmarkReport> {
  ensureBuild();
  const manifest = readRouterManifest(BUILD_CLIENT);
  const server = await startAppServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.filter((flag) => flag !== "--headless") });
  try {
    const accounts = await createAccounts(server, ["tutor", "parent", "student"]);
    await addMissingReport(accounts);
    const clientOf = (role: MemberRole) => (role === "admin" ? accounts.admin.client : accounts.members[role]!.client);
    const figures: PageFigures[] = [];
    try {
      for (const entry of budgetedPages()) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        if (entry.role) {
          const cookies = [...clientOf(entry.role).cookies].map(([name, value]) => ({ name, value, url: server.url }));
          await context.addCookies(cookies);
        }
        const { finalPath, requests, loaded } = await measurePage(context, `${server.url}${entry.path}`);
        await context.close();
        const js = loaded.filter((item) => item.type === "script");
        const css = loaded.filter((item) => item.type === "stylesheet");
        const html = loaded.filter((item) => item.type === "document");
        figures.push({
          path: entry.path,
          kind: entry.kind,
          role: entry.role ?? null,
          finalPath,
          requests,
          jsFiles: js.length,
          jsRaw: sum(js, false),
          jsGzip: sum(js, true),
          cssRaw: sum(css, false),
          cssGzip: sum(css, true),
          htmlRaw: sum(html, false),
          htmlGzip: sum(html, true),
          buildJsGzip: fileBytes(
            BUILD_CLIENT,
            entry.kind === "content" ? prerenderedPageScripts(BUILD_CLIENT, entry.path).scripts : pageAssets(manifest, entry.path).js,
          ).gzip,
          buildAllJsGzip:
            entry.kind === "account"
              ? fileBytes(BUILD_CLIENT, accountPageAssets(BUILD_CLIENT, manifest, entry.path)).gzip
              : entry.kind === "area"
                ? fileBytes(BUILD_CLIENT, firstScreenAssets(BUILD_CLIENT, manifest, entry.path).js).gzip
                : null,
          budget: entry.budget,
          cssBudget: entry.cssBudget ?? null,
        });
      }
    } finally {
      await accounts.close();
    }

    const over = figures.filter((row) => !withinBudget(row));
    const cssOver = figures.filter((row) => row.cssBudget !== null && row.cssGzip > row.cssBudget);
    const accountPages = figures.filter((row) => row.kind === "account");
    const accountOverGoal = accountPages.filter((row) => row.jsGzip > ACCOUNT_PAGE_GOAL);
    const analyticsLazy = fileBytes(BUILD_CLIENT, lazyAssets(BUILD_CLIENT, manifest, ANALYTICS_SCREEN, "screen")).gzip;
    const redirected = figures.filter((row) => row.finalPath !== row.path);
    return {
      tables: [
        {
          title: "Page weight in Chromium (KB = 1,024 bytes; gz = gzip level 6 of the response bodies)",
          columns: [
            "page",
            "kind",
            "as",
            "requests",
            "JS files",
            "JS KB",
            "JS gz KB",
            "CSS KB",
            "CSS gz KB",
            "HTML KB",
            "budget gz KB",
            "within",
            "build calc gz KB",
            "build calc all gz KB",
          ],
          rows: figures.map((row) => [
            row.finalPath === row.path ? row.path : `${row.path} → ${row.finalPath}`,
            row.kind,
            row.role ?? "visitor",
            row.requests,
            row.jsFiles,
            kb(row.jsRaw),
            kb(row.jsGzip),
            kb(row.cssRaw),
            kb(row.cssGzip),
            kb(row.htmlRaw),
            kb(row.budget),
            withinBudget(row) ? "yes" : "OVER",
            kb(row.buildJsGzip),
            row.buildAllJsGzip === null ? "" : kb(row.buildAllJsGzip),
          ]),
          notes: [
            "Production build served by the bundled server as `npm start` runs it (NODE_ENV=production); each page in a fresh browser context (nothing cached), 1280×800, loaded until the network is idle.",
            "Area pages are opened with the session cookie of a member of that role, made through the API (sign-up, mailed link, approval, sign-in).",
            "The server gzips its answers: the gzip figures are about what travels (the server compresses at its own level), the raw ones what the browser parses.",
            '"build calc" is what tests/budgets/page-weight.test.ts computes without a browser (the figure that fails CI): for a content page the scripts its pre-rendered HTML names, for the others the first render per React Router\'s manifest. "build calc all" (account pages): the first render and every lazy import of the screen, against the account budget of ' +
              `${kb(ACCOUNT_PAGE_ALL_JS_GZIP_BUDGET)} KB.`,
            "Content pages load no framework (src/web/lib/content-page.ts): their budget is on what Chromium loaded. Account pages: Chromium's JS is everything the page loaded before its user acted; what it loads once its form is sent (sign-in's two-factor step, the next screen) is in build calc all.",
            `Areas' first screens: the budget column is the first render's (build calc); Chromium's JS is all the screen loaded until the network was idle (its cards' code included, in a workspace with a session that ended a week ago without a report), against the budget of ${kb(AREA_FIRST_SCREEN_ALL_JS_GZIP_BUDGET)} KB on all a first screen loads before its user acts, which "build calc all" computes from the build (the first render, the cards its screen loads lazily and what they load with data: the missing reports' table).`,
            `Account pages, goal ≤ ${kb(ACCOUNT_PAGE_GOAL)} KB of everything loaded: ${accountPages.map((row) => `${row.path} ${kb(row.jsGzip)}`).join(", ")}${accountOverGoal.length ? ` (${accountOverGoal.length} over)` : " (all within)"}.`,
            over.length ? `Over budget: ${over.map((row) => row.path).join(", ")}.` : "Every page is within its budget.",
            `Each area's first screen may load ${kb(AREA_FIRST_SCREEN_CSS_GZIP_BUDGET)} KB of gzip CSS: ${cssOver.length ? `over it: ${cssOver.map((row) => row.path).join(", ")}` : "every one is within it"}.`,
            `The analytics screens' lazily loaded code (${ANALYTICS_SCREEN}'s cards and charts, build calc): ${kb(analyticsLazy)} KB gz, budget ${kb(ANALYTICS_LAZY_JS_GZIP_BUDGET)} KB${analyticsLazy > ANALYTICS_LAZY_JS_GZIP_BUDGET ? " (OVER)" : ""}.`,
            ...(redirected.length ? [`Redirected (measured where they ended): ${redirected.map((row) => `${row.path} → ${row.finalPath}`).join(", ")}.`] : []),
          ],
        },
      ],
      data: { pages: figures, analyticsLazyJsGzip: analyticsLazy },
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const pageWeight: Benchmark = { name: "page-weight", title: "Page weight", run };
