import type pg from "pg";
import { protocolConnectionOf } from "./pg-connection.ts";

/** The error a connection is closed with when PostgreSQL has not answered in time (isDatabaseUnavailableError knows it). */
export const QUERY_TIMEOUT_MESSAGE = "Query read timeout";

/** What the watchdog knows of one connection: its queries not yet answered, and since when it has waited. */
interface Waiting {
  unanswered: number;
  /** performance.now() when it began to wait, or when PostgreSQL last answered one of its queries. */
  since: number;
}

/**
 * Closes a pooled connection whose queries PostgreSQL has left unanswered for `timeoutMs`: a
 * database that stops answering (frozen, or cut off by the network) otherwise holds a request
 * forever, since the connection stays open and nothing ever comes back. Every query of that
 * connection then fails with QUERY_TIMEOUT_MESSAGE, a database-unavailable error (503); the
 * database rolls its transaction back; the pool opens a new connection (decision 009).
 *
 * Why a watchdog rather than node-postgres's query_timeout: that option made a timer and a
 * function for every query, and each query's objects outlived young collections while V8 still
 * ran the calling code unoptimised (in the server's first seconds under load, and again after
 * a deoptimisation): megabytes were promoted at every collection, which then took 4-12 ms
 * instead of 1-2. Here each connection counts the queries sent to it and the answers that come
 * back (PostgreSQL's ReadyForQuery ends the answer to every query node-postgres sends), and one
 * timer per pool, running only while the pool has connections, looks at them a few times per
 * timeout. The wait is measured from the connection's last answer, so a query behind others on
 * a pipelined connection is not timed out for their time.
 */
export function watchQueries(pool: pg.Pool, timeoutMs: number): void {
  const connections = new Map<pg.PoolClient, Waiting>();
  const checkEveryMs = Math.max(10, Math.min(250, Math.floor(timeoutMs / 4)));
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    const now = performance.now();
    for (const [client, waiting] of connections) {
      if (waiting.unanswered > 0 && now - waiting.since >= timeoutMs) {
        waiting.unanswered = 0;
        protocolConnectionOf(client).stream.destroy(new Error(QUERY_TIMEOUT_MESSAGE));
      }
    }
  };

  pool.on("connect", (client) => {
    const waiting: Waiting = { unanswered: 0, since: 0 };
    connections.set(client, waiting);
    const query = client.query as (...args: unknown[]) => unknown;
    client.query = function countedQuery(this: pg.PoolClient, ...args: unknown[]) {
      if (waiting.unanswered++ === 0) waiting.since = performance.now();
      try {
        return query.apply(this, args);
      } catch (error) {
        waiting.unanswered--;
        throw error;
      }
    } as typeof client.query;
    // Ahead of node-postgres's own listener, whose callbacks may send the next query (a pool
    // hands the connection on at once): the answer is counted before that query is.
    protocolConnectionOf(client).prependListener("readyForQuery", () => {
      if (waiting.unanswered === 0) return;
      waiting.unanswered--;
      waiting.since = performance.now();
    });
    client.once("end", () => {
      connections.delete(client);
      if (connections.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    });
    timer ??= setInterval(check, checkEveryMs).unref();
  });
  // A connection back in the pool waits for nothing: a query that failed before it was sent
  // (node-postgres then sends nothing, so no answer comes) is not counted past its checkout.
  pool.on("release", (_error, client) => {
    const waiting = connections.get(client);
    if (waiting) waiting.unanswered = 0;
  });
}
