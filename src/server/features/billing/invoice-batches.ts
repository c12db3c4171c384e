/**
 * Invoicing every family at once for a period. The preview is one grouped query (families ×
 * tax rates) over the uninvoiced charges, totalled with the same arithmetic as an issue, so a
 * thousand families take one round trip; nothing is written. The batch issues one invoice per
 * family with work, all in one transaction sharing a batch id: all of them or none.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { readSettings } from "../../core/settings/index.ts";
import type { Queryable, Transaction } from "../../db/tenant.ts";
import { invalidField } from "../../lib/app-error.ts";
import { documentTotals, type TaxedLine } from "./arithmetic.ts";
import { uninvoicedChargesSql } from "./invoice-charges.ts";
import { auditBilling, type BillingContext } from "./invoice-context.ts";
import { createDraft, refuseFarFuture } from "./invoice-drafts.ts";
import { issueInvoice, type IssuedInvoice } from "./invoice-issue.ts";

export interface FamilyPreview {
  accountId: string;
  accountName: string;
  lineCount: number;
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

interface BandRecord extends Record<string, unknown> {
  account_id: string;
  account_name: string;
  tax_rate_id: string | null;
  tax_rate_bps: number;
  tax_rate_name: string;
  line_count: string | number;
  amount_minor: string | number;
}

/** The uninvoiced work of the period per family and tax rate: one query. Exported for the benchmark. */
export const batchPreviewSql = (organizationId: string, periodFrom: string, periodTo: string, accountIds?: readonly string[]) => sql`
    select account_id, account_name, tax_rate_id, tax_rate_bps, tax_rate_name, count(*) as line_count, sum(amount_minor) as amount_minor
    from (${uninvoicedChargesSql(organizationId, { from: periodFrom, to: periodTo, accountIds })}) charge
    group by account_id, account_name, tax_rate_id, tax_rate_bps, tax_rate_name
    order by account_name, account_id`;

export function batchPreviewQuery(tx: Queryable, organizationId: string, periodFrom: string, periodTo: string, accountIds?: readonly string[]) {
  return tx.execute<BandRecord>(batchPreviewSql(organizationId, periodFrom, periodTo, accountIds));
}

/** Per family with work in the period: its lines, subtotal, tax and total as issuing would compute them. */
export async function previewBatch(
  tx: Queryable,
  organizationId: string,
  periodFrom: string,
  periodTo: string,
  accountIds?: readonly string[],
): Promise<FamilyPreview[]> {
  const settings = await readSettings(tx, organizationId, "billing");
  const result = await batchPreviewQuery(tx, organizationId, periodFrom, periodTo, accountIds);
  const families = new Map<string, { accountName: string; lineCount: number; bands: TaxedLine[] }>();
  for (const row of result.rows) {
    const family = families.get(row.account_id) ?? { accountName: row.account_name, lineCount: 0, bands: [] };
    family.lineCount += Number(row.line_count);
    family.bands.push({
      amountMinor: Number(row.amount_minor),
      taxRateId: row.tax_rate_id,
      taxRateBps: Number(row.tax_rate_bps),
      taxRateName: row.tax_rate_name,
    });
    families.set(row.account_id, family);
  }
  return [...families].map(([accountId, family]) => {
    const totals = documentTotals(family.bands, settings.pricesIncludeTax);
    return {
      accountId,
      accountName: family.accountName,
      lineCount: family.lineCount,
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
    };
  });
}

/** Issues one invoice per family with work in the period (only the given accounts, when given). */
export async function issueBatch(
  tx: Transaction,
  context: BillingContext,
  input: { periodFrom: string; periodTo: string; accountIds?: readonly string[] },
): Promise<{ batchId: string; invoices: IssuedInvoice[] }> {
  await refuseFarFuture(tx, context, input.periodTo);
  const families = await previewBatch(tx, context.organizationId, input.periodFrom, input.periodTo, input.accountIds);
  if (families.length === 0) throw invalidField("periodFrom", `No family has uninvoiced work from ${input.periodFrom} to ${input.periodTo}.`);
  const batchId = randomUUID();
  const invoices: IssuedInvoice[] = [];
  for (const family of families) {
    const draft = await createDraft(tx, context, { accountId: family.accountId, periodFrom: input.periodFrom, periodTo: input.periodTo, batchId });
    invoices.push(await issueInvoice(tx, context, draft.id));
  }
  await auditBilling(tx, context, "INVOICE_BATCH_ISSUED", `${invoices.length} invoices issued for ${input.periodFrom} to ${input.periodTo}`, {
    batchId,
    invoiceIds: invoices.map((item) => item.invoiceId),
  });
  return { batchId, invoices };
}
