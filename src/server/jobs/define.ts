/**
 * How a feature declares a background job. Two kinds:
 *
 * - a queue: work that a request (or another job) hands over, one job at a time, retried by
 *   pg-boss when the handler throws. Queue a job with `deps.jobs.send(tx, queue, data)` inside
 *   the transaction that decides it: the job then exists only if that transaction commits.
 *   Mail has its own way in: `notify` (core/notify.ts). The data names the workspace the job
 *   works for as `organizationId`: System → Status shows a workspace's admins their own runs
 *   of a queue by it, and no other workspace's (decision 024).
 * - a scheduled job: a handler pg-boss runs on a cron expression (UTC). With several app
 *   instances each occurrence runs once, on one of them; a handler must still be safe to run
 *   twice at the same time (claim its work in the database).
 *
 * To add one, define it next to its feature with `defineQueue` / `defineScheduledJob` and list
 * it in ./registry.ts. That is all: bootApp creates its pg-boss queue, the server's workers run it.
 */
import type { AppDeps } from "../core/context.ts";

/** pg-boss retry and retention settings of a queue (seconds). */
export interface QueueSettings {
  /** Attempts after the first one, when the handler throws. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** Retries wait twice as long each time (from retryDelaySeconds). */
  retryBackoff?: boolean;
  /** A job running longer than this is given up as failed (and retried). */
  expireInSeconds?: number;
  /** How long a finished job stays in the pgboss tables. */
  deleteAfterSeconds?: number;
  /** Wakes the workers the moment a job is queued (LISTEN/NOTIFY) instead of at their next poll. */
  notify?: boolean;
}

export interface QueueJob<T> {
  kind: "queue";
  name: string;
  settings: QueueSettings;
  /** How many of its jobs one app instance runs at the same time. */
  concurrency: number;
  work: (deps: AppDeps, data: T) => Promise<void>;
}

export interface ScheduledJob {
  kind: "scheduled";
  name: string;
  /** Five-field cron expression, evaluated in UTC ("* * * * *": every minute). */
  cron: string;
  settings: QueueSettings;
  run: (deps: AppDeps) => Promise<void>;
}

export type JobDefinition = QueueJob<never> | ScheduledJob;

export function defineQueue<T>(definition: {
  name: string;
  settings?: QueueSettings;
  concurrency?: number;
  work: (deps: AppDeps, data: T) => Promise<void>;
}): QueueJob<T> {
  return { kind: "queue", settings: {}, concurrency: 1, ...definition };
}

export function defineScheduledJob(definition: { name: string; cron: string; settings?: QueueSettings; run: (deps: AppDeps) => Promise<void> }): ScheduledJob {
  return { kind: "scheduled", settings: {}, ...definition };
}
