/**
 * Sending a failed mail again: pg-boss's own retry puts the job back in the queue for one more
 * attempt (jobs/runner.ts), in the transaction that writes the audit entry. A workspace's admin
 * retries only a mail whose job names their workspace; a devops account any, its entry then in
 * the log of the workspace the mail is about (the platform's own log for one about none).
 */
import type { MailRetried } from "../../../shared/schemas/system-status.ts";
import { writeAudit } from "../../core/audit.ts";
import type { AppDeps } from "../../core/context.ts";
import { isRecordId } from "../../core/ids.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { mailQueue } from "../../jobs/mail.ts";
import { notFound } from "../../lib/app-error.ts";
import { findFailedMail } from "./mail-status.ts";
import type { StatusScope } from "./scope.ts";

/** Who retries: a workspace's admin, or a devops account (role "devops"). */
export interface StatusActor {
  userId: string;
  name: string;
  role: string;
  ipAddress: string;
}

const notThere = () => notFound("The failed mail");

export async function retryFailedMail(deps: Pick<AppDeps, "db" | "jobs">, scope: StatusScope, actor: StatusActor, jobId: string): Promise<MailRetried> {
  if (!isRecordId(jobId)) throw notThere();
  const mail = await findFailedMail(deps.db, scope, jobId);
  if (!mail) throw notThere();
  const retry = async (tx: Transaction) => {
    // Retried by someone else since it was read: it is no longer a failed mail.
    if (!(await deps.jobs.retry(tx, mailQueue, jobId))) throw notThere();
    await writeAudit(tx, {
      organizationId: scope.kind === "workspace" ? scope.organizationId : mail.organizationId,
      userId: actor.userId,
      actorRole: actor.role,
      action: "MAIL_RETRIED",
      description: `${actor.name}${actor.role === "devops" ? " (platform operator)" : ""} sent again a failed mail to ${mail.to}`,
      ipAddress: actor.ipAddress,
      metadata: { jobId, attempts: mail.attempts },
    });
  };
  if (scope.kind === "workspace") await withWorkspace(deps.db, scope.organizationId, retry);
  else await deps.db.transaction(retry);
  return { jobId, retried: true };
}
