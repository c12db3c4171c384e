/**
 * Reading a workspace's audit log: filters, newest first, in keyset pages on (created_at, id).
 * Shared by the list, the CSV export and the query-scaling bench. Callers run it inside
 * withWorkspace; the organization_id condition here is the first wall, row-level security
 * the second.
 *
 * The cursor carries created_at as PostgreSQL's own text with its microseconds: a JavaScript
 * Date keeps milliseconds only, and entries written within one millisecond would be skipped
 * or repeated at a page boundary.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditQuery } from "../../../shared/schemas/audit.ts";
import { auditLog, organization, student, user } from "../../db/schema.ts";
import type { Queryable } from "../../db/tenant.ts";
import { invalidField, notFound } from "../../lib/app-error.ts";

export type AuditFilters = Pick<AuditQuery, "actorUserId" | "action" | "studentId" | "from" | "to">;

export interface AuditCursor {
  /** created_at in UTC, ISO 8601 with microseconds, as PostgreSQL wrote it. */
  at: string;
  id: string;
}

const CURSOR_PATTERN = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString("base64url");
}

export function decodeCursor(value: string): AuditCursor {
  const match = CURSOR_PATTERN.exec(Buffer.from(value, "base64url").toString());
  if (!match || Number.isNaN(Date.parse(match[1]!))) throw invalidField("cursor", "Cursor is not valid: ask for the first page again.");
  return { at: match[1]!, id: match[2]! };
}

/** The workspace's time zone, in which the from and to dates are days. */
export async function workspaceTimeZone(db: Queryable, organizationId: string): Promise<string> {
  const [row] = await db.select({ timeZone: organization.timeZone }).from(organization).where(eq(organization.id, organizationId));
  if (!row) throw notFound("The workspace");
  return row.timeZone;
}

function conditions(organizationId: string, timeZone: string, filters: AuditFilters, after: AuditCursor | undefined): SQL {
  const where: SQL[] = [eq(auditLog.organizationId, organizationId)];
  if (filters.actorUserId) where.push(eq(auditLog.userId, filters.actorUserId));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  if (filters.studentId) where.push(eq(auditLog.studentId, filters.studentId));
  // A day is midnight to midnight in the workspace's zone (23 or 25 hours on a clock change).
  if (filters.from) where.push(sql`${auditLog.createdAt} >= (${filters.from}::date::timestamp at time zone ${timeZone})`);
  if (filters.to) where.push(sql`${auditLog.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone ${timeZone})`);
  if (after) {
    // The plain "<=" bounds the index scan; the rest breaks ties between equal times on id.
    const at = sql`${after.at}::timestamptz`;
    where.push(sql`${auditLog.createdAt} <= ${at} and (${auditLog.createdAt} < ${at} or ${auditLog.id} < ${after.id}::uuid)`);
  }
  return and(...where)!;
}

/** One page (one more row than `limit`, to tell whether another page follows), newest first. */
export function auditPageQuery(db: Queryable, organizationId: string, timeZone: string, filters: AuditFilters, after: AuditCursor | undefined, limit: number) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      actorUserId: auditLog.userId,
      actorName: user.name,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      description: auditLog.description,
      ipAddress: auditLog.ipAddress,
      studentId: auditLog.studentId,
      // Erasure anonymises the record and keeps its row; descriptions never hold a student's
      // name, so the name shown is always today's, and an erased one reads "Erased student".
      studentName: sql<string | null>`case when ${auditLog.studentId} is null then null
        when ${student.id} is null or ${student.erasedAt} is not null then 'Erased student' else ${student.name} end`,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.userId))
    .leftJoin(student, and(eq(student.organizationId, auditLog.organizationId), eq(student.id, auditLog.studentId)))
    .where(conditions(organizationId, timeZone, filters, after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
}

export interface AuditRowsPage {
  items: (AuditEntry & { at: string })[];
  next: AuditCursor | null;
}

/** A page of entries and the cursor after it (null on the last page). */
export async function auditRows(
  db: Queryable,
  organizationId: string,
  timeZone: string,
  filters: AuditFilters,
  after: AuditCursor | undefined,
  limit: number,
): Promise<AuditRowsPage> {
  const rows = await auditPageQuery(db, organizationId, timeZone, filters, after, limit);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ createdAt, cursorAt: _cursorAt, ...row }) => ({ ...row, at: createdAt.toISOString() })),
    next: rows.length > limit && last ? { at: last.cursorAt, id: last.id } : null,
  };
}
