/**
 * Start-up: from spawning the server to the first healthy GET /api/health, for what
 * `npm start` execs (the server bundle, build/server-bundle/index.mjs, with Node's compile
 * cache) and, beside it in the same run, for `node src/server/index.ts` (the TypeScript
 * sources, as development and the tests run them). Cold: an empty data folder (initdb, the
 * database, every migration) and, for the bundle, an empty compile cache. Warm: the same
 * folder again after a clean stop. Median of a few runs each, with where the time goes, read
 * from the server's own log.
 */
import { rmSync } from "node:fs";
import { PRODUCTION_SERVER } from "../scripts/build-outputs.ts";
import { newDataDir, startAppServer, type AppServer } from "./support/app-server.ts";
import { ensureBuild } from "./support/build.ts";
import type { Benchmark, BenchmarkReport } from "./support/report.ts";
import { median, round } from "./support/stats.ts";

const RUNS = 3;

type Server = "bundle" | "source";
type Kind = "cold" | "warm";

export interface StartupRun {
  server: Server;
  kind: Kind;
  totalMs: number;
  /** Spawn to the server's first log line (Node starting, loading the modules). */
  loadMs: number | null;
  /** First log line to "listening" (PostgreSQL, migrations, the app). */
  bootMs: number | null;
}

function phases(server: AppServer): Pick<StartupRun, "loadMs" | "bootMs"> {
  const lines = server
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { time: number; msg: string }];
      } catch {
        return [];
      }
    });
  const first = lines[0];
  const listening = lines.find((line) => /listening/.test(line.msg));
  return {
    loadMs: first ? first.time - server.spawnedAt : null,
    bootMs: first && listening ? listening.time - first.time : null,
  };
}

async function coldAndWarm(server: Server): Promise<[StartupRun, StartupRun]> {
  const sourceServer = server === "source";
  // Cold means nothing compiled before either: the bundle's compile cache starts empty.
  if (!sourceServer) rmSync(PRODUCTION_SERVER.env.NODE_COMPILE_CACHE, { recursive: true, force: true });
  const dataDir = newDataDir();
  const cold = await startAppServer({ dataDir, sourceServer });
  const coldRun: StartupRun = { server, kind: "cold", totalMs: cold.startMs, ...phases(cold) };
  await cold.stop({ keepData: true });
  const warm = await startAppServer({ dataDir, sourceServer });
  const warmRun: StartupRun = { server, kind: "warm", totalMs: warm.startMs, ...phases(warm) };
  await warm.stop();
  return [coldRun, warmRun];
}

async function run(): Promise<BenchmarkReport> {
  ensureBuild();
  const runs: StartupRun[] = [];
  // Interleaved, so that a busier moment of the machine weighs on both ways alike.
  for (let index = 0; index < RUNS; index++) {
    for (const server of ["bundle", "source"] as const) {
      const [cold, warm] = await coldAndWarm(server);
      runs.push(cold, warm);
      process.stdout.write(`  run ${index + 1}, ${server}: cold ${Math.round(cold.totalMs)} ms, warm ${Math.round(warm.totalMs)} ms\n`);
    }
  }
  const summary = (server: Server, kind: Kind) => {
    const of = runs.filter((entry) => entry.server === server && entry.kind === kind);
    const pick = (key: "totalMs" | "loadMs" | "bootMs") => median(of.map((entry) => entry[key]).filter((value): value is number => value !== null));
    return { server, kind, totalMs: pick("totalMs"), loadMs: pick("loadMs"), bootMs: pick("bootMs"), runs: of.map((entry) => Math.round(entry.totalMs)) };
  };
  const rows = [summary("bundle", "cold"), summary("bundle", "warm"), summary("source", "cold"), summary("source", "warm")];
  const label = (row: (typeof rows)[number]) =>
    `${row.server === "bundle" ? "npm start (bundle)" : "node src/server/index.ts"}, ${row.kind === "cold" ? "cold (empty data folder)" : "warm (existing data)"}`;
  return {
    tables: [
      {
        title: `Start-up to a healthy /api/health (median of ${RUNS} runs, ms)`,
        columns: ["start", "total", "Node + modules", "database + migrations + app", "until healthy", "runs"],
        rows: rows.map((row) => [
          label(row),
          Math.round(row.totalMs),
          Math.round(row.loadMs),
          Math.round(row.bootMs),
          Math.round(row.totalMs - row.loadMs - row.bootMs),
          row.runs.join(", "),
        ]),
        notes: [
          "NODE_ENV=production with the production web build, embedded PostgreSQL in the data folder; health polled every 25 ms. The bundle runs as `npm start` execs it: `node build/server-bundle/index.mjs` with NODE_COMPILE_CACHE=build/node-compile-cache, emptied before each cold start. The two ways alternate within each run.",
          'Phases from the server\'s log: Node start and module loading until its first line, then the embedded PostgreSQL (initdb when cold), the migrations and the app until "listening", then the first healthy answer.',
        ],
      },
    ],
    data: { runs: runs.map((entry) => ({ ...entry, totalMs: round(entry.totalMs, 1) })), medians: rows },
  };
}

export const startup: Benchmark = { name: "startup", title: "Start-up", run };
