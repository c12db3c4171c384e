/**
 * The workspace's tax rates. A rate's name may change and a rate may be archived (kept on the
 * documents that used it, offered no more); its basis points never change once an issued
 * invoice or a credit note used it, because those documents were computed with it: the admin
 * creates a new rate instead.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { TaxRate, TaxRateCreate, TaxRateUpdate } from "../../../shared/schemas/billing-tax.ts";
import type { Actor } from "../../core/audit.ts";
import { readSettings } from "../../core/settings/index.ts";
import type { Database } from "../../db/client.ts";
import { taxRate } from "../../db/billing-schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { isRecordId } from "../../core/ids.ts";
import { AppError, conflictOn, notFound } from "../../lib/app-error.ts";
import { auditBilling, billingContextOf } from "./invoice-context.ts";
import { formatBps } from "./arithmetic.ts";

type TaxRateRow = typeof taxRate.$inferSelect;

/**
 * Whether an issued (or void) invoice or a credit note carries the rate. Written with table
 * names: in a one-table select Drizzle leaves columns unqualified, which inside a subquery
 * would name the subquery's own table.
 */
const usedSql = sql<boolean>`(exists (select 1 from invoice_line line join invoice on invoice.organization_id = line.organization_id and invoice.id = line.invoice_id
    where line.organization_id = tax_rate.organization_id and line.tax_rate_id = tax_rate.id and invoice.status <> 'draft')
  or exists (select 1 from credit_note_line where credit_note_line.organization_id = tax_rate.organization_id and credit_note_line.tax_rate_id = tax_rate.id))`;

const toTaxRate = (row: TaxRateRow & { used: boolean }): TaxRate => ({
  id: row.id,
  name: row.name,
  rateBps: row.rateBps,
  archived: row.archivedAt !== null,
  used: row.used,
});

async function ratesWhere(tx: Queryable, organizationId: string, id?: string) {
  const rows = await tx
    .select({ row: taxRate, used: usedSql })
    .from(taxRate)
    .where(and(eq(taxRate.organizationId, organizationId), id ? eq(taxRate.id, id) : undefined))
    .orderBy(asc(taxRate.archivedAt), asc(taxRate.name), asc(taxRate.id));
  return rows.map(({ row, used }) => toTaxRate({ ...row, used }));
}

export async function listTaxRates(db: Database, actor: Actor): Promise<{ items: TaxRate[] }> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => ({ items: await ratesWhere(tx, organizationId) }));
}

export async function createTaxRate(db: Database, actor: Actor, input: TaxRateCreate, now: Date): Promise<TaxRate> {
  const context = billingContextOf(actor, now);
  return withWorkspace(db, context.organizationId, async (tx) => {
    const [row] = await tx
      .insert(taxRate)
      .values({ organizationId: context.organizationId, name: input.name, rateBps: input.rateBps, createdAt: now })
      .returning();
    await auditBilling(tx, context, "TAX_RATE_CREATED", `${actor.viewer.user.name} created the tax rate ${input.name} (${formatBps(input.rateBps)})`, {
      taxRateId: row!.id,
    });
    return toTaxRate({ ...row!, used: false });
  });
}

export async function updateTaxRate(db: Database, actor: Actor, id: string, changes: TaxRateUpdate, now: Date): Promise<TaxRate> {
  const context = billingContextOf(actor, now);
  if (!isRecordId(id)) throw notFound("The tax rate");
  return withWorkspace(db, context.organizationId, async (tx) => {
    const [current] = await ratesWhere(tx, context.organizationId, id);
    if (!current) throw notFound("The tax rate");
    if (changes.rateBps !== undefined && changes.rateBps !== current.rateBps && current.used) {
      throw conflictOn("rateBps", `${current.name} is on issued documents, so its rate stays ${formatBps(current.rateBps)}: create a new rate instead.`);
    }
    if (changes.archived === true && !current.archived) {
      const settings = await readSettings(tx, context.organizationId, "billing");
      if (settings.defaultTaxRateId === id)
        throw conflictOn("archived", `${current.name} is the default tax rate: choose another default before archiving it.`);
    }
    const archivedAt = changes.archived === undefined ? undefined : changes.archived ? (current.archived ? undefined : now) : null;
    await tx
      .update(taxRate)
      .set({ name: changes.name, rateBps: changes.rateBps, ...(archivedAt !== undefined ? { archivedAt } : {}) })
      .where(and(eq(taxRate.organizationId, context.organizationId), eq(taxRate.id, id)));
    const [after] = await ratesWhere(tx, context.organizationId, id);
    await auditBilling(
      tx,
      context,
      "TAX_RATE_CHANGED",
      `${actor.viewer.user.name} changed the tax rate ${after!.name} (${formatBps(after!.rateBps)}${after!.archived ? ", archived" : ""})`,
      {
        taxRateId: id,
        previous: current,
      },
    );
    return after!;
  });
}

/** A refusal of one field of a request, at its path (a line's field: ["lines", 0, "taxRateId"]). */
export const invalidAt = (path: (string | number)[], message: string) => new AppError("VALIDATION_FAILED", 422, message, [{ path, message }]);

/** A rate an admin may put on a new line (422 naming the field otherwise). */
export async function usableTaxRate(tx: Queryable, organizationId: string, id: string, path: (string | number)[]): Promise<TaxRateRow> {
  const [row] = await tx
    .select()
    .from(taxRate)
    .where(and(eq(taxRate.organizationId, organizationId), eq(taxRate.id, id)));
  if (!row) throw invalidAt(path, "The tax rate does not exist in this workspace.");
  if (row.archivedAt) throw invalidAt(path, `The tax rate ${row.name} is archived.`);
  return row;
}

/** The snapshot a line carries of its rate: none when the workspace has no default. */
export interface LineTax {
  taxRateId: string | null;
  taxRateBps: number;
  taxRateName: string;
}

export const NO_TAX: LineTax = { taxRateId: null, taxRateBps: 0, taxRateName: "" };

export const lineTaxOf = (row: Pick<TaxRateRow, "id" | "rateBps" | "name"> | null | undefined): LineTax =>
  row ? { taxRateId: row.id, taxRateBps: row.rateBps, taxRateName: row.name } : NO_TAX;

/** The rate of a line that names none: the workspace's default (ignored when archived since), else none. */
export async function defaultLineTax(tx: Queryable, organizationId: string): Promise<LineTax> {
  const settings = await readSettings(tx, organizationId, "billing");
  if (!settings.defaultTaxRateId) return NO_TAX;
  const [row] = await tx
    .select()
    .from(taxRate)
    .where(and(eq(taxRate.organizationId, organizationId), eq(taxRate.id, settings.defaultTaxRateId), isNull(taxRate.archivedAt)));
  return lineTaxOf(row);
}
