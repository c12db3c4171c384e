/**
 * Start-up: from spawning `node src/server/index.ts` (what `npm start` execs) to the first
 * healthy GET /api/health. Cold: an empty data folder (initdb, the database, every
 * migration). Warm: the same folder again after a clean stop. Median of a few runs each,
 * with where the time goes, read from the server's own log.
 */
import { newDataDir, startAppServer, type AppServer } from "./support/app-server.ts";
import { ensureBuild } from "./support/build.ts";
import type { Benchmark, BenchmarkReport } from "./support/report.ts";
import { median, round } from "./support/stats.ts";

const RUNS = 3;

export interface StartupRun {
  kind: "cold" | "warm";
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

async function run(): Promise<BenchmarkReport> {
  ensureBuild();
  const runs: StartupRun[] = [];
  for (let index = 0; index < RUNS; index++) {
    const dataDir = newDataDir();
    const cold = await startAppServer({ dataDir });
    runs.push({ kind: "cold", totalMs: cold.startMs, ...phases(cold) });
    await cold.stop({ keepData: true });
    const warm = await startAppServer({ dataDir });
    runs.push({ kind: "warm", totalMs: warm.startMs, ...phases(warm) });
    await warm.stop();
    process.stdout.write(`  run ${index + 1}: cold ${Math.round(cold.startMs)} ms, warm ${Math.round(warm.startMs)} ms\n`);
  }
  const summary = (kind: StartupRun["kind"]) => {
    const of = runs.filter((entry) => entry.kind === kind);
    const pick = (key: "totalMs" | "loadMs" | "bootMs") => median(of.map((entry) => entry[key]).filter((value): value is number => value !== null));
    return { kind, totalMs: pick("totalMs"), loadMs: pick("loadMs"), bootMs: pick("bootMs"), runs: of.map((entry) => Math.round(entry.totalMs)) };
  };
  const rows = [summary("cold"), summary("warm")];
  return {
    tables: [
      {
        title: `Start-up to a healthy /api/health (median of ${RUNS} runs, ms)`,
        columns: ["start", "total", "Node + modules", "database + migrations + app", "until healthy", "runs"],
        rows: rows.map((row) => [
          row.kind === "cold" ? "cold (empty data folder)" : "warm (existing data)",
          Math.round(row.totalMs),
          Math.round(row.loadMs),
          Math.round(row.bootMs),
          Math.round(row.totalMs - row.loadMs - row.bootMs),
          row.runs.join(", "),
        ]),
        notes: [
          "`node src/server/index.ts` with NODE_ENV=production and the production web build, embedded PostgreSQL in the data folder; health polled every 25 ms.",
          'Phases from the server\'s log: Node start and module loading until its first line, then the embedded PostgreSQL (initdb when cold), the migrations and the app until "listening", then the first healthy answer.',
        ],
      },
    ],
    data: { runs: runs.map((entry) => ({ ...entry, totalMs: round(entry.totalMs, 1) })), medians: rows },
  };
}

export const startup: Benchmark = { name: "startup", title: "Start-up", run };
