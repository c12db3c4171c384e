import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { ConfigError } from "../env.ts";
import { PROJECT_ROOT } from "../project-root.ts";
import { watchQueries } from "./query-watchdog.ts";
import * as schema from "./schema.ts";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "src/server/db/migrations");

/**
 * How long the app waits for PostgreSQL to answer a query. A database that stops answering
 * (frozen, or cut off by the network) otherwise holds a request forever: the connection
 * stays open and nothing ever comes back (db/query-watchdog.ts). Migrations run without it
 * (bootApp).
 */
export const QUERY_TIMEOUT_MS = 5_000;

export function createDatabase(url: string, options: { max?: number; queryTimeoutMs?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    // A query is written to the connection at once, without waiting for the answer to the one
    // before it (node-postgres's pipeline mode): withWorkspace sends its BEGIN with the work's
    // first query. Code that awaits each query, as all of ours does, sees no difference.
    pipeline: true,
  });
  // A dropped connection (database restarted) must not crash the process; the pool reconnects.
  pool.on("error", () => {});
  // Nor one dropped while it is checked out (a transaction in progress when the database
  // stops): its client emits 'error', which the pool listens for only while the client is
  // idle, and an unheard 'error' event ends the process. The statement in progress fails with
  // the same error, and the pool discards the client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  if (options.queryTimeoutMs) watchQueries(pool, options.queryTimeoutMs);
  return drizzle(pool, { schema }) as Database;
}

/**
 * Refuses to run as a role that row-level security does not apply to: a superuser, or one
 * with BYPASSRLS, would see every workspace's rows whatever the policies say (decision 10).
 */
export async function assertRowLevelSecurityApplies(db: Database): Promise<void> {
  const { rows } = await db.execute<{ role: string; superuser: boolean; bypass: boolean }>(
    sql`select rolname as role, rolsuper as superuser, rolbypassrls as bypass from pg_roles where rolname = current_user`,
  );
  const role = rows[0];
  if (role && (role.superuser || role.bypass)) {
    throw new ConfigError(
      `DATABASE_URL connects as "${role.role}", a ${role.superuser ? "superuser" : "role with BYPASSRLS"}, which row-level security does not apply to: connect as a role that owns the database but is neither superuser nor BYPASSRLS.`,
    );
  }
}

/** Forward-only migrations, run at start-up; a lock keeps two instances from racing. */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/**
 * True when the pool had no connection to lend within connectionTimeoutMillis: every one was
 * in use the whole time (node-postgres's wording for exactly that wait; a new connection that
 * cannot be opened fails differently): more work at once than connections, or, for at most
 * the query timeout, connections held by a database that stopped answering.
 */
export function isPoolExhaustedError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { message?: string; cause?: unknown };
    if (candidate.message === "timeout exceeded when trying to connect") return true;
    current = candidate.cause;
  }
  return false;
}

/** True for errors that mean the database cannot be reached, rather than a bad query. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; message?: string; cause?: unknown };
    if (typeof candidate.code === "string") {
      if (
        ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"].includes(
          candidate.code,
        )
      ) {
        return true;
      }
    }
    if (
      typeof candidate.message === "string" &&
      /Connection terminated|Query read timeout|Client was closed and is not queryable|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/** Whether the database answers within two seconds. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await Promise.race([db.execute(sql`select 1`), new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2_000).unref())]);
    return true;
  } catch {
    return false;
  }
}
