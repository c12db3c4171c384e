/**
 * The one way a feature sends mail: queue it on the mail queue (jobs/mail.ts) in the
 * transaction of the change it tells about. A change that rolls back mails nobody; one that
 * commits has its mails in the queue whatever happens to the process next, and the request
 * does not wait for the mail server. Only the mail job talks to the mail server.
 *
 * Pass the database itself only where there is no transaction to join (nothing is written,
 * or the write is another library's): the mail is then queued at once.
 */
import type { Queryable } from "../db/tenant.ts";
import { mailQueue } from "../jobs/mail.ts";
import type { JobQueue } from "../jobs/runner.ts";
import type { Mail } from "../mail/mailer.ts";

export async function notify(jobs: JobQueue, tx: Queryable, ...mails: Mail[]): Promise<void> {
  for (const mail of mails) await jobs.send(tx, mailQueue, mail);
}
