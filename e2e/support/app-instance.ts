/**
 * A dedicated Glassroom server for one spec (its own port, database and settings), started
 * from the production build that the main webServer built: the server bundle, as `npm start`
 * runs it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { NODE_BIN, PROJECT_ROOT } from "./constants.ts";
import { PRODUCTION_SERVER } from "../../scripts/build-outputs.ts";
import { freePort } from "../../tests/test-postgres.ts";

export interface AppInstance {
  url: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Settings of the e2e environment that a dedicated server must not inherit. */
const INHERITED_SETTINGS = [
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
];

/** `port` defaults to a free one, so that specs (and repeats of one spec) never collide. */
export async function startAppInstance(options: { port?: number; databaseUrl: string; env?: Record<string, string> }): Promise<AppInstance> {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "glassroom-e2e-app-"));
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of INHERITED_SETTINGS) delete env[name];
  Object.assign(
    env,
    { PORT: String(port), APP_URL: url, DATA_DIR: dataDir, DATABASE_URL: options.databaseUrl, LOG_LEVEL: "warn", RATE_LIMIT_MULTIPLIER: "50" },
    options.env,
  );

  const child = spawn(NODE_BIN, PRODUCTION_SERVER.args, { cwd: PROJECT_ROOT, env: { ...env, ...PRODUCTION_SERVER.env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) {
      child.kill("SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!stopped) child.kill("SIGKILL");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (!running) {
      await stop();
      throw new Error(`The dedicated server on ${url} exited during start:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The dedicated server on ${url} did not become healthy in 30 s:\n${output}`);
    }
    await sleep(200);
  }
  return { url, output: () => output, stop };
}
