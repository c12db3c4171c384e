import type { AuditAction } from "../../../shared/schemas/audit.ts";
import type { Viewer } from "../../context.ts";
import type { AuditWriter } from "../audit/service.ts";
import { writeAudit } from "../audit/service.ts";

/** Who acts and from where: what every entry about a record carries. */
export interface Actor {
  viewer: Viewer;
  ipAddress: string;
}

/**
 * The actor as a description names them. A student acting on their own record is "The
 * student", never their name: descriptions outlive an erasure (the audit log is append-only)
 * and must not keep the erased student's name.
 */
export function actorLabel(actor: Actor, relationship?: string): string {
  return relationship === "student" ? "The student" : actor.viewer.user.name;
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
