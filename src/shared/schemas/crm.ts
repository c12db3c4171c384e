/**
 * The CRM's vocabulary, shared by the server's tables and checks and the web's forms: where a
 * lead comes from, the lawful basis on which its personal data is kept, the outcome a pipeline
 * stage stands for, the kinds of a lead's timeline entries and of tasks, and the workspace's
 * default stages and reasons for a lost lead.
 */

/** Where a lead came from; "campaign" keeps the UTM parameters of the page's address. */
export const LEAD_SOURCES = ["enquiry_page", "referral", "phone", "walk_in", "campaign", "other"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** The basis on which a lead's personal data is kept until it converts or its purge date. */
export const CONSENT_BASES = ["consent", "legitimate_interest", "pre_contract"] as const;
export type ConsentBasis = (typeof CONSENT_BASES)[number];

/** What reaching a stage means: still in the pipeline, enrolled, or not going ahead. */
export const STAGE_OUTCOMES = ["open", "won", "lost"] as const;
export type StageOutcome = (typeof STAGE_OUTCOMES)[number];

/** The entries of a lead's timeline. */
export const LEAD_ACTIVITY_KINDS = ["created", "note", "call", "email", "stage", "task", "trial", "converted", "merged", "edited"] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];

export const TASK_STATUSES = ["open", "done", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Why a task exists: made by hand, the first response to an enquiry, or a trial's follow-up. */
export const TASK_KINDS = ["manual", "first_response", "trial_follow_up"] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** How a lead from the enquiry page gets its owner. */
export const OWNER_ASSIGNMENTS = ["default_owner", "round_robin"] as const;
export type OwnerAssignment = (typeof OWNER_ASSIGNMENTS)[number];

/** A new workspace's pipeline, in order. */
export const DEFAULT_STAGES: readonly { name: string; outcome: StageOutcome }[] = [
  { name: "New", outcome: "open" },
  { name: "Contacted", outcome: "open" },
  { name: "Consultation", outcome: "open" },
  { name: "Trial booked", outcome: "open" },
  { name: "Trial attended", outcome: "open" },
  { name: "Won", outcome: "won" },
  { name: "Lost", outcome: "lost" },
];

export const DEFAULT_LOST_REASONS = ["Price", "Timing or schedule", "Chose another provider", "No response", "Need not a fit"] as const;

/** Months a lead that never converts is kept before the purge job deletes it. */
export const DEFAULT_LEAD_PURGE_MONTHS = 12;
