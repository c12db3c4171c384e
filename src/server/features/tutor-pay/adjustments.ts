/**
 * Adjustments of a tutor's pay (travel, training, a correction): an earning with its reason,
 * positive or negative, paid in the next run. The same idempotency key again returns the first
 * adjustment; with a different one it is refused (409).
 */
import { and, eq } from "drizzle-orm";
import { formatMoney } from "../../../shared/money.ts";
import type { AdjustmentCreate, Earning } from "../../../shared/schemas/tutor-pay.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import type { Database } from "../../db/client.ts";
import { tutorEarning } from "../../db/pay-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { conflictOn } from "../../lib/app-error.ts";
import { auditPay, lockPay } from "./pay-context.ts";
import type { EarningRow } from "./earning-states.ts";
import { requireTutor } from "./tutors.ts";

const CATEGORY_WORDS = { travel: "Travel", training: "Training", correction: "Correction", other: "Adjustment" } as const;

const shapeEarning = (row: EarningRow, currency: string): Earning => ({
  id: row.id,
  tutorMemberId: row.tutorMemberId,
  kind: row.kind,
  earnedOn: row.earnedOn,
  category: row.category,
  amountMinor: row.amountMinor,
  currency,
  description: row.description,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

export async function addAdjustment(db: Database, actor: Actor, tutorMemberId: string, input: AdjustmentCreate, now: Date): Promise<Earning> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const tutor = await requireTutor(tx, organizationId, tutorMemberId);
    await lockPay(tx, organizationId);
    const causeKey = `adjustment:${input.idempotencyKey}`;
    const [inserted] = await tx
      .insert(tutorEarning)
      .values({
        organizationId,
        tutorMemberId: tutor.memberId,
        kind: "adjustment",
        earnedOn: input.earnedOn,
        category: input.category,
        amountMinor: input.amountMinor,
        description: `${CATEGORY_WORDS[input.category]}: ${input.reason}`,
        reason: input.reason,
        causeKey,
        createdByUserId: actor.viewer.user.id,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    const currency = await workspaceCurrency(tx, organizationId);
    if (!inserted) {
      const [first] = await tx
        .select()
        .from(tutorEarning)
        .where(and(eq(tutorEarning.organizationId, organizationId), eq(tutorEarning.causeKey, causeKey)));
      const same =
        first &&
        first.tutorMemberId === tutor.memberId &&
        first.amountMinor === input.amountMinor &&
        first.category === input.category &&
        first.earnedOn === input.earnedOn &&
        first.reason === input.reason;
      if (!same) throw conflictOn("idempotencyKey", "This idempotency key was already used for another adjustment.");
      return shapeEarning(first, currency);
    }
    await auditPay(
      tx,
      actor,
      "PAY_ADJUSTMENT_ADDED",
      `${actor.viewer.user.name} adjusted the pay of ${tutor.name} by ${formatMoney(input.amountMinor, currency)} (${input.category}): ${input.reason}`,
      { earningId: inserted.id, tutorMemberId: tutor.memberId, amountMinor: input.amountMinor, category: input.category },
    );
    return shapeEarning(inserted, currency);
  });
}
