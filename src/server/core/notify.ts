/**
 * The one way a feature sends mail: queue it on the mail queue (jobs/mail.ts) in the
 * transaction of the change it tells about. A change that rolls back mails nobody; one that
 * commits has its mails in the queue whatever happens to the process next, and the request
 * does not wait for the mail server. Only the mail job talks to the mail server.
 *
 * Pass the database itself only where there is no transaction to join (nothing is written,
 * or the write is another library's): the mail is then queued at once.
 *
 * Each mail is stamped with the workspace of the transaction (withWorkspace sets it), so that
 * the workspace's admins see its failed mails and no other's; a mail outside any workspace
 * (sign-up, password reset, the operator's) carries none.
 */
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/tenant.ts";
import { mailQueue } from "../jobs/mail.ts";
import type { JobQueue } from "../jobs/runner.ts";
import type { Mail } from "../mail/mailer.ts";

export async function notify(jobs: JobQueue, tx: Queryable, ...mails: Mail[]): Promise<void> {
  if (mails.length === 0) return;
  const organizationId = await workspaceOf(tx);
  for (const mail of mails) await jobs.send(tx, mailQueue, { ...mail, organizationId });
}

/** The workspace withWorkspace (or enterWorkspace) set for the transaction, if any. */
async function workspaceOf(tx: Queryable): Promise<string | null> {
  const { rows } = await tx.execute<{ organizationId: string | null }>(sql`select current_setting('app.organization_id', true) as "organizationId"`);
  return rows[0]?.organizationId || null;
}
