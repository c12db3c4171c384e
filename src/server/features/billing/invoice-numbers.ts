/**
 * Gapless document numbers. Each workspace has a counter per kind (invoice, credit note) and
 * year (the year of issue when the format holds {YYYY}, else 0: numbers never restart). The
 * issuing transaction inserts the counter if missing and increments it with one UPDATE, which
 * locks the row to the end of the transaction: a concurrent issue waits, and a rolled-back
 * issue gives its number back. Numbers are therefore consecutive, without gap or duplicate.
 */
import { and, eq, sql } from "drizzle-orm";
import { billingCounter } from "../../db/billing-schema.ts";
import type { Transaction } from "../../db/tenant.ts";

export type NumberedKind = (typeof billingCounter.$inferSelect)["kind"];

const NUMBER_TOKEN = /\{(N{1,8})\}/;

/** The counter year of a format: the year of the issue date when it holds {YYYY}, else 0. */
export const counterYear = (format: string, issuedOn: string): number => (format.includes("{YYYY}") ? Number(issuedOn.slice(0, 4)) : 0);

/** INV-{YYYY}-{NNNN}, 2026-11-26, 7 → INV-2026-0007. A number longer than the padding keeps all its digits. */
export function formatDocumentNumber(format: string, issuedOn: string, value: number): string {
  return format.replaceAll("{YYYY}", issuedOn.slice(0, 4)).replace(NUMBER_TOKEN, (_, ns: string) => String(value).padStart(ns.length, "0"));
}

/** The next number of the kind for a document issued on issuedOn (workspace date), formatted. */
export async function takeNextNumber(tx: Transaction, organizationId: string, kind: NumberedKind, format: string, issuedOn: string): Promise<string> {
  const year = counterYear(format, issuedOn);
  await tx.insert(billingCounter).values({ organizationId, kind, year, lastValue: 0 }).onConflictDoNothing();
  const [row] = await tx
    .update(billingCounter)
    .set({ lastValue: sql`${billingCounter.lastValue} + 1` })
    .where(and(eq(billingCounter.organizationId, organizationId), eq(billingCounter.kind, kind), eq(billingCounter.year, year)))
    .returning({ value: billingCounter.lastValue });
  return formatDocumentNumber(format, issuedOn, row!.value);
}
