/**
 * API throughput and latency: wrk (bench/support/wrk.ts) at 50 connections for 10 s per endpoint against the
 * production build on the embedded PostgreSQL, beside two ceilings measured the same way, each
 * a bare node:http server in its own process: a hello-world (the ceiling of this machine and
 * this Node), and the least a signed-in read must do (the session, its user and membership
 * read from PostgreSQL by the cookie's token: bench/support/signed-in-ceiling.ts).
 *
 * BENCH_API_PROFILE=<endpoint> (health, me or members-list) measures that endpoint alone with
 * the server under `node --cpu-prof`, and adds where its main thread's time went.
 * BENCH_API_ONLY=<endpoint>,… measures only those endpoints beside both ceilings (a quick run).
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { MEMBERS_PAGE_SIZE } from "../src/shared/schemas/members.ts";
import { createAccounts } from "./support/accounts.ts";
import { AUTH_SECRET, startAppServer } from "./support/app-server.ts";
import { ensureBuild } from "./support/build.ts";
import { summariseCpuProfile, type ProfileSummary } from "./support/cpu-profile.ts";
import { postgresCpuMs, postgresCpuMsBetween, processCpuMs } from "./support/process-cpu.ts";
import { NODE_BIN, PROJECT_ROOT } from "./support/paths.ts";
import { PRODUCTION_SERVER } from "../scripts/build-outputs.ts";
import type { Benchmark, BenchmarkReport, Table } from "./support/report.ts";
import { formatInt, round } from "./support/stats.ts";
import { runWrk } from "./support/wrk.ts";

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
/**
 * Load before each measurement, long enough for the app server to settle: in its first seconds
 * under a new load V8 is still optimising (and re-optimising) the code it runs, and unoptimised
 * code keeps more of each request alive past young collections (--trace-gc: megabytes promoted
 * at each, which then takes 4-12 ms instead of 1-2). With 2 s of warm-up part of that fell
 * inside the measurement and decided /api/me's p99. The ceilings, small servers that settle at
 * once, get the same warm-up.
 */
const WARM_UP_SECONDS = 8;
const MEMBERS = 1_000;
/** The Members screen's first page, as the screen asks for it. */
const MEMBERS_PAGE = `/api/admin/members?page=1&pageSize=${MEMBERS_PAGE_SIZE}`;
/** A page of 50: what this benchmark read as "the list" until 2026-11-29, kept to compare with its older figures. */
const MEMBERS_PAGE_OF_50 = "/api/admin/members?page=1&pageSize=50";
/** What a browser sends with every request: the server compresses answers it may. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

interface Target {
  name: string;
  request: string;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Sign-in is warmed up with a few single requests: a burst would leave 50 hashes queued. */
  gentleWarmUp?: boolean;
  /** The target this one is a share of; none for a ceiling. */
  ceiling?: "hello-world" | "signed-in-ceiling";
  /** The process that serves it, and the data folder of the PostgreSQL it reads (if it does). */
  serverPid: number;
  postgresDataDir: string;
  usesPostgres: boolean;
}

export interface EndpointFigures {
  name: string;
  request: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  completed: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU microseconds per completed request, of the process serving it and of PostgreSQL (null when it uses none). */
  serverCpuUsPerRequest: number;
  postgresCpuUsPerRequest: number | null;
  /** The ceiling it is measured against, and its share of it. */
  ceiling: string | null;
  ratioOfCeiling: number | null;
}

/** A ceiling server (a script of bench/support) in its own process, on a free port. */
async function startCeiling(script: string, env: Record<string, string> = {}): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(NODE_BIN, [script, "0"], { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const match = /^listening (\d+)$/.exec(line);
    if (match) {
      lines.close();
      return {
        url: `http://127.0.0.1:${match[1]}/`,
        pid: child.pid!,
        async stop() {
          child.kill("SIGTERM");
          await exited;
        },
      };
    }
  }
  throw new Error(`The ceiling server ${script} did not start`);
}

async function single(target: Target): Promise<number> {
  const started = performance.now();
  const response = await fetch(target.url, { method: target.method ?? "GET", headers: target.headers, body: target.body });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${target.request} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * After a run, the server is still finishing the requests wrk gave up on (for
 * sign-in, dozens of queued password hashes): wait until one request is quick again, so
 * that the next measurement starts on an idle server.
 */
async function drain(target: Target): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && (await single(target)) > 500) await sleep(250);
}

type Measured = Omit<EndpointFigures, "ceiling" | "ratioOfCeiling">;

async function measure(target: Target, connections = CONNECTIONS): Promise<Measured> {
  const options = {
    url: target.url,
    method: target.method ?? "GET",
    headers: target.headers,
    body: target.body,
    connections,
    // Sign-in queues 50 password hashes on 2 cores: give every request time to finish.
    timeoutSeconds: 60,
  } as const;
  if (target.gentleWarmUp) for (let attempt = 0; attempt < 3; attempt++) await single(target);
  else await runWrk({ ...options, durationSeconds: WARM_UP_SECONDS });
  await drain(target);
  const cpuBefore = cpuOf(target);
  const result = await runWrk({ ...options, durationSeconds: DURATION_SECONDS });
  const cpuAfter = cpuOf(target);
  await drain(target);
  const perRequest = (before: number, after: number) => round(((after - before) * 1000) / Math.max(1, result.requests), 0);
  return {
    name: target.name,
    request: target.request,
    requestsPerSecond: result.requests / result.durationSeconds,
    p50Ms: round(result.p50Ms, 1),
    p99Ms: round(result.p99Ms, 1),
    completed: result.requests,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCpuUsPerRequest: perRequest(cpuBefore.server, cpuAfter.server),
    postgresCpuUsPerRequest: target.usesPostgres ? perRequest(0, postgresCpuMsBetween(cpuBefore.postgres, cpuAfter.postgres)) : null,
  };
}

/** The CPU milliseconds used so far by the process serving a target and by PostgreSQL. */
function cpuOf(target: Target): { server: number; postgres: Map<number, number> } {
  return { server: processCpuMs(target.serverPid), postgres: postgresCpuMs(target.postgresDataDir) };
}

interface BesideSignIn {
  meAlone: Measured;
  meBesideSignIn: Measured;
  signInBeside: Measured;
}

/** Does a wave of sign-ins hold up everyone else? /api/me at 5 connections, alone and beside 45 connections signing in. */
async function measureBesideSignIn(me: Target, signIn: Target): Promise<BesideSignIn> {
  process.stdout.write(`  GET /api/me at 5 connections, alone and beside 45 connections signing in (${DURATION_SECONDS} s each)\n`);
  const meAlone = await measure(me, 5);
  const [meBesideSignIn, signInBeside] = await Promise.all([measure({ ...me, gentleWarmUp: true }, 5), measure(signIn, 45)]);
  return { meAlone, meBesideSignIn, signInBeside };
}

function besideSignInTable({ meAlone, meBesideSignIn, signInBeside }: BesideSignIn): Table {
  return {
    title: "Signed-in reads while people sign in (10 s each)",
    columns: ["load", "GET /api/me req/s", "p50 ms", "p99 ms", "sign-ins/s"],
    rows: [
      ["GET /api/me alone, 5 connections", formatInt(meAlone.requestsPerSecond), meAlone.p50Ms, meAlone.p99Ms, null],
      [
        "same, beside 45 connections signing in",
        formatInt(meBesideSignIn.requestsPerSecond),
        meBesideSignIn.p50Ms,
        meBesideSignIn.p99Ms,
        round(signInBeside.requestsPerSecond, 1),
      ],
    ],
    notes: [
      "Password hashing (node:crypto scrypt) runs on Node's libuv thread pool (4 threads), at most two at a time; a signed-in request checks its cookie's signature on the main thread (node:crypto HMAC), so it does not queue behind the hashes.",
    ],
  };
}

const PROFILED_ENDPOINTS = ["health", "me", "members-list"];

function profileTables(summary: ProfileSummary, endpoint: string): Table[] {
  const share = (value: number) => `${Math.round(value * 1000) / 10}%`;
  const notes = [
    `The server under node --cpu-prof; read are the samples of the measurement of ${endpoint} at ${CONNECTIONS} connections (after its warm-up, until the end of the run: a few seconds of draining): ${formatInt(summary.busyMs)} ms busy of ${formatInt(summary.totalMs)} ms. Self time only: a package's share is the time spent in its own code.`,
  ];
  return [
    {
      title: `Where the server's main thread went (${endpoint}): self time by place`,
      columns: ["place", "ms", "% of busy"],
      rows: summary.byPlace.map((row) => [row.name, row.ms, share(row.share)]),
      notes,
    },
    {
      title: `Where the server's main thread went (${endpoint}): self time by function`,
      columns: ["function", "ms", "% of busy"],
      rows: summary.byFunction.map((row) => [row.name, row.ms, share(row.share)]),
    },
  ];
}

async function run(): Promise<BenchmarkReport> {
  ensureBuild();
  const profiled = process.env.BENCH_API_PROFILE;
  if (profiled && !PROFILED_ENDPOINTS.includes(profiled)) throw new Error(`BENCH_API_PROFILE must be one of ${PROFILED_ENDPOINTS.join(", ")}`);
  const profileDir = profiled ? mkdtempSync(path.join(os.tmpdir(), "glassroom-bench-profile-")) : undefined;
  const hello = await startCeiling("bench/support/hello-world.ts");
  // A profile runs the TypeScript sources, so that its time is told by file and package (the
  // bundle is one file); the measured run is the bundle, as `npm start` runs it.
  const server = await startAppServer({
    rateLimitMultiplier: "1000000",
    ...(profileDir ? { nodeOptions: [...PRODUCTION_SERVER.engineFlags, "--cpu-prof", `--cpu-prof-dir=${profileDir}`], sourceServer: true } : {}),
  });
  let signedInCeiling: Awaited<ReturnType<typeof startCeiling>> | undefined;
  try {
    const accounts = await createAccounts(server);
    const { admin, ctx } = accounts;
    try {
      // 1,000 members in the admin's workspace (tutors, parents and students): real user rows
      // and active memberships, written in bulk through the server's own database.
      await ctx.db.execute(sql`
        with people as (
          insert into "user" (id, name, email, email_verified, created_at, updated_at)
          select gen_random_uuid()::text, 'Member Person ' || g, 'member-' || g || '@example.com', true,
                 now() - make_interval(mins => ${MEMBERS} - g), now()
          from generate_series(1, ${MEMBERS}) as g
          returning id, created_at
        )
        insert into member (id, organization_id, user_id, role, status, created_at)
        select gen_random_uuid()::text, ${admin.organizationId}, id,
               (array['tutor', 'parent', 'student'])[1 + (row_number() over ()) % 3], 'active', created_at
        from people`);
      const check = await admin.client.get(MEMBERS_PAGE);
      if (check.status !== 200) throw new Error(`GET ${MEMBERS_PAGE} answered ${check.status}: ${check.text}`);
      const listed = (check.body as { items: unknown[]; total: number }).items.length;
      const total = (check.body as { total: number }).total;
      signedInCeiling = await startCeiling("bench/support/signed-in-ceiling.ts", { DATABASE_URL: server.databaseUrl, AUTH_SECRET });

      const app = server.url.replace("localhost", "127.0.0.1");
      const cookie = admin.client.cookieHeader();
      const postgresDataDir = path.join(server.dataDir, "postgres");
      const ofApp = { serverPid: server.pid, postgresDataDir, usesPostgres: true };
      const allTargets: Target[] = [
        { name: "hello-world", request: "node:http hello-world (ceiling)", url: hello.url, serverPid: hello.pid, postgresDataDir, usesPostgres: false },
        { name: "health", request: "GET /api/health", url: `${app}/api/health`, headers: BROWSER_HEADERS, ceiling: "hello-world", ...ofApp },
        {
          name: "signed-in-ceiling",
          request: "node:http + pg: session, user and membership by token (signed-in ceiling)",
          url: signedInCeiling.url,
          headers: { cookie },
          serverPid: signedInCeiling.pid,
          postgresDataDir,
          usesPostgres: true,
        },
        {
          name: "me",
          request: "GET /api/me (signed in)",
          url: `${app}/api/me`,
          headers: { ...BROWSER_HEADERS, cookie },
          ceiling: "signed-in-ceiling",
          ...ofApp,
        },
        {
          name: "members-list",
          request: `GET ${MEMBERS_PAGE} (1 page of ${formatInt(total)} members)`,
          url: `${app}${MEMBERS_PAGE}`,
          headers: { ...BROWSER_HEADERS, cookie },
          ceiling: "signed-in-ceiling",
          ...ofApp,
        },
        {
          name: "members-list-50",
          request: `GET ${MEMBERS_PAGE_OF_50} (the same list, 50 rows: the older figures' page)`,
          url: `${app}${MEMBERS_PAGE_OF_50}`,
          headers: { ...BROWSER_HEADERS, cookie },
          ceiling: "signed-in-ceiling",
          ...ofApp,
        },
        {
          name: "sign-in",
          request: "POST /api/auth/sign-in/email",
          url: `${app}/api/auth/sign-in/email`,
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({ email: admin.user.email, password: admin.user.password }),
          gentleWarmUp: true,
          ceiling: "hello-world",
          ...ofApp,
        },
      ];
      const only = process.env.BENCH_API_ONLY?.split(",").map((name) => name.trim());
      const targets = profiled
        ? allTargets.filter((target) => target.name === profiled)
        : only
          ? allTargets.filter((target) => !target.ceiling || only.includes(target.name))
          : allTargets;

      const measured: Measured[] = [];
      // Milliseconds since the server's spawn when the last endpoint's measurement began and
      // ended (its warm-up excluded): the window of the profile that is read.
      let window = { sinceMs: 0, untilMs: 0 };
      for (const target of targets) {
        process.stdout.write(`  ${target.request}: ${WARM_UP_SECONDS} s warm-up, ${DURATION_SECONDS} s at ${CONNECTIONS} connections\n`);
        const began = Date.now() - server.spawnedAt + WARM_UP_SECONDS * 1000;
        measured.push(await measure(target));
        window = { sinceMs: began, untilMs: Date.now() - server.spawnedAt };
      }
      if (profiled) {
        await server.stop();
        const profileFile = readdirSync(profileDir!).find((name) => name.endsWith(".cpuprofile"));
        if (!profileFile) throw new Error(`The server wrote no CPU profile in ${profileDir}`);
        const summary = summariseCpuProfile(path.join(profileDir!, profileFile), window);
        const row = measured[0]!;
        return {
          tables: [
            {
              title: `${row.request} under the profiler (${CONNECTIONS} connections, ${DURATION_SECONDS} s)`,
              columns: ["endpoint", "req/s", "p50 ms", "p99 ms"],
              rows: [[row.request, formatInt(row.requestsPerSecond), row.p50Ms, row.p99Ms]],
              notes: ["The profiler slows the server: read these figures only beside each other, not beside an unprofiled run."],
            },
            ...profileTables(summary, profiled),
          ],
          data: { profiledEndpoint: profiled, endpoint: row, profile: summary },
        };
      }
      // Does a wave of sign-ins hold up everyone else? /api/me at 5 connections, alone and
      // beside 45 connections signing in.
      const me = allTargets.find((target) => target.name === "me")!;
      const signIn = allTargets.find((target) => target.name === "sign-in")!;
      const besideSignIn = only ? null : await measureBesideSignIn(me, signIn);

      const figures: EndpointFigures[] = measured.map((row, index) => {
        const ceilingName = targets[index]!.ceiling;
        const ceiling = ceilingName ? measured.find((candidate) => candidate.name === ceilingName) : undefined;
        return { ...row, ceiling: ceilingName ?? null, ratioOfCeiling: ceiling ? row.requestsPerSecond / ceiling.requestsPerSecond : ceilingName ? null : 1 };
      });

      return {
        tables: [
          {
            title: `API throughput and latency (${CONNECTIONS} connections, ${DURATION_SECONDS} s each)`,
            columns: ["endpoint", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors", "% of its ceiling", "CPU µs/req: server", "PostgreSQL"],
            rows: figures.map((row) => [
              row.request,
              formatInt(row.requestsPerSecond),
              row.p50Ms,
              row.p99Ms,
              formatInt(row.completed),
              row.non2xx,
              row.errors + row.timeouts,
              row.ratioOfCeiling === null ? null : `${Number((row.ratioOfCeiling * 100).toPrecision(2))}%${row.ceiling ? ` of ${row.ceiling}` : ""}`,
              formatInt(row.serverCpuUsPerRequest),
              row.postgresCpuUsPerRequest === null ? null : formatInt(row.postgresCpuUsPerRequest),
            ]),
            notes: [
              "Production web build served by the bundled server as `npm start` runs it (NODE_ENV=production, LOG_LEVEL=info to a file; a profile runs `node src/server/index.ts`) on the embedded PostgreSQL in a fresh data folder; RATE_LIMIT_MULTIPLIER=1000000.",
              "Two ceilings, each a bare node:http server in its own process: a hello-world (for health and sign-in), and the least a signed-in read does (for /api/me and the list): the cookie's signature checked, then the unexpired session, its user and the membership in its workspace read in one query by token, through a pg pool of the app's size (10) on the same PostgreSQL. The load is wrk's (one thread, in C) on the same machine, so load, servers and PostgreSQL share the CPUs.",
              `The list is the Members screen's first page (${listed} rows, ordered by name, with the total count) of a workspace with ${formatInt(total)} members seeded with SQL (real user rows and memberships). The list of 50 rows is the same list, a page twice the screen's: the page this benchmark read until 2026-11-29.`,
              "CPU µs/req: the user and system time (Linux's /proc, 10 ms ticks) that the serving process and PostgreSQL (postmaster and backends) used during the 10 s, divided by the requests completed. Other work on the machine moves it much less than req/s: it is the figure to compare between runs; wrk's own time is not in it.",
              "The app's requests carry Accept-Encoding as a browser's do (the server gzips answers of 1 KB and more); the ceilings compress nothing. Signed-in requests carry the session cookie of a real sign-in (the factories, over HTTP). Sign-in hashes the password (scrypt) on every request: that, not the API, sets its pace.",
            ],
          },
          ...(besideSignIn ? [besideSignInTable(besideSignIn)] : []),
        ],
        data: {
          connections: CONNECTIONS,
          durationSeconds: DURATION_SECONDS,
          members: total,
          listedMembers: listed,
          endpoints: figures.map((row) => ({
            ...row,
            requestsPerSecond: round(row.requestsPerSecond, 1),
            ratioOfCeiling: row.ratioOfCeiling === null ? null : round(row.ratioOfCeiling, 4),
          })),
          signedInReadsDuringSignIn: besideSignIn,
        },
      };
    } finally {
      await accounts.close();
    }
  } finally {
    await server.stop();
    await signedInCeiling?.stop();
    await hello.stop();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}

export const apiThroughput: Benchmark = { name: "api-throughput", title: "API throughput and latency", run };
