/**
 * The hash chain of a workspace's ledger: each entry's hash is SHA-256 over a canonical form of
 * the entry and the hash of the entry before it. Changing, removing or reordering any earlier
 * entry changes every hash after it, so two statements printed at different times prove that
 * nothing before the first was changed (the later one's chain contains the earlier hash).
 */
import { createHash } from "node:crypto";

/** The previous hash of a workspace's first entry. */
export const GENESIS_HASH = "0".repeat(64);

/** The fields the hash covers, in this order. Every column of ledger_entry except the hash itself. */
export interface HashedEntry {
  organizationId: string;
  id: string;
  sequence: number;
  accountId: string;
  kind: string;
  amountMinor: number;
  balanceAfterMinor: number;
  description: string;
  causeKey: string;
  sessionId: string | null;
  studentId: string | null;
  invoiceId: string | null;
  creditNoteId: string | null;
  paymentId: string | null;
  purchaseId: string | null;
  policyVersionId: string | null;
  reversesEntryId: string | null;
  minutes: number | null;
  rateMinor: number | null;
  shareBps: number | null;
  actorUserId: string | null;
  createdAt: Date;
  previousHash: string;
}

/** A JSON array of the fields in a fixed order (times as ISO text, to the millisecond). */
export function canonicalForm(entry: HashedEntry): string {
  return JSON.stringify([
    entry.organizationId,
    entry.id,
    entry.sequence,
    entry.accountId,
    entry.kind,
    entry.amountMinor,
    entry.balanceAfterMinor,
    entry.description,
    entry.causeKey,
    entry.sessionId,
    entry.studentId,
    entry.invoiceId,
    entry.creditNoteId,
    entry.paymentId,
    entry.purchaseId,
    entry.policyVersionId,
    entry.reversesEntryId,
    entry.minutes,
    entry.rateMinor,
    entry.shareBps,
    entry.actorUserId,
    entry.createdAt.toISOString(),
    entry.previousHash,
  ]);
}

export function entryHash(entry: HashedEntry): string {
  return createHash("sha256").update(canonicalForm(entry)).digest("hex");
}
