/**
 * A record's access log: the audit entries about one student, newest first, in keyset pages
 * on (created_at, id) over the (organization_id, student_id, created_at) index. The cursor
 * carries created_at in whole microseconds (as PostgreSQL stores it): a JavaScript Date
 * would round to milliseconds and skip or repeat entries written within one millisecond.
 */
import { z } from "@hono/zod-openapi";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AccessLog, AccessLogEntry } from "../../../shared/schemas/students.ts";
import { auditLog, user } from "../../db/schema.ts";
import type { Database } from "../../db/client.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { invalidField } from "../../lib/app-error.ts";
import type { Actor } from "../../core/audit.ts";

import { ownRecordId, requireVisibleStudent } from "./service.ts";
import type { Area } from "../../../shared/roles.ts";

export const accessLogQuerySchema = z.object({
  /** Opaque: the nextCursor of the previous page. */
  cursor: z.string().max(200, "Cursor is not valid.").optional(),
  limit: z.coerce
    .number({ error: "Limit must be a number." })
    .int("Limit must be a whole number.")
    .min(1, "Limit must be 1 or more.")
    .max(100, "Limit must be at most 100.")
    .default(50),
});
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

interface Cursor {
  /** Microseconds since the Unix epoch, as a decimal string (beyond a double's exact range). */
  micros: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.micros}.${cursor.id}`).toString("base64url");
}

function decodeCursor(value: string): Cursor {
  const match = /^(\d{1,20})\.([0-9a-f-]{36})$/.exec(Buffer.from(value, "base64url").toString());
  if (!match) throw invalidField("cursor", "Cursor is not valid.");
  return { micros: match[1]!, id: match[2]! };
}

const microsOf = sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`;
const timestampOf = (micros: string) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/**
 * The entries about a record, newest first, after the cursor: `limit` + 1 of them (the extra one
 * tells whether there is a next page). Exported for the query-scaling benchmark.
 */
export function accessLogQuery(tx: Queryable, organizationId: string, studentId: string, query: AccessLogQuery) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  // The plain "<=" lets the index skip the newer entries; the row comparison breaks ties on id.
  const before: SQL | undefined = after
    ? sql`${auditLog.createdAt} <= ${timestampOf(after.micros)} and (${auditLog.createdAt}, ${auditLog.id}) < (${timestampOf(after.micros)}, ${after.id}::uuid)`
    : undefined;
  return tx
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      micros: microsOf,
      actorName: user.name,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      description: auditLog.description,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.userId))
    .where(and(eq(auditLog.organizationId, organizationId), eq(auditLog.studentId, studentId), before))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
}

/** Entries newest first; `limit` of them and the cursor of the next page (null on the last). */
export async function accessLogPage(tx: Queryable, organizationId: string, studentId: string, query: AccessLogQuery): Promise<AccessLog> {
  const rows = await accessLogQuery(tx, organizationId, studentId, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toEntry),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ micros: last.micros, id: last.id }) : null,
  };
}

/** Every entry about the record, newest first (for the family's export). */
export async function fullAccessLog(tx: Queryable, organizationId: string, studentId: string): Promise<AccessLogEntry[]> {
  const entries: AccessLogEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await accessLogPage(tx, organizationId, studentId, { cursor, limit: 100 });
    entries.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return entries;
}

function toEntry(row: {
  id: string;
  createdAt: Date;
  actorName: string | null;
  actorRole: string | null;
  action: string;
  description: string;
}): AccessLogEntry {
  return { id: row.id, at: row.createdAt.toISOString(), actorName: row.actorName, actorRole: row.actorRole, action: row.action, description: row.description };
}

/**
 * The access log of a record the viewer may see through `area` (404 otherwise). Reading
 * the log is not itself logged: it holds who touched the record, not the record's data.
 */
export async function readAccessLog(db: Database, actor: Actor, area: Area, studentId: string, query: AccessLogQuery, now: Date): Promise<AccessLog> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await requireVisibleStudent(tx, actor, area, studentId, now);
    return accessLogPage(tx, organizationId, studentId, query);
  });
}

/** The access log of the viewer's own record (the student area). */
export async function readOwnAccessLog(db: Database, actor: Actor, query: AccessLogQuery, now: Date): Promise<AccessLog> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => accessLogPage(tx, organizationId, await ownRecordId(tx, actor, now), query));
}
