/**
 * `npm run test:load`: load and soak. Mixed traffic at 100 connections against the production
 * build on the embedded PostgreSQL, for LOAD_SECONDS (default 60): about 10 % sign-ins, the
 * rest signed-in reads (GET /api/me, /api/admin/dashboard, /api/admin/approvals) and
 * GET /api/health, spread over a pool of real accounts. It passes when not one request fails
 * (a non-2xx answer, a socket error or a timeout) and the server's memory levels off; it
 * prints a table and writes the figures to bench/results/load.json (and latest.json).
 * Exit code 1 when it fails. Not part of `npm test`: it takes a minute and wants a quiet machine.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { createDatabase } from "../src/server/db/client.ts";
import { createAdmin, createPendingJoiner, type AdminFixture } from "../tests/factories.ts";
import { remoteApp } from "./support/accounts.ts";
import { startAppServer } from "./support/app-server.ts";
import { ensureBuild } from "./support/build.ts";
import { RESULTS_DIR } from "./support/paths.ts";
import { describeMachine, formatTable, saveBenchmark, type Table } from "./support/report.ts";
import { formatInt, round } from "./support/stats.ts";

const CONNECTIONS = 100;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/** Accounts in the pool: admins of workspaces of their own, each with people awaiting approval. */
const ADMINS = 24;
const PENDING_PER_WORKSPACE = 3;
/** A request that takes longer than this counts as failed (a timeout). */
const TIMEOUT_SECONDS = 10;
/**
 * Memory: after a warm-up (the first third of the run), the mean RSS of the last third of
 * what is left may exceed that of its first third by at most 50 MB or 25 %, whichever is
 * larger. Measured here: under this load RSS climbs from 350-400 MB and levels off after
 * about 2.5 minutes (some 9,000 requests) at about 535 MB ± 40 MB, where it stays (+1 MB/min
 * from 150 to 300 s with LOAD_SECONDS=300): V8 sizing its heaps for the load, and each
 * sign-in's scrypt taking 32 MiB on one of libuv's 4 threads, whose malloc arenas glibc keeps.
 * A 60 s run still sees part of that climb: +42 to +63 MB between its thirds. The limit (about
 * 105 MB at this level) leaves room for it and catches a leak of some 60 KB per request at
 * this machine's 60 req/s; a 10-minute soak (LOAD_SECONDS=600), whose thirds both lie past the
 * climb, catches one of a few KB per request.
 */
const WARM_UP_FRACTION = 1 / 3;
const MAX_GROWTH_RATIO = 0.25;
const MAX_GROWTH_MB = 50;

if (!Number.isFinite(SECONDS) || SECONDS < 10) {
  process.stderr.write(`LOAD_SECONDS must be a number of seconds, at least 10, not "${process.env.LOAD_SECONDS}".\n`);
  process.exit(2);
}

type Kind = "sign-in" | "me" | "dashboard" | "approvals" | "health";
/** The mix, by weight out of 100. */
const MIX: [Kind, number][] = [
  ["sign-in", 10],
  ["me", 30],
  ["dashboard", 20],
  ["approvals", 20],
  ["health", 20],
];
const LABEL: Record<Kind, string> = {
  "sign-in": "POST /api/auth/sign-in/email",
  me: "GET /api/me",
  dashboard: "GET /api/admin/dashboard",
  approvals: "GET /api/admin/approvals",
  health: "GET /api/health",
};

function pick(random: number): Kind {
  let left = random * 100;
  for (const [kind, weight] of MIX) {
    if (left < weight) return kind;
    left -= weight;
  }
  return "health";
}

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

async function main(): Promise<number> {
  const machine = describeMachine();
  process.stdout.write(`Load test: ${CONNECTIONS} connections for ${SECONDS} s on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}\n`);
  ensureBuild();
  const server = await startAppServer({ rateLimitMultiplier: "1000000" });
  const pid = Number(readFileSync(path.join(server.dataDir, "server.pid"), "utf8"));
  const db = createDatabase(server.databaseUrl, { max: 4 });
  try {
    // The pool, made the way the product makes people (sign-up, confirmation, approval queue).
    const ctx = { app: remoteApp(server.url), db };
    const started = performance.now();
    const admins: AdminFixture[] = [];
    for (let batch = 0; batch < ADMINS; batch += 6) {
      admins.push(...(await Promise.all(Array.from({ length: Math.min(6, ADMINS - batch) }, () => createAdmin(ctx)))));
    }
    for (const admin of admins) {
      await Promise.all(Array.from({ length: PENDING_PER_WORKSPACE }, () => createPendingJoiner(ctx, { joinCode: admin.joinCode })));
    }
    const accounts = admins.map((admin) => ({ email: admin.user.email, password: admin.user.password, cookie: admin.client.cookieHeader() }));
    process.stdout.write(
      `  ${ADMINS} admins with ${PENDING_PER_WORKSPACE} pending joiners each, ready in ${round((performance.now() - started) / 1000, 1)} s\n`,
    );

    const counts = Object.fromEntries(MIX.map(([kind]) => [kind, { requests: 0, non2xx: 0, statuses: {} as Record<string, number> }])) as Record<
      Kind,
      { requests: number; non2xx: number; statuses: Record<string, number> }
    >;
    const rss: { second: number; mb: number }[] = [];
    const loadStarted = performance.now();
    const sampler = setInterval(() => {
      try {
        rss.push({ second: round((performance.now() - loadStarted) / 1000, 1), mb: rssMb(pid) });
      } catch {
        // the server is gone: autocannon reports the failures
      }
    }, 1_000);

    const loadAverageAtStart = round(os.loadavg()[0]!, 2);
    process.stdout.write(`  ${SECONDS} s of mixed traffic at ${CONNECTIONS} connections (load average before: ${loadAverageAtStart})…\n`);
    const origin = server.url;
    const result = await autocannon({
      url: server.url.replace("localhost", "127.0.0.1"),
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: TIMEOUT_SECONDS,
      requests: [
        {
          setupRequest: (request, context) => {
            const kind = pick(Math.random());
            const account = accounts[Math.floor(Math.random() * accounts.length)]!;
            context.kind = kind;
            const headers = { ...(request.headers as Record<string, string>), origin };
            if (kind === "sign-in") {
              return {
                ...request,
                method: "POST",
                path: "/api/auth/sign-in/email",
                headers: { ...headers, "content-type": "application/json" },
                body: JSON.stringify({ email: account.email, password: account.password }),
              };
            }
            const paths: Record<Exclude<Kind, "sign-in">, string> = {
              me: "/api/me",
              dashboard: "/api/admin/dashboard",
              approvals: "/api/admin/approvals",
              health: "/api/health",
            };
            return {
              ...request,
              method: "GET",
              path: paths[kind],
              headers: kind === "health" ? headers : { ...headers, cookie: account.cookie },
              body: undefined,
            };
          },
          onResponse: (status, _body, context) => {
            const tally = counts[context.kind as Kind];
            tally.requests++;
            tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
            if (status < 200 || status > 299) tally.non2xx++;
          },
        },
      ],
    });
    clearInterval(sampler);

    // Memory: after warm-up, the first third against the last third.
    const afterWarmUp = rss.slice(Math.ceil(rss.length * WARM_UP_FRACTION));
    const third = Math.max(1, Math.floor(afterWarmUp.length / 3));
    const firstThirdMb = mean(afterWarmUp.slice(0, third).map((sample) => sample.mb));
    const lastThirdMb = mean(afterWarmUp.slice(-third).map((sample) => sample.mb));
    const growthMb = lastThirdMb - firstThirdMb;
    const allowedGrowthMb = Math.max(MAX_GROWTH_MB, firstThirdMb * MAX_GROWTH_RATIO);
    const memoryOk = afterWarmUp.length >= 3 && growthMb <= allowedGrowthMb;

    const failures = result.non2xx + result.errors + result.timeouts;
    const requests = result.requests.total;
    const figures = {
      date: new Date().toISOString(),
      machine,
      loadAverageAtStart,
      connections: CONNECTIONS,
      seconds: SECONDS,
      accounts: { admins: ADMINS, pendingPerWorkspace: PENDING_PER_WORKSPACE },
      requests,
      requestsPerSecond: round(requests / result.duration, 1),
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      failures: { non2xx: result.non2xx, socketErrors: result.errors, timeouts: result.timeouts },
      byKind: counts,
      rssMb: {
        start: round(rss[0]?.mb ?? Number.NaN, 1),
        end: round(rss.at(-1)?.mb ?? Number.NaN, 1),
        max: round(Math.max(...rss.map((sample) => sample.mb)), 1),
        firstThirdMean: round(firstThirdMb, 1),
        lastThirdMean: round(lastThirdMb, 1),
        growth: round(growthMb, 1),
        allowedGrowth: round(allowedGrowthMb, 1),
        samples: rss,
      },
      passed: failures === 0 && memoryOk,
    };

    const tables: Table[] = [
      {
        title: `Load and soak: ${CONNECTIONS} connections, ${SECONDS} s, mixed traffic`,
        columns: ["requests", "req/s", "p50 ms", "p99 ms", "errors", "RSS start MB", "RSS end MB", "RSS max MB", "RSS growth MB"],
        rows: [
          [
            formatInt(requests),
            formatInt(requests / result.duration),
            result.latency.p50,
            result.latency.p99,
            failures,
            round(rss[0]?.mb ?? Number.NaN),
            round(rss.at(-1)?.mb ?? Number.NaN),
            round(figures.rssMb.max),
            round(growthMb, 1),
          ],
        ],
        notes: [
          `errors = non-2xx answers (${result.non2xx}) + socket errors (${result.errors}) + timeouts over ${TIMEOUT_SECONDS} s (${result.timeouts}); the test fails on any.`,
          `RSS of the server process (VmRSS, every second). Growth = mean of the last third minus mean of the first third after a warm-up of the first ${Math.round(WARM_UP_FRACTION * 100)} % (${round(firstThirdMb)} → ${round(lastThirdMb)} MB); allowed ${round(allowedGrowthMb)} MB (the larger of ${MAX_GROWTH_MB} MB and ${Math.round(MAX_GROWTH_RATIO * 100)} %).`,
          `Production build (NODE_ENV=production) on the embedded PostgreSQL, RATE_LIMIT_MULTIPLIER=1000000; ${ADMINS} signed-in admins with ${PENDING_PER_WORKSPACE} pending joiners each; autocannon in this process on the same machine (1-minute load average before the run: ${loadAverageAtStart}).`,
        ],
      },
      {
        title: "By request",
        columns: ["request", "share", "requests", "non-2xx", "statuses"],
        rows: MIX.map(([kind, weight]) => [
          LABEL[kind],
          `${weight}%`,
          formatInt(counts[kind].requests),
          counts[kind].non2xx,
          Object.entries(counts[kind].statuses)
            .map(([status, count]) => `${status}: ${count}`)
            .join(", "),
        ]),
      },
    ];
    process.stdout.write(`\n${tables.map(formatTable).join("\n")}\n`);

    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, "load.json"), `${JSON.stringify(figures, null, 2)}\n`);
    saveBenchmark("load", {
      title: "Load and soak",
      measuredAt: figures.date,
      seconds: SECONDS,
      loadAverageAtStart,
      tables,
      data: { ...figures, rssMb: { ...figures.rssMb, samples: undefined } },
    });

    const verdicts = [
      failures === 0 ? "no failed request" : `${failures} failed requests`,
      memoryOk
        ? `memory levelled off (+${round(growthMb, 1)} MB ≤ ${round(allowedGrowthMb)} MB)`
        : `memory kept growing (+${round(growthMb, 1)} MB > ${round(allowedGrowthMb)} MB)`,
    ];
    process.stdout.write(`${figures.passed ? "PASS" : "FAIL"}: ${verdicts.join("; ")}. Figures in bench/results/load.json.\n`);
    if (!figures.passed && failures > 0) process.stdout.write(`Server log (last lines):\n${server.output()}\n`);
    return figures.passed ? 0 : 1;
  } finally {
    await db.$client.end();
    // Let the last requests autocannon abandoned finish before stopping.
    await sleep(200);
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`The load test could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
