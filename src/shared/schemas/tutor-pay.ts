/** Tutor pay as the API speaks it: settings, statements, adjustments and pay runs. */
import { z } from "zod";
import { ADJUSTMENT_CATEGORIES, EARNING_BASES, EARNING_KINDS, EARNING_STATES, PAY_PERIOD_KINDS, PAY_RUN_STATUSES, PENDING_REASONS } from "../pay-states.ts";
import { idempotencyKeyField, MAX_AMOUNT_MINOR, moneyDateField } from "./billing-fields.ts";
import { dateField, nameField } from "./fields.ts";

export const paySettingsSchema = z.object({
  periodKind: z.enum(PAY_PERIOD_KINDS),
  /** The first day of one weekly or fortnightly period; the others follow every 7 or 14 days. */
  periodAnchorOn: z.string(),
  payOnlyWhenInvoicePaid: z.boolean(),
});
export type PaySettings = z.infer<typeof paySettingsSchema>;

export const paySettingsUpdateSchema = z
  .object({
    periodKind: z.enum(PAY_PERIOD_KINDS, { error: "Pay period must be weekly, fortnightly or monthly." }),
    periodAnchorOn: dateField("Period start").refine((value) => value >= "2000-01-01", "Period start must not be before 2000."),
    payOnlyWhenInvoicePaid: z.boolean({ error: "Pay only when the invoice is paid must be true or false." }),
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Give at least one setting to change." });
export type PaySettingsUpdate = z.infer<typeof paySettingsUpdateSchema>;

/** One line of a tutor's statement: an earning, or a taught session still waiting for its report. */
export const statementItemSchema = z.object({
  /** The earning's id; null for a session without an earning yet. */
  earningId: z.string().nullable(),
  kind: z.enum(EARNING_KINDS),
  earnedOn: z.string(),
  sessionId: z.string().nullable(),
  subject: z.string().nullable(),
  basis: z.enum(EARNING_BASES).nullable(),
  category: z.enum(ADJUSTMENT_CATEGORIES).nullable(),
  description: z.string(),
  reason: z.string(),
  minutes: z.number().int().nullable(),
  rateMinor: z.number().int().nullable(),
  shareBps: z.number().int().nullable(),
  /** null while nothing is earned yet (a report is missing). */
  amountMinor: z.number().int().nullable(),
  state: z.enum(EARNING_STATES),
  pendingReason: z.enum(PENDING_REASONS).nullable(),
  /** The confirmed (or paid) run it is in, with its period and when it was paid. */
  payRunId: z.string().nullable(),
  payRunPeriodFrom: z.string().nullable(),
  payRunPeriodTo: z.string().nullable(),
  paidOn: z.string().nullable(),
});
export type StatementItem = z.infer<typeof statementItemSchema>;

export const payStatementSchema = z.object({
  tutorMemberId: z.string(),
  tutorName: z.string(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  totals: z.object({
    /** Every earning of the range (reversals and adjustments included). */
    earnedMinor: z.number().int(),
    paidMinor: z.number().int(),
    /** In a confirmed run, not yet marked paid. */
    confirmedMinor: z.number().int(),
    readyMinor: z.number().int(),
    pendingMinor: z.number().int(),
  }),
  items: z.array(statementItemSchema),
});
export type PayStatement = z.infer<typeof payStatementSchema>;

/** The days of a statement: from and to (inclusive), at most a year apart; the last 90 days when not given. */
export const statementQuerySchema = z
  .object({ from: dateField("From date").optional(), to: dateField("To date").optional() })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "To date must not be before the from date." })
  .refine((value) => !value.from || !value.to || Date.parse(value.to) - Date.parse(value.from) <= 366 * 86_400_000, {
    path: ["to"],
    message: "A statement covers at most a year.",
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const adjustmentCreateSchema = z.strictObject({
  category: z.enum(ADJUSTMENT_CATEGORIES, { error: "Kind must be travel, training, correction or other." }),
  /** Positive pays the tutor more; negative takes back (a correction). */
  amountMinor: z
    .number({ error: "Amount must be a number of minor units (cents, pence)." })
    .int("Amount must be a whole number of minor units (cents, pence).")
    .refine((value) => value !== 0, "Amount must not be zero.")
    .refine((value) => Math.abs(value) <= MAX_AMOUNT_MINOR, "Amount must be between -100,000,000.00 and 100,000,000.00."),
  reason: nameField("Reason", 300),
  earnedOn: moneyDateField("Date"),
  idempotencyKey: idempotencyKeyField,
});
export type AdjustmentCreate = z.infer<typeof adjustmentCreateSchema>;

export const earningSchema = z.object({
  id: z.string(),
  tutorMemberId: z.string(),
  kind: z.enum(EARNING_KINDS),
  earnedOn: z.string(),
  category: z.enum(ADJUSTMENT_CATEGORIES).nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  description: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type Earning = z.infer<typeof earningSchema>;

export const payRunDraftSchema = z.strictObject({
  /** Any day of the period to pay: the period around it follows the pay settings. */
  date: dateField("Date").refine((value) => value >= "2000-01-01", "Date must not be before 2000."),
});
export type PayRunDraft = z.infer<typeof payRunDraftSchema>;

export const payRunPaidSchema = z.strictObject({
  paidOn: moneyDateField("Paid on"),
  reference: nameField("Reference", 100),
});
export type PayRunPaid = z.infer<typeof payRunPaidSchema>;

export const payRunLineSchema = z.object({
  id: z.string(),
  earningId: z.string(),
  kind: z.enum(EARNING_KINDS),
  earnedOn: z.string(),
  sessionId: z.string().nullable(),
  description: z.string(),
  minutes: z.number().int().nullable(),
  rateMinor: z.number().int().nullable(),
  shareBps: z.number().int().nullable(),
  amountMinor: z.number().int(),
});

export const payRunTutorSchema = z.object({
  tutorMemberId: z.string(),
  tutorName: z.string(),
  totalMinor: z.number().int(),
  lines: z.array(payRunLineSchema),
});

export const payRunSummarySchema = z.object({
  id: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  status: z.enum(PAY_RUN_STATUSES),
  totalMinor: z.number().int(),
  currency: z.string(),
  tutorCount: z.number().int(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  paidOn: z.string().nullable(),
  paidReference: z.string().nullable(),
});
export type PayRunSummary = z.infer<typeof payRunSummarySchema>;

export const payRunSchema = payRunSummarySchema.extend({ tutors: z.array(payRunTutorSchema) });
export type PayRun = z.infer<typeof payRunSchema>;

export const payRunListSchema = z.object({ items: z.array(payRunSummarySchema) });
export type PayRunList = z.infer<typeof payRunListSchema>;
