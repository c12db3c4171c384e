/**
 * The counts the database keeps per workspace (db/counts-schema.ts, kept by triggers in the
 * transaction of every write): the dashboard's figures and the members' and students' list
 * totals read a few rows here instead of counting a million. Read inside the workspace.
 */
import { and, eq, inArray, ne, sum, type Placeholder, type SQL } from "drizzle-orm";
import { memberCount, studentCount } from "../db/counts-schema.ts";
import type { Queryable } from "../db/tenant.ts";

/** The workspace's memberships by role and status (pending registrations have the role "pending"). */
export function memberCountsQuery(tx: Queryable, organizationId: string) {
  return tx
    .select({ role: memberCount.role, status: memberCount.status, total: memberCount.total })
    .from(memberCount)
    .where(eq(memberCount.organizationId, organizationId));
}

/** Which members a kept total counts: of a role (or any of several roles) and a status when given; never pending registrations. */
export interface KeptMemberFilters {
  role?: string | readonly string[] | Placeholder;
  status?: string | Placeholder;
}

/** The members list's total without a search (active and suspended members), or a policy's audience (active members of its roles). */
export async function keptMemberTotal(tx: Queryable, organizationId: string, filters: KeptMemberFilters): Promise<number> {
  const [row] = await keptMemberTotalQuery(tx, organizationId, filters);
  return row?.total ?? 0;
}

/**
 * keptMemberTotal's query, to be read on its own or as a scalar subquery of another query
 * (the members list reads its page and this total in one statement).
 */
export function keptMemberTotalQuery(tx: Queryable, organizationId: string | Placeholder, filters: KeptMemberFilters) {
  const { role } = filters;
  const conditions: (SQL | undefined)[] = [
    eq(memberCount.organizationId, organizationId),
    ne(memberCount.status, "pending"),
    role === undefined
      ? undefined
      : Array.isArray(role)
        ? inArray(memberCount.role, [...(role as readonly string[])])
        : eq(memberCount.role, role as string | Placeholder),
    filters.status ? eq(memberCount.status, filters.status) : undefined,
  ];
  return tx
    .select({ total: sum(memberCount.total).mapWith(Number) })
    .from(memberCount)
    .where(and(...conditions));
}

/** The workspace's student records by status. */
export function studentCountsQuery(tx: Queryable, organizationId: string) {
  return tx.select({ status: studentCount.status, total: studentCount.total }).from(studentCount).where(eq(studentCount.organizationId, organizationId));
}

/** The number of student records, of one status when given. */
export async function keptStudentTotal(tx: Queryable, organizationId: string, status?: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(studentCount.total).mapWith(Number) })
    .from(studentCount)
    .where(and(eq(studentCount.organizationId, organizationId), status ? eq(studentCount.status, status) : undefined));
  return row?.total ?? 0;
}
