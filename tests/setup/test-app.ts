import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { bootApp } from "../../src/server/boot.ts";
import type { Clock } from "../../src/server/core/clock.ts";
import type { WebBuild } from "../../src/server/spa/serve.ts";
import { createDatabase, type Database } from "../../src/server/db/client.ts";
import { mailQueue } from "../../src/server/jobs/mail.ts";
import { OWNER_ROLE } from "../../src/server/db/owner-role.ts";
import { loadConfig, type Config } from "../../src/server/env.ts";
import { createLogger } from "../../src/server/lib/logger.ts";

export const TEST_APP_URL = "http://localhost:3000";
export const TEST_AUTH_SECRET = "glassroom-test-secret-0123456789abcdef";

export type TestApp = Awaited<ReturnType<typeof bootApp>> & {
  /**
   * The app's database as the superuser sees it, past row-level security: for set-up and
   * assertions. The app itself (deps.db) connects as glassroom_owner, as in production.
   */
  db: Database;
  config: Config;
  databaseUrl: string;
  databaseName: string;
  close: () => Promise<void>;
};

function adminClient() {
  const { host, port, user, password } = inject("postgres");
  return new pg.Client({ host, port, user, password, database: "postgres" });
}

/** The app's URL: as the database's owner, glassroom_owner (neither superuser nor BYPASSRLS). */
function urlOf(database: string): string {
  const { host, port, ownerUser, ownerPassword } = inject("postgres");
  return `postgres://${ownerUser}:${encodeURIComponent(ownerPassword)}@${host}:${port}/${database}`;
}

/** The same database as the superuser. */
export function adminUrlOf(database: string): string {
  const { host, port, user, password } = inject("postgres");
  return `postgres://${user}:${encodeURIComponent(password)}@${host}:${port}/${database}`;
}

/** A fresh database cloned from the migrated template; its name is returned. */
export async function cloneTemplateDatabase(): Promise<string> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = adminClient();
  await client.connect();
  try {
    await client.query(`create database ${name} owner ${OWNER_ROLE} template ${inject("postgres").templateDatabase}`);
  } finally {
    await client.end();
  }
  return name;
}

/** Runs SQL as the superuser on the server's maintenance database (for cluster-level set-up). */
export async function adminQuery(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = adminClient();
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

/**
 * The app as the server builds it (bootApp), in-process, on a database of its own cloned
 * from the template. `env` overrides the test settings (NODE_ENV=production, ALLOW_...);
 * `databaseUrl` lets a second app (another configuration) share the first one's database;
 * `clock` pins the time the app's rules read (fixedClock), else it runs on the real time.
 *
 * The app that owns its database runs the mail queue's worker, so that mail queued by any app
 * on that database reaches this one's dev outbox (tests/db.ts mailsTo waits for it); the other
 * jobs run only when a test starts them.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string | undefined>;
    databaseUrl?: string;
    clock?: Clock;
    /** The web build, for tests of pages the server writes into. */ web?: WebBuild;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "glassroom-test-data-"));
  let config: Config;
  let ownDatabase: string | undefined;
  let booted: Awaited<ReturnType<typeof bootApp>>;
  try {
    config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      APP_URL: TEST_APP_URL,
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      ...options.env,
    });
    ownDatabase = options.databaseUrl ? undefined : await cloneTemplateDatabase();
    booted = await bootApp(config, options.databaseUrl ?? urlOf(ownDatabase!), createLogger(config.logLevel), options.web, {
      poolMax: 5,
      clock: options.clock,
    });
  } catch (error) {
    if (ownDatabase) await dropDatabase(ownDatabase).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { deps, app, answerHealthProbe } = booted;
  if (ownDatabase) await deps.jobs.startWorkers(deps, [mailQueue]);
  const databaseUrl = options.databaseUrl ?? urlOf(ownDatabase!);
  const databaseName = ownDatabase ?? new URL(databaseUrl).pathname.slice(1);
  const adminDb = createDatabase(adminUrlOf(databaseName), { max: 2 });
  let closed = false;
  return {
    databaseName,
    deps,
    app,
    answerHealthProbe,
    db: adminDb,
    config,
    databaseUrl,
    close: async () => {
      if (closed) return;
      closed = true;
      await deps.jobs.stop();
      await deps.db.$client.end();
      await adminDb.$client.end();
      if (ownDatabase) await dropDatabase(ownDatabase);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
