/**
 * Mail as the mail queue holds it (pg-boss's job table, queue "mail"): the last mail sent, the
 * mails waiting, and the failed ones (after every attempt) with the error, never the body.
 * Each answer is small (one time, a count, the newest 50 failures), but pg-boss indexes only
 * queued jobs, so the last send and the failures are read from the mail jobs it keeps: a day's
 * (deleteAfterSeconds of jobs/mail.ts). Decision 024.
 */
import { sql } from "drizzle-orm";
import { FAILED_MAILS_LISTED, type FailedMail, type SystemStatus } from "../../../shared/schemas/system-status.ts";
import type { AppDeps } from "../../core/context.ts";
import type { Queryable } from "../../db/tenant.ts";
import { mailQueue } from "../../jobs/mail.ts";
import { isoOf, jobInScope, type StatusScope } from "./scope.ts";

const MAIL = mailQueue.name;
/** A failed job's error: what the worker threw (pg-boss keeps it as output.message), or pg-boss's own (a timeout). */
export const jobError = (alias: string) => sql.raw(`left(coalesce(${alias}.output->>'message', ${alias}.output->'value'->>'message'), 500)`);

export const lastSentSql = (scope: StatusScope) =>
  sql`select max(j.completed_on) as at from pgboss.job as j where j.name = ${MAIL} and j.state = 'completed' and ${jobInScope(scope, "j")}`;

/** Queued or waiting for a retry: pg-boss's fetch index (job_i11) holds exactly these. */
export const waitingSql = (scope: StatusScope) =>
  sql`select count(*)::int as waiting from pgboss.job as j where j.name = ${MAIL} and j.state < 'active' and not j.blocked and ${jobInScope(scope, "j")}`;

type FailedMailRow = {
  jobId: string;
  to: string | null;
  subject: string | null;
  error: string | null;
  attempts: number;
  failedAt: Date | string;
  organizationId: string | null;
  workspaceName: string | null;
  workspaceSlug: string | null;
};

/** The newest failed mails of the scope, one more than `limit` (to tell whether there are more); the install's name their workspace. */
export function failedMailsSql(scope: StatusScope, limit: number, jobId?: string) {
  const workspace =
    scope.kind === "install"
      ? sql`o.name as "workspaceName", o.slug as "workspaceSlug" from pgboss.job as j left join organization as o on o.id = j.data->>'organizationId'`
      : sql`null as "workspaceName", null as "workspaceSlug" from pgboss.job as j`;
  return sql`
    select j.id::text as "jobId", j.data->>'to' as "to", j.data->>'subject' as subject, ${jobError("j")} as error,
      case when j.started_on is null then 0 else j.retry_count + 1 end as attempts, j.completed_on as "failedAt",
      j.data->>'organizationId' as "organizationId", ${workspace}
    where j.name = ${MAIL} and j.state = 'failed' and ${jobInScope(scope, "j")} ${jobId ? sql`and j.id = ${jobId}::uuid` : sql``}
    order by j.completed_on desc, j.id
    limit ${limit}`;
}

const failedMailOf = (row: FailedMailRow): FailedMail => ({
  jobId: row.jobId,
  to: row.to ?? "(no recipient)",
  subject: row.subject ?? "(no subject)",
  error: row.error,
  attempts: row.attempts,
  failedAt: isoOf(row.failedAt),
  workspace: row.workspaceName !== null && row.workspaceSlug !== null ? { name: row.workspaceName, slug: row.workspaceSlug } : null,
});

/** One failed mail of the scope, by its job id (a uuid), or undefined. */
export async function findFailedMail(db: Queryable, scope: StatusScope, jobId: string): Promise<(FailedMail & { organizationId: string | null }) | undefined> {
  const [row] = (await db.execute<FailedMailRow>(failedMailsSql(scope, 1, jobId))).rows;
  return row ? { ...failedMailOf(row), organizationId: row.organizationId } : undefined;
}

/** How long pg-boss keeps a finished mail job: the mail queue's own setting (jobs/mail.ts). */
const KEPT_HOURS = (mailQueue.settings.deleteAfterSeconds ?? 7 * 86_400) / 3600;

export async function mailStatus(deps: Pick<AppDeps, "db" | "mailer">, scope: StatusScope): Promise<SystemStatus["mail"]> {
  const [lastSent, waiting, failed] = await Promise.all([
    deps.db.execute<{ at: Date | string | null }>(lastSentSql(scope)),
    deps.db.execute<{ waiting: number }>(waitingSql(scope)),
    deps.db.execute<FailedMailRow>(failedMailsSql(scope, FAILED_MAILS_LISTED + 1)),
  ]);
  const at = lastSent.rows[0]?.at ?? null;
  return {
    transport: deps.mailer.transport,
    lastSentAt: at === null ? null : isoOf(at),
    waiting: waiting.rows[0]?.waiting ?? 0,
    failed: failed.rows.slice(0, FAILED_MAILS_LISTED).map(failedMailOf),
    moreFailed: failed.rows.length > FAILED_MAILS_LISTED,
    keptHours: KEPT_HOURS,
  };
}
