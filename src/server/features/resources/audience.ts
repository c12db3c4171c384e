/**
 * Who a resource asks to acknowledge it: the active members of the workspace whose role is in
 * its audience. Their acknowledgements are read against the current version: someone who
 * acknowledged an earlier version awaits again.
 */
import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { AcknowledgementList, AcknowledgementListQuery } from "../../../shared/schemas/resources.ts";
import { member, user } from "../../db/auth-schema.ts";
import { keptMemberTotal } from "../../core/kept-counts.ts";
import { acknowledgementCount } from "../../db/counts-schema.ts";
import type { Queryable, Transaction } from "../../db/tenant.ts";
import type { ResourceRow } from "./shape.ts";

const latestAcknowledgement = (row: ResourceRow) =>
  sql`(select a.version from resource_acknowledgement a where a.organization_id = ${row.organizationId} and a.resource_id = ${row.id} and a.user_id = ${member.userId} order by a.version desc limit 1)`;

function audienceOf(row: ResourceRow): SQL {
  const roles = row.audience.length > 0 ? (row.audience as string[]) : ["none"];
  return and(eq(member.organizationId, row.organizationId), eq(member.status, "active"), inArray(member.role, roles))!;
}

const upToDate = (row: ResourceRow) =>
  sql`exists (select 1 from resource_acknowledgement a where a.organization_id = ${row.organizationId} and a.resource_id = ${row.id} and a.version = ${row.currentVersion} and a.user_id = ${member.userId})`;

/**
 * The audience and how many of them acknowledged the current version, from the counts the
 * database keeps: the workspace's active members of the audience's roles (member_count) and
 * the resource's acknowledgement_count (kept by triggers on resource, resource_acknowledgement
 * and member, in the writing transaction). Flat however large the audience.
 */
export async function acknowledgementCounts(tx: Queryable, row: ResourceRow): Promise<AcknowledgementList["counts"]> {
  const roles = row.audience.length > 0 ? (row.audience as string[]) : ["none"];
  // One after another: a transaction's connection runs one query at a time.
  const people = await keptMemberTotal(tx, row.organizationId, { role: roles, status: "active" });
  const [kept] = await tx
    .select({ acknowledged: acknowledgementCount.total })
    .from(acknowledgementCount)
    .where(and(eq(acknowledgementCount.organizationId, row.organizationId), eq(acknowledgementCount.resourceId, row.id)));
  const acknowledged = kept?.acknowledged ?? 0;
  return { people, acknowledged, awaiting: people - acknowledged };
}

/**
 * A page of the audience by name, with each person's latest acknowledgement: read in the order
 * of the member's kept sort name (its user's name) from member_organization_status_sort_name_idx,
 * the users joined for the page's rows only.
 */
export async function listAcknowledgements(tx: Transaction, row: ResourceRow, query: AcknowledgementListQuery): Promise<AcknowledgementList> {
  const state = query.state === "acknowledged" ? upToDate(row) : query.state === "awaiting" ? sql`not ${upToDate(row)}` : undefined;
  const where = and(audienceOf(row), state)!;
  // One after another: a transaction's connection runs one query at a time.
  const people = await tx
    .select({
      userId: member.userId,
      name: user.name,
      email: user.email,
      role: member.role,
      version: sql<number | null>`${latestAcknowledgement(row)}`,
      at: sql<
        string | null
      >`(select a.acknowledged_at from resource_acknowledgement a where a.organization_id = ${row.organizationId} and a.resource_id = ${row.id} and a.user_id = ${member.userId} order by a.version desc limit 1)`,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(where)
    .orderBy(asc(member.sortName), asc(member.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  // The state's total is one of the counts: the audience, those up to date, or the others.
  const counts = await acknowledgementCounts(tx, row);
  const total = query.state === "acknowledged" ? counts.acknowledged : query.state === "awaiting" ? counts.awaiting : counts.people;
  return {
    items: people.map((person) => ({
      userId: person.userId,
      name: person.name,
      email: person.email,
      role: person.role as "tutor" | "parent" | "student",
      acknowledgedVersion: person.version,
      acknowledgedAt: person.at ? new Date(person.at).toISOString() : null,
      upToDate: person.version === row.currentVersion,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
    currentVersion: row.currentVersion,
  };
}

/** A batch of the users of the audience who have not acknowledged the current version, in member order after `afterMemberId`. */
export async function awaitingUsers(
  tx: Transaction,
  row: ResourceRow,
  batch: { afterMemberId?: string; limit: number },
): Promise<{ memberId: string; userId: string; name: string; email: string }[]> {
  return tx
    .select({ memberId: member.id, userId: member.userId, name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(audienceOf(row), sql`not ${upToDate(row)}`, batch.afterMemberId === undefined ? undefined : gt(member.id, batch.afterMemberId)))
    .orderBy(asc(member.id))
    .limit(batch.limit);
}
