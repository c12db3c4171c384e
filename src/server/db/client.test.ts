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
  it("never closes a connection whose queries are answered, however long it is held between them", async () => {
    const db = createDatabase(t.databaseUrl, { max: 1, queryTimeoutMs: 200 });
    try {
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        // Held, waiting for nothing from the database, for twice the timeout.
        await sleep(400);
        const again = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        expect(again.rows[0]!.pid).toBe(rows[0]!.pid);
      });
      // Idle in the pool for as long: still the same connection.
      const { rows: held } = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      await sleep(400);
      const { rows } = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      expect(rows[0]!.pid).toBe(held[0]!.pid);
    } finally {
      await db.$client.end();
    }
  });

  it("times a query from the connection's last answer, not from when it was sent behind others", async () => {
    const db = createDatabase(t.databaseUrl, { max: 1, queryTimeoutMs: 400 });
    const client = await db.$client.connect();
    try {
      // Three queries of 250 ms each written at once on one pipelined connection: the last is
      // answered 750 ms after it was sent, but the connection never waits 400 ms for an answer.
      const answers = await Promise.all([0, 1, 2].map(() => client.query("select pg_sleep(0.25)")));
      expect(answers).toHaveLength(3);
    } finally {
      client.release();
      await db.$client.end();
    }
  });

  it("times out a query that was handed the connection in the same moment the query before it was answered", async () => {
    const db = createDatabase(t.databaseUrl, { max: 1, queryTimeoutMs: 300 });
    try {
      // One connection: the pool gives it to the second query while it hands over the first's answer.
      const [quick, slow] = await Promise.allSettled([db.execute(sql`select 1`), db.execute(sql`select pg_sleep(1)`)]);
      expect(quick.status).toBe("fulfilled");
      expect(slow.status === "rejected" && isDatabaseUnavailableError(slow.reason)).toBe(true);
    } finally {
      await db.$client.end();
    }
  });

  it("does not wait for the answer to a query that node-postgres refused to send", async () => {
    const db = createDatabase(t.databaseUrl, { max: 1, queryTimeoutMs: 200 });
    const backend = async () => (await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;
    try {
      const before = await backend();
      const client = await db.$client.connect();
      try {
        await client.query({ name: "watchdog-test", text: "select 1" });
        // The same name for another text: refused before anything is written to the connection.
        const refused = await client.query({ name: "watchdog-test", text: "select 2" }).catch((error: unknown) => error);
        expect(String(refused)).toMatch(/Prepared statements must be unique/);
      } finally {
        client.release();
      }
      await sleep(400);
      // Still the same connection: it was not closed for an answer that could never come.
      expect(await backend()).toBe(before);
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
