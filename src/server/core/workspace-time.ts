/**
 * The workspace's own time zone (its settings), and "today" in it: the calendar day that
 * dates such as an invoice's issue date or a package's expiry are written in.
 */
import { eq, sql } from "drizzle-orm";
import { organization } from "../db/schema.ts";
import type { Queryable } from "../db/tenant.ts";
import { notFound } from "../lib/app-error.ts";

export async function workspaceZone(tx: Queryable, organizationId: string): Promise<string> {
  const [row] = await tx.select({ timeZone: organization.timeZone }).from(organization).where(eq(organization.id, organizationId));
  return row?.timeZone ?? "UTC";
}

/** "Today" in the workspace's time zone, as PostgreSQL's date text (YYYY-MM-DD). */
export async function workspaceToday(db: Queryable, organizationId: string, now: Date): Promise<string> {
  const [row] = await db
    .select({ today: sql<string>`(${now.toISOString()}::timestamptz at time zone ${organization.timeZone})::date::text` })
    .from(organization)
    .where(eq(organization.id, organizationId));
  if (!row) throw notFound("The workspace");
  return row.today;
}
