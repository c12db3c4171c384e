/**
 * The funnel of the leads created in a date range (days in the workspace's zone): how many
 * stand in each stage now, how many ever reached each stage of the pipeline and the share that
 * went on to the next, how leads with a trial convert, and how long converting takes — over
 * all the viewer's leads, by source and by owner.
 *
 * "Reached" reads the timeline: a lead reached the furthest stage it was ever in (its stage
 * entries name where it moved from and to; its current stage; won once converted) and every
 * stage before it, as a lead that skips a stage has passed it. The lost stage is no step.
 * One query counts the leads by (source, owner, current stage, furthest step, trial,
 * converted); the figures are that small table summed (funnelFigures, a pure function).
 */
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Stage } from "../../../shared/schemas/crm.ts";
import type { Funnel, FunnelFigures, FunnelQuery } from "../../../shared/schemas/crm-pipeline.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { member, user } from "../../db/auth-schema.ts";
import type { Database } from "../../db/client.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import type { LeadSource } from "../../../shared/schemas/crm.ts";
import { organization } from "../../db/schema.ts";
import { type CrmArea, visibleLeads } from "./policy.ts";
import { stagesInForce } from "./stages.ts";

/** The default range: the last 90 days to today. */
const DEFAULT_DAYS = 90;

export interface FunnelCell {
  source: LeadSource;
  ownerMemberId: string | null;
  stageId: string;
  /** Position of the furthest open or won stage reached; null when none is known (an archived stage, no stage entries). */
  furthest: number | null;
  hadTrial: boolean;
  converted: boolean;
  leads: number;
}

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/** The figures of `cells` over the pipeline `stages` (in order), with the median days to convert already computed. */
export function funnelFigures(cells: FunnelCell[], stages: Stage[], medianDaysToConvert: number | null): FunnelFigures {
  const sum = (keep: (cell: FunnelCell) => boolean) => cells.reduce((total, cell) => total + (keep(cell) ? cell.leads : 0), 0);
  const steps = stages.filter((stage) => stage.outcome !== "lost");
  const first = steps[0]?.position ?? 0;
  const lostIds = new Set(stages.filter((stage) => stage.outcome === "lost").map((stage) => stage.id));
  const reached = steps.map((step) => sum((cell) => (cell.furthest ?? first) >= step.position));
  const withTrial = sum((cell) => cell.hadTrial);
  return {
    leads: sum(() => true),
    steps: steps.map((step, index) => ({
      stageId: step.id,
      stage: step.name,
      current: sum((cell) => cell.stageId === step.id),
      reached: reached[index]!,
      conversion: index === 0 ? null : share(reached[index]!, reached[index - 1]!),
    })),
    lost: sum((cell) => lostIds.has(cell.stageId)),
    converted: sum((cell) => cell.converted),
    withTrial,
    trialConversion: share(
      sum((cell) => cell.hadTrial && cell.converted),
      withTrial,
    ),
    medianDaysToConvert,
  };
}

/** `text` as a LIKE pattern that matches only itself. */
const literalPattern = (column: string) => `replace(replace(replace(${column}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/** The range's bounds: the days asked for, or the last 90 days in the workspace's zone. */
async function rangeOf(tx: Queryable, organizationId: string, query: FunnelQuery, now: Date) {
  const today = await workspaceToday(tx, organizationId, now);
  const to = query.to ?? today;
  const from = query.from ?? (await tx.execute<{ day: string }>(sql`select (${to}::date - ${DEFAULT_DAYS - 1}::int)::text as day`)).rows[0]!.day;
  return { from, to };
}

interface CellRow extends Record<string, unknown> {
  source: LeadSource;
  owner_member_id: string | null;
  stage_id: string;
  furthest: number | null;
  had_trial: boolean;
  converted: boolean;
  leads: number;
}
interface MedianRow extends Record<string, unknown> {
  source: LeadSource | null;
  owner_member_id: string | null;
  source_rolled: number;
  owner_rolled: number;
  median_days: number | null;
}

/** The leads of the range counted by source, owner, current stage, furthest step, trial and conversion (SQL: the benchmark EXPLAINs it). */
export function funnelCellsSql(actor: Pick<Actor, "viewer">, area: CrmArea, from: string, to: string): SQL {
  const organizationId = actor.viewer.organizationId;
  const name = sql.raw(literalPattern("s.name"));
  return sql`
    with zone as (select time_zone from ${organization} where id = ${organizationId}),
    steps as (
      select s.id, s.name, s.position, s.outcome from crm_stage s
      where s.organization_id = ${organizationId} and s.archived_at is null and s.outcome <> 'lost'
    ),
    scope as (
      select lead.id, lead.source, lead.owner_member_id, lead.stage_id, lead.converted_at from lead
      where ${visibleLeads(actor.viewer, area)}
        and lead.created_at >= (${from}::date::timestamp at time zone (select time_zone from zone))
        and lead.created_at < ((${to}::date + 1)::timestamp at time zone (select time_zone from zone))
    ),
    -- The scope's stage and trial entries, read once; summaries repeat ("Moved from New to
    -- Contacted"), so each distinct one is matched against the stage names once.
    entries as (
      select a.lead_id, a.kind, a.summary from scope sc
      join lead_activity a on a.organization_id = ${organizationId} and a.lead_id = sc.id and a.kind in ('stage', 'trial')
    ),
    summary_reach as (
      select d.summary, max(s.position) as position
      from (select distinct summary from entries where kind = 'stage') d
      join steps s on d.summary like 'Moved from ' || ${name} || ' to %'
        or d.summary like '% to ' || ${name}
        or d.summary like '% to ' || ${name} || ': %'
      group by d.summary
    ),
    reached as (
      select e.lead_id, max(r.position) as furthest from entries e join summary_reach r on r.summary = e.summary
      where e.kind = 'stage' group by e.lead_id
    ),
    trials as (select distinct lead_id from entries where kind = 'trial'),
    per_lead as (
      select sc.source, sc.owner_member_id, sc.stage_id, sc.converted_at is not null as converted,
        greatest(now_in.position, case when sc.converted_at is not null then won.position end, r.furthest) as furthest,
        t.lead_id is not null as had_trial
      from scope sc
      left join steps now_in on now_in.id = sc.stage_id
      left join (select position from steps where outcome = 'won') won on true
      left join reached r on r.lead_id = sc.id
      left join trials t on t.lead_id = sc.id
    )
    select source, owner_member_id, stage_id, furthest, had_trial, converted, count(*)::int as leads
    from per_lead group by 1, 2, 3, 4, 5, 6`;
}

/** The median days from created to converted: overall, by source and by owner (grouping sets). */
export function funnelMediansSql(actor: Pick<Actor, "viewer">, area: CrmArea, from: string, to: string): SQL {
  const organizationId = actor.viewer.organizationId;
  return sql`
    with zone as (select time_zone from ${organization} where id = ${organizationId})
    select lead.source, lead.owner_member_id, grouping(lead.source)::int as source_rolled, grouping(lead.owner_member_id)::int as owner_rolled,
      percentile_cont(0.5) within group (order by extract(epoch from lead.converted_at - lead.created_at)) / 86400 as median_days
    from lead
    where ${visibleLeads(actor.viewer, area)} and lead.converted_at is not null
      and lead.created_at >= (${from}::date::timestamp at time zone (select time_zone from zone))
      and lead.created_at < ((${to}::date + 1)::timestamp at time zone (select time_zone from zone))
    group by grouping sets ((), (lead.source), (lead.owner_member_id))`;
}

/** GET /{admin,tutor}/crm/funnel: the figures of the viewer's leads created in the range. */
export async function readFunnel(db: Database, actor: Actor, area: CrmArea, query: FunnelQuery, now: Date): Promise<Funnel> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const stages = await stagesInForce(tx, organizationId);
    const { from, to } = await rangeOf(tx, organizationId, query, now);
    const cells: FunnelCell[] = (await tx.execute<CellRow>(funnelCellsSql(actor, area, from, to))).rows.map((row) => ({
      source: row.source,
      ownerMemberId: row.owner_member_id,
      stageId: row.stage_id,
      furthest: row.furthest === null ? null : Number(row.furthest),
      hadTrial: row.had_trial,
      converted: row.converted,
      leads: Number(row.leads),
    }));
    const medians = (await tx.execute<MedianRow>(funnelMediansSql(actor, area, from, to))).rows;
    const days = (row: { median_days: number | null } | undefined) => (row?.median_days == null ? null : Math.round(Number(row.median_days) * 10) / 10);
    const ownerIds = [...new Set(cells.flatMap((cell) => (cell.ownerMemberId ? [cell.ownerMemberId] : [])))];
    const names = new Map(
      ownerIds.length === 0
        ? []
        : (
            await tx
              .select({ memberId: member.id, name: user.name })
              .from(member)
              .innerJoin(user, eq(user.id, member.userId))
              .where(inArray(member.id, ownerIds))
          ).map((row) => [row.memberId, row.name]),
    );
    const sources = [...new Set(cells.map((cell) => cell.source))].sort();
    const owners = [...new Set(cells.map((cell) => cell.ownerMemberId))];
    return {
      from,
      to,
      overall: funnelFigures(cells, stages, days(medians.find((row) => row.source_rolled === 1 && row.owner_rolled === 1))),
      bySource: sources.map((source) => ({
        source,
        ...funnelFigures(
          cells.filter((cell) => cell.source === source),
          stages,
          days(medians.find((row) => row.source_rolled === 0 && row.owner_rolled === 1 && row.source === source)),
        ),
      })),
      byOwner: owners
        .map((ownerMemberId) => ({
          owner: ownerMemberId ? { memberId: ownerMemberId, name: names.get(ownerMemberId) ?? "A former member" } : null,
          ...funnelFigures(
            cells.filter((cell) => cell.ownerMemberId === ownerMemberId),
            stages,
            days(medians.find((row) => row.source_rolled === 1 && row.owner_rolled === 0 && row.owner_member_id === ownerMemberId)),
          ),
        }))
        .sort((a, b) => b.leads - a.leads || (a.owner?.name ?? "").localeCompare(b.owner?.name ?? "")),
    };
  });
}
