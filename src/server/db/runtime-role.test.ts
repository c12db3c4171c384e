import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, adminUrlOf, createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

/** The role the application connects as must be one that row-level security applies to. */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(() => app?.close());

/** The server as a process with this DATABASE_URL: its exit code and what it printed. */
async function startServer(databaseUrl: string): Promise<{ code: number | null; stderr: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "glassroom-role-"));
  try {
    const child = spawn(process.execPath, ["src/server/index.ts"], {
      cwd: path.resolve(import.meta.dirname, "../../.."),
      env: { ...process.env, PORT: "0", DATA_DIR: dataDir, DATABASE_URL: databaseUrl, GLASSROOM_API_ONLY: "true", LOG_LEVEL: "warn", NODE_ENV: "development" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    return { code, stderr };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("the application's database role", () => {
  it("is the database's owner, neither superuser nor BYPASSRLS", async () => {
    const { rows } = await app.deps.db.execute<{ role: string; superuser: boolean; bypass: boolean; owns: boolean }>(sql`
      select rolname as role, rolsuper as superuser, rolbypassrls as bypass,
             (select datdba from pg_database where datname = current_database()) = oid as owns
      from pg_roles where rolname = current_user`);
    expect(rows).toEqual([{ role: "glassroom_owner", superuser: false, bypass: false, owns: true }]);
  });

  it("owns every table of the application, so that it runs the migrations", async () => {
    const { rows } = await app.db.execute<{ table: string }>(sql`
      select relname as table from pg_class
      where relnamespace = 'public'::regnamespace and relkind = 'r' and pg_get_userbyid(relowner) <> 'glassroom_owner'`);
    expect(rows).toEqual([]);
  });

  it("refuses to start on a superuser's DATABASE_URL, in one sentence", async () => {
    await expect(createTestApp({ databaseUrl: adminUrlOf(app.databaseName) })).rejects.toThrow(
      'DATABASE_URL connects as "postgres", a superuser, which row-level security does not apply to: connect as a role that owns the database but is neither superuser nor BYPASSRLS.',
    );
    const server = await startServer(adminUrlOf(app.databaseName));
    expect(server.code).toBe(1);
    expect(server.stderr.trim()).toBe(
      'Glassroom cannot start: DATABASE_URL connects as "postgres", a superuser, which row-level security does not apply to: connect as a role that owns the database but is neither superuser nor BYPASSRLS.',
    );
    // The process takes a while to load on a busy machine.
  }, 120_000);

  it("refuses a role with BYPASSRLS", async () => {
    const role = `bypass_${app.databaseName}`;
    await adminQuery(`create role ${role} login bypassrls password 'bypass-password'`);
    try {
      const url = new URL(adminUrlOf(app.databaseName));
      url.username = role;
      url.password = "bypass-password";
      await expect(createTestApp({ databaseUrl: url.toString() })).rejects.toThrow(`DATABASE_URL connects as "${role}", a role with BYPASSRLS`);
    } finally {
      await adminQuery(`drop role ${role}`);
    }
  });
});
