import { z } from "zod";

/** The workspace's billing settings as the API returns them. */
export const billingSettingsSchema = z.object({
  pricesIncludeTax: z.boolean(),
  defaultTaxRateId: z.string().nullable(),
  invoiceNumberFormat: z.string(),
  creditNoteNumberFormat: z.string(),
  paymentTermsDays: z.number().int(),
  overdueReminderDays: z.array(z.number().int()),
  lowBalanceMinutes: z.number().int(),
  expiryWarningDays: z.number().int(),
  allowCredit: z.boolean(),
  lateCancellationShareBps: z.number().int(),
  noShowShareBps: z.number().int(),
  businessAddress: z.string(),
  paymentInstructions: z.string(),
  /** Days after an invoice's issue before autopay charges it: the family's time to question a line. */
  autopayDisputeWindowDays: z.number().int(),
  /** The library's resource that states the cancellation policy; each policy version cites its version then. */
  cancellationPolicyResourceId: z.string().nullable(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;
