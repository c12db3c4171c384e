/** Mails about sessions: the reminder job, and the mails queued when sessions change or a cancellation is asked for or declined. */
export { queueCancellationDeclinedMail, queueCancellationRequestedMails } from "./cancellation-requests.ts";
export { queueSessionChangeMails } from "./changes.ts";
export { sessionReminderJob } from "./reminders.ts";
