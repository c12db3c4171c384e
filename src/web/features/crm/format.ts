import type { ConsentBasis, LeadActivityKind, LeadSource } from "../../../shared/schemas/crm.ts";

/** How the screens name where a lead came from. */
export const SOURCE_LABELS: Record<LeadSource, string> = {
  enquiry_page: "Enquiry page",
  referral: "Referral",
  phone: "Phone",
  walk_in: "Walk-in",
  campaign: "Campaign",
  other: "Other",
};

export const CONSENT_LABELS: Record<ConsentBasis, string> = {
  consent: "Consent",
  legitimate_interest: "Legitimate interest",
  pre_contract: "Steps before a contract",
};

export const ACTIVITY_LABELS: Record<LeadActivityKind, string> = {
  created: "Added",
  note: "Note",
  call: "Call",
  email: "Email",
  stage: "Stage",
  task: "Task",
  trial: "Trial",
  converted: "Converted",
  merged: "Merged",
  edited: "Edited",
};

/** A lead's name on a card or in a list: the guardian's, with the student's beside it. */
export function leadTitle(lead: { guardianName: string | null; studentName: string | null }): string {
  if (lead.guardianName && lead.studentName) return `${lead.guardianName} (for ${lead.studentName})`;
  return lead.guardianName ?? lead.studentName ?? "A lead";
}

const DAY_MS = 86_400_000;

/** How long a lead has stood in its stage: "today", "1 day", "12 days", "3 months". */
export function timeInStage(enteredAt: string, now: number = Date.now()): string {
  const days = Math.max(0, Math.floor((now - Date.parse(enteredAt)) / DAY_MS));
  if (days === 0) return "today";
  if (days < 60) return days === 1 ? "1 day" : `${days} days`;
  const months = Math.floor(days / 30);
  return `${months} months`;
}

/** Today's date (YYYY-MM-DD) in a zone: what a due day is compared with. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Whether an open task's due day has passed. */
export const isOverdue = (dueOn: string, today: string) => dueOn < today;
