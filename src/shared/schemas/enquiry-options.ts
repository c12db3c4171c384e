/**
 * The marketing forms' fixed choices and field names, without zod: the public pages import
 * these at once and load the rules (./enquiries.ts) after their first render.
 */
export const CONTACT_TOPICS = ["sales", "support", "partnership", "press", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  sales: "Plans and pricing",
  support: "Help with Glassroom",
  partnership: "Partnership or integration",
  press: "Press",
  other: "Something else",
};

export const ENQUIRY_KINDS = ["contact", "affiliate"] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

/**
 * The spam trap: a field people never see (off screen, hidden from screen readers, out of the
 * tab order) that form-filling robots fill. The API answers a submission with it filled as
 * if accepted, and keeps nothing.
 */
export const HONEYPOT_FIELD = "homepage";

/** The inbox pages by a fixed size. */
export const ENQUIRY_PAGE_SIZE = 20;
