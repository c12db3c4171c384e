/**
 * A family's view of a child's package hours: those that became theirs to use in the period
 * and those the child's sessions of the period drew. Grants are read through the child's family
 * account (their own and the family's shared ones, never a sibling's own); uses through the
 * child's sessions, so each read starts from an index on the child.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../../db/tenant.ts";
import { alongLabels, bucketHeading, bucketLabels, bucketOf, bucketSizeOf } from "../buckets.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { bounds, dayOf, studentAccountSql, whole } from "./money-sql.ts";

/**
 * Grants for the child or their whole family that started (became usable) in the period, of a
 * sale still standing: id, at, minutes, name.
 */
function boughtGrants(scope: MetricScope, period: Period, studentId: string): SQL {
  const { startsAt, endsAt } = bounds(period);
  return sql`
    select g.id, g.starts_at as at, g.minutes, pp.name
      from hour_grant g
      join package_purchase pp on pp.organization_id = g.organization_id and pp.id = g.purchase_id
     where g.organization_id = ${scope.organizationId} and g.account_id = ${studentAccountSql(scope)}
       and (g.student_id = ${studentId} or g.student_id is null)
       and g.starts_at >= ${startsAt} and g.starts_at < ${endsAt} and pp.status <> 'cancelled'`;
}

/**
 * The hours drawn for the child's sessions that started in the period, and any given back when
 * one was re-marked: id, session_id, at (the session's start), kind, minutes (negative for a use), subject.
 */
function usedMovements(scope: MetricScope, period: Period, studentId: string): SQL {
  const { startsAt, endsAt } = bounds(period);
  return sql`
    select m.id, s.id as session_id, s.starts_at as at, m.kind, m.minutes, s.subject
      from session_student ss
      join tutoring_session s on s.organization_id = ss.organization_id and s.id = ss.session_id
      join hour_movement m on m.organization_id = s.organization_id and m.session_id = s.id and m.student_id = ss.student_id
     where ss.organization_id = ${scope.organizationId} and ss.student_id = ${studentId}
       and s.starts_at >= ${startsAt} and s.starts_at < ${endsAt} and m.kind in ('use', 'reversal')`;
}

async function minutesBySteps(tx: Transaction, period: Period, movements: SQL, minutes: SQL): Promise<Map<string, number>> {
  const { rows } = await tx.execute<{ step: string; minutes: string }>(sql`
    select ${bucketOf(period, sql`x.at`)} as step, sum(${minutes})::bigint as minutes from (${movements}) x group by 1`);
  return new Map(rows.map((row) => [row.step, whole(row.minutes)]));
}

const sumOf = (values: Map<string, number>) => [...values.values()].reduce((sum, value) => sum + value, 0);

export const hoursBoughtAndUsed: Metric = {
  key: "hours-bought-and-used",
  name: "Package hours bought and used",
  definition:
    "Used: the package hours drawn for the child's sessions that started in the period (less any given back when a session was re-marked). Bought: the hours of packages for the child, or shared by their whole family, that became usable in the period (once paid, or invoiced where the workspace allows credit); a sale cancelled since does not count.",
  unit: "minutes",
  better: null,
  areas: ["parent", "student"],
  filters: [],
  async figure(tx, scope, period) {
    const labels = await bucketLabels(tx, period);
    const studentId = scope.studentId;
    const bought = studentId ? await minutesBySteps(tx, period, boughtGrants(scope, period, studentId), sql`x.minutes`) : new Map<string, number>();
    const used = studentId ? await minutesBySteps(tx, period, usedMovements(scope, period, studentId), sql`-x.minutes`) : new Map<string, number>();
    return {
      value: sumOf(used),
      chart: {
        kind: "time",
        labelHeading: bucketHeading(bucketSizeOf(period)),
        labels,
        series: [
          { name: "Bought", unit: "minutes", values: alongLabels(labels, bought) },
          { name: "Used", unit: "minutes", values: alongLabels(labels, used) },
        ],
      },
    };
  },
  columns: [
    { key: "date", label: "Date", unit: "date" },
    { key: "what", label: "What", unit: "text" },
    { key: "bought", label: "Bought", unit: "minutes" },
    { key: "used", label: "Used", unit: "minutes" },
  ],
  async rows(tx, scope, period, page) {
    const studentId = scope.studentId;
    if (!studentId) return { rows: [], total: 0 };
    const movements = sql`
      select 'grant' as kind, b.id, null::uuid as session_id, b.at, b.minutes as bought, null::int as used, b.name as what
        from (${boughtGrants(scope, period, studentId)}) b
      union all
      select u.kind, u.id, u.session_id, u.at, null, -u.minutes, u.subject
        from (${usedMovements(scope, period, studentId)}) u`;
    const counted = await tx.execute<{ total: number }>(sql`select count(*)::int as total from (${movements}) r`);
    const { rows } = await tx.execute<{ kind: string; session_id: string | null; day: string; bought: number | null; used: number | null; what: string }>(sql`
      select r.kind, r.session_id, ${dayOf(period, sql`r.at`)} as day, r.bought, r.used, r.what
        from (${movements}) r
       order by r.at desc, r.kind, r.id
       limit ${page.limit} offset ${page.offset}`);
    return {
      total: counted.rows[0]?.total ?? 0,
      rows: rows.map((row) => ({
        record: row.session_id ? { kind: "session", id: row.session_id } : null,
        cells: {
          date: row.day,
          what: row.kind === "grant" ? `${row.what} bought` : row.kind === "reversal" ? `${row.what} session, hours given back` : `${row.what} session`,
          bought: row.bought === null ? null : Number(row.bought),
          used: row.used === null ? null : Number(row.used),
        },
      })),
    };
  },
};
