import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { createDatabase, isDatabaseUnavailableError } from "./client.ts";
import { devOutbox } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const mail = (to: string) => ({ fromAddress: "test@example.com", toAddress: to, subject: "query timeout", body: "-" });

describe("the query timeout", () => {
  it("answers a query the database does not answer in time with a database-unavailable error", async () => {
    const db = createDatabase(t.databaseUrl, { max: 1, queryTimeoutMs: 200 });
    try {
      const failure = await db.execute(sql`select pg_sleep(1)`).catch((error: unknown) => error);
      expect(isDatabaseUnavailableError(failure)).toBe(true);
    } finally {
      await db.$client.end();
    }
  });

  it("closes the connection of a timed-out query, so that no later statement runs in its abandoned transaction", async () => {
    const db = createDatabase(t.databaseUrl, { max: 1, queryTimeoutMs: 200 });
    const abandoned = uniqueEmail("abandoned");
    const next = uniqueEmail("next");
    try {
      const failure = await db
        .transaction(async (tx) => {
          await tx.insert(devOutbox).values(mail(abandoned));
          await tx.execute(sql`select pg_sleep(1.5)`);
        })
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailableError(failure)).toBe(true);

      // The only pooled connection was closed: the next statement gets a new one at once,
      // instead of waiting behind the sleeping query and then running inside its transaction.
      const started = performance.now();
      await db.insert(devOutbox).values(mail(next));
      expect(performance.now() - started).toBeLessThan(1_000);

      await sleep(1_800);
      expect(await t.db.select().from(devOutbox).where(eq(devOutbox.toAddress, next))).toHaveLength(1);
      expect(await t.db.select().from(devOutbox).where(eq(devOutbox.toAddress, abandoned))).toHaveLength(0);
    } finally {
      await db.$client.end();
    }
  });
});

describe("a connection lost in the middle of a transaction", () => {
  it("fails the transaction with a database-unavailable error instead of ending the process, and the pool recovers", async () => {
    const db = createDatabase(t.databaseUrl, { max: 1 });
    try {
      const failure = await db
        .transaction(async (tx) => {
          const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          await t.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
          // The closed socket is noticed while the client is still checked out.
          await sleep(300);
          await tx.execute(sql`select 1`);
        })
        .catch((error: unknown) => error);
      expect(isDatabaseUnavailableError(failure)).toBe(true);
      const { rows } = await db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows[0]!.one).toBe(1);
    } finally {
      await db.$client.end();
    }
  });
});
