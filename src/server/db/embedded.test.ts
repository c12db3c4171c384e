import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { createJobQueue } from "../jobs/runner.ts";
import { createLogger } from "../lib/logger.ts";
import { createDatabase, MIGRATIONS_FOLDER, migrateDatabase } from "./client.ts";
import { freePort, startEmbeddedDatabase } from "./embedded.ts";
import EmbeddedPostgres from "./embedded-postgres.ts";
import { withWorkspace } from "./tenant.ts";

/**
 * A data folder made before the owner role existed: the superuser `postgres` owned the
 * database and everything in it, ran the migrations up to 0015 and pg-boss's, and was the
 * app's connection. The next start must hand it all over to glassroom_owner and keep working.
 */
const logger = createLogger("silent");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "glassroom-embedded-upgrade-"));
const oldMigrations = mkdtempSync(path.join(os.tmpdir(), "glassroom-old-migrations-"));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(oldMigrations, { recursive: true, force: true });
});

/** The migrations as the release before the owner role had them. */
function migrationsBeforeOwnerRole(): string {
  cpSync(MIGRATIONS_FOLDER, oldMigrations, { recursive: true });
  const journalFile = path.join(oldMigrations, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx < 16);
  writeFileSync(journalFile, JSON.stringify(journal));
  return oldMigrations;
}

async function makeOldDataFolder(): Promise<void> {
  // As root, PostgreSQL runs as the 'postgres' user, which must pass through the folder.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o711);
  const password = "old-superuser-password";
  writeFileSync(path.join(dataDir, "postgres-password"), password, { mode: 0o600 });
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, "postgres"),
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off"],
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  try {
    const client = server.getPgClient("postgres", "127.0.0.1");
    await client.connect();
    await client.query("create database glassroom");
    await client.end();
    const url = `postgres://postgres:${password}@127.0.0.1:${port}/glassroom`;
    const db = createDatabase(url, { max: 1 });
    try {
      await migrate(db, { migrationsFolder: migrationsBeforeOwnerRole() });
      await db.execute(sql`insert into organization (id, name, slug, created_at, join_code) values ('old-org', 'Old Tutors', 'old-tutors', now(), 'OLDOLDOL')`);
      await db.execute(sql`insert into student (organization_id, name) values ('old-org', 'Olive Old')`);
    } finally {
      await db.$client.end();
    }
    await (await createJobQueue(url, logger)).stop();
  } finally {
    await server.stop();
  }
}

describe("the embedded database of an existing data folder", () => {
  it("is handed over to glassroom_owner at start: the app connects as it, migrates, and finds its data and pg-boss's", async () => {
    await makeOldDataFolder();
    for (const round of [1, 2]) {
      const embedded = await startEmbeddedDatabase(dataDir, logger);
      const db = createDatabase(embedded.url, { max: 2 });
      try {
        expect(new URL(embedded.url).username).toBe("glassroom_owner");
        await migrateDatabase(db);
        const { rows: role } = await db.execute<{ superuser: boolean; bypass: boolean }>(
          sql`select rolsuper as superuser, rolbypassrls as bypass from pg_roles where rolname = current_user`,
        );
        expect(role, `start ${round}`).toEqual([{ superuser: false, bypass: false }]);
        const { rows: foreign } = await db.execute<{ name: string }>(sql`
          select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'drizzle', 'pgboss') and c.relkind in ('r', 'p', 'S') and pg_get_userbyid(c.relowner) <> 'glassroom_owner'`);
        expect(foreign, `start ${round}`).toEqual([]);
        const { rows: forced } = await db.execute<{ forced: boolean }>(sql`select relforcerowsecurity as forced from pg_class where oid = 'student'::regclass`);
        expect(forced).toEqual([{ forced: true }]);
        // Outside a workspace the owner sees no student; inside, the one made before the upgrade.
        expect((await db.execute(sql`select name from student`)).rows).toEqual([]);
        const names = await withWorkspace(db, "old-org", async (tx) => (await tx.execute<{ name: string }>(sql`select name from student`)).rows);
        expect(names).toEqual([{ name: "Olive Old" }]);
        await (await createJobQueue(embedded.url, logger)).stop();
      } finally {
        await db.$client.end();
        await embedded.stop();
      }
    }
  }, 180_000);
});
