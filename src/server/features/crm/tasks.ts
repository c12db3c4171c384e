/**
 * Staff tasks: made by hand (about a lead or on their own) and, later, by the enquiry page and
 * trials. Admins see and give tasks to any admin or tutor; a tutor sees and makes their own.
 * A task about a lead goes on the lead's timeline when it is made and when it is closed.
 */
import { isRecordId } from "../../core/ids.ts";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Task, TaskCreate, TaskListQuery, TaskPage, TaskUpdate } from "../../../shared/schemas/crm.ts";
import type { Actor } from "../../core/audit.ts";
import type { Database } from "../../db/client.ts";
import { member, user } from "../../db/auth-schema.ts";
import { crmTask, lead } from "../../db/crm-schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { conflictOn, invalidField, notFound } from "../../lib/app-error.ts";
import { addActivity, checkOwner, leadName, visibleLead } from "./leads.ts";
import type { CrmArea } from "./policy.ts";

const TASK = "The task";

/** The condition on `crm_task` rows the viewer sees: the workspace's for admins, their own for a tutor. */
function visibleTasks(actor: Actor, area: CrmArea): SQL {
  const inWorkspace = eq(crmTask.organizationId, actor.viewer.organizationId);
  return area === "admin" ? inWorkspace : and(inWorkspace, eq(crmTask.assigneeMemberId, actor.viewer.membership.id))!;
}

/**
 * Open tasks by due day, the most overdue first; closed ones the latest closed first; all of
 * them, the open ones first. Each list's order is an index's (crm_task_open_due_idx for the open).
 */
export const TASK_ORDER = {
  open: [asc(crmTask.dueOn), asc(crmTask.id)],
  closed: [desc(crmTask.closedAt), asc(crmTask.id)],
  all: [sql`${crmTask.status} <> 'open'`, asc(crmTask.dueOn), desc(crmTask.closedAt), asc(crmTask.id)],
} as const;

async function tasksById(
  tx: Queryable,
  organizationId: string,
  where: SQL,
  query?: { limit: number; offset: number; state: keyof typeof TASK_ORDER },
): Promise<Task[]> {
  const select = tx
    .select({
      id: crmTask.id,
      title: crmTask.title,
      kind: crmTask.kind,
      dueOn: crmTask.dueOn,
      status: crmTask.status,
      assigneeMemberId: crmTask.assigneeMemberId,
      assigneeName: user.name,
      leadId: crmTask.leadId,
      guardianName: lead.guardianName,
      studentName: lead.studentName,
      closedAt: crmTask.closedAt,
      createdAt: crmTask.createdAt,
    })
    .from(crmTask)
    .innerJoin(member, and(eq(member.organizationId, crmTask.organizationId), eq(member.id, crmTask.assigneeMemberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .leftJoin(lead, and(eq(lead.organizationId, crmTask.organizationId), eq(lead.id, crmTask.leadId)))
    .where(and(eq(crmTask.organizationId, organizationId), where))
    .orderBy(...TASK_ORDER[query?.state ?? "all"])
    .$dynamic();
  const rows = query ? await select.limit(query.limit).offset(query.offset) : await select;
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    kind: row.kind,
    dueOn: row.dueOn,
    status: row.status,
    assignee: { memberId: row.assigneeMemberId, name: row.assigneeName },
    lead: row.leadId ? { id: row.leadId, name: leadName(row) } : null,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** GET /{admin,tutor}/crm/tasks: open tasks by due day (overdue first), or the closed, or all. */
export async function listTasks(db: Database, actor: Actor, area: CrmArea, query: TaskListQuery): Promise<TaskPage> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const where = and(
      visibleTasks(actor, area),
      query.state === "open" ? eq(crmTask.status, "open") : query.state === "closed" ? inArray(crmTask.status, ["done", "cancelled"]) : undefined,
      query.assigneeMemberId ? eq(crmTask.assigneeMemberId, query.assigneeMemberId) : undefined,
      query.leadId ? eq(crmTask.leadId, query.leadId) : undefined,
    )!;
    const [counted] = await tx.select({ total: count() }).from(crmTask).where(where);
    const items = await tasksById(tx, organizationId, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize, state: query.state });
    return { items, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
  });
}

/** POST /{admin,tutor}/crm/tasks: a task for oneself or (admins) another admin or tutor, about a lead the viewer sees or on its own. */
export async function createTask(db: Database, actor: Actor, area: CrmArea, input: TaskCreate, now: Date): Promise<Task> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const self = actor.viewer.membership.id;
    const assignee = input.assigneeMemberId ?? self;
    if (assignee !== self) {
      if (area === "tutor") throw invalidField("assigneeMemberId", "A tutor's tasks are their own: you cannot give one to someone else.");
      await checkOwner(tx, organizationId, assignee, "assigneeMemberId");
    }
    if (input.leadId) {
      try {
        await visibleLead(tx, actor, area, input.leadId);
      } catch {
        throw invalidField("leadId", "No such lead among yours.");
      }
    }
    const [row] = await tx
      .insert(crmTask)
      .values({
        organizationId,
        title: input.title,
        dueOn: input.dueOn,
        assigneeMemberId: assignee,
        leadId: input.leadId ?? null,
        createdByUserId: actor.viewer.user.id,
        createdAt: now,
      })
      .returning({ id: crmTask.id });
    if (input.leadId) await addActivity(tx, organizationId, input.leadId, { kind: "task", summary: `Task: ${input.title}, due ${input.dueOn}` }, actor, now);
    return (await tasksById(tx, organizationId, eq(crmTask.id, row!.id)))[0]!;
  });
}

const CLOSING_WORDS = { done: "Done", cancelled: "Cancelled", open: "Reopened" } as const;

/** PATCH /{admin,tutor}/crm/tasks/{taskId}: done, cancelled or reopened; its title or due day changed. */
export async function updateTask(db: Database, actor: Actor, area: CrmArea, taskId: string, input: TaskUpdate, now: Date): Promise<Task> {
  if (!isRecordId(taskId)) throw notFound(TASK);
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const [current] = await tx
      .select()
      .from(crmTask)
      .where(and(visibleTasks(actor, area), eq(crmTask.id, taskId)))
      .for("update");
    if (!current) throw notFound(TASK);
    const status = input.status ?? current.status;
    if (input.status && input.status === current.status) throw conflictOn("status", `The task is ${current.status} already.`);
    await tx
      .update(crmTask)
      .set({
        status,
        title: input.title ?? current.title,
        dueOn: input.dueOn ?? current.dueOn,
        closedAt: status === "open" ? null : input.status ? now : current.closedAt,
      })
      .where(and(eq(crmTask.organizationId, organizationId), eq(crmTask.id, taskId)));
    if (input.status && current.leadId)
      await addActivity(
        tx,
        organizationId,
        current.leadId,
        { kind: "task", summary: `${CLOSING_WORDS[input.status]}: ${input.title ?? current.title}` },
        actor,
        now,
      );
    return (await tasksById(tx, organizationId, eq(crmTask.id, taskId)))[0]!;
  });
}
