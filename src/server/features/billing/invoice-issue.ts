/**
 * Issuing an invoice, in one transaction: the workspace's money lock (so issues, payments and
 * sales never interleave), the next gapless number, the issue and due dates in the workspace's
 * days, the tax per rate on each rate's total (frozen with the rule that computed it), ledger
 * entries for the fee lines and for the tax when prices exclude it, the account's credit
 * applied, package hours activated where the workspace allows credit, and a notice for the
 * family's digest. A failure anywhere rolls all of it back, the number included.
 */
import { and, eq } from "drizzle-orm";
import { readSettings } from "../../core/settings/index.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { billingNotice, invoice, invoiceLine } from "../../db/billing-schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { conflict, invalidField } from "../../lib/app-error.ts";
import { applyAccountCredit, lockMoney } from "./allocations.ts";
import { documentTotals, taxRuleText } from "./arithmetic.ts";
import { activatePurchasesOfInvoice } from "./hours.ts";
import { auditBilling, type BillingContext } from "./invoice-context.ts";
import { createDraft, linesOf, lockedInvoice, refreshDraftTax } from "./invoice-drafts.ts";
import { takeNextNumber } from "./invoice-numbers.ts";
import { appendEntries } from "./ledger.ts";

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface IssuedInvoice {
  invoiceId: string;
  number: string;
  accountId: string;
  totalMinor: number;
}

/** Issues a draft: 404 unknown, 409 when not a draft, 422 when it has no line. */
export async function issueInvoice(tx: Transaction, context: BillingContext, invoiceId: string): Promise<IssuedInvoice> {
  const { organizationId } = context;
  await lockMoney(tx, organizationId);
  const draft = await lockedInvoice(tx, organizationId, invoiceId);
  if (draft.status !== "draft") throw conflict(`Invoice ${draft.number} is already ${draft.status === "void" ? "void" : "issued"}.`);
  await refreshDraftTax(tx, organizationId, draft.id);
  const lines = await linesOf(tx, organizationId, draft.id);
  if (lines.length === 0) throw invalidField("lines", "An invoice without lines cannot be issued: add a line or delete the draft.");

  const settings = await readSettings(tx, organizationId, "billing");
  const issuedOn = await workspaceToday(tx, organizationId, context.now);
  const dueOn = addDays(issuedOn, settings.paymentTermsDays);
  const totals = documentTotals(lines, settings.pricesIncludeTax);
  const number = await takeNextNumber(tx, organizationId, "invoice", settings.invoiceNumberFormat, issuedOn);

  // Session and package lines bill charges already in the ledger; a fee and the added tax enter it now.
  const fees = lines.filter((line) => line.kind === "fee");
  const entries = await appendEntries(
    tx,
    context,
    fees.map((line) => ({
      accountId: draft.accountId,
      kind: "fee" as const,
      amountMinor: line.amountMinor,
      description: `${number}: ${line.description}`,
      causeKey: `invoice-line:${line.id}`,
      invoiceId: draft.id,
    })),
  );
  for (const [index, line] of fees.entries()) {
    await tx
      .update(invoiceLine)
      .set({ chargeEntryId: entries[index]!.id })
      .where(and(eq(invoiceLine.organizationId, organizationId), eq(invoiceLine.id, line.id)));
  }
  if (!settings.pricesIncludeTax && totals.taxMinor > 0) {
    await appendEntries(tx, context, [
      {
        accountId: draft.accountId,
        kind: "tax",
        amountMinor: totals.taxMinor,
        description: `${number}: tax`,
        causeKey: `invoice-tax:${draft.id}`,
        invoiceId: draft.id,
      },
    ]);
  }

  await tx
    .update(invoice)
    .set({
      status: "issued",
      number,
      issuedOn,
      dueOn,
      issuedAt: context.now,
      issuedByUserId: context.actorUserId,
      pricesIncludeTax: settings.pricesIncludeTax,
      taxRule: taxRuleText(settings.pricesIncludeTax, totals.bands),
      taxBreakdown: totals.bands,
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
    })
    .where(and(eq(invoice.organizationId, organizationId), eq(invoice.id, draft.id)));

  await applyAccountCredit(tx, context, draft.id);
  if (settings.allowCredit) await activatePurchasesOfInvoice(tx, context, draft.id);
  await tx
    .insert(billingNotice)
    .values({
      organizationId,
      accountId: draft.accountId,
      kind: "invoice_issued",
      dedupeKey: `invoice-issued:${draft.id}`,
      invoiceId: draft.id,
      text: `Invoice ${number} was issued, due ${dueOn}.`,
      createdAt: context.now,
    })
    .onConflictDoNothing();
  await auditBilling(tx, context, "INVOICE_ISSUED", `Invoice ${number} issued`, {
    invoiceId: draft.id,
    accountId: draft.accountId,
    number,
    totalMinor: totals.totalMinor,
  });
  return { invoiceId: draft.id, number, accountId: draft.accountId, totalMinor: totals.totalMinor };
}

/**
 * Invoices exactly these charges of the account at once (a package sale): a draft with a line
 * per charge, issued in the caller's transaction.
 */
export async function issueInvoiceForCharges(
  tx: Transaction,
  context: BillingContext,
  accountId: string,
  chargeEntryIds: readonly string[],
): Promise<{ invoiceId: string; number: string }> {
  if (chargeEntryIds.length === 0) throw invalidField("chargeEntryIds", "Give at least one charge to invoice.");
  const draft = await createDraft(tx, context, { accountId, chargeEntryIds });
  const issued = await issueInvoice(tx, context, draft.id);
  return { invoiceId: issued.invoiceId, number: issued.number };
}
