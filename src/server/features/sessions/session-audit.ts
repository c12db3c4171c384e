/** Every change to sessions is audited once per student concerned: the entry shows in that student's access log. */
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import { type Actor, auditStudent } from "../../core/audit.ts";
import type { Transaction } from "../../db/tenant.ts";

export async function auditSessions(
  tx: Transaction,
  actor: Actor,
  action: AuditAction,
  studentIds: string[],
  description: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  for (const studentId of studentIds) await auditStudent(tx, actor, { action, studentId, description, metadata });
}
