/**
 * CRM leads, timelines and tasks for the query-scaling benchmark.
 *
 * The workspace's default stages (made once), then leads 1..N capped at LEAD_CAP: lead k made
 * LEAD_STEP_MINUTES·k minutes before "now" (100k span about 10 months), by source k mod 6,
 * owned by one of 40 tutors (member 10·(k mod 40) + 2; member 2 is the tutor who reads), and
 * standing in a stage by k mod 100: 30 New, 20 Contacted, 10 Consultation, 8 Trial booked,
 * 5 Trial attended, 10 Won (converted 3 to 40 days after made), 17 Lost. Each lead has its
 * "created" entry, a stage entry for each move it made (New → … → its stage; lost from
 * Contacted) and a "trial" entry when it reached a trial stage; about 3.4 entries a lead.
 * One lead in three has a task for its owner, due within 30 days either side of "now"; open
 * unless the lead was won or lost (then done).
 */
import { cappedTotal, COUNTED_TOTAL_LIMIT } from "../src/server/core/list-total.ts";
import { and, asc, count, eq, isNull, lte, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Actor } from "../src/server/core/audit.ts";
import type { MemberContext } from "../src/server/core/context.ts";
import { member, user } from "../src/server/db/auth-schema.ts";
import type { Database } from "../src/server/db/client.ts";
import { crmTask, lead } from "../src/server/db/crm-schema.ts";
import type { Queryable } from "../src/server/db/tenant.ts";
import { funnelCellsSql, funnelMediansSql } from "../src/server/features/crm/funnel.ts";
import { LEAD_LIST_ORDER } from "../src/server/features/crm/leads.ts";
import { BOARD_COUNT_LIMIT } from "../src/server/features/crm/board.ts";
import { TASK_ORDER } from "../src/server/features/crm/tasks.ts";
import { type CrmArea, visibleLeads } from "../src/server/features/crm/policy.ts";
import { DEFAULT_STAGES, LEAD_SOURCES } from "../src/shared/schemas/crm.ts";

export const LEAD_CAP = Number(process.env.BENCH_LEAD_CAP ?? 100_000);
const LEAD_STEP_MINUTES = 5;

/** Stage `index` (0-based, DEFAULT_STAGES order)'s id, stable across steps. */
export const stageIdSql = (index: number) => `md5('bench-stage-${index}')::uuid`;
/** The tutor who reads their own leads (member 2: k mod 40 = 0 of the leads). */
export const CRM_TUTOR_MEMBER = "bench-member-2";
export const CRM_TUTOR_USER = "bench-user-2";

/** The stage index (0–6) of lead k: 30 New, 20 Contacted, 10 Consultation, 8 Trial booked, 5 Trial attended, 10 Won, 17 Lost. */
const STAGE_OF = `(case when k % 100 < 30 then 0 when k % 100 < 50 then 1 when k % 100 < 60 then 2 when k % 100 < 68 then 3 when k % 100 < 73 then 4 when k % 100 < 83 then 5 else 6 end)`;

export async function generateCrm(db: Database, organizationId: string, now: Date, from: number, to: number): Promise<void> {
  if (from === 1)
    await db.execute(sql`
      insert into crm_stage (organization_id, id, name, position, outcome)
      select ${organizationId}, md5('bench-stage-' || (i - 1))::uuid, s.name, i, s.outcome
      from unnest(${sql.raw(`array[${DEFAULT_STAGES.map((stage) => `'${stage.name}'`).join(",")}]`)},
                  ${sql.raw(`array[${DEFAULT_STAGES.map((stage) => `'${stage.outcome}'`).join(",")}]`)}) with ordinality as s(name, outcome, i)`);
  const last = Math.min(to, LEAD_CAP);
  if (from > last) return;
  const made = sql.raw(`(timestamptz '${now.toISOString()}' - make_interval(mins => k * ${LEAD_STEP_MINUTES}))`);
  const stage = sql.raw(STAGE_OF);
  const sources = sql.raw(`(array[${LEAD_SOURCES.map((source) => `'${source}'`).join(",")}])[1 + k % ${LEAD_SOURCES.length}]`);
  await db.execute(sql`
    insert into lead (organization_id, id, guardian_name, student_name, email, phone, subjects, source, owner_member_id, stage_id, stage_entered_at,
                      lost_reason, consent_basis, purge_on, converted_at, created_at, updated_at)
    select ${organizationId}, md5('bench-lead-' || k)::uuid, 'Parent ' || k, case when k % 3 = 0 then 'Child ' || k end,
           'lead' || k || '@example.com', case when k % 2 = 0 then '+44 7700 ' || lpad((k % 1000000)::text, 6, '0') end,
           array['Maths'], ${sources}, 'bench-member-' || (10 * (k % 40) + 2), md5('bench-stage-' || ${stage})::uuid,
           ${made} + make_interval(days => ${stage} * 2), case when ${stage} = 6 then 'Price' end, 'consent',
           (${made} + interval '12 months')::date,
           case when ${stage} = 5 then ${made} + make_interval(days => 3 + k % 38) end, ${made}, ${made}
    from generate_series(${from}::int, ${last}::int) as k`);
  // The timeline: created; a move into each stage up to its own (lost: New → Contacted → Lost); a trial on reaching one.
  const names = sql.raw(`(array[${DEFAULT_STAGES.map((s) => `'${s.name}'`).join(",")}])`);
  await db.execute(sql`
    insert into lead_activity (organization_id, lead_id, kind, summary, occurred_at)
    select ${organizationId}, md5('bench-lead-' || k)::uuid, 'created', 'Added by hand: came by phone', ${made}
    from generate_series(${from}::int, ${last}::int) as k`);
  await db.execute(sql`
    insert into lead_activity (organization_id, lead_id, kind, summary, occurred_at)
    select ${organizationId}, md5('bench-lead-' || k)::uuid, 'stage',
           'Moved from ' || ${names}[step] || ' to ' || ${names}[step + 1], ${made} + make_interval(days => step * 2)
    from generate_series(${from}::int, ${last}::int) as k, generate_series(1, 4) as step
    where step <= case when ${stage} = 6 then 1 when ${stage} = 5 then 4 else ${stage} end`);
  await db.execute(sql`
    insert into lead_activity (organization_id, lead_id, kind, summary, occurred_at)
    select ${organizationId}, md5('bench-lead-' || k)::uuid, 'stage', 'Moved from Contacted to Lost: Price', ${made} + interval '4 days'
    from generate_series(${from}::int, ${last}::int) as k where ${stage} = 6`);
  await db.execute(sql`
    insert into lead_activity (organization_id, lead_id, kind, summary, occurred_at)
    select ${organizationId}, md5('bench-lead-' || k)::uuid, 'trial', 'Trial lesson attended', ${made} + interval '7 days'
    from generate_series(${from}::int, ${last}::int) as k where ${stage} in (4, 5)`);
  await db.execute(sql`
    insert into crm_task (organization_id, id, title, kind, due_on, assignee_member_id, lead_id, status, created_at, closed_at)
    select ${organizationId}, md5('bench-task-' || k)::uuid, 'Follow up lead ' || k, 'manual',
           (timestamptz '${sql.raw(now.toISOString())}' + make_interval(days => (k % 61) - 30))::date,
           'bench-member-' || (10 * (k % 40) + 2), md5('bench-lead-' || k)::uuid,
           case when ${stage} in (5, 6) then 'done' else 'open' end, ${made},
           case when ${stage} in (5, 6) then ${made} + interval '1 day' end
    from generate_series(${from}::int, ${last}::int) as k where k % 3 = 0`);
}

/** What the query-scaling benchmark times: a key query as the app runs it (see KeyQuery there). */
interface CrmKeyQuery {
  name: string;
  kind: "list page" | "filtered search" | "count";
  source: string;
  index?: string;
  technique?: string;
  inWorkspace: true;
  run(db: Queryable): Promise<unknown>;
  explain(db: Queryable): { sql: string; params: unknown[] };
}

const PAGE = 25;
const dialect = new PgDialect();

/**
 * The CRM's lists as their services build them (leads.ts listLeads, board.ts readBoard, tasks.ts
 * listTasks, funnel.ts readFunnel, task-digest.ts), read by the admin and by the tutor who owns
 * 1 in 40 of the leads.
 */
export function crmKeyQueries(organizationId: string, now: Date): CrmKeyQuery[] {
  const viewer = (memberId: string, role: "admin" | "tutor", userId: string) =>
    ({ organizationId, membership: { id: memberId, role, status: "active" }, user: { id: userId }, role }) as unknown as MemberContext;
  const readers = { admin: viewer("bench-member-3", "admin", "bench-user-3"), tutor: viewer(CRM_TUTOR_MEMBER, "tutor", CRM_TUTOR_USER) };
  const firstStage = sql.raw(stageIdSql(0));
  const leadsPage = (area: CrmArea) => (db: Queryable) =>
    db
      .select({ id: lead.id, guardianName: lead.guardianName, studentName: lead.studentName, email: lead.email, ownerName: user.name, stageId: lead.stageId })
      .from(lead)
      .leftJoin(member, and(eq(member.organizationId, lead.organizationId), eq(member.id, lead.ownerMemberId)))
      .leftJoin(user, eq(user.id, member.userId))
      .where(visibleLeads(readers[area], area))
      .orderBy(...LEAD_LIST_ORDER)
      .limit(PAGE)
      .offset(0);
  /** The list's total as listLeads reads it (cappedTotal); EXPLAINed: the capped read. */
  const leadsMatching = (area: CrmArea) => (db: Queryable) => db.select({ id: lead.id }).from(lead).where(visibleLeads(readers[area], area));
  const boardColumn = (area: CrmArea) => (db: Queryable) =>
    db
      .select({ id: lead.id, guardianName: lead.guardianName, ownerName: user.name, stageEnteredAt: lead.stageEnteredAt })
      .from(lead)
      .leftJoin(member, and(eq(member.organizationId, lead.organizationId), eq(member.id, lead.ownerMemberId)))
      .leftJoin(user, eq(user.id, member.userId))
      .where(and(visibleLeads(readers[area], area), sql`${lead.stageId} = ${firstStage}`))
      .orderBy(asc(lead.stageEnteredAt), asc(lead.id))
      .limit(20);
  /** A column's leads, as readBoard counts them (cappedTotal, one column after another). */
  const stageLeads = (area: CrmArea, index: number) => (db: Queryable) =>
    db
      .select({ id: lead.id })
      .from(lead)
      .where(and(visibleLeads(readers[area], area), sql`${lead.stageId} = ${sql.raw(stageIdSql(index))}`));
  const boardCounts = (area: CrmArea) => ({
    run: async (db: Queryable) => {
      for (const index of DEFAULT_STAGES.keys()) await cappedTotal(db, stageLeads(area, index)(db), BOARD_COUNT_LIMIT);
    },
    explain: (db: Queryable) =>
      stageLeads(
        area,
        0,
      )(db)
        .limit(BOARD_COUNT_LIMIT + 1)
        .toSQL(),
  });
  const visibleTasks = (area: CrmArea) =>
    area === "admin"
      ? eq(crmTask.organizationId, organizationId)
      : and(eq(crmTask.organizationId, organizationId), eq(crmTask.assigneeMemberId, readers.tutor.membership.id))!;
  const tasksPage = (area: CrmArea) => (db: Queryable) =>
    db
      .select({ id: crmTask.id, title: crmTask.title, dueOn: crmTask.dueOn, assigneeName: user.name, guardianName: lead.guardianName })
      .from(crmTask)
      .innerJoin(member, and(eq(member.organizationId, crmTask.organizationId), eq(member.id, crmTask.assigneeMemberId)))
      .innerJoin(user, eq(user.id, member.userId))
      .leftJoin(lead, and(eq(lead.organizationId, crmTask.organizationId), eq(lead.id, crmTask.leadId)))
      .where(and(visibleTasks(area), eq(crmTask.status, "open")))
      .orderBy(...TASK_ORDER.open)
      .limit(PAGE)
      .offset(0);
  const tasksTotal = (area: CrmArea) => (db: Queryable) =>
    db
      .select({ total: count() })
      .from(crmTask)
      .where(and(visibleTasks(area), eq(crmTask.status, "open")));
  const today = now.toISOString().slice(0, 10);
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const funnel = (area: CrmArea, days: number, part: "cells" | "medians") => {
    const query = () =>
      (part === "cells" ? funnelCellsSql : funnelMediansSql)({ viewer: readers[area] } as Pick<Actor, "viewer">, area, daysBefore(days - 1), today);
    return { run: (db: Queryable) => db.execute(query()), explain: () => dialect.sqlToQuery(query()) };
  };
  const digestScan = (db: Queryable) =>
    db
      .selectDistinct({ memberId: crmTask.assigneeMemberId })
      .from(crmTask)
      .where(and(eq(crmTask.organizationId, organizationId), eq(crmTask.status, "open"), isNull(crmTask.remindedOn), lte(crmTask.dueOn, today)))
      .orderBy(asc(crmTask.assigneeMemberId));
  const built = <T extends { toSQL(): { sql: string; params: unknown[] } }>(make: (db: Queryable) => T & Promise<unknown>) => ({
    run: (db: Queryable) => make(db),
    explain: (db: Queryable) => make(db).toSQL(),
  });
  return [
    {
      name: `CRM leads: page of ${PAGE}, newest first`,
      kind: "list page",
      source: "listLeads (/admin/crm/leads)",
      index: "lead_created_idx",
      inWorkspace: true,
      ...built(leadsPage("admin")),
    },
    {
      name: "CRM leads: the total",
      kind: "count",
      source: "listLeads' total: cappedTotal of the visible leads",
      technique: `counted up to ${COUNTED_TOTAL_LIMIT}, then "more than ${COUNTED_TOTAL_LIMIT}" (totalIsAtLeast, shown as such)`,
      inWorkspace: true,
      run: (db: Queryable) => cappedTotal(db, leadsMatching("admin")(db)),
      explain: (db: Queryable) =>
        leadsMatching("admin")(db)
          .limit(COUNTED_TOTAL_LIMIT + 1)
          .toSQL(),
    },
    {
      name: `CRM leads: a tutor's, page of ${PAGE}`,
      kind: "list page",
      source: "listLeads as /tutor/crm/leads (the tutor's own)",
      inWorkspace: true,
      ...built(leadsPage("tutor")),
    },
    {
      name: "CRM board: a column (New), 20 longest waiting",
      kind: "list page",
      source: "readBoard's column query",
      index: "lead_stage_idx",
      inWorkspace: true,
      ...built(boardColumn("admin")),
    },
    {
      name: "CRM board: a tutor's column (New)",
      kind: "list page",
      source: "readBoard's column query as a tutor",
      index: "lead_owner_stage_idx",
      inWorkspace: true,
      ...built(boardColumn("tutor")),
    },
    {
      name: "CRM board: the count per stage",
      kind: "count",
      source: "readBoard's counts: cappedTotal of each stage's leads in turn (EXPLAINed: the first stage's)",
      index: "lead_stage_idx",
      technique: `counted up to ${BOARD_COUNT_LIMIT} per column, then "more than" (totalIsAtLeast, the board shows "${BOARD_COUNT_LIMIT}+")`,
      inWorkspace: true,
      ...boardCounts("admin"),
    },
    {
      name: "CRM board: a tutor's count per stage",
      kind: "count",
      source: "readBoard's counts as a tutor",
      index: "lead_owner_stage_idx",
      technique: `counted up to ${BOARD_COUNT_LIMIT} per column, then "more than" (a tutor's leads)`,
      inWorkspace: true,
      ...boardCounts("tutor"),
    },
    {
      name: `CRM tasks: open, page of ${PAGE}, overdue first`,
      kind: "list page",
      source: "listTasks (/admin/crm/tasks, state open)",
      inWorkspace: true,
      ...built(tasksPage("admin")),
    },
    {
      name: "CRM tasks: the open total",
      kind: "count",
      source: "listTasks' count",
      index: "crm_task_assignee_idx",
      inWorkspace: true,
      ...built(tasksTotal("admin")),
    },
    {
      name: `CRM tasks: a tutor's open, page of ${PAGE}`,
      kind: "list page",
      source: "listTasks as /tutor/crm/tasks",
      index: "crm_task_assignee_idx",
      inWorkspace: true,
      ...built(tasksPage("tutor")),
    },
    {
      name: "CRM funnel: 90 days, the counts",
      kind: "filtered search",
      source: "funnelCellsSql (readFunnel, /admin/crm/funnel: leads made in the last 90 days)",
      index: "lead_created_idx",
      inWorkspace: true,
      ...funnel("admin", 90, "cells"),
    },
    {
      name: "CRM funnel: 90 days, the medians",
      kind: "filtered search",
      source: "funnelMediansSql (readFunnel's days to convert)",
      index: "lead_created_idx",
      inWorkspace: true,
      ...funnel("admin", 90, "medians"),
    },
    {
      name: "CRM funnel: a year, the counts",
      kind: "filtered search",
      source: "funnelCellsSql over 365 days (every lead up to 100k)",
      index: "lead_created_idx",
      inWorkspace: true,
      ...funnel("admin", 365, "cells"),
    },
    {
      name: "CRM funnel: a tutor's 90 days, the counts",
      kind: "filtered search",
      source: "funnelCellsSql as /tutor/crm/funnel",
      inWorkspace: true,
      ...funnel("tutor", 90, "cells"),
    },
    {
      name: "CRM task digest: who has tasks due",
      kind: "list page",
      source: "sendTaskDigests' per-workspace scan",
      index: "crm_task_due_idx",
      inWorkspace: true,
      ...built(digestScan),
    },
  ];
}
