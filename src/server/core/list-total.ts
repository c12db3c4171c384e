/**
 * A list's total that stays cheap however many rows match: the matching rows are counted up to
 * COUNTED_TOTAL_LIMIT (at most that many index entries read), and past it the answer says "more
 * than COUNTED_TOTAL_LIMIT" instead of counting on (`totalIsAtLeast`; the screen shows "more than
 * 1,000"). The planner's estimate was not used: inside a workspace it multiplies the row-level
 * security condition's selectivity by the workspace's own, so with many workspaces it would
 * under-count a large one many times over. For the lists whose rows grow with the history
 * (leads, alerts, the CRM board's columns) and have no kept count.
 */
import { sql, type SQLWrapper } from "drizzle-orm";
import type { Queryable } from "../db/tenant.ts";

/** Up to this many matching rows a list's total is exact. */
export const COUNTED_TOTAL_LIMIT = 1000;

export interface ListTotal {
  /** The number of matching rows, or `limit` + 1 when there are more than `limit`. */
  total: number;
  /** Whether `total` is only a lower bound: more rows match than were counted. */
  totalIsAtLeast: boolean;
}

/**
 * The total of `matching`: a select of the list's rows (any column, no order or limit), counted
 * up to `limit` (a screen that shows several counts at once may take a lower one).
 */
export async function cappedTotal(tx: Queryable, matching: SQLWrapper, limit = COUNTED_TOTAL_LIMIT): Promise<ListTotal> {
  const { rows } = await tx.execute<{ counted: number }>(sql`select count(*)::int as counted from (${matching} limit ${limit + 1}) as capped`);
  const counted = Number(rows[0]?.counted ?? 0);
  return { total: counted, totalIsAtLeast: counted > limit };
}
