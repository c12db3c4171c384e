/**
 * Checks a workspace's ledger from its first entry: sequence numbers 1, 2, 3 … without a gap,
 * each entry's previous hash equal to the hash of the entry before, each hash equal to the
 * SHA-256 of the entry's canonical form, and each account's running balance equal to the sum
 * of its amounts. Reads in pages of PAGE entries, so a million entries need little memory.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { ledgerEntry } from "../../db/billing-schema.ts";
import type { Queryable } from "../../db/tenant.ts";
import { entryHash, GENESIS_HASH } from "./ledger-hash.ts";

const PAGE = 5_000;

export interface LedgerCheck {
  ok: boolean;
  entriesChecked: number;
  /** The hash of the last entry checked (the one statements print). */
  latestHash: string;
  /** What is wrong, at the first entry found wrong. */
  problem: string | null;
}

export async function verifyLedger(tx: Queryable, organizationId: string): Promise<LedgerCheck> {
  let previousHash = GENESIS_HASH;
  let expectedSequence = 1;
  const balances = new Map<string, bigint>();
  let checked = 0;
  const fail = (problem: string): LedgerCheck => ({ ok: false, entriesChecked: checked, latestHash: previousHash, problem });
  for (;;) {
    const page = await tx
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.organizationId, organizationId), gt(ledgerEntry.sequence, expectedSequence - 1)))
      .orderBy(asc(ledgerEntry.sequence))
      .limit(PAGE);
    for (const entry of page) {
      if (entry.sequence !== expectedSequence) return fail(`Entry ${expectedSequence} is missing: the next entry found is ${entry.sequence}.`);
      if (entry.previousHash !== previousHash) return fail(`Entry ${entry.sequence} does not follow entry ${entry.sequence - 1}: its previous hash differs.`);
      if (entryHash(entry) !== entry.hash) return fail(`Entry ${entry.sequence} was changed after it was written: its hash does not match its content.`);
      const balance = (balances.get(entry.accountId) ?? 0n) + BigInt(entry.amountMinor);
      if (balance !== BigInt(entry.balanceAfterMinor))
        return fail(`Entry ${entry.sequence}: the account's balance after it is ${entry.balanceAfterMinor}, but its entries add up to ${balance}.`);
      balances.set(entry.accountId, balance);
      previousHash = entry.hash;
      expectedSequence += 1;
      checked += 1;
    }
    if (page.length < PAGE) break;
  }
  return { ok: true, entriesChecked: checked, latestHash: previousHash, problem: null };
}
