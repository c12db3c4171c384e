/**
 * Undoing a session's charge when the session is re-marked, wherever the charge stands:
 * - uninvoiced (or on a void invoice): a reversal entry;
 * - on a draft: the draft's line goes (a draft changes freely), then a reversal entry;
 * - on an issued invoice, which never changes: a credit note against that invoice for that
 *   line, whose ledger entry reverses the charge. Outstanding money on the invoice is offset;
 *   what payments already covered becomes the family's credit (as any credit note does).
 * Each way writes one entry citing the charge (the unique reverses index), so a charge is
 * undone once, and the new billing of the session is written beside it.
 */
import { and, eq, sql } from "drizzle-orm";
import { creditNoteLine, invoice, invoiceLine } from "../../db/billing-schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { AppError, conflict } from "../../lib/app-error.ts";
import { issueCreditNote } from "./credit-notes.ts";
import type { BillingContext } from "./invoice-context.ts";
import { type LedgerEntryRow, reverseEntry } from "./ledger.ts";

export async function undoCharge(tx: Transaction, context: BillingContext, charge: LedgerEntryRow, why: string): Promise<void> {
  const { organizationId } = context;
  const [billed] = await tx
    .select({ line: invoiceLine, status: invoice.status, number: invoice.number, totalMinor: invoice.totalMinor })
    .from(invoiceLine)
    .innerJoin(invoice, and(eq(invoice.organizationId, invoiceLine.organizationId), eq(invoice.id, invoiceLine.invoiceId)))
    .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.chargeEntryId, charge.id), eq(invoiceLine.live, true)));
  if (!billed) {
    await reverseEntry(tx, context, charge, why);
    return;
  }
  if (billed.status === "draft") {
    await tx.delete(invoiceLine).where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.id, billed.line.id)));
    await reverseEntry(tx, context, charge, why);
    return;
  }

  // An admin who already credited part of this line has corrected it by hand: crediting the
  // whole line again would give the family that part twice, so the change waits for them.
  const [credited] = await tx
    .select({ total: sql<string>`coalesce(sum(${creditNoteLine.amountMinor}), 0)` })
    .from(creditNoteLine)
    .where(and(eq(creditNoteLine.organizationId, organizationId), eq(creditNoteLine.invoiceLineId, billed.line.id)));
  if (Number(credited?.total ?? 0) > 0) {
    throw conflict(alreadyCorrected(billed.number));
  }
  try {
    await issueCreditNote(tx, context, {
      accountId: charge.accountId,
      invoiceId: billed.line.invoiceId,
      reason: why,
      idempotencyKey: `re-mark:${charge.id}`,
      lines: [{ description: billed.line.description, amountMinor: billed.line.amountMinor, invoiceLineId: billed.line.id }],
      reversesEntryId: charge.id,
    });
  } catch (error) {
    // Other credit notes left less of the invoice to credit than this line: the same case.
    if (error instanceof AppError && error.status === 422) throw conflict(alreadyCorrected(billed.number));
    throw error;
  }
}

const alreadyCorrected = (number: string | null) =>
  `This session's charge is on invoice ${number}, which credit notes have already corrected: an admin must correct its billing by hand before the session's attendance can change.`;
