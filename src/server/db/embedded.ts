import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import EmbeddedPostgres from "./embedded-postgres.ts";
import { ownerUrl, prepareOwnedDatabase } from "./owner-role.ts";
import type { Logger } from "pino";

/**
 * The embedded PostgreSQL server used when DATABASE_URL is unset: real PostgreSQL binaries
 * from npm, with their data in DATA_DIR/postgres. One server per data folder.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = "glassroom";
/** The bootstrap superuser's password: used at start to set up the roles, never by the app. */
const SUPERUSER_PASSWORD_FILE = "postgres-password";
/** The password of glassroom_owner, the role the app connects as. */
const OWNER_PASSWORD_FILE = "postgres-owner-password";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The PostgreSQL currently running on this data folder, read from its postmaster.pid. */
function runningServer(pgDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  return { pid, port };
}

/**
 * After a kill -9 of the app, the PostgreSQL it started keeps running and holds the data
 * folder. Stop it cleanly (SIGINT is PostgreSQL's fast shutdown: committed data is safe in
 * the WAL) before starting our own; but never take it from a Glassroom server still running.
 */
async function stopOrphanedServer(dataDir: string, pgDir: string, logger: Logger): Promise<void> {
  const running = runningServer(pgDir);
  if (!running) return;
  const ownerFile = path.join(dataDir, "server.pid");
  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, "utf8")) : NaN;
  if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
    throw new Error(`Another Glassroom server (pid ${owner}) is using ${dataDir}. Stop it first, or give this one another DATA_DIR.`);
  }
  logger.warn({ pid: running.pid }, "stopping a PostgreSQL server left running by an earlier start");
  process.kill(running.pid, "SIGINT");
  for (let waited = 0; waited < 30_000 && isAlive(running.pid); waited += 100) await sleep(100);
  if (isAlive(running.pid)) throw new Error(`The PostgreSQL server (pid ${running.pid}) holding ${pgDir} did not stop.`);
}

/** The application's URL: as the owner role, never as the superuser (owner-role.ts). */
function urlOf(ownerPassword: string, port: number): string {
  return ownerUrl(ownerPassword, "127.0.0.1", port, DATABASE_NAME);
}

/** A password kept in DATA_DIR (0600), made on first use. */
function keptPassword(file: string, renew: boolean): string {
  if (renew || !existsSync(file)) writeFileSync(file, randomBytes(18).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/**
 * For command-line tools (npm run user:devops): the URL of the embedded database a running
 * server holds, if one does. The tool then uses it instead of starting its own.
 */
export function runningEmbeddedDatabaseUrl(dataDir: string): string | undefined {
  const running = runningServer(path.join(dataDir, "postgres"));
  const passwordFile = path.join(dataDir, OWNER_PASSWORD_FILE);
  if (!running || !existsSync(passwordFile)) return undefined;
  return urlOf(readFileSync(passwordFile, "utf8").trim(), running.port);
}

/**
 * The same running database as the bootstrap superuser, past row-level security: for tests
 * that check what is really stored, and for maintenance (a pg_dump), never for the app.
 */
export function runningEmbeddedSuperuserUrl(dataDir: string): string | undefined {
  const running = runningServer(path.join(dataDir, "postgres"));
  const passwordFile = path.join(dataDir, SUPERUSER_PASSWORD_FILE);
  if (!running || !existsSync(passwordFile)) return undefined;
  return `postgres://postgres:${encodeURIComponent(readFileSync(passwordFile, "utf8").trim())}@127.0.0.1:${running.port}/${DATABASE_NAME}`;
}

export async function startEmbeddedDatabase(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const runAsPostgresUser = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the 'postgres' user, which must be able to pass through
  // DATA_DIR (execute only: it still cannot list or read what else is there).
  if (runAsPostgresUser) chmodSync(dataDir, statSync(dataDir).mode | 0o011);
  const pgDir = path.join(dataDir, "postgres");
  const isNew = !existsSync(path.join(pgDir, "PG_VERSION"));
  const password = keptPassword(path.join(dataDir, SUPERUSER_PASSWORD_FILE), isNew);
  // Set on the role at every start, so a lost or replaced file is simply made again.
  const ownerPassword = keptPassword(path.join(dataDir, OWNER_PASSWORD_FILE), isNew);
  const port = await freePort();

  await stopOrphanedServer(dataDir, pgDir, logger);
  writeFileSync(path.join(dataDir, "server.pid"), String(process.pid));

  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: runAsPostgresUser,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (message) => logger.debug({ postgres: message.trim() }),
    onError: (error) => logger.error({ postgres: String(error) }),
  });

  if (isNew) await server.initialise();
  await server.start();

  // As the superuser, once per start: the owner role, the database it owns, and (for a data
  // folder made before the owner role existed) the hand-over of everything in it.
  await prepareOwnedDatabase((database) => server.getPgClient(database, "127.0.0.1"), DATABASE_NAME, ownerPassword);

  return { url: urlOf(ownerPassword, port), stop: () => server.stop() };
}
