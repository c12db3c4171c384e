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
  lastResult: "completed" | "failed" | null;
  lastStartedAt: Date | string | null;
  lastFinishedAt: Date | string | null;
  running: boolean;
  failureCount: number;
  recentFailures: { at: string; error: string | null }[];
};

/**
 * One statement for every job: for each name, pg-boss's primary key (name, id) leads to that
 * queue's rows, which each subquery reads for its own part. `j.own`: the job's rows are only the
 * workspace's (queue jobs, in a workspace's view).
 */
export function jobRunsQuery(db: Queryable, jobs: readonly JobDefinition[], scope: StatusScope, since: Date) {
  const names = jobs.map((job) => job.name);
  const own = jobs.map((job) => scope.kind === "workspace" && job.kind === "queue");
  const organizationId = scope.kind === "workspace" ? scope.organizationId : "";
  const mine = (alias: string) => sql`(not j.own or ${sql.raw(alias)}.data->>'organizationId' = ${organizationId})`;
  const failedSince = (alias: string) =>
    sql`${sql.raw(alias)}.name = j.name and ${sql.raw(alias)}.state = 'failed' and ${sql.raw(alias)}.completed_on >= ${since.toISOString()}::timestamptz and ${mine(alias)}`;
  return db.execute<JobRunsRow>(sql`
    select j.name,
      last.state as "lastResult", last.started_on as "lastStartedAt", last.completed_on as "lastFinishedAt",
      exists (select 1 from pgboss.job as a where a.name = j.name and a.state = 'active' and ${mine("a")}) as running,
      (select count(*)::int from pgboss.job as f where ${failedSince("f")}) as "failureCount",
      coalesce((select json_agg(recent order by recent.at desc) from (
        select f.completed_on as at, ${jobError("f")} as error from pgboss.job as f
        where ${failedSince("f")} order by f.completed_on desc limit ${RECENT_FAILURES_LISTED}) as recent), '[]'::json) as "recentFailures"
    from unnest(${sql.param(names)}::text[], ${sql.param(own)}::boolean[]) as j(name, own)
    left join lateral (
      select r.state, r.started_on, r.completed_on from pgboss.job as r
      where r.name = j.name and r.state in ('completed', 'failed') and ${mine("r")}
      order by r.completed_on desc limit 1) as last on true`);
}

export async function jobStatuses(db: Queryable, scope: StatusScope, now: Date, jobs: readonly JobDefinition[] = JOBS): Promise<JobStatus[]> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_DAYS * 86_400_000);
  const { rows } = await jobRunsQuery(db, jobs, scope, since);
  const runsOf = new Map(rows.map((row) => [row.name, row]));
  return jobs.map((job): JobStatus => {
    const runs = runsOf.get(job.name);
    // A scheduled job's error may name any workspace's records: the install's view alone shows it.
    const errorsShown = scope.kind === "install" || job.kind === "queue";
    const finished = runs?.lastFinishedAt ? new Date(runs.lastFinishedAt) : null;
    const started = runs?.lastStartedAt ? new Date(runs.lastStartedAt) : null;
    return {
      name: job.name,
      kind: job.kind,
      cron: job.kind === "scheduled" ? job.cron : null,
      schedule: scheduleOf(job),
      running: runs?.running ?? false,
      lastRun:
        finished && runs?.lastResult
          ? {
              startedAt: started ? started.toISOString() : null,
              finishedAt: finished.toISOString(),
              durationMs: started ? Math.max(0, finished.getTime() - started.getTime()) : null,
              result: runs.lastResult,
            }
          : null,
      failures: {
        count: runs?.failureCount ?? 0,
        recent: (runs?.recentFailures ?? []).map((failure) => ({ at: isoOf(failure.at), error: errorsShown ? failure.error : null })),
      },
    };
  });
}
