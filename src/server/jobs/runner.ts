/**
 * Background jobs with pg-boss: jobs are rows in PostgreSQL (pg-boss's own schema, "pgboss",
 * installed and upgraded by pg-boss itself), so several app instances share one queue and each
 * job runs on one of them. What runs is listed in ./registry.ts (how to add a job: ./define.ts).
 *
 * Two pg-boss instances per process, on one small pool of their own:
 * - the producer, started by bootApp everywhere (server, tests, scripts): installs the schema,
 *   creates the registry's queues and queues jobs inside a caller's transaction (send).
 * - the workers, started by `startWorkers` in the server (src/server/index.ts), and in a test
 *   only when that test starts them: they run the handlers, the cron schedules, and pg-boss's
 *   maintenance. The tests' apps run no jobs unless asked.
 * `stop` ends both (waiting up to 10 s for running handlers) and their pool; the server calls
 * it before it closes the app's own pool, which the handlers use.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Db, fromDrizzle, PgBoss } from "pg-boss";
import type { AppDeps } from "../core/context.ts";
import type { Transaction } from "../db/tenant.ts";
import type { Logger } from "../lib/logger.ts";
import type { JobDefinition, QueueJob, QueueSettings } from "./define.ts";
import { JOBS } from "./registry.ts";

export interface JobQueue {
  /**
   * Queues a job inside `tx`: it exists only if that transaction commits. Works in a
   * withWorkspace transaction too (see stepOutOfWorkspace).
   */
  send<T>(tx: Transaction, queue: QueueJob<T>, data: T): Promise<void>;
  /** Runs this process's workers and schedules; call once. */
  startWorkers(deps: AppDeps): Promise<void>;
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
async function stepOutOfWorkspace<T>(tx: Transaction, work: () => Promise<T>): Promise<T> {
  const [row] = (await tx.execute<{ role: string }>(sql`select current_setting('role') as role`)).rows;
  const role = row?.role ?? "none";
  if (role !== "none") await tx.execute(sql`select set_config('role', 'none', true)`);
  const result = await work();
  if (role !== "none") await tx.execute(sql`select set_config('role', ${role}, true)`);
  return result;
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
  const db: Db = { executeSql: (text, values) => pool.query(text, values as unknown[]) };

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
  let stopped = false;
  return {
    async send(tx, queue, data) {
      await stepOutOfWorkspace(tx, () => producer.send(queue.name, data as object, { db: fromDrizzle(tx, sql) }));
    },

    async startWorkers(deps) {
      if (workers) throw new Error("the job workers are already running");
      const boss = new PgBoss({ db, schema: SCHEMA, migrate: false, supervise: true, schedule: true });
      report(boss, logger, "workers");
      workers = boss;
      await boss.start();
      for (const definition of definitions) {
        const run = definition.kind === "queue" ? (data: unknown) => (definition as QueueJob<unknown>).work(deps, data) : () => definition.run(deps);
        // Queued work (mail) is picked up within a second; a cron job's occurrence within five.
        const polling =
          definition.kind === "queue"
            ? { localConcurrency: definition.concurrency, pollingIntervalSeconds: 1 }
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
        { jobs: definitions.map((definition) => (definition.kind === "scheduled" ? `${definition.name} (${definition.cron})` : definition.name)) },
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
