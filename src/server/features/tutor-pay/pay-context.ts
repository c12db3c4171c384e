/**
 * Who writes pay, and when, and the workspace's pay lock: earnings, adjustments and pay runs
 * are written one transaction at a time per workspace, so that a draft sees all of a marking or
 * none of it, and two markings of a session at once earn it once. The workspace currency is
 * held first (as every write of an amount holds it), then the pay lock, to the transaction's end.
 */
import { sql } from "drizzle-orm";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { holdWorkspaceCurrency } from "../../core/currency.ts";
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import type { Transaction } from "../../db/tenant.ts";

export interface PayContext {
  organizationId: string;
  actorUserId: string | null;
  now: Date;
}

export async function lockPay(tx: Transaction, organizationId: string): Promise<void> {
  await holdWorkspaceCurrency(tx, organizationId);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`tutor-pay:${organizationId}`}, 0))`);
}

/** An audit entry of an admin's pay operation. */
export async function auditPay(tx: Transaction, actor: Actor, action: AuditAction, description: string, metadata: Record<string, unknown>): Promise<void> {
  await writeAudit(tx, {
    organizationId: actor.viewer.organizationId,
    userId: actor.viewer.user.id,
    actorRole: actor.viewer.role,
    ipAddress: actor.ipAddress,
    action,
    description,
    metadata,
  });
}
