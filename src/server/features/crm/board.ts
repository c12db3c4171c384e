/**
 * The CRM board: for each stage in force, how many of the viewer's leads stand in it and the
 * first cards. Each column is its own query on the stage's index (lead_stage_idx, or
 * lead_owner_stage_idx for a tutor's or one owner's board) with a limit, so the board reads a
 * few dozen rows whatever the number of leads; each column's count is read from the same
 * index up to a thousand leads.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { type Board, type BoardCard, type BoardQuery, boardQuerySchema, boardSchema } from "../../../shared/schemas/crm-board.ts";
import type { Permission } from "../../../shared/permissions.ts";
import { type Actor, actorOf } from "../../core/audit.ts";
import type { AppDeps, AppEnv } from "../../core/context.ts";
import type { Database } from "../../db/client.ts";
import { member, user } from "../../db/auth-schema.ts";
import { crmTask, lead } from "../../db/crm-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { defineOperation, errorResponses, jsonContent, needs } from "../../lib/operation.ts";
import { type CrmArea, visibleLeads } from "./policy.ts";
import { crmSettingsOf, stagesInForce } from "./stages.ts";
import { cappedTotal } from "../../core/list-total.ts";

/**
 * Up to this many leads a column's count is exact ("100+" past it). The board counts all its
 * columns on each visit: seven counts of up to a thousand took 12 ms at 100k leads, seven of up
 * to a hundred stay within a few; the list (one count) says how many more.
 */
export const BOARD_COUNT_LIMIT = 100;

/** GET /{admin,tutor}/crm/board: the viewer's leads by stage. */
export async function readBoard(db: Database, actor: Actor, area: CrmArea, query: BoardQuery): Promise<Board> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const stages = await stagesInForce(tx, organizationId);
    const where = and(visibleLeads(actor.viewer, area), query.ownerMemberId ? eq(lead.ownerMemberId, query.ownerMemberId) : undefined);
    const columns = [];
    for (const stage of stages) {
      // Each column's count stops at BOARD_COUNT_LIMIT, then says "more than" (core/list-total.ts):
      // a grouped count read every lead of the workspace on each visit (0.1 s at 100k leads).
      const matching = tx
        .select({ id: lead.id })
        .from(lead)
        .where(and(where, eq(lead.stageId, stage.id)));
      const { total, totalIsAtLeast } = await cappedTotal(tx, matching, BOARD_COUNT_LIMIT);
      // Open stages show the leads waiting longest first (they need a nudge); won and lost the
      // latest first, as a record of what just happened.
      const order = stage.outcome === "open" ? [asc(lead.stageEnteredAt), asc(lead.id)] : [desc(lead.stageEnteredAt), desc(lead.id)];
      const rows =
        total === 0
          ? []
          : await tx
              .select({
                id: lead.id,
                guardianName: lead.guardianName,
                studentName: lead.studentName,
                subjects: lead.subjects,
                level: lead.level,
                source: lead.source,
                ownerMemberId: lead.ownerMemberId,
                ownerName: user.name,
                stageEnteredAt: lead.stageEnteredAt,
                convertedAt: lead.convertedAt,
              })
              .from(lead)
              .leftJoin(member, and(eq(member.organizationId, lead.organizationId), eq(member.id, lead.ownerMemberId)))
              .leftJoin(user, eq(user.id, member.userId))
              .where(and(where, eq(lead.stageId, stage.id)))
              .orderBy(...order)
              .limit(query.perStage);
      columns.push({ stage, total, totalIsAtLeast, rows });
    }

    const leadIds = columns.flatMap((column) => column.rows.map((row) => row.id));
    const nextTasks = new Map<string, BoardCard["nextTask"]>();
    if (leadIds.length > 0) {
      const tasks = await tx
        .selectDistinctOn([crmTask.leadId], { leadId: crmTask.leadId, id: crmTask.id, title: crmTask.title, dueOn: crmTask.dueOn })
        .from(crmTask)
        .where(and(eq(crmTask.organizationId, organizationId), inArray(crmTask.leadId, leadIds), eq(crmTask.status, "open")))
        .orderBy(crmTask.leadId, asc(crmTask.dueOn), asc(crmTask.id));
      for (const task of tasks) if (task.leadId) nextTasks.set(task.leadId, { id: task.id, title: task.title, dueOn: task.dueOn });
    }

    return {
      columns: columns.map(({ stage, total, totalIsAtLeast, rows }) => ({
        stage,
        total,
        totalIsAtLeast,
        cards: rows.map((row) => ({
          id: row.id,
          guardianName: row.guardianName,
          studentName: row.studentName,
          subjects: row.subjects,
          level: row.level,
          source: row.source,
          owner: row.ownerMemberId ? { memberId: row.ownerMemberId, name: row.ownerName ?? "A former member" } : null,
          stageEnteredAt: row.stageEnteredAt.toISOString(),
          convertedAt: row.convertedAt?.toISOString() ?? null,
          nextTask: nextTasks.get(row.id) ?? null,
        })),
      })),
      lostReasons: (await crmSettingsOf(tx, organizationId)).lostReasons,
    };
  });
}

/** The board's operation in an area, under the area's CRM read permission. */
export function boardRoutes(deps: AppDeps, area: CrmArea, read: Permission) {
  const board = defineOperation(needs(read), {
    method: "get",
    path: `/${area}/crm/board`,
    tags: ["CRM"],
    summary: `The pipeline board: per stage, how many leads stand in it and the first cards (open stages longest waiting first): ${area === "admin" ? "every lead of the workspace" : "the leads the tutor owns"}`,
    request: { query: boardQuerySchema },
    responses: { 200: { description: "The columns in stage order.", content: jsonContent(boardSchema) }, ...errorResponses },
  });
  return new OpenAPIHono<AppEnv>().openapi(board, async (c) => c.json(await readBoard(deps.db, actorOf(c), area, c.req.valid("query")), 200));
}
