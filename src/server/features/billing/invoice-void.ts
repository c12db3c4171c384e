/**
 * Voiding an issued invoice nothing has paid: it keeps its number (the sequence stays
 * gapless), its lines leave the live set so their charges are uninvoiced again, and the
 * ledger entries it made (its fees and its tax) are reversed. The packages it sells are
 * cancelled (purchase-cancellation.ts). Money already applied to it is corrected by a credit
 * note instead.
 */
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { invoice, invoiceLine, ledgerEntry } from "../../db/billing-schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { conflict } from "../../lib/app-error.ts";
import { lockMoney } from "./allocations.ts";
import { auditBilling, type BillingContext } from "./invoice-context.ts";
import { lockedInvoice } from "./invoice-drafts.ts";
import { reverseEntry } from "./ledger.ts";
import { cancelPurchasesOfInvoice } from "./purchase-cancellation.ts";

export async function voidInvoice(tx: Transaction, context: BillingContext, invoiceId: string, reason: string): Promise<void> {
  const { organizationId } = context;
  await lockMoney(tx, organizationId);
  const row = await lockedInvoice(tx, organizationId, invoiceId);
  if (row.status === "draft") throw conflict("A draft has no number to keep: delete it instead.");
  if (row.status === "void") throw conflict(`Invoice ${row.number} is already void.`);
  if (row.paidMinor !== 0) throw conflict(`Invoice ${row.number} has payments or credit applied: record a credit note instead.`);

  const fees = await tx
    .select({ chargeEntryId: invoiceLine.chargeEntryId })
    .from(invoiceLine)
    .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.invoiceId, row.id), eq(invoiceLine.kind, "fee")));
  const feeIds = fees.map((fee) => fee.chargeEntryId).filter((id): id is string => id !== null);
  const made = await tx
    .select()
    .from(ledgerEntry)
    .where(
      and(
        eq(ledgerEntry.organizationId, organizationId),
        or(eq(ledgerEntry.causeKey, `invoice-tax:${row.id}`), feeIds.length > 0 ? inArray(ledgerEntry.id, feeIds) : undefined),
      ),
    )
    .orderBy(asc(ledgerEntry.sequence));
  for (const entry of made) {
    await reverseEntry(tx, context, entry, `${row.number} void: ${reason}`);
  }
  const cancelledPackages = await cancelPurchasesOfInvoice(tx, context, row.id, `${row.number} void: ${reason}`);

  await tx
    .update(invoiceLine)
    .set({ live: false })
    .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.invoiceId, row.id)));
  await tx
    .update(invoice)
    .set({ status: "void", voidedAt: context.now, voidedByUserId: context.actorUserId, voidReason: reason })
    .where(and(eq(invoice.organizationId, organizationId), eq(invoice.id, row.id)));
  await auditBilling(tx, context, "INVOICE_VOIDED", `Invoice ${row.number} voided: ${reason}`, {
    invoiceId: row.id,
    accountId: row.accountId,
    number: row.number,
    cancelledPackages,
  });
}
