import { HONEYPOT_FIELD } from "./schemas/enquiry-options.ts";

/**
 * The workspace enquiry page's form, as a browser sends it (every value text) and as the API
 * takes it. One conversion for both ways of sending: the page's script posting JSON, and the
 * plain form post without JavaScript (src/server/features/crm/enquiry-page.ts). No zod here:
 * the page loads this before anything else.
 */
export const WORKSPACE_ENQUIRY_FIELDS = [
  "guardianName",
  "studentName",
  "email",
  "phone",
  "subjects",
  "level",
  "preferredTimes",
  "message",
  "consent",
  HONEYPOT_FIELD,
] as const;
export type WorkspaceEnquiryField = (typeof WORKSPACE_ENQUIRY_FIELDS)[number];

const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;

/** The UTM parameters of the page's address (utm_source…), kept so a campaign's leads say so. */
export function utmOf(search: URLSearchParams): Partial<Record<(typeof UTM_KEYS)[number], string>> | undefined {
  const entries = UTM_KEYS.flatMap((key) => {
    const value = search.get(`utm_${key}`)?.trim();
    return value ? [[key, value] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * The API body from the form's text values: blanks left out, subjects split on commas, the
 * consent box true only when ticked (the API names it when not), the spam trap passed on.
 */
export function workspaceEnquiryBody(values: Partial<Record<WorkspaceEnquiryField, string>>, search: URLSearchParams): Record<string, unknown> {
  const text = (name: WorkspaceEnquiryField) => {
    const value = values[name]?.trim();
    return value ? value : undefined;
  };
  const subjects = text("subjects")
    ?.split(",")
    .map((subject) => subject.trim())
    .filter(Boolean);
  return {
    guardianName: values.guardianName ?? "",
    studentName: text("studentName"),
    email: values.email ?? "",
    phone: text("phone"),
    subjects: subjects && subjects.length > 0 ? subjects : undefined,
    level: text("level"),
    preferredTimes: text("preferredTimes"),
    message: text("message"),
    consent: values.consent === "true",
    utm: utmOf(search),
    [HONEYPOT_FIELD]: values[HONEYPOT_FIELD] || undefined,
  };
}
