import type { AuditAction } from "../../../shared/schemas/audit.ts";
import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";

export interface AuditEntry {
  organizationId: string | null;
  userId: string | null;
  actorRole: string | null;
  action: AuditAction;
  description: string;
  ipAddress?: string | null;
  /** The student record the entry is about: it then shows in that record's access log. */
  studentId?: string | null;
  metadata?: Record<string, unknown>;
}

export type AuditWriter = Pick<Database, "insert">;

export async function writeAudit(db: AuditWriter, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, ipAddress: entry.ipAddress ?? null, studentId: entry.studentId ?? null, metadata: entry.metadata ?? null });
}

/** Something that can run a nested transaction: the database, or a transaction (a savepoint). */
export type AuditTransactor = { transaction<T>(work: (tx: AuditWriter) => Promise<T>): Promise<T> };

/**
 * For the seed's USER_SIGNUP entry, whose failure is ignored (logged, never surfaced). Written
 * in its own (nested) transaction, so that inside a caller's transaction a failed insert rolls
 * back only itself and the caller's work still commits.
 */
export async function writeAuditIgnoringFailure(db: AuditTransactor, entry: AuditEntry, logger: Logger): Promise<void> {
  try {
    await db.transaction((tx) => writeAudit(tx, entry));
  } catch (error) {
    logger.warn({ err: error, action: entry.action }, "audit entry not written (ignored)");
  }
}
