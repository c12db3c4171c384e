/**
 * Voiding an invoice that sells packages cancels those purchases: a sale that never happened
 * leaves no hours behind. Each purchase becomes cancelled, its sale entry is reversed (so no
 * later invoice bills it again), and the minutes its grant still holds are booked out as a
 * cancellation. Hours a session already used cannot be unsold: then the void is refused, and a
 * credit note is the correction.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { hourGrant, hourMovement, invoiceLine, ledgerEntry, packagePurchase } from "../../db/billing-schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { conflict } from "../../lib/app-error.ts";
import type { BillingContext } from "./invoice-context.ts";
import { grantRemainingSql, packageSaleLinesOf } from "./hours.ts";
import { reverseEntry } from "./ledger.ts";

export async function cancelPurchasesOfInvoice(tx: Transaction, context: BillingContext, invoiceId: string, why: string): Promise<string[]> {
  const { organizationId } = context;
  const sold = packageSaleLinesOf(organizationId, invoiceId);
  const sales = await tx.select({ entry: ledgerEntry }).from(invoiceLine).innerJoin(ledgerEntry, sold.joinOn).where(sold.where);
  const purchaseIds = sales.map((sale) => sale.entry.purchaseId).filter((id): id is string => id !== null);
  if (purchaseIds.length === 0) return [];

  const purchases = await tx
    .select()
    .from(packagePurchase)
    .where(and(eq(packagePurchase.organizationId, organizationId), inArray(packagePurchase.id, purchaseIds)))
    .for("update");
  const grants = await tx
    .select({
      grant: hourGrant,
      remaining: grantRemainingSql,
      // Table names written out, as in grantRemainingSql: Drizzle leaves a one-table select's columns bare.
      used: sql<string>`coalesce((select -sum(movement.minutes) from hour_movement movement where movement.organization_id = hour_grant.organization_id and movement.grant_id = hour_grant.id and movement.kind in ('use', 'reversal')), 0)`,
    })
    .from(hourGrant)
    .where(and(eq(hourGrant.organizationId, organizationId), inArray(hourGrant.purchaseId, purchaseIds)));
  const usedOne = grants.find((row) => Number(row.used) > 0);
  if (usedOne) {
    const name = purchases.find((purchase) => purchase.id === usedOne.grant.purchaseId)?.name ?? "a package";
    throw conflict(`Sessions already used hours of ${name} that this invoice sells, so the sale cannot be undone: record a credit note instead.`);
  }

  for (const { grant, remaining } of grants) {
    if (Number(remaining) <= 0) continue;
    await tx.insert(hourMovement).values({
      organizationId,
      grantId: grant.id,
      kind: "cancellation",
      minutes: -Number(remaining),
      causeKey: `cancellation:${grant.id}`,
      createdByUserId: context.actorUserId,
      createdAt: context.now,
    });
  }
  for (const { entry } of sales) await reverseEntry(tx, context, entry, why);
  await tx
    .update(packagePurchase)
    .set({ status: "cancelled", cancelledAt: context.now })
    .where(and(eq(packagePurchase.organizationId, organizationId), inArray(packagePurchase.id, purchaseIds), isNull(packagePurchase.cancelledAt)));
  return purchases.map((purchase) => purchase.name);
}
