/**
 * The CRM's vocabulary, shared by the server's tables and checks and the web's forms: where a
 * lead comes from, the lawful basis on which its personal data is kept, the outcome a pipeline
 * stage stands for, the kinds of a lead's timeline entries and of tasks, and the workspace's
 * default stages and reasons for a lost lead.
 */
import { z } from "zod";
import { HONEYPOT_FIELD } from "./enquiry-options.ts";
import {
  dateField,
  emailField,
  longTextField,
  nameField,
  optionalLineField,
  pageOf,
  pageQuerySchema,
  searchQueryField,
  subjectsField,
  uuidField,
} from "./fields.ts";

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

const PHONE = /^[0-9+()\-.\s]{6,30}$/;
// Empty means none (null); left out means unchanged (undefined), so the transforms sit inside optional().
const optionalEmail = z
  .union([z.literal(""), emailField])
  .nullable()
  .transform((value) => (value ? value.toLowerCase() : null))
  .optional();
const optionalPhone = z
  .string({ error: "Phone must be text." })
  .trim()
  .refine(
    (value) => value === "" || (PHONE.test(value) && value.replace(/\D/g, "").length >= 6),
    "Phone must be a phone number: digits, spaces, + ( ) - and at least 6 digits.",
  )
  .nullable()
  .transform((value) => (value ? value : null))
  .optional();
const utmValue = (label: string) => optionalLineField(label, 100).optional();

export const utmSchema = z.object({
  source: utmValue("UTM source"),
  medium: utmValue("UTM medium"),
  campaign: utmValue("UTM campaign"),
  term: utmValue("UTM term"),
  content: utmValue("UTM content"),
});
export type Utm = z.infer<typeof utmSchema>;

/** A lead's contact and need, as staff type them or the enquiry page sends them. */
const leadFieldsSchema = z.object({
  guardianName: optionalLineField("Guardian's name", 100).optional(),
  studentName: optionalLineField("Student's name", 100).optional(),
  email: optionalEmail,
  phone: optionalPhone,
  subjects: subjectsField.optional(),
  level: optionalLineField("Level", 60).optional(),
  preferredTimes: optionalLineField("Preferred times", 200).optional(),
  notes: longTextField("Notes", 4000).optional(),
});

const needsNameAndContact = <T extends { guardianName?: string | null; studentName?: string | null; email?: string | null; phone?: string | null }>(
  value: T,
  context: z.RefinementCtx,
) => {
  if (!value.guardianName && !value.studentName)
    context.addIssue({ code: "custom", path: ["guardianName"], message: "Give the guardian's or the student's name." });
  if (!value.email && !value.phone) context.addIssue({ code: "custom", path: ["email"], message: "Give an email address or a phone number." });
};

export const leadCreateSchema = leadFieldsSchema
  .extend({
    source: z.enum(LEAD_SOURCES, { error: `Source must be one of ${LEAD_SOURCES.join(", ")}.` }),
    utm: utmSchema.optional(),
    consentBasis: z.enum(CONSENT_BASES, { error: `Consent basis must be one of ${CONSENT_BASES.join(", ")}.` }),
    /** Admins choose; a tutor's leads are their own. Omitted: the creator. */
    ownerMemberId: z.string().min(1).max(64).optional(),
    stageId: uuidField("Stage").optional(),
  })
  .superRefine(needsNameAndContact);
export type LeadCreate = z.infer<typeof leadCreateSchema>;

/** A change of a lead's fields; what is left out stays. */
export const leadUpdateSchema = leadFieldsSchema
  .extend({
    consentBasis: z.enum(CONSENT_BASES, { error: `Consent basis must be one of ${CONSENT_BASES.join(", ")}.` }).optional(),
    ownerMemberId: z.string().min(1).max(64).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Change at least one field." });
export type LeadUpdate = z.infer<typeof leadUpdateSchema>;

export const leadMoveSchema = z.object({
  stageId: uuidField("Stage"),
  /** Required when the stage stands for lost: one of the workspace's reasons. */
  lostReason: optionalLineField("Reason", 100).optional(),
});
export type LeadMove = z.infer<typeof leadMoveSchema>;

export const LOGGED_ACTIVITY_KINDS = ["note", "call", "email"] as const satisfies readonly LeadActivityKind[];
export const leadActivityCreateSchema = z.object({
  kind: z.enum(LOGGED_ACTIVITY_KINDS, { error: "Kind must be note, call or email." }),
  body: longTextField("What happened", 4000).refine((value) => value.length > 0, "Say what happened."),
});
export type LeadActivityCreate = z.infer<typeof leadActivityCreateSchema>;

export const leadListQuerySchema = pageQuerySchema.extend({
  q: searchQueryField,
  stageId: uuidField("Stage").optional(),
  source: z.enum(LEAD_SOURCES, { error: `Source must be one of ${LEAD_SOURCES.join(", ")}.` }).optional(),
  ownerMemberId: z.string().min(1).max(64).optional(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

export const stageSchema = z.object({ id: z.string(), name: z.string(), position: z.number().int(), outcome: z.enum(STAGE_OUTCOMES) });
export type Stage = z.infer<typeof stageSchema>;
export const stageListSchema = z.object({ items: z.array(stageSchema), lostReasons: z.array(z.string()) });
export type StageList = z.infer<typeof stageListSchema>;

const stageName = nameField("Stage name", 60);
/** A new open stage, placed before the won and lost ones (or after the stage named). */
export const stageCreateSchema = z.object({ name: stageName, afterStageId: uuidField("Stage to follow").optional() });
export type StageCreate = z.infer<typeof stageCreateSchema>;
export const stageRenameSchema = z.object({ name: stageName });
/** Every stage in force, in the new order; the won and lost stages stay last. */
export const stageOrderSchema = z.object({
  stageIds: z
    .array(uuidField("Each stage"), { error: "Stage order must be a list of stage ids." })
    .min(1, "Give the stages in their new order.")
    .max(50, "A pipeline has at most 50 stages."),
});

/** The workspace's CRM settings: how long a lead is kept, who owns an enquiry, the reasons a lead is lost. */
export const crmSettingsSchema = z.object({
  purgeMonths: z.number().int(),
  ownerAssignment: z.enum(OWNER_ASSIGNMENTS),
  defaultOwnerMemberId: z.string().nullable(),
  lostReasons: z.array(z.string()),
});
export type CrmSettings = z.infer<typeof crmSettingsSchema>;
export const crmSettingsUpdateSchema = z
  .object({
    purgeMonths: z
      .number({ error: "Months to keep a lead must be a whole number." })
      .int("Months to keep a lead must be a whole number.")
      .min(1, "Keep a lead at least 1 month.")
      .max(60, "Keep a lead at most 60 months.")
      .optional(),
    ownerAssignment: z.enum(OWNER_ASSIGNMENTS, { error: "Owner of an enquiry must be default_owner or round_robin." }).optional(),
    defaultOwnerMemberId: z.string().min(1).max(100, "Default owner must be a member id.").nullable().optional(),
    lostReasons: z
      .array(nameField("Each reason", 80), { error: "Lost reasons must be a list." })
      .min(1, "Keep at least one reason a lead is lost.")
      .max(20, "Keep at most 20 reasons.")
      .refine((reasons) => new Set(reasons.map((reason) => reason.toLowerCase())).size === reasons.length, "Each lost reason must be different.")
      .optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), "Change at least one setting.");
export type CrmSettingsUpdate = z.infer<typeof crmSettingsUpdateSchema>;

const personRef = z.object({ memberId: z.string(), name: z.string() }).nullable();

export const leadSummarySchema = z.object({
  id: z.string(),
  guardianName: z.string().nullable(),
  studentName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  subjects: z.array(z.string()),
  source: z.enum(LEAD_SOURCES),
  owner: personRef,
  stage: stageSchema,
  stageEnteredAt: z.string(),
  purgeOn: z.string(),
  convertedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;
export const leadPageSchema = pageOf(leadSummarySchema).extend({
  /** Whether `total` is only a lower bound: past 1,000 leads the list stops counting (the screen says "more than"). */
  totalIsAtLeast: z.boolean(),
});
export type LeadPage = z.infer<typeof leadPageSchema>;

export const leadActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(LEAD_ACTIVITY_KINDS),
  summary: z.string(),
  body: z.string().nullable(),
  actorName: z.string().nullable(),
  occurredAt: z.string(),
});
export type LeadActivity = z.infer<typeof leadActivitySchema>;

export const leadDuplicateSchema = z.object({ id: z.string(), name: z.string(), matchedOn: z.enum(["email", "phone"]), stage: z.string() });

export const leadDetailSchema = leadSummarySchema.extend({
  level: z.string().nullable(),
  preferredTimes: z.string().nullable(),
  utm: utmSchema.nullable(),
  notes: z.string(),
  consentBasis: z.enum(CONSENT_BASES),
  lostReason: z.string().nullable(),
  timeline: z.array(leadActivitySchema),
  duplicates: z.array(leadDuplicateSchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const taskCreateSchema = z.object({
  title: nameField("Title", 200),
  dueOn: dateField("Due date"),
  /** Admins give a task to any admin or tutor; a tutor's tasks are their own. Omitted: the creator. */
  assigneeMemberId: z.string().min(1).max(64).optional(),
  leadId: uuidField("Lead").optional(),
});
export type TaskCreate = z.infer<typeof taskCreateSchema>;

export const taskUpdateSchema = z
  .object({
    status: z.enum(TASK_STATUSES, { error: `Status must be one of ${TASK_STATUSES.join(", ")}.` }).optional(),
    title: nameField("Title", 200).optional(),
    dueOn: dateField("Due date").optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "Change at least one field." });
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

export const TASK_LIST_STATES = ["open", "closed", "all"] as const;
export const taskListQuerySchema = pageQuerySchema.extend({
  state: z.enum(TASK_LIST_STATES, { error: "State must be open, closed or all." }).default("open"),
  assigneeMemberId: z.string().min(1).max(64).optional(),
  leadId: uuidField("Lead").optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(TASK_KINDS),
  dueOn: z.string(),
  status: z.enum(TASK_STATUSES),
  assignee: z.object({ memberId: z.string(), name: z.string() }),
  lead: z.object({ id: z.string(), name: z.string() }).nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskPageSchema = pageOf(taskSchema);
export type TaskPage = z.infer<typeof taskPageSchema>;

/** What a visitor sends on a workspace's enquiry page; the page's UTM parameters ride along. */
export const publicEnquirySchema = z.object({
  guardianName: nameField("Your name"),
  studentName: optionalLineField("The student's name", 100).optional(),
  email: emailField,
  phone: optionalPhone,
  subjects: subjectsField.optional(),
  level: optionalLineField("Level", 60).optional(),
  preferredTimes: optionalLineField("Preferred times", 200).optional(),
  message: longTextField("Message", 2000).optional(),
  consent: z.literal(true, { error: "Agree to be contacted about your enquiry." }),
  utm: utmSchema.optional(),
  [HONEYPOT_FIELD]: z.string().max(10_000).optional(),
});
export type PublicEnquiry = z.infer<typeof publicEnquirySchema>;

/** What the enquiry page shows before the form: whose page it is. */
export const enquiryFormSchema = z.object({ workspaceName: z.string(), slug: z.string() });
export type EnquiryForm = z.infer<typeof enquiryFormSchema>;
