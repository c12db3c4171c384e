/**
 * `npm run test:load`: load and soak, on two app instances. Two production servers (the
 * bundle, as `npm start` runs it) share one PostgreSQL (the first one's embedded database),
 * one data folder and one AUTH_SECRET, as two machines behind a load balancer would; autocannon
 * spreads its connections over both (round-robin by connection). Mixed traffic at 100
 * connections for LOAD_SECONDS (default 60): about 10 % sign-ins, the rest signed-in reads
 * (GET /api/me, /api/admin/dashboard, /api/admin/approvals) and GET /api/health, spread over a
 * pool of real accounts. Then it checks that two instances lose and duplicate nothing:
 * - mail (pg-boss jobs): every mail queued is delivered once, to an SMTP sink that keeps each in
 *   the outbox table: one confirmation per sign-up, one reset mail per request sent alternately
 *   to either instance, no mail twice;
 * - the session reminders, which both instances' schedules run every minute: one reminder of a
 *   session due soon, to its tutor;
 * - a rate limit (decision 004): the contact form's limit holds for both instances together,
 *   the first request over it is refused whichever instance gets it.
 * It passes when not one request fails (a non-2xx answer, a socket error or a timeout), every
 * check holds, and each server's memory levels off; it prints tables and writes the figures to
 * bench/results/load.json (and latest.json). Exit code 1 when it fails. Not part of `npm test`:
 * it takes two minutes and wants a quiet machine.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import { createDatabase } from "../src/server/db/client.ts";
import { createAdmin, createPendingJoiner, type AdminFixture } from "../tests/factories.ts";
import { remoteApp } from "./support/accounts.ts";
import { startAppServer, type AppServer } from "./support/app-server.ts";
import { ensureBuild } from "./support/build.ts";
import { checkNothingLostOrDuplicated, prepareChecks, type Check } from "./support/two-instance-checks.ts";
import { startMailSink } from "./support/mail-sink.ts";
import { RESULTS_DIR } from "./support/paths.ts";
import { describeMachine, formatTable, saveBenchmark, type Table } from "./support/report.ts";
import { formatInt, round } from "./support/stats.ts";

const CONNECTIONS = 100;
/**
 * Every rate limit × 100: the pool's sign-ins from one address stay far below the limits (sign-in:
 * 10,000 per address in 5 minutes), and the contact form's (500 per address in 15 minutes) is
 * still reached in seconds by the rate-limit check.
 */
const RATE_LIMIT_MULTIPLIER = 100;
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
  const sink = await startMailSink();
  const servers: AppServer[] = [];
  let db: ReturnType<typeof createDatabase> | undefined;
  try {
    const settings = { rateLimitMultiplier: String(RATE_LIMIT_MULTIPLIER), env: { SMTP_URL: sink.url } };
    const first = await startAppServer(settings);
    servers.push(first);
    db = createDatabase(first.databaseUrl, { max: 4 });
    sink.deliverTo(db);
    // The second instance: the first one's database, data folder and public address (the load
    // balancer's, which every state-changing request names as its origin).
    const second = await startAppServer({
      ...settings,
      dataDir: first.dataDir,
      env: { ...settings.env, DATABASE_URL: first.databaseUrl, APP_URL: first.url },
    });
    servers.push(second);
    // The pool, made the way the product makes people (sign-up, confirmation, approval queue).
    const ctx = { app: remoteApp(first.url), db };
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
    // A session due for its reminder, before the traffic: both schedules run during it.
    const prepared = await prepareChecks(ctx);

    const counts = Object.fromEntries(MIX.map(([kind]) => [kind, { requests: 0, non2xx: 0, statuses: {} as Record<string, number> }])) as Record<
      Kind,
      { requests: number; non2xx: number; statuses: Record<string, number> }
    >;
    const rss: { second: number; mb: number }[][] = servers.map(() => []);
    const loadStarted = performance.now();
    const sampler = setInterval(() => {
      for (const [index, server] of servers.entries()) {
        try {
          rss[index]!.push({ second: round((performance.now() - loadStarted) / 1000, 1), mb: rssMb(server.pid) });
        } catch {
          // the server is gone: autocannon reports the failures
        }
      }
    }, 1_000);

    const loadAverageAtStart = round(os.loadavg()[0]!, 2);
    process.stdout.write(`  ${SECONDS} s of mixed traffic at ${CONNECTIONS} connections (load average before: ${loadAverageAtStart})…\n`);
    const origin = first.url;
    const result = await autocannon({
      // Connections alternate between the two URLs: half the traffic to each instance.
      url: servers.map((server) => server.url.replace("localhost", "127.0.0.1")),
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

    // Memory, per instance: after warm-up, the first third against the last third.
    const memory = rss.map((samples) => {
      const afterWarmUp = samples.slice(Math.ceil(samples.length * WARM_UP_FRACTION));
      const third = Math.max(1, Math.floor(afterWarmUp.length / 3));
      const firstThirdMean = mean(afterWarmUp.slice(0, third).map((sample) => sample.mb));
      const lastThirdMean = mean(afterWarmUp.slice(-third).map((sample) => sample.mb));
      const growth = lastThirdMean - firstThirdMean;
      const allowedGrowth = Math.max(MAX_GROWTH_MB, firstThirdMean * MAX_GROWTH_RATIO);
      return {
        start: round(samples[0]?.mb ?? Number.NaN, 1),
        end: round(samples.at(-1)?.mb ?? Number.NaN, 1),
        max: round(Math.max(...samples.map((sample) => sample.mb)), 1),
        firstThirdMean: round(firstThirdMean, 1),
        lastThirdMean: round(lastThirdMean, 1),
        growth: round(growth, 1),
        allowedGrowth: round(allowedGrowth, 1),
        levelledOff: afterWarmUp.length >= 3 && growth <= allowedGrowth,
        samples,
      };
    });
    const memoryOk = memory.every((instance) => instance.levelledOff);

    process.stdout.write("  checking that nothing was lost or duplicated…\n");
    const checks: Check[] = await checkNothingLostOrDuplicated(ctx, servers, prepared, RATE_LIMIT_MULTIPLIER);
    const checksOk = checks.every((check) => check.passed);

    const failures = result.non2xx + result.errors + result.timeouts;
    const requests = result.requests.total;
    const figures = {
      date: new Date().toISOString(),
      machine,
      loadAverageAtStart,
      instances: servers.length,
      connections: CONNECTIONS,
      seconds: SECONDS,
      accounts: { admins: ADMINS, pendingPerWorkspace: PENDING_PER_WORKSPACE },
      requests,
      requestsPerSecond: round(requests / result.duration, 1),
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      failures: { non2xx: result.non2xx, socketErrors: result.errors, timeouts: result.timeouts },
      byKind: counts,
      rssMb: memory,
      checks,
      passed: failures === 0 && memoryOk && checksOk,
    };

    const tables: Table[] = [
      {
        title: `Load and soak: ${CONNECTIONS} connections, ${SECONDS} s, mixed traffic over ${servers.length} instances`,
        columns: ["requests", "req/s", "p50 ms", "p99 ms", "errors"],
        rows: [[formatInt(requests), formatInt(requests / result.duration), result.latency.p50, result.latency.p99, failures]],
        notes: [
          `errors = non-2xx answers (${result.non2xx}) + socket errors (${result.errors}) + timeouts over ${TIMEOUT_SECONDS} s (${result.timeouts}); the test fails on any.`,
          `Two production servers (the bundle, NODE_ENV=production) on one embedded PostgreSQL and one data folder, RATE_LIMIT_MULTIPLIER=${RATE_LIMIT_MULTIPLIER}, mail to an SMTP sink; ${ADMINS} signed-in admins with ${PENDING_PER_WORKSPACE} pending joiners each; autocannon in this process on the same machine, its connections alternating between the instances (1-minute load average before the run: ${loadAverageAtStart}).`,
        ],
      },
      {
        title: "Memory per instance (RSS, MB)",
        columns: ["instance", "start", "end", "max", "growth", "allowed"],
        rows: memory.map((instance, index) => [
          index + 1,
          round(instance.start),
          round(instance.end),
          round(instance.max),
          instance.growth,
          round(instance.allowedGrowth),
        ]),
        notes: [
          `VmRSS of each server process, every second. Growth = mean of the last third minus mean of the first third after a warm-up of the first ${Math.round(WARM_UP_FRACTION * 100)} %; allowed: the larger of ${MAX_GROWTH_MB} MB and ${Math.round(MAX_GROWTH_RATIO * 100)} %.`,
        ],
      },
      {
        title: "Nothing lost or duplicated across the two instances",
        columns: ["check", "expected", "found", "result"],
        rows: checks.map((check) => [check.name, check.expected, check.found, check.passed ? "ok" : "FAIL"]),
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
      data: { ...figures, rssMb: memory.map((instance) => ({ ...instance, samples: undefined })) },
    });

    const verdicts = [
      failures === 0 ? "no failed request" : `${failures} failed requests`,
      memoryOk
        ? `memory levelled off (${memory.map((instance) => `+${instance.growth} MB`).join(", ")})`
        : `memory kept growing (${memory.map((instance) => `+${instance.growth} MB of ${round(instance.allowedGrowth)} MB allowed`).join(", ")})`,
      checksOk
        ? "nothing lost or duplicated"
        : `failed: ${checks
            .filter((check) => !check.passed)
            .map((check) => check.name)
            .join("; ")}`,
    ];
    process.stdout.write(`${figures.passed ? "PASS" : "FAIL"}: ${verdicts.join("; ")}. Figures in bench/results/load.json.\n`);
    if (failures > 0) process.stdout.write(`Server logs (last lines):\n${servers.map((server) => server.output()).join("\n")}\n`);
    return figures.passed ? 0 : 1;
  } finally {
    await db?.$client.end();
    // Let the last requests autocannon abandoned finish before stopping; the second instance
    // first, keeping the data folder it shares with the first.
    await sleep(200);
    const [first, second] = servers;
    await second?.stop({ keepData: true });
    await first?.stop();
    await sink.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`The load test could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
