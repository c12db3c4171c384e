import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { Hono } from "hono";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../shared/messages.ts";
import type { AppEnv } from "../core/context.ts";
import { serverBusy } from "../lib/app-error.ts";
import { handleError } from "./error-handler.ts";

/** A server that accepts connections and never answers: a connection to it never opens. */
let silent: net.Server;
let port = 0;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  silent = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  port = (silent.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const BUSY = { error: { code: "SERVER_BUSY", message: "The server is busy; try again in a moment." } };
const DOWN = { error: { code: "DATABASE_UNAVAILABLE", message: MESSAGES.databaseDown } };

describe("errors of the database pool", () => {
  it("answers a request that got no pooled connection in time 503 busy with Retry-After, and one whose connection failed 503 database unavailable", async () => {
    // One connection, stuck opening: the first query fails when its connection gives up; the
    // second waits for the pool's only connection and gives up waiting (node-postgres's errors,
    // through drizzle as the app sees them).
    const pool = new pg.Pool({ host: "127.0.0.1", port, user: "nobody", database: "nothing", max: 1, connectionTimeoutMillis: 200 });
    pool.on("error", () => {});
    const db = drizzle(pool);
    const app = new Hono<AppEnv>().get("/query", async (c) => c.json(await db.execute(sql`select 1`))).onError(handleError);
    try {
      const [opening, waiting] = await Promise.all([app.request("/query"), app.request("/query")]);
      expect([opening.status, waiting.status]).toEqual([503, 503]);
      expect(await waiting.json()).toEqual(BUSY);
      expect(waiting.headers.get("retry-after")).toBe("1");
      expect(await opening.json()).toEqual(DOWN);
      expect(opening.headers.get("retry-after")).toBeNull();
    } finally {
      await pool.end();
    }
  });

  it("answers a request refused as busy (the workspace's money writes queued too deep) the same way", async () => {
    const app = new Hono<AppEnv>()
      .get("/busy", () => {
        throw serverBusy();
      })
      .onError(handleError);
    const response = await app.request("/busy");
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual(BUSY);
  });
});
