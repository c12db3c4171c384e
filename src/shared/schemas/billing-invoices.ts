/**
 * Invoices and credit notes as the API takes and returns them. Amounts are whole minor units
 * (amountMinor) of the workspace currency, returned alongside as `currency`.
 */
import { z } from "zod";
import { INVOICE_STATES, type InvoiceState } from "../billing-states.ts";
import { idempotencyKeyField, positiveAmountField } from "./billing-fields.ts";
import { dateField, longTextField, nameField, pageOf, pageQuerySchema, uuidField } from "./fields.ts";

/** What a reader sees: the stored draft/issued/void, with paid, partly paid and credited derived from the amounts. */
export const INVOICE_READ_STATES = INVOICE_STATES;
export type InvoiceReadState = InvoiceState;
/**
 * The list's filters: a state, overdue (issued, not fully paid, past its due date), or open
 * (issued, not fully paid: what a payment may be allocated to).
 */
export const INVOICE_FILTER_STATES = [...INVOICE_READ_STATES, "overdue", "open"] as const;

const periodSchema = z.object({ periodFrom: dateField("Period start"), periodTo: dateField("Period end") });
const periodInOrder = <T extends { periodFrom: string; periodTo: string }>(value: T) => value.periodFrom <= value.periodTo;
const periodMessage = { path: ["periodTo"], message: "Period end must not be before the period start." };

export const feeLineInputSchema = z.object({
  description: nameField("Description", 200),
  amountMinor: positiveAmountField("Amount"),
  /** The workspace's default rate when absent. */
  taxRateId: uuidField("Tax rate").nullable().optional(),
});
export type FeeLineInput = z.infer<typeof feeLineInputSchema>;

const feeLinesField = z.array(feeLineInputSchema, { error: "Lines must be a list." }).min(1, "Give at least one line.").max(100, "Give at most 100 lines.");

/** A draft of a family's uninvoiced work in a period (periodFrom, periodTo), or of fee lines written by hand (lines). */
export const invoiceCreateSchema = z
  .object({
    accountId: uuidField("Account"),
    periodFrom: dateField("Period start").optional(),
    periodTo: dateField("Period end").optional(),
    lines: feeLinesField.optional(),
    notes: longTextField("Notes", 2000).optional(),
  })
  .superRefine((value, context) => {
    const period = value.periodFrom !== undefined || value.periodTo !== undefined;
    if (period && value.lines !== undefined) context.addIssue({ code: "custom", path: ["lines"], message: "Give either a period or lines, not both." });
    else if (!period && value.lines === undefined)
      context.addIssue({ code: "custom", path: ["periodFrom"], message: "Give a period (periodFrom and periodTo) or lines." });
    else if (period && value.periodFrom === undefined) context.addIssue({ code: "custom", path: ["periodFrom"], message: "Period start is required." });
    else if (period && value.periodTo === undefined) context.addIssue({ code: "custom", path: ["periodTo"], message: "Period end is required." });
    else if (period && value.periodFrom! > value.periodTo!) context.addIssue({ code: "custom", ...periodMessage });
  });
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;

export const invoiceUpdateSchema = z
  .object({
    notes: longTextField("Notes", 2000),
    addLines: feeLinesField,
    removeLineIds: z.array(uuidField("Line"), { error: "Lines to remove must be a list of line ids." }).min(1, "Give at least one line to remove.").max(500),
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Give at least one change: notes, addLines or removeLineIds." });
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

export const invoiceVoidSchema = z.object({ reason: nameField("Reason", 500) });

export const invoiceListQuerySchema = pageQuerySchema
  .extend({
    state: z.enum(INVOICE_FILTER_STATES, { error: `State must be one of ${INVOICE_FILTER_STATES.join(", ")}.` }).optional(),
    accountId: uuidField("Account").optional(),
    from: dateField("From date").optional(),
    to: dateField("To date").optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "To date must not be before the from date." });
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  accountId: z.string(),
  accountName: z.string(),
  state: z.enum(INVOICE_READ_STATES),
  overdue: z.boolean(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  issuedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  outstandingMinor: z.number().int(),
  currency: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoicePageSchema = pageOf(invoiceSummarySchema);

export const invoiceLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(["session", "package", "fee"]),
  description: z.string(),
  chargeEntryId: z.string().nullable(),
  live: z.boolean(),
  sessionId: z.string().nullable(),
  studentId: z.string().nullable(),
  /** The student's name as the record has it now (an erased record reads as erased). */
  studentName: z.string().nullable(),
  serviceDate: z.string().nullable(),
  tutorName: z.string().nullable(),
  attendance: z.string().nullable(),
  policyVersion: z.number().int().nullable(),
  minutes: z.number().int().nullable(),
  unitPriceMinor: z.number().int().nullable(),
  amountMinor: z.number().int(),
  taxRateId: z.string().nullable(),
  taxRateBps: z.number().int(),
  taxRateName: z.string(),
});

export const taxBandSchema = z.object({
  taxRateId: z.string().nullable(),
  name: z.string(),
  rateBps: z.number().int(),
  amountMinor: z.number().int(),
  taxMinor: z.number().int(),
});

/** A cancellation policy version an invoice's lines were priced under, with the document it cited and the family's acknowledgements of it. */
export const invoicePolicySchema = z.object({
  id: z.string(),
  version: z.number().int(),
  noticeHours: z.number().int(),
  lateCancellationShareBps: z.number().int(),
  noShowShareBps: z.number().int(),
  effectiveFrom: z.string(),
  document: z
    .object({
      resourceId: z.string(),
      title: z.string(),
      version: z.number().int(),
      /** The account's payers' acknowledgements of this version or an earlier one, the latest version first. */
      acknowledgements: z.array(z.object({ name: z.string(), version: z.number().int(), at: z.string() })),
    })
    .nullable(),
});
export type InvoicePolicy = z.infer<typeof invoicePolicySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  notes: z.string(),
  pricesIncludeTax: z.boolean(),
  taxRule: z.string(),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  taxBands: z.array(taxBandSchema),
  lines: z.array(invoiceLineSchema),
  allocations: z.array(
    z.object({ id: z.string(), paymentId: z.string().nullable(), creditNoteId: z.string().nullable(), amountMinor: z.number().int(), createdAt: z.string() }),
  ),
  creditNotes: z.array(z.object({ id: z.string(), number: z.string(), issuedOn: z.string(), totalMinor: z.number().int() })),
  voidReason: z.string().nullable(),
  batchId: z.string().nullable(),
  /** The cancellation policies that priced its late cancellations and no-shows. */
  policies: z.array(invoicePolicySchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const uninvoicedQuerySchema = z
  .object({ accountId: uuidField("Account").optional(), from: dateField("From date").optional(), to: dateField("To date").optional() })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "To date must not be before the from date." });

export const uninvoicedChargeSchema = z.object({
  entryId: z.string(),
  kind: z.enum(["session_charge", "package_sale"]),
  description: z.string(),
  serviceDate: z.string(),
  sessionId: z.string().nullable(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  tutorName: z.string().nullable(),
  attendance: z.string().nullable(),
  policyVersion: z.number().int().nullable(),
  minutes: z.number().int().nullable(),
  amountMinor: z.number().int(),
});
export const uninvoicedSchema = z.object({
  currency: z.string(),
  accounts: z.array(z.object({ accountId: z.string(), accountName: z.string(), totalMinor: z.number().int(), charges: z.array(uninvoicedChargeSchema) })),
});

export const batchPreviewRequestSchema = periodSchema.refine(periodInOrder, periodMessage);
export const batchIssueRequestSchema = periodSchema
  .extend({
    accountIds: z.array(uuidField("Account"), { error: "Accounts must be a list of account ids." }).min(1, "Give at least one account.").max(5000).optional(),
  })
  .refine(periodInOrder, periodMessage);

export const batchPreviewSchema = z.object({
  currency: z.string(),
  families: z.array(
    z.object({
      accountId: z.string(),
      accountName: z.string(),
      lineCount: z.number().int(),
      subtotalMinor: z.number().int(),
      taxMinor: z.number().int(),
      totalMinor: z.number().int(),
    }),
  ),
});
export const batchIssueSchema = z.object({
  batchId: z.string(),
  currency: z.string(),
  invoices: z.array(z.object({ invoiceId: z.string(), number: z.string(), accountId: z.string(), totalMinor: z.number().int() })),
});

export const creditNoteLineInputSchema = z.object({
  description: nameField("Description", 200),
  amountMinor: positiveAmountField("Amount"),
  taxRateId: uuidField("Tax rate").nullable().optional(),
  invoiceLineId: uuidField("Invoice line").nullable().optional(),
});
export const creditNoteCreateSchema = z.object({
  accountId: uuidField("Account"),
  invoiceId: uuidField("Invoice").nullable().optional(),
  reason: nameField("Reason", 500),
  lines: z.array(creditNoteLineInputSchema, { error: "Lines must be a list." }).min(1, "Give at least one line.").max(100, "Give at most 100 lines."),
  idempotencyKey: idempotencyKeyField,
});
export type CreditNoteCreate = z.infer<typeof creditNoteCreateSchema>;

export const creditNoteListQuerySchema = pageQuerySchema.extend({ accountId: uuidField("Account").optional(), invoiceId: uuidField("Invoice").optional() });

export const creditNoteSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  reason: z.string(),
  issuedOn: z.string(),
  totalMinor: z.number().int(),
  currency: z.string(),
});
export const creditNotePageSchema = pageOf(creditNoteSummarySchema);

export const creditNoteDetailSchema = creditNoteSummarySchema.extend({
  pricesIncludeTax: z.boolean(),
  taxRule: z.string(),
  subtotalMinor: z.number().int(),
  taxMinor: z.number().int(),
  taxBands: z.array(taxBandSchema),
  lines: z.array(
    z.object({
      id: z.string(),
      position: z.number().int(),
      description: z.string(),
      invoiceLineId: z.string().nullable(),
      amountMinor: z.number().int(),
      taxRateId: z.string().nullable(),
      taxRateBps: z.number().int(),
      taxRateName: z.string(),
    }),
  ),
  allocations: z.array(z.object({ invoiceId: z.string(), amountMinor: z.number().int() })),
  unallocatedMinor: z.number().int(),
});
export type CreditNoteDetail = z.infer<typeof creditNoteDetailSchema>;
