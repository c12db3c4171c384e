import { z } from "zod";
import { CONTACT_TOPICS, ENQUIRY_KINDS, HONEYPOT_FIELD } from "./enquiry-options.ts";
import { emailField, nameField, optionalLineField, pageOf, pageQuerySchema } from "./fields.ts";

/**
 * The marketing site's forms (contact, affiliate application) and the platform inbox that
 * reads what they stored. The forms load these rules after their first render (lib/forms.ts);
 * the API applies the same ones, so a refusal reads the same from either.
 */

export {
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  ENQUIRY_KINDS,
  ENQUIRY_PAGE_SIZE,
  HONEYPOT_FIELD,
  type ContactTopic,
  type EnquiryKind,
} from "./enquiry-options.ts";

const honeypotField = z.string().max(10_000).optional();

/** Multi-line text: line breaks allowed, other control characters not. */
function longTextField(label: string, min: number, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .min(min, `${label} must be at least ${min} characters.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value), `${label} must not contain control characters.`);
}

export const contactRequestSchema = z.object({
  name: nameField("Name"),
  email: emailField,
  organisation: optionalLineField("Organisation", 120).optional(),
  topic: z.enum(CONTACT_TOPICS, { error: "Topic is required: choose sales, support, partnership, press or other." }),
  message: longTextField("Message", 10, 5000),
  [HONEYPOT_FIELD]: honeypotField,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** An optional web address (http or https); empty means none. */
const optionalUrlField = z
  .string({ error: "Website must be text." })
  .trim()
  .max(300, "Website must be at most 300 characters.")
  .refine((value) => value === "" || /^https?:\/\/[^\s<>]+\.[^\s<>]+$/i.test(value), "Website must be a web address starting with http:// or https://.")
  .transform((value) => (value === "" ? null : value))
  .nullable()
  .optional();

export const affiliateRequestSchema = z.object({
  name: nameField("Name"),
  email: emailField,
  website: optionalUrlField,
  country: nameField("Country", 80),
  audience: longTextField("Audience", 20, 2000),
  promotion: longTextField("How you will promote Glassroom", 20, 2000),
  agreeToTerms: z.literal(true, { error: "Agree to the affiliate programme terms to apply." }),
  [HONEYPOT_FIELD]: honeypotField,
});
export type AffiliateRequest = z.infer<typeof affiliateRequestSchema>;

export const enquiryReceivedSchema = z.object({ received: z.literal(true) });

/** The inbox pages by a fixed size (ENQUIRY_PAGE_SIZE). */
export const enquiryListQuerySchema = pageQuerySchema.pick({ page: true }).extend({
  kind: z.enum(ENQUIRY_KINDS, { error: "Kind must be contact or affiliate." }).optional(),
});
export type EnquiryListQuery = z.infer<typeof enquiryListQuerySchema>;

export const enquirySchema = z.object({
  id: z.string(),
  kind: z.enum(ENQUIRY_KINDS),
  name: z.string(),
  email: z.string(),
  /** The submission as sent (validated), without the spam trap. */
  fields: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type Enquiry = z.infer<typeof enquirySchema>;
export const enquiryPageSchema = pageOf(enquirySchema);
export type EnquiryPage = z.infer<typeof enquiryPageSchema>;
