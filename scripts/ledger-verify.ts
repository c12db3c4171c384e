/**
 * `npm run ledger:verify [-- --workspace ID]`: checks the billing ledger's hash chain of every
 * workspace (or one), printing one line per workspace: its entries, latest hash, and OK or the
 * problem at the first entry found wrong. Exits 1 when any chain is broken (for cron and CI).
 * Uses the same database as the server: DATABASE_URL, or the embedded one in DATA_DIR (the
 * running server's, or started briefly when no server runs).
 */
import { createDatabase, migrateDatabase } from "../src/server/db/client.ts";
import { runningEmbeddedDatabaseUrl, startEmbeddedDatabase } from "../src/server/db/embedded.ts";
import { ConfigError, loadConfig } from "../src/server/env.ts";
import { describeWorkspaceCheck, verifyWorkspaces } from "../src/server/features/billing/ledger-verification-job.ts";
import { createLogger } from "../src/server/lib/logger.ts";

function workspaceArgument(args: string[]): string | undefined {
  const at = args.indexOf("--workspace");
  if (at === -1) return undefined;
  const id = args[at + 1];
  if (!id || id.startsWith("--")) {
    process.stderr.write("Usage: npm run ledger:verify [-- --workspace ID]\n");
    process.exit(1);
  }
  return id;
}

async function main() {
  const workspace = workspaceArgument(process.argv.slice(2));
  const config = loadConfig();
  const logger = createLogger("warn");
  const sharedUrl = config.databaseUrl ?? runningEmbeddedDatabaseUrl(config.dataDir);
  const embedded = sharedUrl ? undefined : await startEmbeddedDatabase(config.dataDir, logger);
  const db = createDatabase(sharedUrl ?? embedded!.url, { max: 1 });
  try {
    await migrateDatabase(db);
    const checks = await verifyWorkspaces(db, workspace ? [workspace] : undefined);
    if (workspace && checks.length === 0) {
      process.stderr.write(`No workspace has the id ${workspace}.\n`);
      process.exitCode = 1;
      return;
    }
    for (const check of checks) process.stdout.write(`${describeWorkspaceCheck(check)}\n`);
    if (checks.some((check) => !check.ok)) process.exitCode = 1;
  } finally {
    await db.$client.end();
    await embedded?.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
});
