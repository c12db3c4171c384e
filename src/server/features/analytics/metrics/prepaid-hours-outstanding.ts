/**
 * Prepaid hours outstanding: the package hours families hold at the end of the period's last
 * day, the teaching the business still owes for money it has (the liability). A grant's minutes
 * left are its minutes plus its movements (billing's hours.ts); here only the movements written
 * by then count, so that a past period's figure is what was held then.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { accountCondition, bounds, pageTotal, whole } from "./money-sql.ts";

/**
 * The grants usable at the end of the period (started by then, not expired then) with minutes
 * left then: id, account_id, product_id, expires_at, remaining. For one student, their own
 * grants and their family's shared ones.
 */
function heldGrants(scope: MetricScope, period: Period): SQL {
  const { endsAt } = bounds(period);
  const student = scope.studentId ? sql` and (g.student_id = ${scope.studentId} or g.student_id is null)` : sql``;
  // A lateral sum: each grant's movements are added once, through their index on the grant.
  return sql`
    select g.id, g.account_id, g.purchase_id, g.expires_at, g.minutes + coalesce(m.minutes, 0) as remaining
      from hour_grant g
      left join lateral (
        select sum(m.minutes) as minutes from hour_movement m
         where m.organization_id = g.organization_id and m.grant_id = g.id and m.created_at < ${endsAt}) m on true
     where g.organization_id = ${scope.organizationId} and g.expires_at > ${endsAt} and g.starts_at < ${endsAt}${accountCondition(scope, sql`g.account_id`)}${student}
       and g.minutes + coalesce(m.minutes, 0) > 0`;
}

export const prepaidHoursOutstanding: Metric = {
  key: "prepaid-hours-outstanding",
  name: "Prepaid hours outstanding",
  definition:
    "The package hours families held at the end of the period's last day: for every grant of hours usable then (its package paid, or invoiced where the workspace allows credit, and not expired), its hours less those drawn by sessions, expired or cancelled by then (hours given back count again). Packages not paid yet hold no hours. The chart splits them by package. For one student, their own hours and their family's shared ones.",
  unit: "minutes",
  better: null,
  areas: ["admin"],
  filters: ["student"],
  async figure(tx, scope, period) {
    const { rows } = await tx.execute<{ name: string; minutes: string }>(sql`
      select pr.name, sum(h.remaining)::bigint as minutes
        from (${heldGrants(scope, period)}) h
        join package_purchase pp on pp.organization_id = ${scope.organizationId} and pp.id = h.purchase_id
        join package_product pr on pr.organization_id = pp.organization_id and pr.id = pp.product_id
       group by pp.product_id, pr.name
       order by minutes desc, pr.name, pp.product_id`);
    const values = rows.map((row) => whole(row.minutes));
    return {
      value: values.reduce((sum, value) => sum + value, 0),
      chart: { kind: "category", labelHeading: "Package", labels: rows.map((row) => row.name), series: [{ name: "Hours held", unit: "minutes", values }] },
    };
  },
  columns: [
    { key: "family", label: "Family account", unit: "text" },
    { key: "grants", label: "Packages holding hours", unit: "count" },
    { key: "nextExpiry", label: "First expiry", unit: "date" },
    { key: "minutes", label: "Hours held", unit: "minutes" },
  ],
  async rows(tx, scope, period, page) {
    const held = heldGrants(scope, period);
    const { rows } = await tx.execute<{ account_id: string; family: string; grants: number; next_expiry: string; minutes: string; total: number }>(sql`
      select h.account_id, a.name as family, h.grants, ((h.next_expiry at time zone ${period.zone})::date)::text as next_expiry, h.minutes, h.total
        from (select h.account_id, count(*)::int as grants, min(h.expires_at) as next_expiry, sum(h.remaining)::bigint as minutes, count(*) over ()::int as total
                from (${held}) h
               group by h.account_id
               order by minutes desc, h.account_id
               limit ${page.limit} offset ${page.offset}) h
        join payer_account a on a.organization_id = ${scope.organizationId} and a.id = h.account_id
       order by h.minutes desc, h.account_id`);
    const total = await pageTotal(rows, page, async () => {
      const counted = await tx.execute<{ total: number }>(sql`select count(distinct h.account_id)::int as total from (${held}) h`);
      return counted.rows[0]?.total ?? 0;
    });
    return {
      total,
      rows: rows.map((row) => ({
        record: { kind: "account", id: row.account_id },
        cells: { family: row.family, grants: Number(row.grants), nextExpiry: row.next_expiry, minutes: whole(row.minutes) },
      })),
    };
  },
};
