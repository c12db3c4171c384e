/**
 * The daily alert digest: every hour, from 07:00 in the workspace's zone, each admin, tutor and
 * guardian with alerts opened since their last digest (at most the last 24 hours) that they may
 * see gets ONE mail listing them, honouring their notification preferences (the digest on or
 * off, and its topics). Never two in a day:
 * - the member's day is claimed by inserting alert_digest (workspace, member, day) ON CONFLICT
 *   DO NOTHING, in the transaction that queues the mail (core/notify.ts): two runs or two
 *   instances queue behind the unique index and the second claims nothing; a crash before the
 *   commit leaves the day free for the next run.
 * - a member with nothing new claims nothing, so an alert opened later that day still goes out
 *   at the next run; the digest covers from its `until` on.
 * Families' billing alerts are left out of their digest: the family billing digest already
 * mails the low balance and the overdue reminders; they show in the family's alert list.
 */
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { type AlertTopic, LIVE_ALERT_STATUSES, topicOf } from "../../../shared/schemas/health-alerts.ts";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { workspaceToday, workspaceZone } from "../../core/workspace-time.ts";
import { alertDigest, healthAlert } from "../../db/alerts-schema.ts";
import { member, organization, user } from "../../db/auth-schema.ts";
import { assignment, student, studentGuardian } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { mails } from "../../mail/templates.ts";
import { notEnded } from "../assignments/index.ts";
import { alertsVisibleTo, type AlertArea } from "./alerts.ts";
import { preferencesOf } from "./notification-preferences.ts";

const DAY_MS = 86_400_000;
/** The digest goes out from this hour of the workspace's morning. */
export const DIGEST_FROM_HOUR = 7;
const AREA_PATH: Record<AlertArea, string> = { admin: "/admin/health/alerts", tutor: "/tutor/alerts", parent: "/parent/alerts" };

export const alertDigestJob = defineScheduledJob({
  name: "health-alert-digest",
  cron: "23 * * * *",
  settings: { retryLimit: 0, expireInSeconds: 1_800, deleteAfterSeconds: 86_400 },
  async run(deps) {
    const result = await sendAlertDigests(deps);
    if (result.mails > 0) deps.logger.info(result, "alert digests queued");
  },
});

const hourIn = (zone: string, at: Date) => Number(new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", hourCycle: "h23" }).format(at));

/** Sends the digests due in every workspace; one workspace's failure leaves the others going. */
export async function sendAlertDigests(deps: Pick<AppDeps, "db" | "logger" | "clock" | "jobs" | "config">): Promise<{ mails: number }> {
  const now = deps.clock.now();
  // The owner reads every workspace (organization is an identity table).
  const workspaces = await deps.db.select({ id: organization.id, name: organization.name }).from(organization).orderBy(asc(organization.createdAt));
  let sent = 0;
  for (const workspace of workspaces) {
    try {
      sent += await withWorkspace(deps.db, workspace.id, (tx) => digestWorkspace(deps, tx, workspace, now));
    } catch (error) {
      deps.logger.error({ err: error, organizationId: workspace.id }, "alert digests not queued");
    }
  }
  return { mails: sent };
}

/** The alerts any digest could name: live, opened in the last day (the inbox index). Exported, as the two below, for the query-scaling benchmark. */
export function digestCandidatesQuery(tx: Queryable, organizationId: string, dayAgo: Date, now: Date) {
  return tx
    .select({ studentId: healthAlert.studentId, familyVisible: healthAlert.familyVisible })
    .from(healthAlert)
    .where(
      and(
        eq(healthAlert.organizationId, organizationId),
        inArray(healthAlert.status, [...LIVE_ALERT_STATUSES]),
        gt(healthAlert.openedAt, dayAgo),
        lte(healthAlert.openedAt, now),
      ),
    );
}

/** The active members who may read one of the candidates: every admin, the tutors of their students, the guardians of the family-visible ones. */
export function digestReadersQuery(tx: Queryable, organizationId: string, studentIds: string[], familyStudentIds: string[], now: Date) {
  const guardianOfAny =
    familyStudentIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${studentGuardian} where ${studentGuardian.organizationId} = ${organizationId}
          and ${studentGuardian.memberId} = ${member.id} and ${inArray(studentGuardian.studentId, familyStudentIds)})`;
  return tx
    .select({ memberId: member.id, role: member.role, userId: user.id, email: user.email, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(
      and(
        eq(member.organizationId, organizationId),
        eq(member.status, "active"),
        sql`(${member.role} = 'admin'
          or (${member.role} = 'tutor' and exists (select 1 from ${assignment} where ${assignment.organizationId} = ${organizationId}
                and ${assignment.tutorMemberId} = ${member.id} and ${inArray(assignment.studentId, studentIds)} and ${notEnded(organizationId, now)}))
          or (${member.role} = 'parent' and ${guardianOfAny}))`,
      ),
    )
    .orderBy(asc(member.id));
}

/** One reader's live alerts opened after `since`, that they may see through `area`, by student. */
export function digestAlertsQuery(
  tx: Queryable,
  organizationId: string,
  reader: { memberId: string; userId: string },
  area: AlertArea,
  since: Date,
  now: Date,
) {
  return tx
    .select({ kind: healthAlert.kind, title: healthAlert.title, severity: healthAlert.severity, studentName: student.name })
    .from(healthAlert)
    .innerJoin(student, and(eq(student.organizationId, healthAlert.organizationId), eq(student.id, healthAlert.studentId)))
    .where(
      and(
        eq(healthAlert.organizationId, organizationId),
        inArray(healthAlert.status, [...LIVE_ALERT_STATUSES]),
        gt(healthAlert.openedAt, since),
        lte(healthAlert.openedAt, now),
        alertsVisibleTo({ organizationId, memberId: reader.memberId, userId: reader.userId }, area, now),
      ),
    )
    .orderBy(asc(student.name), asc(healthAlert.openedAt));
}

async function digestWorkspace(deps: Pick<AppDeps, "jobs" | "config">, tx: Transaction, workspace: { id: string; name: string }, now: Date): Promise<number> {
  const organizationId = workspace.id;
  if (hourIn(await workspaceZone(tx, organizationId), now) < DIGEST_FROM_HOUR) return 0;
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const candidates = await digestCandidatesQuery(tx, organizationId, dayAgo, now);
  if (candidates.length === 0) return 0;
  const studentIds = [...new Set(candidates.map((alert) => alert.studentId))];
  const familyStudentIds = [...new Set(candidates.filter((alert) => alert.familyVisible).map((alert) => alert.studentId))];
  const readers = await digestReadersQuery(tx, organizationId, studentIds, familyStudentIds, now);
  const today = await workspaceToday(tx, organizationId, now);
  let sent = 0;
  for (const reader of readers) {
    const area = reader.role as AlertArea;
    const preferences = await preferencesOf(tx, organizationId, reader.memberId);
    if (!preferences.alertDigest) continue;
    const topics = new Set<AlertTopic>(preferences.topics);
    if (area === "parent") topics.delete("billing");
    if (topics.size === 0) continue;
    const [last] = await tx
      .select({ until: sql<Date>`max(${alertDigest.until})`.mapWith((value) => (value === null ? null : new Date(value))) })
      .from(alertDigest)
      .where(and(eq(alertDigest.organizationId, organizationId), eq(alertDigest.memberId, reader.memberId)));
    const since = last?.until && last.until > dayAgo ? last.until : dayAgo;
    const alerts = (await digestAlertsQuery(tx, organizationId, reader, area, since, now)).filter((alert) => topics.has(topicOf(alert.kind)));
    if (alerts.length === 0) continue;
    const [claimed] = await tx
      .insert(alertDigest)
      .values({ organizationId, memberId: reader.memberId, day: today, until: now, alerts: alerts.length })
      .onConflictDoNothing()
      .returning({ day: alertDigest.day });
    if (!claimed) continue;
    await notify(
      deps.jobs,
      tx,
      mails.alertDigest({
        to: reader.email,
        name: reader.name,
        workspace: workspace.name,
        lines: alerts.map((alert) => `${alert.studentName}: ${alert.title}${alert.severity === "act" ? " (act)" : ""}`),
        url: `${deps.config.appUrl}${AREA_PATH[area]}`,
        settingsUrl: `${deps.config.appUrl}/${area}/settings`,
      }),
    );
    sent += 1;
  }
  return sent;
}
