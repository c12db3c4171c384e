/**
 * A Glassroom server for a benchmark: the production web build served by the server bundle
 * (`node build/server-bundle/index.mjs` with its compile cache, exactly what `npm start` execs),
 * NODE_ENV=production, on a free port, with the embedded PostgreSQL in a data folder of its own. Its log goes to a file, so
 * that logging costs what it costs in production without the benchmark process reading it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PRODUCTION_SERVER } from "../../scripts/build-outputs.ts";
import { freePort, runningEmbeddedDatabaseUrl } from "../../src/server/db/embedded.ts";
import { NODE_BIN, PROJECT_ROOT } from "./paths.ts";

export interface AppServer {
  url: string;
  port: number;
  /** The Node process's id (its own process group's). */
  pid: number;
  dataDir: string;
  /** Milliseconds from spawning the process to the first healthy /api/health. */
  startMs: number;
  /** Wall-clock time (epoch ms) of the spawn, to place the server's log lines. */
  spawnedAt: number;
  /** The embedded PostgreSQL the server runs (for seeding and the dev outbox). */
  databaseUrl: string;
  /** The last part of the server's log, for error messages. */
  output(): string;
  /** SIGTERM and wait (the server stops its PostgreSQL too); `keepData` keeps the data folder. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface AppServerOptions {
  /** An existing data folder (a warm start); default: a new empty one (a cold start). */
  dataDir?: string;
  env?: Record<string, string>;
  /** Default "100000": benchmarks sign in thousands of times from one address. */
  rateLimitMultiplier?: string;
  timeoutMs?: number;
  /** Run `node src/server/index.ts` (development's way) instead of the bundle: the start-up benchmark compares them. */
  sourceServer?: boolean;
  /** Options for Node before the script, such as `--cpu-prof` (the API benchmark's profile). */
  nodeOptions?: string[];
}

/** Settings of the caller's environment that the benchmark server must not inherit. */
const NOT_INHERITED = [
  "PORT",
  "APP_URL",
  "DATA_DIR",
  "DATABASE_URL",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_ISSUER",
  "NODE_ENV",
  "SMTP_URL",
  "AUTH_SECRET",
  "RATE_LIMIT_MULTIPLIER",
  "LOG_LEVEL",
  "HOST",
  "GLASSROOM_API_ONLY",
  "NODE_COMPILE_CACHE",
];

/**
 * One secret per benchmark run, so that a warm start can read the sessions of the cold one
 * (and the API benchmark's signed-in ceiling can check the cookies' signatures).
 */
export const AUTH_SECRET = randomBytes(32).toString("base64url");

export function newDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "glassroom-bench-data-"));
}

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = options.dataDir ?? newDataDir();
  const logFile = path.join(os.tmpdir(), `glassroom-bench-${port}-${randomBytes(4).toString("hex")}.log`);
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of NOT_INHERITED) delete env[name];
  Object.assign(
    env,
    {
      NODE_ENV: "production",
      AUTH_SECRET,
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      RATE_LIMIT_MULTIPLIER: options.rateLimitMultiplier ?? "100000",
    },
    options.env,
  );

  const log = openSync(logFile, "a");
  const spawnedAt = Date.now();
  const started = performance.now();
  // Its own process group, so that a server that will not stop can be killed with its PostgreSQL.
  const child = spawn(NODE_BIN, [...(options.nodeOptions ?? []), ...(options.sourceServer ? ["src/server/index.ts"] : PRODUCTION_SERVER.args)], {
    cwd: PROJECT_ROOT,
    env: options.sourceServer ? env : { ...env, ...PRODUCTION_SERVER.env },
    stdio: ["ignore", log, log],
    detached: true,
  });
  closeSync(log);
  let running = true;
  const exited = new Promise<void>((resolve) => child.once("exit", () => ((running = false), resolve())));

  const output = () => (existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-4000) : "");
  const stop = async ({ keepData = false } = {}) => {
    if (running && child.pid) {
      child.kill("SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), sleep(30_000, undefined, { ref: false }).then(() => false)]);
      if (!stopped) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
        await exited;
      }
    }
    rmSync(logFile, { force: true });
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (!running) {
      const text = output();
      await stop();
      throw new Error(`The benchmark server on ${url} exited during start:\n${text}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      const text = output();
      await stop();
      throw new Error(`The benchmark server on ${url} was not healthy within ${(options.timeoutMs ?? 120_000) / 1000} s:\n${text}`);
    }
    await sleep(25);
  }
  const startMs = performance.now() - started;
  const databaseUrl = runningEmbeddedDatabaseUrl(dataDir);
  if (!databaseUrl) {
    await stop();
    throw new Error(`The benchmark server on ${url} is healthy but its embedded PostgreSQL in ${dataDir} was not found.`);
  }
  return { url, port, pid: child.pid!, dataDir, startMs, spawnedAt, databaseUrl, output, stop };
}
