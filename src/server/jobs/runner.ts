/**
 * Background jobs with pg-boss: jobs are rows in PostgreSQL (pg-boss's own schema, "pgboss",
 * installed and upgraded by pg-boss itself), so several app instances share one queue and each
 * job runs on one of them. What runs is listed in ./registry.ts (how to add a job: ./define.ts).
 *
 * Two pg-boss instances per process, on one small pool of their own:
 * - the producer, started by bootApp everywhere (server, tests, scripts): installs the schema,
 *   creates the registry's queues and queues jobs inside a caller's transaction (send).
 * - the workers, started by `startWorkers` in the server (src/server/index.ts): they run the
 *   handlers, the cron schedules, and pg-boss's maintenance. A test's app runs the mail queue
 *   alone (tests/setup/test-app.ts), so that mail arrives as it does on a server; the other
 *   jobs only when that test starts them.
 * A queue with `notify` (the mail queue) wakes its workers the moment a job is queued
 * (PostgreSQL LISTEN/NOTIFY, on one more connection of the workers' own); they still poll
 * every second, so a lost listener delays a job by a second at most and loses none.
 * `stop` ends both (waiting up to 10 s for running handlers) and their pool; the server calls
 * it before it closes the app's own pool, which the handlers use.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Db, fromDrizzle, PgBoss } from "pg-boss";
import type { AppDeps } from "../core/context.ts";
import type { Queryable } from "../db/tenant.ts";
import type { Logger } from "../lib/logger.ts";
import type { JobDefinition, QueueJob, QueueSettings } from "./define.ts";
import { JOBS } from "./registry.ts";

export interface JobQueue {
  /**
   * Queues a job inside `tx`: it exists only if that transaction commits. Works in a
   * withWorkspace transaction too (see stepOutOfWorkspace). Given the database itself (no
   * transaction), the job is queued at once.
   */
  send<T>(tx: Queryable, queue: QueueJob<T>, data: T): Promise<void>;
  /**
   * Puts a failed job of `queue` back to be run (pg-boss's retry: one more attempt), inside
   * `tx` like send. False when no failed job has that id (never failed, or retried already).
   */
  retry(tx: Queryable, queue: QueueJob<never>, jobId: string): Promise<boolean>;
  /** Runs this process's workers and schedules: of `only` those jobs (default all), each one not yet running. */
  startWorkers(deps: AppDeps, only?: readonly JobDefinition[]): Promise<void>;
  stop(): Promise<void>;
}

const SCHEMA = "pgboss";
const STOP_TIMEOUT_MS = 10_000;

function queueOptions(settings: QueueSettings) {
  return {
    ...(settings.retryLimit !== undefined ? { retryLimit: settings.retryLimit } : {}),
    ...(settings.retryDelaySeconds !== undefined ? { retryDelay: settings.retryDelaySeconds } : {}),
    ...(settings.retryBackoff !== undefined ? { retryBackoff: settings.retryBackoff } : {}),
    ...(settings.expireInSeconds !== undefined ? { expireInSeconds: settings.expireInSeconds } : {}),
    ...(settings.deleteAfterSeconds !== undefined ? { deleteAfterSeconds: settings.deleteAfterSeconds } : {}),
    ...(settings.notify !== undefined ? { notify: settings.notify } : {}),
  };
}

function report(boss: PgBoss, logger: Logger, instance: string): void {
  // An 'error' event without a listener would end the process.
  boss.on("error", (error) => logger.error({ err: error, instance }, "job runner error"));
  boss.on("warning", (warning) => logger.warn({ warning: warning.data, instance }, `job runner: ${warning.message}`));
}

/**
 * pg-boss's tables belong to the database owner, not to glassroom_app, the role a
 * withWorkspace transaction runs as (row-level security). Queueing steps back to the owner for
 * the insert alone and then returns to the role it found; the workspace setting is untouched.
 */
async function stepOutOfWorkspace<T>(tx: Queryable, work: () => Promise<T>): Promise<T> {
  const [row] = (await tx.execute<{ role: string }>(sql`select current_setting('role') as role`)).rows;
  const role = row?.role ?? "none";
  if (role !== "none") await tx.execute(sql`select set_config('role', 'none', true)`);
  const result = await work();
  if (role !== "none") await tx.execute(sql`select set_config('role', ${role}, true)`);
  return result;
}

/**
 * pg-boss's LISTEN, on a connection of its own (a pooled one would lose it when released).
 * A dropped connection listens again a second later and then has the workers fetch once, for
 * the notifications it missed; until then the workers' polling carries on.
 */
function listener(databaseUrl: string): NonNullable<Db["listen"]> {
  return async (channel, onNotification, onReconnect) => {
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let closed = false;
    const reconnectLater = () => {
      if (closed || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect().then(onReconnect, reconnectLater);
      }, 1_000);
    };
    const connect = async () => {
      const next = new pg.Client({ connectionString: databaseUrl, application_name: "glassroom-jobs-listen", connectionTimeoutMillis: 5_000 });
      next.on("error", () => {});
      next.on("end", () => {
        if (client === next) reconnectLater();
      });
      next.on("notification", (message) => {
        if (message.payload !== undefined) onNotification(message.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN "${channel}"`);
      } catch (error) {
        await next.end().catch(() => {});
        throw error;
      }
      if (closed) await next.end().catch(() => {});
      else client = next;
    };
    await connect();
    return {
      async close() {
        closed = true;
        clearTimeout(retry);
        const last = client;
        client = undefined;
        await last?.end().catch(() => {});
      },
    };
  };
}

export async function createJobQueue(databaseUrl: string, logger: Logger, definitions: readonly JobDefinition[] = JOBS): Promise<JobQueue> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 3,
    application_name: "glassroom-jobs",
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // As the app's pool (db/client.ts): a dropped connection must not end the process.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db: Db = { executeSql: (text, values) => pool.query(text, values as unknown[]), listen: listener(databaseUrl) };

  const producer = new PgBoss({ db, schema: SCHEMA, migrate: true, supervise: false, schedule: false });
  report(producer, logger, "producer");
  try {
    await producer.start();
    for (const definition of definitions) {
      await producer.createQueue(definition.name, queueOptions(definition.settings));
      // createQueue leaves an existing queue as it was: settings changed in code apply here.
      await producer.updateQueue(definition.name, queueOptions(definition.settings));
    }
  } catch (error) {
    await producer.stop({ graceful: false, close: false }).catch(() => {});
    await pool.end().catch(() => {});
    throw error;
  }

  let workers: PgBoss | undefined;
  let workersStarted: Promise<unknown> | undefined;
  const running = new Set<string>();
  let stopped = false;
  return {
    async send(tx, queue, data) {
      await stepOutOfWorkspace(tx, () => producer.send(queue.name, data as object, { db: fromDrizzle(tx, sql) }));
    },

    async retry(tx, queue, jobId) {
      const result = await stepOutOfWorkspace(tx, () => producer.retry(queue.name, jobId, { db: fromDrizzle(tx, sql) }));
      // pg-boss declares CommandResponse without fields; its answer counts the jobs it changed (affected).
      return ((result as { affected?: number }).affected ?? 0) > 0;
    },

    async startWorkers(deps, only = definitions) {
      if (!workers) {
        workers = new PgBoss({ db, schema: SCHEMA, migrate: false, supervise: true, schedule: true, useListenNotify: true });
        report(workers, logger, "workers");
        workersStarted = workers.start();
      }
      await workersStarted;
      const boss = workers;
      const starting = only.filter((definition) => !running.has(definition.name));
      for (const definition of starting) {
        running.add(definition.name);
        const run = definition.kind === "queue" ? (data: unknown) => (definition as QueueJob<unknown>).work(deps, data) : () => definition.run(deps);
        // Queued work (mail) is picked up within a second, at once when its queue notifies;
        // a cron job's occurrence within five.
        const polling =
          definition.kind === "queue"
            ? { localConcurrency: definition.concurrency, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 }
            : { localConcurrency: 1, pollingIntervalSeconds: 5 };
        await boss.work(definition.name, polling, async ([job]) => {
          if (!job) return;
          try {
            await run(job.data);
          } catch (error) {
            logger.warn({ err: error, job: definition.name, jobId: job.id, attempt: job.retryCount }, "job failed; pg-boss retries it while attempts remain");
            throw error;
          }
        });
        if (definition.kind === "scheduled") await boss.schedule(definition.name, definition.cron, null, { tz: "UTC" });
      }
      // A job removed from the registry must not keep firing from a schedule stored earlier.
      const names = new Set(definitions.map((definition) => definition.name));
      for (const schedule of await boss.getSchedules()) {
        if (!names.has(schedule.name)) await boss.unschedule(schedule.name, schedule.key);
      }
      logger.info(
        { jobs: starting.map((definition) => (definition.kind === "scheduled" ? `${definition.name} (${definition.cron})` : definition.name)) },
        "job workers started",
      );
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      if (workers)
        await workers
          .stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: false })
          .catch((error) => logger.error({ err: error }, "job workers did not stop cleanly"));
      await producer.stop({ graceful: false, close: false }).catch((error) => logger.error({ err: error }, "job producer did not stop cleanly"));
      await pool.end().catch(() => {});
    },
  };
}
