import { z } from "zod";
import {
  backupCodeRule,
  currentPasswordRule,
  emailRule,
  fullNameRule,
  joinCodeRule,
  passwordRule,
  personNameRule,
  totpCodeRule,
  workspaceNameRule,
  type FieldRule,
} from "./field-rules.ts";

export { JOIN_CODE_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from "./field-rules.ts";

/**
 * A zod field checked by a plain rule of ./field-rules.ts (the account pages check with the
 * rule itself, without zod): text, then the rule's value, or every problem it finds. The
 * problems do not stop the checks of the object around the field (`continue`), as a failed
 * length check does not: a refusal still lists the object's own problems too (sign-up's "give
 * either a workspace name or a join code").
 */
function ruleField(rule: FieldRule) {
  return z
    .string({ error: rule.required })
    .meta(rule.documented)
    .transform((text, context) => {
      const { value, problems } = rule.check(text);
      for (const message of problems) context.issues.push({ code: "custom", message, input: text, continue: true });
      return value;
    });
}

/** Field rules shared by the forms and the API. Messages name the field. */
export const emailField = ruleField(emailRule);

export const passwordField = ruleField(passwordRule);

/** At sign-in any stored password is acceptable; only presence and a sane size are checked. */
export const currentPasswordField = ruleField(currentPasswordRule);

/** A person's name, its messages naming the field as the form labels it ("Full name", "Display name"). */
export const personNameField = (label: string) => ruleField(personNameRule(label));

export const fullNameField = ruleField(fullNameRule);

export const workspaceNameField = ruleField(workspaceNameRule);

export const joinCodeField = ruleField(joinCodeRule);

export const totpCodeField = ruleField(totpCodeRule);

export const backupCodeField = ruleField(backupCodeRule);

const NO_MARKUP = /[<>\u0000-\u001f]/;

/** A required one-line name (a person's or a thing's), named in its messages. */
export function nameField(label: string, max = 100) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !NO_MARKUP.test(value), `${label} must not contain < > or control characters.`);
}

/** An optional one-line text; empty means none (null). */
export function optionalLineField(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !NO_MARKUP.test(value), `${label} must not contain < > or control characters.`)
    .transform((value) => (value === "" ? null : value))
    .nullable();
}

/** Free text over several lines (goals, notes, a bio); line breaks and tabs allowed. */
export function longTextField(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value), `${label} must not contain control characters.`);
}

/** A list of subjects: each 1–60 characters, at most 20, duplicates (ignoring case) dropped. */
export const subjectsField = z
  .array(nameField("Each subject", 60), { error: "Subjects must be a list of subject names." })
  .max(20, "Give at most 20 subjects.")
  .transform((subjects) => subjects.filter((subject, index) => subjects.findIndex((other) => other.toLowerCase() === subject.toLowerCase()) === index));

/** Money as whole minor units (pence, cents) of the workspace currency. */
export function moneyMinorField(label: string) {
  return z
    .number({ error: `${label} must be a number of minor units (cents, pence).` })
    .int(`${label} must be a whole number of minor units (cents, pence).`)
    .min(0, `${label} must not be negative.`)
    .max(100_000_00, `${label} must be at most 100,000.00.`);
}

/** A calendar date, YYYY-MM-DD. */
export function dateField(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date written YYYY-MM-DD.`)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${label} must be a real calendar date.`,
    );
}

/** An id in a path or a body: a UUID. */
/** A record's id as the database makes them; an id that is not one names no record (the API answers 404). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidField(label: string) {
  return z.string({ error: `${label} is required.` }).regex(UUID_PATTERN, `${label} must be a valid id.`);
}

/** A Better Auth id (member, user): letters, digits, - and _. */
export function authIdField(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .min(1, `${label} is required.`)
    .max(64, `${label} is too long.`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} must be a valid id.`);
}

/** Page and page size of a list, from the query string. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: "Page must be a number." })
    .int("Page must be a whole number.")
    .min(1, "Page must be 1 or more.")
    .max(100_000, "Page must be at most 100000.")
    .default(1),
  pageSize: z.coerce
    .number({ error: "Page size must be a number." })
    .int("Page size must be a whole number.")
    .min(1, "Page size must be 1 or more.")
    .max(100, "Page size must be at most 100.")
    .default(25),
});

/** A search text from the query string; empty means no search. */
export const searchQueryField = z
  .string()
  .trim()
  .max(100, "Search must be at most 100 characters.")
  .optional()
  .transform((value) => (value ? value : undefined));

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
