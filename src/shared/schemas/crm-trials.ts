/**
 * A lead's trial lessons and its conversion into a family: booking a trial on a tutor's
 * calendar, the tutor's short feedback after it, converting a won lead in one step (the payer
 * account, the students, the tutor's assignment and the guardians' invitations), and the
 * lead's timeline as the student's record shows it.
 */
import { z } from "zod";
import { leadActivitySchema, LEAD_SOURCES } from "./crm.ts";
import { authIdField, emailField, longTextField, nameField, optionalLineField, uuidField } from "./fields.ts";
import { localDateTimeField } from "./sessions.ts";
import { timeZoneField } from "./workspace.ts";

/** What the tutor recommends after a trial. */
export const TRIAL_RECOMMENDATIONS = ["enrol", "another_trial", "not_a_fit"] as const;
export type TrialRecommendation = (typeof TRIAL_RECOMMENDATIONS)[number];
export const TRIAL_RECOMMENDATION_LABELS: Record<TrialRecommendation, string> = {
  enrol: "Enrol",
  another_trial: "Another trial",
  not_a_fit: "Not a fit",
};

/** The longest trial lesson, as the longest session. */
export const TRIAL_MAX_MINUTES = 180;

export const trialBookSchema = z.strictObject({
  /** Required for admins; a tutor books trials with themselves. */
  tutorMemberId: authIdField("Tutor").optional(),
  /** Local start in timeZone (the tutor's zone, else the workspace's, if absent). */
  startsAt: localDateTimeField("Start"),
  durationMinutes: z
    .number({ error: "Duration must be a number of minutes." })
    .int("Duration must be whole minutes.")
    .min(15, "A trial lasts at least 15 minutes.")
    .max(TRIAL_MAX_MINUTES, `A trial lasts at most ${TRIAL_MAX_MINUTES} minutes.`),
  timeZone: timeZoneField.optional(),
  /** The lesson's subject; the lead's first subject if absent. */
  subject: nameField("Subject", 60).optional(),
  location: optionalLineField("Location", 200).optional(),
  confirmOutsideAvailability: z.boolean({ error: "Confirm outside availability must be true or false." }).optional(),
});
export type TrialBook = z.infer<typeof trialBookSchema>;

export const trialFeedbackCreateSchema = z.strictObject({
  attended: z.boolean({ error: "Say whether the student attended." }),
  notes: longTextField("Notes", 4000).optional(),
  recommendation: z.enum(TRIAL_RECOMMENDATIONS, { error: `Recommendation must be one of ${TRIAL_RECOMMENDATIONS.join(", ")}.` }),
});
export type TrialFeedbackCreate = z.infer<typeof trialFeedbackCreateSchema>;

export const trialSchema = z.object({
  id: z.string(),
  leadId: z.string(),
  /** Whom the trial is for (the lead's guardian and student), for the tutor who teaches it. */
  leadName: z.string(),
  sessionId: z.string(),
  tutor: z.object({ memberId: z.string(), name: z.string() }),
  subject: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  sessionStatus: z.string(),
  feedback: z
    .object({
      attended: z.boolean(),
      notes: z.string(),
      recommendation: z.enum(TRIAL_RECOMMENDATIONS),
      byName: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type Trial = z.infer<typeof trialSchema>;
export const trialListSchema = z.object({ items: z.array(trialSchema) });
export type TrialList = z.infer<typeof trialListSchema>;

const newAccountSchema = z.strictObject({ kind: z.literal("new"), name: nameField("Family name", 100) });
const existingAccountSchema = z.strictObject({ kind: z.literal("existing"), accountId: uuidField("Account") });

export const leadConvertSchema = z.strictObject({
  /** A new family account (named) or an existing one; a new one named after the lead's guardian if absent. */
  account: z
    .discriminatedUnion("kind", [newAccountSchema, existingAccountSchema], { error: "Account must be a new family (name) or an existing account (accountId)." })
    .optional(),
  /** The students' names; the lead's student's name if absent. */
  students: z
    .array(z.strictObject({ name: nameField("Name", 100) }), { error: "Students must be a list." })
    .min(1, "Give at least one student.")
    .max(6, "Convert at most 6 students at once.")
    .optional(),
  /** Guardians to invite by email (each linked to the first student); the lead's email if absent. */
  guardianEmails: z
    .array(emailField, { error: "Guardian emails must be a list." })
    .max(4, "Invite at most 4 guardians at once.")
    .transform((emails) => [...new Set(emails.map((email) => email.toLowerCase()))])
    .optional(),
  /** The tutor to assign; the latest trial's tutor if absent (none if there was no trial). */
  tutorMemberId: authIdField("Tutor").optional(),
  /** The assignment's subject; the latest trial's, else the lead's first subject. */
  subject: nameField("Subject", 60).optional(),
});
export type LeadConvert = z.infer<typeof leadConvertSchema>;

export const leadConversionSchema = z.object({
  leadId: z.string(),
  convertedAt: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  students: z.array(z.object({ id: z.string(), name: z.string() })),
  assignments: z.array(z.object({ id: z.string(), studentId: z.string(), tutorMemberId: z.string(), subject: z.string() })),
  invitations: z.array(z.object({ id: z.string(), email: z.string(), studentId: z.string().nullable() })),
});
export type LeadConversion = z.infer<typeof leadConversionSchema>;

/** The student's history from before enrolment: the lead they came from and its timeline. */
export const studentLeadTimelineSchema = z.object({
  lead: z.object({ id: z.string(), source: z.enum(LEAD_SOURCES), createdAt: z.string(), convertedAt: z.string().nullable() }).nullable(),
  timeline: z.array(leadActivitySchema),
});
export type StudentLeadTimeline = z.infer<typeof studentLeadTimelineSchema>;
