/**
 * Embedded PostgreSQL for the end-to-end tests.
 *
 * - Imported: `startTestPostgres()` gives a server the test controls (stop it, start it again
 *   on the same data and port), used by the database-outage spec.
 * - Run as a script (`node e2e/support/postgres.ts`, the first webServer of
 *   playwright.config.ts): deletes the run's folder (E2E_ROOT), starts PostgreSQL on
 *   POSTGRES_PORT with the `glassroom` database owned by glassroom_owner (the app's
 *   DATABASE_URL; tests/test-postgres.ts sets it up), prints "e2e postgres ready" and stops it
 *   cleanly on SIGTERM/SIGINT.
 *
 * The data is throw-away: durability settings are off for speed.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { OWNER_ROLE, ownerUrl } from "../../src/server/db/owner-role.ts";
import { startTestPostgres } from "../../tests/test-postgres.ts";
import { E2E_POSTGRES_DIR, E2E_ROOT, POSTGRES_PASSWORD, POSTGRES_PORT } from "./constants.ts";

async function main() {
  rmSync(E2E_ROOT, { recursive: true, force: true });
  const postgres = await startTestPostgres({ dir: E2E_POSTGRES_DIR, port: POSTGRES_PORT, password: POSTGRES_PASSWORD });
  process.stdout.write(`e2e postgres ready on port ${postgres.port}\n`);
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await postgres.stop().catch((error) => process.stderr.write(`[e2e postgres] did not stop cleanly: ${String(error)}\n`));
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown());
  process.on("SIGINT", () => void shutdown());
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    process.stderr.write(`e2e postgres failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/**
 * A new empty database on the run's PostgreSQL, owned by glassroom_owner (for a dedicated app
 * instance that needs no server of its own); `drop()` removes it.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `scratch_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ host: "127.0.0.1", port: POSTGRES_PORT, user: "postgres", password: POSTGRES_PASSWORD, database: "postgres" });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name} owner ${OWNER_ROLE}`);
  return {
    url: ownerUrl(POSTGRES_PASSWORD, "127.0.0.1", POSTGRES_PORT, name),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
