import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { bootApp } from "../../src/server/boot.ts";
import { loadConfig, type Config } from "../../src/server/env.ts";
import { createLogger } from "../../src/server/lib/logger.ts";

export const TEST_APP_URL = "http://localhost:3000";
export const TEST_AUTH_SECRET = "glassroom-test-secret-0123456789abcdef";

export type TestApp = Awaited<ReturnType<typeof bootApp>> & {
  db: Awaited<ReturnType<typeof bootApp>>["deps"]["db"];
  config: Config;
  databaseUrl: string;
  databaseName: string;
  close: () => Promise<void>;
};

function adminClient() {
  const { host, port, user, password } = inject("postgres");
  return new pg.Client({ host, port, user, password, database: "postgres" });
}

function urlOf(database: string): string {
  const { host, port, user, password } = inject("postgres");
  return `postgres://${user}:${encodeURIComponent(password)}@${host}:${port}/${database}`;
}

/** A fresh database cloned from the migrated template; its name is returned. */
export async function cloneTemplateDatabase(): Promise<string> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = adminClient();
  await client.connect();
  try {
    await client.query(`create database ${name} template ${inject("postgres").templateDatabase}`);
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
 * `databaseUrl` lets a second app (another configuration) share the first one's database.
 */
export async function createTestApp(options: { env?: Record<string, string | undefined>; databaseUrl?: string } = {}): Promise<TestApp> {
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
    booted = await bootApp(config, options.databaseUrl ?? urlOf(ownDatabase!), createLogger(config.logLevel), undefined, { poolMax: 5 });
  } catch (error) {
    if (ownDatabase) await dropDatabase(ownDatabase).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { deps, app } = booted;
  const databaseUrl = options.databaseUrl ?? urlOf(ownDatabase!);
  let closed = false;
  return {
    databaseName: ownDatabase ?? new URL(databaseUrl).pathname.slice(1),
    deps,
    app,
    db: deps.db,
    config,
    databaseUrl,
    close: async () => {
      if (closed) return;
      closed = true;
      await deps.jobs.stop();
      await deps.db.$client.end();
      if (ownDatabase) await dropDatabase(ownDatabase);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
