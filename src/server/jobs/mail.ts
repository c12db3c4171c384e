/**
 * The mail queue: one job per mail, sent by a worker, retried with back-off when the mail
 * server refuses or cannot be reached. Features queue mail here only through notify
 * (core/notify.ts), in the transaction of the change the mail is about: it goes out only if
 * that change commits, and is not lost when the process stops before sending it. This worker
 * is the only code that hands mail to the mail server (an ESLint rule keeps it so).
 *
 * A job is completed after the mail server accepted the mail. A crash between the two (or a
 * mail server that accepts and then times out) sends that mail again: at least once is the
 * most SMTP allows. Each job is one recipient, so a retry never repeats anyone else's mail.
 *
 * A job names the workspace the mail is about (notify stamps it), so that a workspace's admin
 * sees and retries that workspace's failed mails only (System → Status); the mail itself never
 * carries it.
 */
import type { Mail } from "../mail/mailer.ts";
import { defineQueue } from "./define.ts";

/** A mail job's data: the mail, and the workspace it is about (null outside any, e.g. a sign-up confirmation). */
export interface QueuedMail extends Mail {
  organizationId?: string | null;
}

export const mailQueue = defineQueue<QueuedMail>({
  name: "mail",
  // The job holds the mail's text: kept a day after sending for inspection, not the default week.
  // notify: a confirmation or reset link is awaited by someone at the screen; sent at once, not at the next poll.
  settings: { retryLimit: 8, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 86_400, notify: true },
  concurrency: 2,
  async work(deps, { organizationId: _workspace, ...mail }) {
    await deps.mailer.send(mail);
  },
});
