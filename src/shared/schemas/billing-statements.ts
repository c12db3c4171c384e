/**
 * An account's statement (its ledger entries over a period, with opening and closing balances
 * and the ledger's latest hash), the accounting exports' date filters, and ledger verifications.
 */
import { z } from "zod";
import { LEDGER_KINDS } from "../billing-states.ts";
import { dateField } from "./fields.ts";

const fromBeforeTo = (value: { from?: string; to?: string }) => !value.from || !value.to || value.from <= value.to;
const fromBeforeToIssue = { path: ["to"], message: "To date must not be before the from date." };

export const STATEMENT_FORMATS = ["json", "csv", "pdf"] as const;

/** Without dates: from the first of this month to today (the workspace's days). */
export const statementQuerySchema = z
  .object({
    from: dateField("From date").optional(),
    to: dateField("To date").optional(),
    format: z.enum(STATEMENT_FORMATS, { error: "Format must be json, csv or pdf." }).default("json"),
  })
  .refine(fromBeforeTo, fromBeforeToIssue);
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementEntrySchema = z.object({
  sequence: z.number().int(),
  /** The entry's day in the workspace's time zone. */
  date: z.string(),
  createdAt: z.string(),
  kind: z.enum(LEDGER_KINDS),
  description: z.string(),
  amountMinor: z.number().int(),
  balanceAfterMinor: z.number().int(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  creditNoteId: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  paymentId: z.string().nullable(),
  sessionId: z.string().nullable(),
  studentId: z.string().nullable(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z.object({
  account: z.object({ id: z.string(), name: z.string() }),
  workspace: z.string(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  /** The running balance of the account's last entry before `from` (0 when none). */
  openingBalanceMinor: z.number().int(),
  closingBalanceMinor: z.number().int(),
  entries: z.array(statementEntrySchema),
  /** The workspace chain's latest entry when the statement was made: two statements compare by it. */
  ledger: z.object({ latestSequence: z.number().int(), latestHash: z.string() }),
});
export type Statement = z.infer<typeof statementSchema>;

/** The accounting exports: documents issued (payments received) from one day to another, both included. */
export const exportQuerySchema = z
  .object({
    from: dateField("From date").optional(),
    to: dateField("To date").optional(),
  })
  .refine(fromBeforeTo, fromBeforeToIssue);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const ledgerVerificationSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  requestedByName: z.string().nullable(),
  /** Null while the job has not run yet. */
  finishedAt: z.string().nullable(),
  ok: z.boolean().nullable(),
  entriesChecked: z.number().int().nullable(),
  latestHash: z.string().nullable(),
  problem: z.string().nullable(),
});
export type LedgerVerification = z.infer<typeof ledgerVerificationSchema>;

export const latestLedgerVerificationSchema = z.object({ verification: ledgerVerificationSchema.nullable() });
export type LatestLedgerVerification = z.infer<typeof latestLedgerVerificationSchema>;
