/** Database look-ups for assertions and set-up where the API has no equivalent. No test-runner imports. */
import { and, count, eq, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../src/server/db/client.ts";
import {
  account,
  assignment,
  auditLog,
  devOutbox,
  member,
  organization,
  session,
  student,
  studentGuardian,
  tutorAvailability,
  tutorProfile,
  user,
  verification,
  workspaceInvitation,
} from "../src/server/db/schema.ts";

const COUNTED = {
  user,
  account,
  session,
  member,
  organization,
  auditLog,
  devOutbox,
  verification,
  student,
  studentGuardian,
  tutorProfile,
  tutorAvailability,
  assignment,
  workspaceInvitation,
} satisfies Record<string, PgTable>;
export type RowCounts = Record<keyof typeof COUNTED, number>;

/** Row counts of the tables a request may write to; compare before and after a refused request. */
export async function countRows(db: Database): Promise<RowCounts> {
  const entries = await Promise.all(
    Object.entries(COUNTED).map(async ([name, table]) => {
      const [row] = await db.select({ total: count() }).from(table as PgTable);
      return [name, row!.total] as const;
    }),
  );
  return Object.fromEntries(entries) as RowCounts;
}

export async function auditEntries(db: Database, filter: { action?: string; organizationId?: string; userId?: string } = {}) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.organizationId) conditions.push(eq(auditLog.organizationId, filter.organizationId));
  if (filter.userId) conditions.push(eq(auditLog.userId, filter.userId));
  return db.select().from(auditLog).where(and(...conditions)).orderBy(auditLog.createdAt);
}

export async function mailsTo(db: Database, to: string) {
  return db.select().from(devOutbox).where(eq(devOutbox.toAddress, to.toLowerCase())).orderBy(devOutbox.createdAt);
}

export async function sessionsOf(db: Database, userId: string) {
  return db.select().from(session).where(eq(session.userId, userId));
}

export async function membersOf(db: Database, userId: string) {
  return db.select().from(member).where(eq(member.userId, userId));
}
