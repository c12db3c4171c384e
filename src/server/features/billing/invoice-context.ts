/**
 * Who does a billing write, and when: the ledger's context (workspace, user, time) and, for
 * the audit entry, the actor's role and address. A write started by another part of billing
 * (a package sale issuing its invoice) passes its own context on.
 */
import type { Actor } from "../../core/audit.ts";
import { writeAudit } from "../../core/audit.ts";
import type { AuditAction } from "../../../shared/schemas/audit.ts";
import type { Transaction } from "../../db/tenant.ts";
import type { LedgerContext } from "./ledger.ts";

export interface BillingContext extends LedgerContext {
  actorRole?: string | null;
  ipAddress?: string | null;
}

export const billingContextOf = (actor: Actor, now: Date): BillingContext => ({
  organizationId: actor.viewer.organizationId,
  actorUserId: actor.viewer.user.id,
  actorRole: actor.viewer.role,
  ipAddress: actor.ipAddress,
  now,
});

export async function auditBilling(
  tx: Transaction,
  context: BillingContext,
  action: AuditAction,
  description: string,
  metadata: Record<string, unknown>,
): Promise<void> {
  await writeAudit(tx, {
    organizationId: context.organizationId,
    userId: context.actorUserId,
    actorRole: context.actorRole ?? null,
    ipAddress: context.ipAddress ?? null,
    action,
    description,
    metadata,
  });
}
