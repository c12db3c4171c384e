/**
 * The background jobs of the registry as pg-boss's job table records their runs: each job's
 * last finished run, whether one is running, and its failures of the last week (pg-boss deletes
 * a finished job after its queue's deleteAfterSeconds: a week by default, a day for mail).
 *
 * Scheduled jobs work for every workspace at once: a workspace's admins see their schedule,
 * last run, result, running and failure count, but not the error text, which may name another
 * workspace's records. A queue job's data names its workspace, so a workspace reads its own
 * runs of it, errors included. The install (devops) reads everything. Decision 024.
 */
import { sql } from "drizzle-orm";
import { FAILURE_WINDOW_DAYS, RECENT_FAILURES_LISTED, type JobStatus } from "../../../shared/schemas/system-status.ts";
import type { Queryable } from "../../db/tenant.ts";
import type { JobDefinition } from "../../jobs/define.ts";
import { JOBS } from "../../jobs/registry.ts";
import { jobError } from "./mail-status.ts";
import { isoOf, type StatusScope } from "./scope.ts";
import { scheduleOf } from "./schedule-words.ts";

type JobRunsRow = {
  name: string;
  running: boolean;
  failureCount: number;
  lastFinishedAt: Date | string | null;
  lastFailedAt: Date | string | null;
  lastStartedAt: Date | string | null;
};

type RecentFailureRow = { name: string; at: Date | string; error: string | null };

/** Which jobs' rows count for the scope: `own` marks those read for the workspace alone (queue jobs, in a workspace's view). */
function scoped(jobs: readonly JobDefinition[], scope: StatusScope) {
  const names = jobs.map((job) => job.name);
  const own = jobs.map((job) => scope.kind === "workspace" && job.kind === "queue");
  const organizationId = scope.kind === "workspace" ? scope.organizationId : "";
  return {
    from: sql`pgboss.job as j join unnest(${sql.param(names)}::text[], ${sql.param(own)}::boolean[]) as q(name, own) on q.name = j.name`,
    mine: sql`(not q.own or j.data->>'organizationId' = ${organizationId})`,
  };
}

/**
 * Every job's runs in one pass over pg-boss's job table (it indexes only queued jobs, so any
 * read of finished ones goes through the rows it keeps: one pass, not one per question), in
 * plain aggregates: an aggregate that orders or builds a value per row cost four times as
 * much at 300k jobs. The last run is the latest finish; its start is the latest start of a
 * finished run, the same run for a job that runs one at a time (every scheduled job).
 */
export function jobRunsSql(jobs: readonly JobDefinition[], scope: StatusScope, since: Date) {
  const { from, mine } = scoped(jobs, scope);
  return sql`
    select j.name,
      bool_or(j.state = 'active') as running,
      (count(*) filter (where j.state = 'failed' and j.completed_on >= ${since.toISOString()}::timestamptz))::int as "failureCount",
      max(j.completed_on) filter (where j.state in ('completed', 'failed')) as "lastFinishedAt",
      max(j.completed_on) filter (where j.state = 'failed') as "lastFailedAt",
      max(j.started_on) filter (where j.state in ('completed', 'failed')) as "lastStartedAt"
    from ${from}
    where ${mine}
    group by j.name`;
}

/** The latest failures of each job since `since`, with their error: a pass that sorts the failed runs alone. */
export function recentFailuresSql(jobs: readonly JobDefinition[], scope: StatusScope, since: Date) {
  const { from, mine } = scoped(jobs, scope);
  return sql`
    select name, at, error from (
      select j.name, j.completed_on as at, ${jobError("j")} as error, row_number() over (partition by j.name order by j.completed_on desc) as position
      from ${from}
      where j.state = 'failed' and j.completed_on >= ${since.toISOString()}::timestamptz and ${mine}) as failure
    where position <= ${RECENT_FAILURES_LISTED}
    order by name, at desc`;
}

export async function jobStatuses(db: Queryable, scope: StatusScope, now: Date, jobs: readonly JobDefinition[] = JOBS): Promise<JobStatus[]> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_DAYS * 86_400_000);
  const [runs, failures] = await Promise.all([
    db.execute<JobRunsRow>(jobRunsSql(jobs, scope, since)),
    db.execute<RecentFailureRow>(recentFailuresSql(jobs, scope, since)),
  ]);
  const runsOf = new Map(runs.rows.map((row) => [row.name, row]));
  return jobs.map((job): JobStatus => {
    const run = runsOf.get(job.name);
    // A scheduled job's error may name any workspace's records: the install's view alone shows it.
    const errorsShown = scope.kind === "install" || job.kind === "queue";
    const finished = run?.lastFinishedAt ? new Date(run.lastFinishedAt) : null;
    const started = run?.lastStartedAt ? new Date(run.lastStartedAt) : null;
    return {
      name: job.name,
      kind: job.kind,
      cron: job.kind === "scheduled" ? job.cron : null,
      schedule: scheduleOf(job),
      running: run?.running ?? false,
      lastRun: finished
        ? {
            startedAt: started ? started.toISOString() : null,
            finishedAt: finished.toISOString(),
            durationMs: started ? Math.max(0, finished.getTime() - started.getTime()) : null,
            result: run?.lastFailedAt && new Date(run.lastFailedAt).getTime() === finished.getTime() ? "failed" : "completed",
          }
        : null,
      failures: {
        count: run?.failureCount ?? 0,
        recent: failures.rows
          .filter((failure) => failure.name === job.name)
          .map((failure) => ({ at: isoOf(failure.at), error: errorsShown ? failure.error : null })),
      },
    };
  });
}
