import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import { systemClock, type Clock } from "./core/clock.ts";
import type { AppDeps } from "./core/context.ts";
import { assertRowLevelSecurityApplies, createDatabase, migrateDatabase, QUERY_TIMEOUT_MS, type Database } from "./db/client.ts";
import type { Config } from "./env.ts";
import { databaseOutbox } from "./features/dev-outbox/index.ts";
import { createJobQueue } from "./jobs/runner.ts";
import type { Logger } from "./lib/logger.ts";
import { loadDatabaseTimeZones } from "./lib/time-zones.ts";
import { createMailer } from "./mail/mailer.ts";
import { createStorage } from "./storage/index.ts";
import type { WebBuild } from "./spa/serve.ts";

/** Builds the app's parts on a migrated database: shared by the server and the tests. */
export async function bootApp(config: Config, databaseUrl: string, logger: Logger, web?: WebBuild, options: { poolMax?: number; clock?: Clock } = {}) {
  // Migrations on a connection of their own, without the app's query timeout: one may
  // legitimately take longer (an index on a big table).
  const migrator = createDatabase(databaseUrl, { max: 1 });
  try {
    await assertRowLevelSecurityApplies(migrator);
    await migrateDatabase(migrator);
  } finally {
    await migrator.$client.end();
  }
  const db: Database = createDatabase(databaseUrl, { max: options.poolMax, queryTimeoutMs: QUERY_TIMEOUT_MS });
  await loadDatabaseTimeZones(db);
  const clock = options.clock ?? systemClock;
  // The development outbox stores mail in the clear, links and their tokens: a local development server only.
  const outbox = config.localDevelopment ? databaseOutbox(db) : undefined;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger, outbox });
  const [recordings, resources, exports] = await Promise.all([
    createStorage(config, "recordings"),
    createStorage(config, "resources"),
    createStorage(config, "exports"),
  ]);
  // Installs or upgrades pg-boss's schema and queues; runs no job (the server starts the workers).
  const jobs = await createJobQueue(databaseUrl, logger);
  const auth = createAuth({ config, db, clock, jobs });
  const deps: AppDeps = { config, db, auth, mailer, logger, recordings, resources, exports, jobs, clock };
  return { deps, ...createApp(deps, web) };
}
