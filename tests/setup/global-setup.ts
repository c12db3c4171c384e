import type { TestProject } from "vitest/node";
import { createDatabase, migrateDatabase } from "../../src/server/db/client.ts";
import { OWNER_ROLE } from "../../src/server/db/owner-role.ts";
import { createJobQueue } from "../../src/server/jobs/runner.ts";
import { createLogger } from "../../src/server/lib/logger.ts";
import { startTestPostgres } from "../test-postgres.ts";

/**
 * Starts ONE embedded PostgreSQL for the whole run and builds a migrated template database
 * in it. Each test file then clones its own database from the template (tests/setup/test-app.ts),
 * which takes milliseconds instead of running the migrations again.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** `user` is the superuser (set-up only); the apps connect as `ownerUser`, as in production. */
    postgres: { host: string; port: number; user: string; password: string; ownerUser: string; ownerPassword: string; templateDatabase: string };
  }
}

export const TEMPLATE_DATABASE = "glassroom_template";

export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres({ database: TEMPLATE_DATABASE });
  try {
    const template = createDatabase(postgres.url, { max: 1 });
    try {
      await migrateDatabase(template);
    } finally {
      // No connection may stay open on a template: CREATE DATABASE ... TEMPLATE refuses then.
      await template.$client.end();
    }
    // pg-boss's schema and queues too, as bootApp installs them: each test's app then finds them.
    await (await createJobQueue(postgres.url, createLogger("silent"))).stop();
  } catch (error) {
    await postgres.destroy();
    throw error;
  }
  project.provide("postgres", {
    host: "127.0.0.1",
    port: postgres.port,
    user: "postgres",
    password: postgres.password,
    ownerUser: OWNER_ROLE,
    ownerPassword: postgres.password,
    templateDatabase: TEMPLATE_DATABASE,
  });
  return () => postgres.destroy();
}
