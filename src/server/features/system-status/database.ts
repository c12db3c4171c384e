/**
 * The database: reachable and how fast, its size, and its migrations against the code's
 * journal. Drizzle's table (drizzle.__drizzle_migrations) keeps each applied migration's hash
 * and its journal date ("when" it was written), not when it ran; the migrator applies every
 * journal entry newer than the newest applied one, and so does this reading.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { SystemStatus } from "../../../shared/schemas/system-status.ts";
import { isDatabaseUnavailableError, MIGRATIONS_FOLDER, type Database } from "../../db/client.ts";

interface JournalEntry {
  tag: string;
  when: number;
}

/** The code's migrations, read once: the journal ships with the code. */
const JOURNAL: JournalEntry[] = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: JournalEntry[] }
).entries.map(({ tag, when }) => ({ tag, when }));

export function migrationsStatus(applied: number, newestWhen: number | null): NonNullable<SystemStatus["database"]["migrations"]> {
  const latest = newestWhen === null ? undefined : JOURNAL.find((entry) => entry.when === newestWhen);
  return {
    applied,
    inCode: JOURNAL.length,
    latest: newestWhen === null ? null : { tag: latest?.tag ?? "(not in this code's journal)", writtenAt: new Date(newestWhen).toISOString() },
    notApplied: JOURNAL.filter((entry) => newestWhen === null || entry.when > newestWhen).map((entry) => entry.tag),
  };
}

export const appliedMigrationsQuery = (db: Database) =>
  db.execute<{ applied: number; newest: string | null }>(
    sql`select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );

export async function databaseStatus(db: Database): Promise<SystemStatus["database"]> {
  const started = performance.now();
  try {
    await db.execute(sql`select 1`);
  } catch (error) {
    if (isDatabaseUnavailableError(error)) return { reachable: false, latencyMs: null, sizeBytes: null, migrations: null };
    throw error;
  }
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const [size, migrations] = await Promise.all([
    db.execute<{ bytes: number }>(sql`select pg_database_size(current_database())::float8 as bytes`),
    appliedMigrationsQuery(db),
  ]);
  const { applied, newest } = migrations.rows[0]!;
  return {
    reachable: true,
    latencyMs,
    sizeBytes: size.rows[0]!.bytes,
    migrations: migrationsStatus(applied, newest === null ? null : Number(newest)),
  };
}
