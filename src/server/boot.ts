import { createApp } from "./app.ts";
import { createAuth } from "./auth/auth.ts";
import type { AppDeps } from "./context.ts";
import { createDatabase, migrateDatabase, type Database } from "./db/client.ts";
import type { Config } from "./env.ts";
import { databaseOutbox } from "./features/dev-outbox/routes.ts";
import type { Logger } from "./lib/logger.ts";
import { createMailer } from "./mail/mailer.ts";
import type { WebBuild } from "./spa/serve.ts";

/** Builds the app's parts on a migrated database: shared by the server and the tests. */
export async function bootApp(config: Config, databaseUrl: string, logger: Logger, web?: WebBuild, options: { poolMax?: number } = {}) {
  const db: Database = createDatabase(databaseUrl, { max: options.poolMax });
  await migrateDatabase(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger, outbox: databaseOutbox(db) });
  const auth = createAuth({ config, db, mailer });
  const deps: AppDeps = { config, db, auth, mailer, logger };
  return { deps, app: createApp(deps, web) };
}
