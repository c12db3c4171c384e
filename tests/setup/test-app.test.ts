import { describe, expect, it } from "vitest";
import { ApiClient } from "../client.ts";
import { countRows } from "../db.ts";
import { signUp } from "../factories.ts";
import { adminQuery, createTestApp } from "./test-app.ts";

describe("createTestApp", () => {
  it("gives each app a migrated database of its own, dropped on close", async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    try {
      expect(first.databaseName).not.toBe(second.databaseName);
      expect(await countRows(first.db)).toMatchObject({ user: 0, organization: 0 });
      await signUp(first, { workspaceName: "Only In First" });
      expect((await countRows(first.db)).user).toBe(1);
      expect((await countRows(second.db)).user).toBe(0);
      expect((await new ApiClient(second.app).get("/api/health")).status).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
    const left = await adminQuery("select datname from pg_database where datname = any($1)", [[first.databaseName, second.databaseName]]);
    expect(left.rows).toEqual([]);
  });

  it("applies configuration overrides and refuses bad ones", async () => {
    const prod = await createTestApp({ env: { NODE_ENV: "production" } });
    try {
      expect(prod.config.nodeEnv).toBe("production");
    } finally {
      await prod.close();
    }
    await expect(createTestApp({ env: { PORT: "abc" } })).rejects.toThrow(/PORT/);
  });
});
