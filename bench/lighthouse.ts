/**
 * Lighthouse (npm `lighthouse`, programmatic, default mobile preset: simulated slow 4G and a
 * 4× slower CPU) on Debian's Chromium through chrome-launcher, against the production build:
 * the four category scores and LCP, TBT and CLS of each page, as the median of three runs (the
 * run whose performance score is the middle one, so that its figures belong together).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouseRun from "lighthouse";
import { readContent } from "../content/files.ts";
import { startAppServer } from "./support/app-server.ts";
import { ensureBuild } from "./support/build.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PROJECT_ROOT } from "./support/paths.ts";
import type { Benchmark, BenchmarkReport } from "./support/report.ts";
import { round } from "./support/stats.ts";

/** The pages measured: the landing page, sign-in, pricing and the newest blog post. */
export const LIGHTHOUSE_PAGES = ["/", "/login", "/product/pricing", readContent("blog")[0]!.path];
const LIGHTHOUSE_VERSION = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Runs per page; the median one is reported (a single run on a shared machine swings by several points). */
const RUNS_PER_PAGE = 3;

export interface LighthouseFigures {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number | null> | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Why this page has no figures, when it has none. */
  error?: string;
  warnings: string[];
  /** Audits that cost points: in performance the biggest savings, elsewhere every failed one. */
  findings: string[];
  /** The performance score of every run, in order (the figures above are the median run's). */
  performanceRuns: (number | null)[];
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0]! : String(error);
}

/**
 * One Lighthouse run; a run whose trace went wrong (NO_NAVSTART and the like, seen now and
 * then on a busy machine) is tried again, up to three times in all.
 */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouseRun(url, { port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse returned no result");
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message} (3 attempts)`);
  }
}

/** One run's figures: the category scores, LCP, TBT and CLS, and the audits that cost points. */
function figuresOf(page: string, lhr: Awaited<ReturnType<typeof audit>>): LighthouseFigures {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const findings: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= (category === "performance" ? 0.9 : 1)) continue;
      if (
        category === "performance" &&
        ref.weight === 0 &&
        !(audit.details && "overallSavingsMs" in audit.details && Number(audit.details.overallSavingsMs) >= 300)
      )
        continue;
      // Outside performance, name what failed (the console errors, the issues).
      const items = category === "performance" || !audit.details || !("items" in audit.details) ? [] : (audit.details.items as Record<string, unknown>[]);
      const examples = items
        .slice(0, 2)
        .map((item) => String(item.description ?? item.issueType ?? item.url ?? "").slice(0, 160))
        .filter(Boolean);
      findings.push(`${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}${examples.length ? `: ${examples.join(" | ")}` : ""}`);
    }
  }
  return {
    path: page,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    warnings: lhr.runWarnings.map(String),
    findings,
    performanceRuns: [],
  };
}

async function run(): Promise<BenchmarkReport> {
  ensureBuild();
  const server = await startAppServer();
  const figures: LighthouseFigures[] = [];
  let launchError: string | undefined;
  let benchmarkIndex: number | undefined;
  try {
    let chrome: chromeLauncher.LaunchedChrome | undefined;
    try {
      chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: "error" });
    } catch (error) {
      launchError = `chrome-launcher could not start ${CHROMIUM_PATH}: ${describe(error)}`;
    }
    if (chrome) {
      try {
        for (const page of LIGHTHOUSE_PAGES) {
          process.stdout.write(`  ${page}\n`);
          try {
            const runs: LighthouseFigures[] = [];
            for (let index = 0; index < RUNS_PER_PAGE; index++) {
              const lhr = await audit(`${server.url}${page}`, chrome.port);
              benchmarkIndex = lhr.environment.benchmarkIndex;
              runs.push(figuresOf(page, lhr));
            }
            const performanceRuns = runs.map((entry) => entry.scores?.performance ?? null);
            const median = [...runs].sort((a, b) => (a.scores?.performance ?? -1) - (b.scores?.performance ?? -1))[Math.floor(runs.length / 2)]!;
            figures.push({ ...median, performanceRuns });
          } catch (error) {
            figures.push({
              path: page,
              scores: null,
              lcpMs: null,
              tbtMs: null,
              cls: null,
              error: describe(error),
              warnings: [],
              findings: [],
              performanceRuns: [],
            });
          }
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server.stop();
  }

  if (launchError)
    for (const page of LIGHTHOUSE_PAGES)
      figures.push({ path: page, scores: null, lcpMs: null, tbtMs: null, cls: null, error: launchError, warnings: [], findings: [], performanceRuns: [] });
  const failures = figures.filter((row) => row.error);
  const warnings = [...new Set(figures.flatMap((row) => row.warnings))];
  return {
    tables: [
      {
        title: "Lighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown)",
        columns: ["page", "performance", "accessibility", "best practices", "SEO", "LCP ms", "TBT ms", "CLS", "performance of each run"],
        rows: figures.map((row) =>
          row.scores
            ? [
                row.path,
                row.scores.performance,
                row.scores.accessibility,
                row.scores["best-practices"],
                row.scores.seo,
                row.lcpMs === null ? null : Math.round(row.lcpMs),
                row.tbtMs === null ? null : Math.round(row.tbtMs),
                row.cls === null ? null : round(row.cls, 3),
                row.performanceRuns.join(", "),
              ]
            : [row.path, "could not run", null, null, null, null, null, null, null],
        ),
        notes: [
          `Lighthouse ${LIGHTHOUSE_VERSION} on ${CHROMIUM_PATH} (headless) against the production build served by the bundled server (\`npm start\`) (NODE_ENV=production, plain http on localhost, gzip from the server); ${RUNS_PER_PAGE} runs per page, the median run shown (by its performance score).`,
          ...(benchmarkIndex ? [`Lighthouse's CPU benchmark index of this machine: ${Math.round(benchmarkIndex)}.`] : []),
          ...failures.map((row) => `${row.path} could not be measured: ${row.error}`),
          ...figures.filter((row) => row.findings.length).map((row) => `${row.path} loses points on: ${row.findings.join("; ")}.`),
          ...warnings.map((warning) => `Lighthouse warned: ${warning}`),
        ],
      },
    ],
    data: { pages: figures, benchmarkIndex: benchmarkIndex ?? null },
  };
}

export const lighthouse: Benchmark = { name: "lighthouse", title: "Lighthouse", run };
