/**
 * Session reminders: every minute, each scheduled session whose reminder is due (its start
 * less than the workspace's reminder lead time away, 24 hours by default) and not yet sent
 * gets one mail per person: tutor, guardians, students with a login (core/recipients.ts).
 *
 * Exactly once, with any number of app instances running this job at the same time:
 * - each session is claimed by one UPDATE … SET reminder_sent_at = <now> WHERE … reminder_sent_at
 *   IS NULL. Two runs claiming the same session queue behind the row lock, and the second then
 *   finds the condition false and claims nothing.
 * - its mails are queued as pg-boss jobs (one per recipient, core/notify.ts) in the same
 *   transaction as the claim. A crash before the commit leaves the session unclaimed (the next
 *   run sends it); after the commit the mails are in the queue, which retries each until the
 *   mail server accepts it. Nothing is lost and nothing is claimed twice; the one duplicate left
 *   possible is a mail the server accepted just before a crash (at least once, as SMTP allows).
 * A session that moves gets reminder_sent_at cleared (sessions/update-session.ts), so it is reminded
 * again for its new time.
 */
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { sessionPeople } from "../../core/recipients.ts";
import { tutoringSession, workspacePolicy } from "../../db/schema.ts";
import { withLookup, withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { mails } from "../../mail/templates.ts";
import { describeTime } from "../../core/time.ts";
import { readSettings, SESSION_SETTINGS_DEFAULTS } from "../../core/settings/index.ts";
import { describeFor, pageFor, placeLines } from "./wording.ts";

/** The longest lead time a workspace may set (sessionSettingsUpdateSchema, and a database check). */
const MAX_LEAD_HOURS = 168;
/** Sessions read per scan, and at most per run: a larger backlog carries on next minute. */
const BATCH = 200;
const MAX_PER_RUN = 2_000;

export const sessionReminderJob = defineScheduledJob({
  name: "session-reminders",
  cron: "* * * * *",
  // A run that hangs is given up after 5 minutes; the sessions it had not claimed stay due.
  settings: { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3_600 },
  async run(deps) {
    const result = await sendDueReminders(deps);
    if (result.sessions > 0) deps.logger.info(result, "session reminders queued");
  },
});

/** Claims every due session (across workspaces) and queues its reminder mails. */
export async function sendDueReminders(deps: AppDeps): Promise<{ sessions: number; mails: number }> {
  let sessions = 0;
  let queued = 0;
  let seen = 0;
  // One "now" for the whole run (deps.clock), so that the scan and each claim agree on what is due.
  const now = sql`${deps.clock.now().toISOString()}::timestamptz`;
  while (seen < MAX_PER_RUN) {
    // A cross-workspace scan on the owner connection, through tutoring_session_reminder_due_idx,
    // naming itself (withLookup: it sees scheduled sessions not yet reminded, and the
    // policies); each claim then runs inside its workspace.
    const due = await withLookup(deps.db, "app.scan", "session-reminders", (tx) =>
      tx
        .select({ organizationId: tutoringSession.organizationId, id: tutoringSession.id })
        .from(tutoringSession)
        .leftJoin(workspacePolicy, eq(workspacePolicy.organizationId, tutoringSession.organizationId))
        .where(
          and(
            eq(tutoringSession.status, "scheduled"),
            isNull(tutoringSession.reminderSentAt),
            sql`${tutoringSession.startsAt} > ${now}`,
            sql`${tutoringSession.startsAt} <= ${now} + make_interval(hours => ${MAX_LEAD_HOURS})`,
            sql`${tutoringSession.startsAt} <= ${now} + make_interval(hours => coalesce(${workspacePolicy.reminderLeadHours}, ${SESSION_SETTINGS_DEFAULTS.reminderLeadHours}))`,
          ),
        )
        .orderBy(asc(tutoringSession.startsAt))
        .limit(BATCH),
    );
    for (const session of due) {
      try {
        const count = await remindSession(deps, session.organizationId, session.id, now);
        if (count !== null) {
          sessions += 1;
          queued += count;
        }
      } catch (error) {
        // This session stays unclaimed and is tried again next run; the others go on.
        deps.logger.error({ err: error, sessionId: session.id }, "session reminder not queued");
      }
    }
    seen += due.length;
    if (due.length < BATCH) break;
  }
  return { sessions, mails: queued };
}

/** Claims one session and queues its mails, in one transaction; null when another run (or a change) got there first. */
async function remindSession(deps: AppDeps, organizationId: string, sessionId: string, now: SQL): Promise<number | null> {
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const lead = (await readSettings(tx, organizationId, "sessions")).reminderLeadHours;
    const [claimed] = await tx
      .update(tutoringSession)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(tutoringSession.organizationId, organizationId),
          eq(tutoringSession.id, sessionId),
          eq(tutoringSession.status, "scheduled"),
          isNull(tutoringSession.reminderSentAt),
          sql`${tutoringSession.startsAt} > ${now}`,
          sql`${tutoringSession.startsAt} <= ${now} + make_interval(hours => ${lead})`,
        ),
      )
      .returning();
    if (!claimed) return null;
    const people = await sessionPeople(tx, organizationId, [claimed.id]);
    const when = describeTime(claimed.startsAt, claimed.endsAt, claimed.timeZone);
    for (const recipient of people.recipients) {
      await notify(
        deps.jobs,
        tx,
        mails.sessionReminder({
          to: recipient.email,
          name: recipient.name,
          workspace: people.workspace,
          subject: claimed.subject,
          what: describeFor(recipient, people, claimed.subject, 1),
          when,
          place: placeLines(claimed),
          url: pageFor(deps.config.appUrl, recipient),
        }),
      );
    }
    return people.recipients.length;
  });
}
