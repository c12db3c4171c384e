/**
 * Writing the money ledger. Every amount that moves goes through appendEntries, inside the
 * transaction of the change it belongs to (a report filed, a payment recorded, an invoice
 * issued), so the entry and its cause commit or roll back together.
 *
 * - One writer at a time per workspace: an advisory lock held to the end of the transaction
 *   orders the entries, so each gets the next sequence number, the previous entry's hash and
 *   its account's running balance without a race.
 * - Idempotent: an entry whose cause key is already written is not written again; the
 *   existing entry is returned instead. Doing a thing twice changes nothing.
 * - Append-only: a mistake is undone by reverseEntry (the exact opposite amount, citing the
 *   entry, once), never by changing a row; the database role cannot update or delete them.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { LedgerKind } from "../../../shared/billing-states.ts";
import { holdWorkspaceCurrency } from "../../core/currency.ts";
import { ledgerEntry } from "../../db/billing-schema.ts";
import type { Queryable, Transaction } from "../../db/tenant.ts";
import { entryHash, GENESIS_HASH } from "./ledger-hash.ts";

export type LedgerEntryRow = typeof ledgerEntry.$inferSelect;

export interface LedgerWrite {
  accountId: string;
  kind: LedgerKind;
  amountMinor: number;
  description: string;
  /** One key per cause ("session:<id>:student:<id>:charge:1", "payment:<id>"): written once. */
  causeKey: string;
  sessionId?: string | null;
  studentId?: string | null;
  invoiceId?: string | null;
  creditNoteId?: string | null;
  paymentId?: string | null;
  purchaseId?: string | null;
  policyVersionId?: string | null;
  reversesEntryId?: string | null;
  minutes?: number | null;
  rateMinor?: number | null;
  shareBps?: number | null;
}

export interface LedgerContext {
  organizationId: string;
  actorUserId: string | null;
  now: Date;
}

const lockKey = (organizationId: string) => sql`hashtextextended(${`ledger:${organizationId}`}, 0)`;

/** Waits for the workspace's ledger: held to the end of the transaction. */
export async function lockLedger(tx: Transaction, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(organizationId)})`);
}

/** The account's latest entry's running balance: one index read however long the history (also in the query-scaling benchmark). */
export const accountBalanceQuery = (tx: Queryable, organizationId: string, accountId: string) =>
  tx
    .select({ balance: ledgerEntry.balanceAfterMinor })
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.organizationId, organizationId), eq(ledgerEntry.accountId, accountId)))
    .orderBy(desc(ledgerEntry.sequence))
    .limit(1);

/** The account's balance; 0 before any entry. */
export async function accountBalance(tx: Queryable, organizationId: string, accountId: string): Promise<number> {
  const [latest] = await accountBalanceQuery(tx, organizationId, accountId);
  return latest?.balance ?? 0;
}

/**
 * Appends the entries in order (skipping any whose cause key is already written) and returns,
 * for each write, the entry that now stands for it. Zero amounts are refused: nothing moved.
 */
export async function appendEntries(tx: Transaction, context: LedgerContext, writes: readonly LedgerWrite[]): Promise<LedgerEntryRow[]> {
  if (writes.length === 0) return [];
  for (const write of writes) {
    if (!Number.isSafeInteger(write.amountMinor) || write.amountMinor === 0) throw new RangeError(`ledger amount ${write.amountMinor} for ${write.causeKey}`);
  }
  const { organizationId } = context;
  await holdWorkspaceCurrency(tx, organizationId);
  await lockLedger(tx, organizationId);

  const existing = await tx
    .select()
    .from(ledgerEntry)
    .where(
      and(
        eq(ledgerEntry.organizationId, organizationId),
        inArray(
          ledgerEntry.causeKey,
          writes.map((write) => write.causeKey),
        ),
      ),
    );
  const byCause = new Map(existing.map((entry) => [entry.causeKey, entry]));

  const [last] = await tx
    .select({ sequence: ledgerEntry.sequence, hash: ledgerEntry.hash })
    .from(ledgerEntry)
    .where(eq(ledgerEntry.organizationId, organizationId))
    .orderBy(desc(ledgerEntry.sequence))
    .limit(1);
  let sequence = last?.sequence ?? 0;
  let previousHash = last?.hash ?? GENESIS_HASH;
  const balances = new Map<string, number>();

  const result: LedgerEntryRow[] = [];
  for (const write of writes) {
    const written = byCause.get(write.causeKey);
    if (written) {
      result.push(written);
      continue;
    }
    if (!balances.has(write.accountId)) balances.set(write.accountId, await accountBalance(tx, organizationId, write.accountId));
    const balanceAfterMinor = balances.get(write.accountId)! + write.amountMinor;
    if (!Number.isSafeInteger(balanceAfterMinor)) throw new RangeError(`balance of account ${write.accountId} out of range`);
    sequence += 1;
    const row = {
      organizationId,
      id: randomUUID(),
      sequence,
      accountId: write.accountId,
      kind: write.kind,
      amountMinor: write.amountMinor,
      balanceAfterMinor,
      description: write.description,
      causeKey: write.causeKey,
      sessionId: write.sessionId ?? null,
      studentId: write.studentId ?? null,
      invoiceId: write.invoiceId ?? null,
      creditNoteId: write.creditNoteId ?? null,
      paymentId: write.paymentId ?? null,
      purchaseId: write.purchaseId ?? null,
      policyVersionId: write.policyVersionId ?? null,
      reversesEntryId: write.reversesEntryId ?? null,
      minutes: write.minutes ?? null,
      rateMinor: write.rateMinor ?? null,
      shareBps: write.shareBps ?? null,
      actorUserId: context.actorUserId,
      createdAt: context.now,
      previousHash,
    };
    const hash = entryHash(row);
    const [inserted] = await tx
      .insert(ledgerEntry)
      .values({ ...row, hash })
      .returning();
    balances.set(write.accountId, balanceAfterMinor);
    previousHash = hash;
    byCause.set(write.causeKey, inserted!);
    result.push(inserted!);
  }
  return result;
}

/** Undoes one entry exactly (once: a second reversal of the same entry returns the first). */
export async function reverseEntry(tx: Transaction, context: LedgerContext, entry: LedgerEntryRow, description: string): Promise<LedgerEntryRow> {
  const [reversal] = await appendEntries(tx, context, [
    {
      accountId: entry.accountId,
      kind: "reversal",
      amountMinor: -entry.amountMinor,
      description,
      causeKey: `reversal:${entry.id}`,
      sessionId: entry.sessionId,
      studentId: entry.studentId,
      invoiceId: entry.invoiceId,
      creditNoteId: entry.creditNoteId,
      paymentId: entry.paymentId,
      purchaseId: entry.purchaseId,
      policyVersionId: entry.policyVersionId,
      reversesEntryId: entry.id,
      minutes: entry.minutes,
      rateMinor: entry.rateMinor,
      shareBps: entry.shareBps,
    },
  ]);
  return reversal!;
}
