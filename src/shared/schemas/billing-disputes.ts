/**
 * Disputes: a family's question about one line of an issued invoice, its thread, and how an
 * admin answers it (an explanation, or a credit note for part or all of the line).
 */
import { z } from "zod";
import { DISPUTE_STATES } from "../billing-states.ts";
import { positiveAmountField } from "./billing-fields.ts";
import { nameField } from "./fields.ts";

/** Text written to the other side: 1–2000 characters, line breaks allowed, no other control characters. */
function messageField(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(2000, `${label} must be at most 2000 characters.`)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value), `${label} must not contain control characters.`);
}

export const disputeOpenSchema = z.object({ reason: messageField("Reason") });
export type DisputeOpen = z.infer<typeof disputeOpenSchema>;

export const disputeMessageCreateSchema = z.object({ body: messageField("Message") });
export type DisputeMessageCreate = z.infer<typeof disputeMessageCreateSchema>;

export const disputeExplainSchema = z.object({ body: messageField("Explanation") });
export type DisputeExplain = z.infer<typeof disputeExplainSchema>;

export const disputeCreditSchema = z.object({
  amountMinor: positiveAmountField("Amount"),
  /** Printed on the credit note: one line, as a credit note's reason. */
  reason: nameField("Reason", 500),
});
export type DisputeCredit = z.infer<typeof disputeCreditSchema>;

export const disputeMessageSchema = z.object({
  id: z.string(),
  authorRole: z.enum(["admin", "parent"]),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type DisputeMessage = z.infer<typeof disputeMessageSchema>;

export const disputeSummarySchema = z.object({
  id: z.string(),
  state: z.enum(DISPUTE_STATES),
  accountId: z.string(),
  accountName: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  invoiceLineId: z.string(),
  lineDescription: z.string(),
  lineAmountMinor: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  openedByName: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  creditNoteId: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

/** One dispute with its thread: the reason first (in the summary), then the messages oldest first. */
export const disputeSchema = disputeSummarySchema.extend({ messages: z.array(disputeMessageSchema) });
export type Dispute = z.infer<typeof disputeSchema>;

export const disputeListSchema = z.object({ items: z.array(disputeSummarySchema) });
export type DisputeList = z.infer<typeof disputeListSchema>;
