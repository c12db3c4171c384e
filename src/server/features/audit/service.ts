import type { Database } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import type { Logger } from "../../lib/logger.ts";

export interface AuditEntry {
  organizationId: string | null;
  userId: string | null;
  actorRole: string | null;
  action: string;
  description: string;
  ipAddress?: string | null;
  metadata?: Record<string, unknown>;
}

export type AuditWriter = Pick<Database, "insert">;

export async function writeAudit(db: AuditWriter, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, ipAddress: entry.ipAddress ?? null, metadata: entry.metadata ?? null });
}

/** For the seed's USER_SIGNUP entry, whose failure is ignored (logged, never surfaced). */
export async function writeAuditIgnoringFailure(db: AuditWriter, entry: AuditEntry, logger: Logger): Promise<void> {
  try {
    await writeAudit(db, entry);
  } catch (error) {
    logger.warn({ err: error, action: entry.action }, "audit entry not written (ignored)");
  }
}
