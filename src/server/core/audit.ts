import type { AuditAction } from "../../shared/schemas/audit.ts";
import type { Database } from "../db/client.ts";
import { auditLog, platformAuditLog } from "../db/schema.ts";
import type { Logger } from "../lib/logger.ts";
import type { MemberContext, MemberEnv } from "./context.ts";

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

/** Writes the entry to its workspace's audit log, or to the platform's when it is about no workspace. */
export async function writeAudit(db: AuditWriter, entry: AuditEntry): Promise<void> {
  const { organizationId, studentId, ...common } = entry;
  const values = { ...common, ipAddress: entry.ipAddress ?? null, metadata: entry.metadata ?? null };
  if (organizationId === null) await db.insert(platformAuditLog).values(values);
  else await db.insert(auditLog).values({ ...values, organizationId, studentId: studentId ?? null });
}

/** Something that can run a nested transaction: the database, or a transaction (a savepoint). */
export type AuditTransactor = { transaction<T>(work: (tx: AuditWriter) => Promise<T>): Promise<T> };

/**
 * For the USER_SIGNUP entry, whose failure must not fail the sign-up (logged, never surfaced). Written
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

/** Who acts and from where: what every entry about a record carries. Only members act on records. */
export interface Actor {
  viewer: MemberContext;
  ipAddress: string;
}

/** The actor of a request that passed a member operation's guard. */
export const actorOf = (c: { var: MemberEnv["Variables"] }): Actor => ({ viewer: c.var.member, ipAddress: c.var.clientIp });

/**
 * The actor as a description names them. A student acting on their own record is "The
 * student", never their name: descriptions outlive an erasure (the audit log is append-only)
 * and must not keep the erased student's name.
 */
export function actorLabel(actor: Actor, area?: string): string {
  return area === "student" ? "The student" : actor.viewer.user.name;
}

/**
 * An entry about one student record. Descriptions never name the student (the access log
 * shows the record's current name by join, so an erasure removes it everywhere), and
 * metadata holds field names and ids, never the record's values.
 */
export async function auditStudent(
  tx: AuditWriter,
  actor: Actor,
  entry: { action: AuditAction; studentId: string; description: string; metadata?: Record<string, unknown> },
): Promise<void> {
  await writeAudit(tx, {
    organizationId: actor.viewer.organizationId,
    userId: actor.viewer.user.id,
    actorRole: actor.viewer.role,
    ipAddress: actor.ipAddress,
    ...entry,
  });
}
