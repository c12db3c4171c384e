/**
 * Tax rates, and the change of the workspace's billing settings (tax, numbering, terms,
 * reminders, warnings, credit, cancellation shares, what invoices print).
 */
import { z } from "zod";
import { BASIS_POINTS } from "../billing-states.ts";
import { longTextField, nameField, uuidField } from "./fields.ts";

const rateBpsField = z
  .number({ error: "Rate must be a number of basis points (2000 is 20 %)." })
  .int("Rate must be a whole number of basis points (2000 is 20 %).")
  .min(0, "Rate must not be negative.")
  .max(BASIS_POINTS, "Rate must be at most 10000 basis points (100 %).");

export const taxRateSchema = z.object({
  id: z.string(),
  name: z.string(),
  rateBps: z.number().int(),
  archived: z.boolean(),
  /** Whether an issued invoice or credit note used it: its rate can then never change. */
  used: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRateListSchema = z.object({ items: z.array(taxRateSchema) });

export const taxRateCreateSchema = z.object({ name: nameField("Name", 60), rateBps: rateBpsField });
export type TaxRateCreate = z.infer<typeof taxRateCreateSchema>;

export const taxRateUpdateSchema = z
  .object({
    name: nameField("Name", 60).optional(),
    rateBps: rateBpsField.optional(),
    archived: z.boolean({ error: "Archived must be true or false." }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Give at least one change: name, rateBps or archived." });
export type TaxRateUpdate = z.infer<typeof taxRateUpdateSchema>;

/** The tokens a document number format may hold: {YYYY} (year of issue) and {N…} (1–8 N's: the number, padded). */
export const NUMBER_FORMAT_PATTERN = /^(?:\{YYYY\}|\{N{1,8}\}|[A-Za-z0-9\-_/ ])+$/;

function numberFormatField(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(40, `${label} must be at most 40 characters.`)
    .refine((value) => NUMBER_FORMAT_PATTERN.test(value), `${label} may hold only letters, digits, - _ / spaces and the tokens {YYYY} and {NNNN} (1 to 8 N's).`)
    .refine((value) => (value.match(/\{N{1,8}\}/g) ?? []).length === 1, `${label} must contain the number token {NNNN} (1 to 8 N's) exactly once.`);
}

const wholeNumber = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min} ${unit}.`)
    .max(max, `${label} must be at most ${max} ${unit}.`);

export const billingSettingsUpdateSchema = z
  .object({
    pricesIncludeTax: z.boolean({ error: "Prices include tax must be true or false." }),
    defaultTaxRateId: uuidField("Default tax rate").nullable(),
    invoiceNumberFormat: numberFormatField("Invoice number format"),
    creditNoteNumberFormat: numberFormatField("Credit note number format"),
    paymentTermsDays: wholeNumber("Payment terms", 0, 365, "days"),
    overdueReminderDays: z
      .array(wholeNumber("Each reminder day", 1, 365, "days"), { error: "Overdue reminder days must be a list of days." })
      .max(6, "Give at most 6 overdue reminder days.")
      .refine(
        (days) => days.every((day, index) => index === 0 || day > days[index - 1]!),
        "Overdue reminder days must be in increasing order without repeats.",
      ),
    lowBalanceMinutes: wholeNumber("Low balance", 0, 6000, "minutes"),
    expiryWarningDays: wholeNumber("Expiry warning", 0, 365, "days"),
    allowCredit: z.boolean({ error: "Allow credit must be true or false." }),
    lateCancellationShareBps: wholeNumber("Late cancellation share", 0, BASIS_POINTS, "basis points"),
    noShowShareBps: wholeNumber("No-show share", 0, BASIS_POINTS, "basis points"),
    businessAddress: longTextField("Business address", 500),
    paymentInstructions: longTextField("Payment instructions", 1000),
    autopayDisputeWindowDays: wholeNumber("Autopay waiting time", 0, 30, "days"),
    /** The library's resource that states the cancellation policy (families acknowledge it there). */
    cancellationPolicyResourceId: uuidField("Cancellation policy document").nullable(),
  })
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Give at least one setting to change." });
export type BillingSettingsUpdate = z.infer<typeof billingSettingsUpdateSchema>;
