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
  /** The last finished run as [finished, started or -1, failed 1 or 0], in epoch seconds. */
  lastRun: [number, number, number] | null;
  recentFailures: { at: string; error: string | null }[] | null;
};

/**
 * Every job's runs in one pass over pg-boss's job table (it indexes only queued jobs, so any
 * read of finished ones goes through the rows it keeps: one pass, not one per question). The
 * last run is the greatest [finished, started, failed] triple: arrays compare element by
 * element, so the latest finish wins and brings its own start and result. `q.own`: only the
 * workspace's rows count (queue jobs, in a workspace's view).
 */
export function jobRunsSql(jobs: readonly JobDefinition[], scope: StatusScope, since: Date) {
  const names = jobs.map((job) => job.name);
  const own = jobs.map((job) => scope.kind === "workspace" && job.kind === "queue");
  const organizationId = scope.kind === "workspace" ? scope.organizationId : "";
  const failedSince = sql`j.state = 'failed' and j.completed_on >= ${since.toISOString()}::timestamptz`;
  return sql`
    select j.name,
      bool_or(j.state = 'active') as running,
      (count(*) filter (where ${failedSince}))::int as "failureCount",
      max(array[extract(epoch from j.completed_on), coalesce(extract(epoch from j.started_on), -1), (j.state = 'failed')::int]::float8[])
        filter (where j.state in ('completed', 'failed')) as "lastRun",
      (array_agg(json_build_object('at', j.completed_on, 'error', ${jobError("j")}) order by j.completed_on desc) filter (where ${failedSince}))[1:${RECENT_FAILURES_LISTED}]
        as "recentFailures"
    from pgboss.job as j
    join unnest(${sql.param(names)}::text[], ${sql.param(own)}::boolean[]) as q(name, own) on q.name = j.name
    where not q.own or j.data->>'organizationId' = ${organizationId}
    group by j.name`;
}

export async function jobStatuses(db: Queryable, scope: StatusScope, now: Date, jobs: readonly JobDefinition[] = JOBS): Promise<JobStatus[]> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_DAYS * 86_400_000);
  const { rows } = await db.execute<JobRunsRow>(jobRunsSql(jobs, scope, since));
  const runsOf = new Map(rows.map((row) => [row.name, row]));
  return jobs.map((job): JobStatus => {
    const runs = runsOf.get(job.name);
    // A scheduled job's error may name any workspace's records: the install's view alone shows it.
    const errorsShown = scope.kind === "install" || job.kind === "queue";
    const [finished, started, failed] = runs?.lastRun ?? [];
    return {
      name: job.name,
      kind: job.kind,
      cron: job.kind === "scheduled" ? job.cron : null,
      schedule: scheduleOf(job),
      running: runs?.running ?? false,
      lastRun:
        finished !== undefined
          ? {
              startedAt: started !== undefined && started >= 0 ? new Date(started * 1000).toISOString() : null,
              finishedAt: new Date(finished * 1000).toISOString(),
              durationMs: started !== undefined && started >= 0 ? Math.max(0, Math.round((finished - started) * 1000)) : null,
              result: failed === 1 ? "failed" : "completed",
            }
          : null,
      failures: {
        count: runs?.failureCount ?? 0,
        recent: (runs?.recentFailures ?? []).map((failure) => ({ at: isoOf(failure.at), error: errorsShown ? failure.error : null })),
      },
    };
  });
}
