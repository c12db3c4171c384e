/**
 * `npm run user:devops -- EMAIL`: makes an existing account a devops (platform) account.
 * Uses the same database as the server: DATABASE_URL, or the embedded one in DATA_DIR (the
 * running server's, or started briefly when no server runs).
 */
import { eq } from "drizzle-orm";
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { runningEmbeddedDatabaseUrl, startEmbeddedDatabase } from "../src/server/db/embedded.ts";
import { user } from "../src/server/db/schema.ts";
import { emailField } from "../src/shared/schemas/fields.ts";
import { ConfigError, loadConfig } from "../src/server/env.ts";
import { createLogger } from "../src/server/lib/logger.ts";

async function main() {
  const parsed = emailField.safeParse(process.argv[2] ?? "");
  if (!parsed.success) {
    process.stderr.write(`Usage: npm run user:devops -- EMAIL (${parsed.error.issues[0]?.message})\n`);
    process.exit(1);
  }
  const config = loadConfig();
  const logger = createLogger("warn");
  // Use the database of a running server when there is one; else start the embedded one briefly.
  const sharedUrl = config.databaseUrl ?? runningEmbeddedDatabaseUrl(config.dataDir);
  const embedded = sharedUrl ? undefined : await startEmbeddedDatabase(config.dataDir, logger);
  const db = createDatabase(sharedUrl ?? embedded!.url, { max: 1 });
  try {
    await migrateDatabase(db);
    const updated = await db.update(user).set({ devops: true }).where(eq(user.email, parsed.data)).returning({ id: user.id });
    if (updated.length === 0) {
      process.stderr.write(`No account has the email ${parsed.data}. Sign up first, then run this again.\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`${parsed.data} is now a devops account.\n`);
    }
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
