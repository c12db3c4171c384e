import { z } from "zod";
import { PAYMENT_METHODS, RECORDED_PAYMENT_METHODS } from "../billing-states.ts";
import { idempotencyKeyField, moneyDateField, positiveAmountField } from "./billing-fields.ts";
import { dateField, longTextField, optionalLineField, pageOf, pageQuerySchema, uuidField } from "./fields.ts";

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(", ")}.` });
/** What an admin may record by hand: card payments online come from Stripe alone. */
export const recordedPaymentMethodSchema = z.enum(RECORDED_PAYMENT_METHODS, {
  error: `Method must be one of ${RECORDED_PAYMENT_METHODS.join(", ")} (card payments online are recorded by Stripe).`,
});

export const paymentAllocationInputSchema = z.object({
  invoiceId: uuidField("Invoice"),
  amountMinor: positiveAmountField("Allocated amount"),
});

export const paymentCreateSchema = z
  .object({
    accountId: uuidField("Account"),
    method: recordedPaymentMethodSchema,
    amountMinor: positiveAmountField("Amount"),
    receivedOn: moneyDateField("Received on"),
    reference: optionalLineField("Reference", 200)
      .optional()
      .transform((value) => value ?? ""),
    allocations: z.array(paymentAllocationInputSchema).max(100, "Allocate to at most 100 invoices at once.").default([]),
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine((value, context) => {
    const allocated = value.allocations.reduce((sum, item) => sum + item.amountMinor, 0);
    if (allocated > value.amountMinor)
      context.addIssue({ code: "custom", path: ["allocations"], message: "The allocations add up to more than the amount received." });
    const ids = value.allocations.map((item) => item.invoiceId);
    if (new Set(ids).size !== ids.length)
      context.addIssue({ code: "custom", path: ["allocations"], message: "Each invoice may appear once among the allocations." });
  });
export type PaymentCreate = z.infer<typeof paymentCreateSchema>;

export const paymentListQuerySchema = pageQuerySchema
  .extend({
    accountId: uuidField("Account").optional(),
    method: paymentMethodSchema.optional(),
    from: dateField("From date").optional(),
    to: dateField("To date").optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { path: ["to"], message: "To date must not be before the from date." });
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

export const paymentAllocationSchema = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string().nullable(),
  amountMinor: z.number().int(),
  at: z.string(),
});

export const refundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amountMinor: z.number().int(),
  refundedOn: z.string(),
  reason: z.string(),
  recordedAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const paymentSummarySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  method: paymentMethodSchema,
  amountMinor: z.number().int(),
  receivedOn: z.string(),
  reference: z.string(),
  allocatedMinor: z.number().int(),
  refundedMinor: z.number().int(),
  /** What is neither allocated nor refunded: the account's credit from this payment. */
  unallocatedMinor: z.number().int(),
  recordedAt: z.string(),
});
export type PaymentSummary = z.infer<typeof paymentSummarySchema>;

export const paymentSchema = paymentSummarySchema.extend({
  currency: z.string(),
  recordedByName: z.string().nullable(),
  allocations: z.array(paymentAllocationSchema),
  refunds: z.array(refundSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentPageSchema = pageOf(paymentSummarySchema).extend({ currency: z.string() });
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export const refundCreateSchema = z.object({
  amountMinor: positiveAmountField("Amount"),
  refundedOn: moneyDateField("Refunded on"),
  reason: longTextField("Reason", 500).pipe(z.string().min(1, "Reason is required.")),
  idempotencyKey: idempotencyKeyField,
});
export type RefundCreate = z.infer<typeof refundCreateSchema>;
