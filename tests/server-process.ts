/**
 * The real server as a child process (`node src/server/index.ts`), for the crash-safety and
 * database-outage tests and the load test: its own port, DATA_DIR and settings, none
 * inherited from the caller's environment. No test-runner imports here.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");

/** Settings a child server must not take from the environment it was started from. */
const OWN_SETTINGS = [
  "PORT",
  "APP_URL",
  "DATA_DIR",
  "DATABASE_URL",
  "AUTH_SECRET",
  "NODE_ENV",
  "SMTP_URL",
  "MAIL_FROM",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_ISSUER",
  "ALLOW_WORKSPACE_SIGNUP",
  "LOG_LEVEL",
  "RATE_LIMIT_MULTIPLIER",
  "HOST",
  "GLASSROOM_API_ONLY",
];

export interface ServerProcessOptions {
  port: number;
  dataDir: string;
  /** A PostgreSQL server; unset: the embedded one in dataDir. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /**
   * In a process group of its own, so that `killGroup` can take the server together with
   * the embedded PostgreSQL it started (and that PostgreSQL's backends).
   */
  ownProcessGroup?: boolean;
  healthyWithinMs?: number;
}

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  running(): boolean;
  /** SIGKILL to the server process only (its PostgreSQL keeps running). */
  kill(): Promise<void>;
  /** SIGKILL to the whole process group: the server, its PostgreSQL and every backend. */
  killGroup(): Promise<void>;
  /** SIGTERM (clean shutdown), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const url = `http://localhost:${options.port}`;
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of OWN_SETTINGS) delete env[name];
  Object.assign(env, { PORT: String(options.port), APP_URL: url, DATA_DIR: options.dataDir, LOG_LEVEL: "warn" }, options.env);
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const child = spawn(process.execPath, ["src/server/index.ts"], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.ownProcessGroup ?? false,
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let alive = true;
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      alive = false;
      resolve(code ?? signal ?? "unknown");
    }),
  );

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is already gone.
    }
  };
  const server: ServerProcess = {
    url,
    pid: child.pid!,
    child,
    output: () => output,
    exited,
    running: () => alive,
    async kill() {
      if (alive) child.kill("SIGKILL");
      await exited;
    },
    async killGroup() {
      if (!options.ownProcessGroup) throw new Error("killGroup needs ownProcessGroup: true");
      signalGroup("SIGKILL");
      await exited;
    },
    async stop(graceMs = 15_000) {
      if (alive) {
        child.kill("SIGTERM");
        const stopped = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
        if (!stopped) {
          if (options.ownProcessGroup) signalGroup("SIGKILL");
          else child.kill("SIGKILL");
        }
      }
      await exited;
    },
  };

  const deadline = Date.now() + (options.healthyWithinMs ?? 60_000);
  for (;;) {
    if (!alive) throw new Error(`The server on ${url} exited during start (${await exited}):\n${output}`);
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      await server.stop(2_000);
      throw new Error(`The server on ${url} did not become healthy in ${options.healthyWithinMs ?? 60_000} ms:\n${output}`);
    }
    await sleep(100);
  }
}

/** A seeded pseudo-random generator (mulberry32), so that a failing run can be repeated. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
