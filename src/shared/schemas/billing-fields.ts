/** Field rules shared by billing's schemas: amounts of money, money dates and idempotency keys. */
import { z } from "zod";
import { dateField } from "./fields.ts";

/** The largest amount billing accepts: 100,000,000.00 in a two-decimal currency. */
export const MAX_AMOUNT_MINOR = 10_000_000_000;

/** A positive amount of money in minor units of the workspace currency, at most MAX_AMOUNT_MINOR; each refusal says which rule. */
export function positiveAmountField(label: string) {
  return z
    .number({ error: `${label} must be a number of minor units (cents, pence).` })
    .int(`${label} must be a whole number of minor units (cents, pence).`)
    .refine((value) => value >= 0, `${label} must not be negative.`)
    .refine((value) => value !== 0, `${label} must be more than zero.`)
    .refine((value) => value <= MAX_AMOUNT_MINOR, `${label} must be at most 100,000,000.00.`);
}

/** A date of money received or given back: from 2000 (its upper bound is checked against the workspace's today). */
export function moneyDateField(label: string) {
  return dateField(label).refine((value) => value >= "2000-01-01", `${label} must not be before 2000.`);
}

/** One form opening's key: sending the same request again records it once. */
export const idempotencyKeyField = z
  .string({ error: "Idempotency key is required." })
  .min(8, "Idempotency key must be at least 8 characters.")
  .max(100, "Idempotency key must be at most 100 characters.")
  .regex(/^[A-Za-z0-9_:.-]+$/, "Idempotency key must be letters, digits, - _ : or .");
