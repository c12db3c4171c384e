import { z } from "zod";
import { INVOICE_STATES, LEDGER_KINDS, PAYMENT_METHODS, PURCHASE_STATUSES } from "../billing-states.ts";
import { hoursSummarySchema } from "./billing-packages.ts";
import { authIdField, dateField, nameField, pageOf, pageQuerySchema, searchQueryField, uuidField } from "./fields.ts";

export const accountListQuerySchema = pageQuerySchema.extend({ q: searchQueryField });
export type AccountListQuery = z.infer<typeof accountListQuerySchema>;

export const accountStudentSchema = z.object({ id: z.string(), name: z.string() });
export const accountPayerSchema = z.object({ memberId: z.string(), name: z.string() });

/** A family's account in the admins' list: amounts in minor units of `currency`. */
export const accountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  students: z.array(accountStudentSchema),
  payers: z.array(accountPayerSchema),
  /** The ledger's running balance: positive, the family owes; negative, in their favour. */
  balanceMinor: z.number().int(),
  /** Payments and credit notes not yet allocated to an invoice (nor refunded). */
  creditMinor: z.number().int(),
  /** Issued invoices' unpaid amounts. */
  outstandingMinor: z.number().int(),
  /** The part of outstandingMinor past its due date. */
  overdueMinor: z.number().int(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const accountPageSchema = pageOf(accountSummarySchema).extend({ currency: z.string() });
export type AccountPage = z.infer<typeof accountPageSchema>;

/** One ledger entry, with the ids of what caused it (the screens link to them). */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  sequence: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amountMinor: z.number().int(),
  balanceAfterMinor: z.number().int(),
  description: z.string(),
  at: z.string(),
  links: z.object({
    invoiceId: z.string().nullable(),
    creditNoteId: z.string().nullable(),
    paymentId: z.string().nullable(),
    sessionId: z.string().nullable(),
    studentId: z.string().nullable(),
    purchaseId: z.string().nullable(),
    reversesEntryId: z.string().nullable(),
  }),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageSchema = pageOf(ledgerEntrySchema).extend({ currency: z.string() });
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const accountDetailSchema = accountSummarySchema.extend({
  currency: z.string(),
  /** The latest entries, newest first. */
  recentEntries: z.array(ledgerEntrySchema),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

export const accountRenameSchema = z.object({ name: nameField("Account name", 120) });
export type AccountRename = z.infer<typeof accountRenameSchema>;

export const accountPayerAddSchema = z.object({ memberId: authIdField("Member") });
export type AccountPayerAdd = z.infer<typeof accountPayerAddSchema>;

export const accountMergeSchema = z.object({ intoAccountId: uuidField("Account to merge into") });
export type AccountMerge = z.infer<typeof accountMergeSchema>;

/** The account merged into, with the students and payers it took over. */
export const accountMergeResultSchema = z.object({ account: accountDetailSchema });
export type AccountMergeResult = z.infer<typeof accountMergeResultSchema>;

export const accountSplitSchema = z.object({
  studentIds: z
    .array(uuidField("Student"), { error: "Students must be a list of student ids." })
    .min(1, "Choose at least one student.")
    .max(50, "Choose at most 50 students."),
  name: nameField("Account name", 120),
});
export type AccountSplit = z.infer<typeof accountSplitSchema>;

/** The new account of the students split off. */
export const accountSplitResultSchema = z.object({ account: accountDetailSchema });
export type AccountSplitResult = z.infer<typeof accountSplitResultSchema>;

export const agedBalancesQuerySchema = pageQuerySchema.extend({ asOf: dateField("As of").optional() });
export type AgedBalancesQuery = z.infer<typeof agedBalancesQuerySchema>;

/** Outstanding amounts by days past due: current (not yet due), 1–30, 31–60, 61–90, over 90. */
export const agedBucketsSchema = z.object({
  currentMinor: z.number().int(),
  days1To30Minor: z.number().int(),
  days31To60Minor: z.number().int(),
  days61To90Minor: z.number().int(),
  over90Minor: z.number().int(),
  totalMinor: z.number().int(),
});
export type AgedBuckets = z.infer<typeof agedBucketsSchema>;

export const agedBalancesSchema = pageOf(agedBucketsSchema.extend({ accountId: z.string(), name: z.string() })).extend({
  asOf: z.string(),
  currency: z.string(),
  totals: agedBucketsSchema,
});
export type AgedBalances = z.infer<typeof agedBalancesSchema>;

/** A family's invoice as its payers see it (never a draft). */
export const familyInvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  state: z.enum(INVOICE_STATES),
  issuedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  totalMinor: z.number().int(),
  paidMinor: z.number().int(),
  outstandingMinor: z.number().int(),
  overdue: z.boolean(),
});

export const familyCreditNoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string().nullable(),
  issuedOn: z.string(),
  reason: z.string(),
  totalMinor: z.number().int(),
});

export const familyPaymentSchema = z.object({
  id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amountMinor: z.number().int(),
  refundedMinor: z.number().int(),
  receivedOn: z.string(),
  reference: z.string(),
});

export const familyPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  studentId: z.string().nullable(),
  minutes: z.number().int(),
  priceMinor: z.number().int(),
  status: z.enum(PURCHASE_STATUSES),
  invoiceId: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});

/** One account a parent pays: the latest FAMILY_LIST_LIMIT documents of each kind, newest first. */
export const familyAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  balanceMinor: z.number().int(),
  creditMinor: z.number().int(),
  students: z.array(accountStudentSchema),
  hours: hoursSummarySchema,
  packages: z.array(familyPackageSchema),
  invoices: z.array(familyInvoiceSchema),
  creditNotes: z.array(familyCreditNoteSchema),
  payments: z.array(familyPaymentSchema),
});
export type FamilyAccount = z.infer<typeof familyAccountSchema>;

export const familyBillingSchema = z.object({ currency: z.string(), accounts: z.array(familyAccountSchema) });
export type FamilyBilling = z.infer<typeof familyBillingSchema>;

export const accountLedgerQuerySchema = pageQuerySchema;
