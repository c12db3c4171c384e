/**
 * Aged balances: what each family still owes on its issued invoices, by how long past due on
 * a day (current = not yet due, 1–30, 31–60, 61–90, over 90 days), and the workspace's totals.
 * One grouped query per page and one for the totals, whatever the number of invoices.
 *
 * An invoice counts when it was issued on or before the day and is unpaid now: its outstanding
 * amount is today's (paid amounts are not replayed back to the day).
 */
import { workspaceCurrency } from "../../core/currency.ts";
import { and, asc, countDistinct, eq, lt, lte, type SQL, sql } from "drizzle-orm";
import type { AgedBalances, AgedBalancesQuery, AgedBuckets } from "../../../shared/schemas/billing-accounts.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { invoice } from "../../db/billing-schema.ts";
import { payerAccount } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";

const outstanding = sql`(${invoice.totalMinor} - ${invoice.paidMinor})`;
const daysPastDue = (asOf: string) => sql`(${asOf}::date - ${invoice.dueOn})`;
const bucket = (when: SQL) => sql<string>`coalesce(sum(case when ${when} then ${outstanding} else 0 end), 0)`;

function bucketColumns(asOf: string) {
  const days = daysPastDue(asOf);
  return {
    current: bucket(sql`${days} <= 0`),
    days1To30: bucket(sql`${days} between 1 and 30`),
    days31To60: bucket(sql`${days} between 31 and 60`),
    days61To90: bucket(sql`${days} between 61 and 90`),
    over90: bucket(sql`${days} > 90`),
    total: sql<string>`coalesce(sum(${outstanding}), 0)`,
  };
}

/** Issued invoices unpaid now, issued on or before asOf. */
const unpaidOn = (organizationId: string, asOf: string) =>
  and(eq(invoice.organizationId, organizationId), eq(invoice.status, "issued"), lt(invoice.paidMinor, invoice.totalMinor), lte(invoice.issuedOn, asOf));

/** One page of families with something owed, by name (also in the query-scaling benchmark). */
export const agedBalancesQuery = (db: Queryable, organizationId: string, asOf: string, page: number, pageSize: number) =>
  db
    .select({ accountId: invoice.accountId, name: payerAccount.name, ...bucketColumns(asOf) })
    .from(invoice)
    .innerJoin(payerAccount, and(eq(payerAccount.organizationId, invoice.organizationId), eq(payerAccount.id, invoice.accountId)))
    .where(unpaidOn(organizationId, asOf))
    .groupBy(invoice.accountId, payerAccount.name)
    .orderBy(asc(payerAccount.name), asc(invoice.accountId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

/** The workspace's totals and the number of families owing (also in the query-scaling benchmark). */
export const agedTotalsQuery = (db: Queryable, organizationId: string, asOf: string) =>
  db
    .select({ families: countDistinct(invoice.accountId), ...bucketColumns(asOf) })
    .from(invoice)
    .where(unpaidOn(organizationId, asOf));

type BucketRow = { current: string; days1To30: string; days31To60: string; days61To90: string; over90: string; total: string };

const toBuckets = (row: BucketRow | undefined): AgedBuckets => ({
  currentMinor: Number(row?.current ?? 0),
  days1To30Minor: Number(row?.days1To30 ?? 0),
  days31To60Minor: Number(row?.days31To60 ?? 0),
  days61To90Minor: Number(row?.days61To90 ?? 0),
  over90Minor: Number(row?.over90 ?? 0),
  totalMinor: Number(row?.total ?? 0),
});

/** The aged balances on asOf (default: the workspace's today). */
export async function agedBalances(db: Database, actor: Actor, query: AgedBalancesQuery, now: Date): Promise<AgedBalances> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const asOf = query.asOf ?? (await workspaceToday(tx, organizationId, now));
    const rows = await agedBalancesQuery(tx, organizationId, asOf, query.page, query.pageSize);
    const [totals] = await agedTotalsQuery(tx, organizationId, asOf);
    return {
      items: rows.map((row) => ({ accountId: row.accountId, name: row.name, ...toBuckets(row) })),
      total: totals?.families ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      asOf,
      currency: await workspaceCurrency(tx, organizationId),
      totals: toBuckets(totals),
    };
  });
}
