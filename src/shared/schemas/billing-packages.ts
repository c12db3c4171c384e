import { z } from "zod";
import { PACKAGE_SCOPES, PURCHASE_STATUSES } from "../billing-states.ts";
import { MAX_AMOUNT_MINOR } from "./billing-fields.ts";
import { longTextField, nameField, uuidField } from "./fields.ts";

const minutesField = z
  .number({ error: "Minutes must be a number." })
  .int("Minutes must be a whole number.")
  .min(15, "Minutes must be at least 15.")
  .max(60_000, "Minutes must be at most 60000 (1000 hours).");

const priceField = z
  .number({ error: "Price must be a number of minor units (cents, pence)." })
  .int("Price must be a whole number of minor units (cents, pence).")
  .min(0, "Price must not be negative.")
  .max(MAX_AMOUNT_MINOR, "Price must be at most 100,000,000.00.");

const validDaysField = z
  .number({ error: "Valid days must be a number." })
  .int("Valid days must be a whole number.")
  .min(1, "Valid days must be at least 1.")
  .max(3650, "Valid days must be at most 3650 (10 years).");

const scopeField = z.enum(PACKAGE_SCOPES, { error: "Scope must be student or family." });

/** A package of the catalogue as an admin writes it. */
export const packageProductCreateSchema = z.strictObject({
  name: nameField("Name", 100),
  description: longTextField("Description", 1000).default(""),
  minutes: minutesField,
  priceMinor: priceField,
  validDays: validDaysField,
  scope: scopeField,
  /** Null: the workspace's default tax rate. */
  taxRateId: uuidField("Tax rate").nullable().default(null),
});
export type PackageProductCreate = z.infer<typeof packageProductCreateSchema>;

/** A change of a package: any of its fields, or archiving it (an archived package is no longer sold). */
export const packageProductUpdateSchema = z
  .strictObject({
    name: nameField("Name", 100).optional(),
    description: longTextField("Description", 1000).optional(),
    minutes: minutesField.optional(),
    priceMinor: priceField.optional(),
    validDays: validDaysField.optional(),
    scope: scopeField.optional(),
    taxRateId: uuidField("Tax rate").nullable().optional(),
    archived: z.boolean({ error: "Archived must be true or false." }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Give at least one field to change." });
export type PackageProductUpdate = z.infer<typeof packageProductUpdateSchema>;

export const packageProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  minutes: z.number().int(),
  priceMinor: z.number().int(),
  /** The workspace's currency (ISO 4217) the price is in. */
  currency: z.string(),
  validDays: z.number().int(),
  scope: z.enum(PACKAGE_SCOPES),
  taxRateId: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type PackageProduct = z.infer<typeof packageProductSchema>;

export const packageProductListSchema = z.object({ items: z.array(packageProductSchema), currency: z.string() });
export type PackageProductList = z.infer<typeof packageProductListSchema>;

/** Selling a package to an account. The key is the client's, one per form opened: sending it twice sells once. */
export const packagePurchaseCreateSchema = z.strictObject({
  productId: uuidField("Package"),
  /** The student the hours are for: required for a student package, left out for a family one. */
  studentId: uuidField("Student").nullable().default(null),
  idempotencyKey: z
    .string({ error: "Idempotency key is required." })
    .min(8, "Idempotency key must be at least 8 characters.")
    .max(100, "Idempotency key must be at most 100 characters.")
    .regex(/^[A-Za-z0-9_-]+$/, "Idempotency key must be letters, digits, - and _."),
});
export type PackagePurchaseCreate = z.infer<typeof packagePurchaseCreateSchema>;

export const packagePurchaseSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  productId: z.string(),
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  name: z.string(),
  minutes: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  validDays: z.number().int(),
  status: z.enum(PURCHASE_STATUSES),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type PackagePurchase = z.infer<typeof packagePurchaseSchema>;

export const packagePurchaseListSchema = z.object({ items: z.array(packagePurchaseSchema) });
export type PackagePurchaseList = z.infer<typeof packagePurchaseListSchema>;

export const hourGrantViewSchema = z.object({
  grantId: z.string(),
  purchaseId: z.string(),
  name: z.string(),
  minutes: z.number().int(),
  remainingMinutes: z.number().int(),
  startsAt: z.string(),
  expiresAt: z.string(),
});
export type HourGrantView = z.infer<typeof hourGrantViewSchema>;

/** One student's hours, or the family's shared ones (studentId null). */
export const hourPoolSchema = z.object({
  studentId: z.string().nullable(),
  studentName: z.string().nullable(),
  grants: z.array(hourGrantViewSchema),
  remainingMinutes: z.number().int(),
  /**
   * The date (workspace zone) of the first scheduled session these hours will not fully cover,
   * own hours first, then the family's, as billing draws them; null when they outlast the
   * scheduled sessions, or when there are none left.
   */
  runsOutOn: z.string().nullable(),
});
export type HourPool = z.infer<typeof hourPoolSchema>;

export const hoursSummarySchema = z.object({
  accountId: z.string(),
  /** Each student of the account, then the family pool when the family has shared hours. */
  pools: z.array(hourPoolSchema),
});
export type HoursSummary = z.infer<typeof hoursSummarySchema>;
