/**
 * The CRM task digest: on a day a staff member has open tasks due (the workspace's day), one
 * mail in the morning lists them and the overdue ones still open. Every quarter of an hour,
 * each workspace past DIGEST_HOUR in its zone is looked at; each assignee's tasks due by today
 * and never reminded are claimed by one UPDATE … SET reminded_on = today … RETURNING, and the
 * mail is queued (core/notify.ts) in the same transaction: sent once, however many instances run.
 * A transaction-scoped advisory lock per assignee keeps two runs from mailing one person twice
 * a day; a task due today made after the day's mail is claimed by tomorrow's, as overdue.
 */
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { member, user } from "../../db/auth-schema.ts";
import { crmTask, lead } from "../../db/crm-schema.ts";
import { organization } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { mails } from "../../mail/templates.ts";
import { leadName } from "./leads.ts";

/** The local hour from which the day's digest goes out: the working day's start. */
export const DIGEST_HOUR = 7;
/** Tasks named in one mail; more are counted. */
const LISTED = 30;

export const crmTaskDigestJob = defineScheduledJob({
  name: "crm-task-digest",
  cron: "*/15 * * * *",
  settings: { retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 86_400 },
  async run(deps) {
    const result = await sendTaskDigests(deps);
    if (result.mails > 0) deps.logger.info(result, "crm: task digests queued");
  },
});

export async function sendTaskDigests(deps: Pick<AppDeps, "db" | "logger" | "clock" | "jobs" | "config">): Promise<{ mails: number; tasks: number }> {
  const now = deps.clock.now().toISOString();
  // The owner reads every workspace (organization is an identity table); its day and hour in its zone.
  const workspaces = await deps.db
    .select({
      id: organization.id,
      name: organization.name,
      today: sql<string>`(${now}::timestamptz at time zone ${organization.timeZone})::date::text`,
      hour: sql<number>`extract(hour from ${now}::timestamptz at time zone ${organization.timeZone})::int`,
    })
    .from(organization)
    .orderBy(asc(organization.createdAt));
  let sent = 0;
  let tasks = 0;
  for (const workspace of workspaces) {
    if (Number(workspace.hour) < DIGEST_HOUR) continue;
    try {
      const result = await digestWorkspace(deps, workspace);
      sent += result.mails;
      tasks += result.tasks;
    } catch (error) {
      // This workspace's tasks stay unclaimed and are tried again next run; the others go on.
      deps.logger.error({ err: error, organizationId: workspace.id }, "crm: task digests not queued");
    }
  }
  return { mails: sent, tasks };
}

async function digestWorkspace(deps: Pick<AppDeps, "db" | "jobs" | "config">, workspace: { id: string; name: string; today: string }) {
  const organizationId = workspace.id;
  const today = workspace.today;
  const due = and(eq(crmTask.organizationId, organizationId), eq(crmTask.status, "open"), isNull(crmTask.remindedOn), lte(crmTask.dueOn, today));
  // Through crm_task_due_idx: the open tasks due by today not yet reminded.
  const assignees = await withWorkspace(deps.db, organizationId, (tx) =>
    tx.selectDistinct({ memberId: crmTask.assigneeMemberId }).from(crmTask).where(due).orderBy(asc(crmTask.assigneeMemberId)),
  );
  let mailed = 0;
  let tasks = 0;
  for (const { memberId } of assignees) {
    const claimed = await withWorkspace(deps.db, organizationId, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`crm-task-digest:${organizationId}:${memberId}`}))`);
      const [person] = await tx
        .select({ name: user.name, email: user.email, role: member.role, status: member.status })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
      // A former or suspended member is not mailed; their tasks wait for an admin to hand them on.
      if (!person || person.status !== "active" || !["admin", "tutor"].includes(person.role)) return 0;
      const [mailedToday] = await tx
        .select({ id: crmTask.id })
        .from(crmTask)
        .where(and(eq(crmTask.organizationId, organizationId), eq(crmTask.assigneeMemberId, memberId), eq(crmTask.remindedOn, today)))
        .limit(1);
      if (mailedToday) return 0;
      const claimedNow = await tx
        .update(crmTask)
        .set({ remindedOn: today })
        .where(and(due, eq(crmTask.assigneeMemberId, memberId)))
        .returning({ id: crmTask.id });
      if (claimedNow.length === 0) return 0;
      const open = await tx
        .select({ title: crmTask.title, dueOn: crmTask.dueOn, guardianName: lead.guardianName, studentName: lead.studentName, leadId: crmTask.leadId })
        .from(crmTask)
        .leftJoin(lead, and(eq(lead.organizationId, crmTask.organizationId), eq(lead.id, crmTask.leadId)))
        .where(and(eq(crmTask.organizationId, organizationId), eq(crmTask.assigneeMemberId, memberId), eq(crmTask.status, "open"), lte(crmTask.dueOn, today)))
        .orderBy(asc(crmTask.dueOn), asc(crmTask.title));
      const line = (task: (typeof open)[number]) => `${task.title}${task.leadId ? ` (${leadName(task)})` : ""}`;
      const dueToday = open.filter((task) => task.dueOn === today);
      const overdue = open.filter((task) => task.dueOn < today);
      const area = person.role === "admin" ? "admin" : "tutor";
      await notify(
        deps.jobs,
        tx,
        mails.crmTaskDigest({
          to: person.email,
          name: person.name,
          workspace: workspace.name,
          dueToday: dueToday.slice(0, LISTED).map(line),
          overdue: overdue.slice(0, LISTED).map((task) => `${line(task)}, due ${task.dueOn}`),
          more: Math.max(0, dueToday.length - LISTED) + Math.max(0, overdue.length - LISTED),
          url: `${deps.config.appUrl}/${area}/crm`,
        }),
      );
      return claimedNow.length;
    });
    if (claimed > 0) {
      mailed += 1;
      tasks += claimed;
    }
  }
  return { mails: mailed, tasks };
}
