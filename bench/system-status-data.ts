/**
 * The system status for the query-scaling benchmark: pg-boss's job table as a busy install fills
 * it, the files the storage figures add up, and a key query for each read of the status.
 *
 * Rows at size N: N mail jobs, one a second going back (every second one about the benchmark's
 * workspace, the others spread over 100 other workspaces; 1 in 100 failed after 9 attempts with a
 * mail server's error, 1 in 100 waiting, the rest sent); N/10 runs of the scheduled jobs, spread
 * over them, 1 in 200 failed; a recorded file on 1 session in 10 and a library file (a resource
 * with one version) per 100; and N/1000 more workspaces, empty, that the install's storage
 * figure enters one by one. pg-boss keeps a sent mail a day and a scheduled run a week, so the
 * job rows at 1M stand for a very busy install.
 */
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "../src/server/db/client.ts";
import type { Queryable, Transaction } from "../src/server/db/tenant.ts";
import { databaseStatus } from "../src/server/features/system-status/database.ts";
import { jobRunsSql, jobStatuses, recentFailuresSql } from "../src/server/features/system-status/job-status.ts";
import { failedMailsSql, lastSentSql, mailStatus, waitingSql } from "../src/server/features/system-status/mail-status.ts";
import type { StatusScope } from "../src/server/features/system-status/scope.ts";
import { installStoredBytes, storedBytes, storedBytesSql } from "../src/server/features/system-status/storage-status.ts";
import { JOBS } from "../src/server/jobs/registry.ts";
import { FAILED_MAILS_LISTED, FAILURE_WINDOW_DAYS } from "../src/shared/schemas/system-status.ts";

const SCHEDULED = JOBS.filter((job) => job.kind === "scheduled").map((job) => job.name);

export async function generateSystemStatus(db: Database, organizationId: string, now: Date, from: number, to: number): Promise<void> {
  const ago = (step: string) => sql.raw(`(timestamptz '${now.toISOString()}' - make_interval(secs => ${step}))`);
  await db.execute(sql`
    insert into pgboss.job (name, data, state, retry_count, created_on, started_on, completed_on, output)
    select 'mail',
           jsonb_build_object('to', 'family-' || g || '@example.com', 'subject', 'Invoice ' || g, 'text', 'Hello',
             'organizationId', case when g % 2 = 0 then ${organizationId} else 'bench-ws-' || (g % 100) end),
           (case when g % 100 = 0 then 'failed' when g % 100 = 1 then 'created' else 'completed' end)::pgboss.job_state,
           case when g % 100 = 0 then 8 else 0 end,
           ${ago("g")}, case when g % 100 <> 1 then ${ago("g")} end, case when g % 100 <> 1 then ${ago("g - 1")} end,
           case when g % 100 = 0 then jsonb_build_object('message', '550 5.1.1 <family-' || g || '@example.com>: Recipient address rejected') end
    from generate_series(${from}::int, ${to}::int) as g`);
  await db.execute(sql`
    insert into pgboss.job (name, state, created_on, started_on, completed_on, output)
    select (${sql.param(SCHEDULED)}::text[])[1 + g % ${SCHEDULED.length}],
           (case when g % 200 = 0 then 'failed' else 'completed' end)::pgboss.job_state,
           ${ago("g * 6")}, ${ago("g * 6")}, ${ago("g * 6 - 2")},
           case when g % 200 = 0 then jsonb_build_object('message', 'canceling statement due to statement timeout') end
    from generate_series(${Math.ceil(from / 10)}::int, ${Math.floor(to / 10)}::int) as g`);
  await db.execute(sql`
    insert into session_recording (organization_id, id, session_id, kind, title, storage_key, content_type, size_bytes, created_at)
    select ${organizationId}, md5('r' || k)::uuid, md5('t' || k)::uuid, 'file', 'Lesson recording', 'recordings/' || k || '.mp3', 'audio/mpeg',
           1000000 + k % 50000000, ${now.toISOString()}::timestamptz
    from generate_series(${from}::int, ${to}::int) as k where k % 10 = 0`);
  await db.execute(sql`
    insert into resource (organization_id, id, kind, title, category, created_at, updated_at)
    select ${organizationId}, md5('res' || k)::uuid, 'file', 'Worksheet ' || k, 'Worksheets', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from generate_series(${from}::int, ${to}::int) as k where k % 100 = 0`);
  await db.execute(sql`
    insert into resource_version (organization_id, resource_id, version, storage_key, file_name, content_type, size_bytes, created_at)
    select ${organizationId}, md5('res' || k)::uuid, 1, 'resources/' || k || '.pdf', 'worksheet.pdf', 'application/pdf', 20000 + k % 5000000,
           ${now.toISOString()}::timestamptz
    from generate_series(${from}::int, ${to}::int) as k where k % 100 = 0`);
  await db.execute(sql`
    insert into organization (id, name, slug, created_at, join_code)
    select 'bench-ws-' || g, 'Bench workspace ' || g, 'bench-ws-' || g, ${now.toISOString()}::timestamptz, 'BW' || g
    from generate_series(${Math.ceil(from / 1000)}::int, ${Math.floor(to / 1000)}::int) as g`);
  await db.execute(sql`analyze pgboss.job_common, session_recording, resource, resource_version, organization`);
}

/** What the query-scaling benchmark times (its KeyQuery). */
export interface SystemStatusKeyQuery {
  name: string;
  kind: "list page" | "count" | "report";
  source: string;
  inWorkspace: boolean;
  run(db: Queryable): Promise<unknown>;
  explain(db: Queryable): { sql: string; params: unknown[] };
  explainAll?(db: Database): Promise<{ sql: string; params: unknown[] }[]>;
}

const dialect = new PgDialect();

export function systemStatusKeyQueries(organizationId: string, now: Date): SystemStatusKeyQuery[] {
  const workspace: StatusScope = { kind: "workspace", organizationId };
  const install: StatusScope = { kind: "install" };
  const since = new Date(now.getTime() - FAILURE_WINDOW_DAYS * 86_400_000);
  const mail = (scope: StatusScope, whose: string): SystemStatusKeyQuery => ({
    name: `system status: ${whose} mail (last sent, waiting, the newest ${FAILED_MAILS_LISTED} failed)`,
    kind: "list page",
    source: "mailStatus (features/system-status/mail-status.ts): three statements on pgboss.job, run at once",
    inWorkspace: false,
    run: (db) => mailStatus({ db: db as Database, mailer: { transport: "log" } as never }, scope),
    explain: () => dialect.sqlToQuery(lastSentSql(scope)),
    explainAll: async () =>
      [lastSentSql(scope), waitingSql(scope), failedMailsSql(scope, FAILED_MAILS_LISTED + 1)].map((statement) => dialect.sqlToQuery(statement)),
  });
  const jobs = (scope: StatusScope, whose: string): SystemStatusKeyQuery => ({
    name: `system status: background jobs, ${whose} view`,
    kind: "report",
    source:
      "jobStatuses (features/system-status/job-status.ts): every job of the registry's last run, running and failures of the week in one aggregate pass, and the latest failures with their errors in another, run at once",
    inWorkspace: false,
    run: (db) => jobStatuses(db, scope, now),
    explain: () => dialect.sqlToQuery(jobRunsSql(JOBS, scope, since)),
    explainAll: async () => [jobRunsSql(JOBS, scope, since), recentFailuresSql(JOBS, scope, since)].map((statement) => dialect.sqlToQuery(statement)),
  });
  return [
    {
      name: "system status: the database (reachable, size, migrations)",
      kind: "report",
      source: "databaseStatus (features/system-status/database.ts)",
      inWorkspace: false,
      run: (db) => databaseStatus(db as Database),
      explain: () => ({ sql: "select 1", params: [] }),
    },
    mail(workspace, "the workspace's"),
    mail(install, "the install's"),
    jobs(workspace, "the workspace's"),
    jobs(install, "the install's"),
    {
      name: "system status: the workspace's files (recordings and library)",
      kind: "count",
      source: "storedBytesSql (features/system-status/storage-status.ts), inside the workspace: every file's recorded size, by nature",
      inWorkspace: true,
      run: (db) => storedBytes(db as Transaction, organizationId),
      explain: () => dialect.sqlToQuery(storedBytesSql(sql`${organizationId}`)),
    },
    {
      name: "system status: the install's files (each workspace entered in turn)",
      kind: "count",
      source: "installStoredBytes (features/system-status/storage-status.ts): one round trip, the database looping over the workspaces (two reads each)",
      inWorkspace: false,
      run: (db) => installStoredBytes(db as Database),
      explain: () => dialect.sqlToQuery(storedBytesSql(sql`${organizationId}`)),
    },
  ];
}
