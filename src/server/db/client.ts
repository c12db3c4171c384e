import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, "migrations");

export function createDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection (database restarted) must not crash the process; the pool reconnects.
  pool.on("error", () => {});
  return drizzle(pool, { schema }) as Database;
}

/** Forward-only migrations, run at start-up; a lock keeps two instances from racing. */
export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** True for errors that mean the database cannot be reached, rather than a bad query. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: string; message?: string; cause?: unknown };
    if (typeof candidate.code === "string") {
      if (["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "57P01", "57P02", "57P03", "08000", "08001", "08003", "08006"].includes(candidate.code)) {
        return true;
      }
    }
    if (typeof candidate.message === "string" && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/** Whether the database answers within two seconds. */
export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2_000).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}
