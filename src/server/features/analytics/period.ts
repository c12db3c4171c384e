/**
 * A figure's period and the one it is compared with: the same number of days just before.
 * Days are the workspace's (its zone), so "this month" starts at local midnight on the 1st
 * whatever the zone's offset that day.
 */
import { sql } from "drizzle-orm";
import { workspaceZone } from "../../core/workspace-time.ts";
import type { Queryable } from "../../db/tenant.ts";
import type { Period } from "./metric.ts";

/** The period of the days `from`..`to` (both included) in `zone`. */
export async function periodIn(tx: Queryable, zone: string, from: string, to: string): Promise<Period> {
  const { rows } = await tx.execute<{ starts_at: string; ends_at: string; days: number }>(sql`
    select to_json((${from}::date)::timestamp at time zone ${zone}) #>> '{}' as starts_at,
           to_json((${to}::date + 1)::timestamp at time zone ${zone}) #>> '{}' as ends_at,
           (${to}::date - ${from}::date + 1)::int as days`);
  const row = rows[0]!;
  return { from, to, startsAt: new Date(row.starts_at).toISOString(), endsAt: new Date(row.ends_at).toISOString(), zone, days: Number(row.days) };
}

/** The workspace's period for `from`..`to`. */
export async function workspacePeriod(tx: Queryable, organizationId: string, from: string, to: string): Promise<Period> {
  return periodIn(tx, await workspaceZone(tx, organizationId), from, to);
}

/** The period of as many days ending the day before `period` starts. */
export async function previousPeriod(tx: Queryable, period: Period): Promise<Period> {
  const { rows } = await tx.execute<{ from: string; to: string }>(sql`
    select (${period.from}::date - ${period.days}::int)::text as "from", (${period.from}::date - 1)::text as "to"`);
  return periodIn(tx, period.zone, rows[0]!.from, rows[0]!.to);
}
