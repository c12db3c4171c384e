/**
 * A throw-away embedded PostgreSQL for tests (unit/integration and end-to-end alike): real
 * PostgreSQL binaries, durability off for speed, stoppable and restartable on the same data
 * and port (the database-outage test does that). Set up as the embedded server of the app is
 * (src/server/db/owner-role.ts): `url` connects as glassroom_owner, which owns the database
 * and is not a superuser, as the app must; `adminUrl` as the superuser, for set-up only.
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "../src/server/db/embedded-postgres.ts";
import { freePort } from "../src/server/db/embedded.ts";
import { ownerUrl, prepareOwnedDatabase } from "../src/server/db/owner-role.ts";

export { freePort };

export interface TestPostgres {
  /** postgres:// URL of the `glassroom` database as its owner, glassroom_owner (the app's URL). */
  url: string;
  /** The same database as the superuser: for test set-up, never for the app. */
  adminUrl: string;
  port: number;
  password: string;
  dir: string;
  /** Fast shutdown (SIGINT): clients are disconnected, committed data is kept. */
  stop(): Promise<void>;
  /** Starts the server again on the same data folder and port. */
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its data. */
  destroy(): Promise<void>;
}

export async function startTestPostgres(options: { dir?: string; port?: number; password?: string; database?: string } = {}): Promise<TestPostgres> {
  // Not created beforehand: initialise() creates it and, as root, hands it to the postgres user.
  const dir = options.dir ?? path.join(os.tmpdir(), `glassroom-test-pg-${randomBytes(6).toString("hex")}`);
  const port = options.port ?? (await freePort());
  const password = options.password ?? randomBytes(12).toString("hex");
  const database = options.database ?? "glassroom";
  const make = () =>
    new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user: "postgres",
      password,
      authMethod: "scram-sha-256",
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--no-sync"],
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
        "-c",
        "max_connections=200",
      ],
      onLog: () => {},
      onError: (error) => process.stderr.write(`[test postgres] ${String(error)}\n`),
    });

  let server: InstanceType<typeof EmbeddedPostgres> | undefined = make();
  await server.initialise();
  await server.start();
  // The owner's password is the superuser's: both are throw-away.
  const started = server;
  await prepareOwnedDatabase((name) => started.getPgClient(name, "127.0.0.1"), database, password);

  const stop = async () => {
    const running = server;
    server = undefined;
    await running?.stop();
  };
  return {
    url: ownerUrl(password, "127.0.0.1", port, database),
    adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    port,
    password,
    dir,
    stop,
    async start() {
      if (server) return;
      const next = make();
      await next.start();
      server = next;
    },
    async destroy() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
