import { z } from "zod";
import { longTextField, pageOf, pageQuerySchema, uuidField } from "./fields.ts";
import { sessionSchema } from "./sessions.ts";

export const ATTENDANCE_VALUES = ["present", "late", "absent"] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];
export const HOMEWORK_COMPLETION_VALUES = ["completed", "partly", "not_done", "none_set"] as const;
export type HomeworkCompletion = (typeof HOMEWORK_COMPLETION_VALUES)[number];
export const SUMMARY_STATUSES = ["draft", "awaiting_review", "shared"] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

const ratingField = (label: string) =>
  z
    .number({ error: `${label} must be a number from 1 to 5.` })
    .int(`${label} must be a whole number from 1 to 5.`)
    .min(1, `${label} must be from 1 to 5.`)
    .max(5, `${label} must be from 1 to 5.`)
    // Left out means not rated: an absent student's is, a present one's is asked for below.
    .nullable()
    .default(null);

/**
 * The checks across fields run even when a field on its own was refused (a missing previous
 * homework answer, say), so that one answer names every problem; they read the raw values
 * defensively.
 */
const evenWithRefusedFields = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

export const reportStudentInputSchema = z
  .strictObject({
    studentId: uuidField("Student"),
    attendance: z.enum(ATTENDANCE_VALUES, { error: "Attendance must be present, late or absent." }),
    previousHomework: z.enum(HOMEWORK_COMPLETION_VALUES, {
      error: (issue) =>
        issue.input === undefined ? "Say how the previous homework went." : "Previous homework must be completed, partly, not_done or none_set.",
    }),
    /** 1–5; leave empty (null, or left out) for an absent student. */
    understanding: ratingField("Understanding"),
    engagement: ratingField("Engagement"),
    /** An assessment score in percent, when one was taken. */
    scorePercent: z
      .number({ error: "Score must be a number of percent." })
      .int("Score must be a whole number of percent.")
      .min(0, "Score must be from 0 to 100 %.")
      .max(100, "Score must be from 0 to 100 %.")
      .nullable()
      .default(null),
  })
  .superRefine((value, ctx) => {
    for (const field of ["understanding", "engagement"] as const) {
      const label = field === "understanding" ? "Understanding" : "Engagement";
      if (value.attendance === "absent" && value[field] !== null)
        ctx.addIssue({ code: "custom", path: [field], message: `${label} is not rated for an absent student.` });
      if (value.attendance !== "absent" && value[field] === null)
        ctx.addIssue({ code: "custom", path: [field], message: `Rate ${label.toLowerCase()} from 1 to 5.` });
    }
    if (value.attendance === "absent" && value.scorePercent !== null)
      ctx.addIssue({ code: "custom", path: ["scorePercent"], message: "An absent student has no score." });
  }, evenWithRefusedFields);
export type ReportStudentInput = z.infer<typeof reportStudentInputSchema>;

/** Filing or correcting a session's report: one entry per student of the session. */
export const sessionReportInputSchema = z
  .strictObject({
    /** Required when a student attended (a no-show may leave it empty). */
    topics: longTextField("Topics covered", 2000).default(""),
    homeworkSet: longTextField("Homework set", 2000).default(""),
    /** Never shown to families. */
    privateNotes: longTextField("Private notes", 4000).default(""),
    students: z
      .array(reportStudentInputSchema, { error: "Students must be a list." })
      .min(1, "Give the attendance of each student.")
      .max(10, "A session has at most 10 students."),
  })
  .superRefine((value, ctx) => {
    const students: unknown[] = Array.isArray(value.students) ? value.students : [];
    const entries = students.map((entry) =>
      typeof entry === "object" && entry !== null ? (entry as Partial<Record<"attendance" | "studentId", unknown>>) : {},
    );
    if (value.topics === "" && entries.some((entry) => entry.attendance !== "absent"))
      ctx.addIssue({ code: "custom", path: ["topics"], message: "Topics covered is required." });
    const seen = new Set<string>();
    for (const [index, entry] of entries.entries()) {
      if (typeof entry.studentId !== "string") continue;
      const id = entry.studentId.toLowerCase();
      if (seen.has(id)) ctx.addIssue({ code: "custom", path: ["students", index, "studentId"], message: "Each student is reported once." });
      seen.add(id);
    }
  }, evenWithRefusedFields);
export type SessionReportInput = z.infer<typeof sessionReportInputSchema>;

export const reportStudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  attendance: z.enum(ATTENDANCE_VALUES),
  previousHomework: z.enum(HOMEWORK_COMPLETION_VALUES),
  understanding: z.number().int().nullable(),
  engagement: z.number().int().nullable(),
  scorePercent: z.number().int().nullable(),
});

export const sessionReportSchema = z.object({
  topics: z.string(),
  homeworkSet: z.string(),
  privateNotes: z.string(),
  filedAt: z.string(),
  filedBy: z.string().nullable(),
  updatedAt: z.string(),
  students: z.array(reportStudentSchema),
});
export type SessionReport = z.infer<typeof sessionReportSchema>;

export const summarySchema = z.object({
  sessionId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  body: z.string(),
  /** A fresh draft from the report as it stands now (for "Redraft from the report"). */
  draft: z.string(),
  status: z.enum(SUMMARY_STATUSES),
  /** Whether someone changed the words away from the draft: a correction of the report then keeps them. */
  edited: z.boolean(),
  /**
   * The report's facts that changed since the words were drafted (or last redrafted): the
   * summary may tell the family something the report no longer says. Empty when up to date,
   * and for a shared summary (it is final).
   */
  reportChanges: z.array(
    z.object({
      field: z.enum(["topics", "homeworkSet", "attendance", "previousHomework", "understanding", "engagement", "scorePercent"]),
      label: z.string(),
      before: z.string(),
      after: z.string(),
    }),
  ),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  sharedAt: z.string().nullable(),
});
export type Summary = z.infer<typeof summarySchema>;

/** What a tutor or an admin sees of a session's report: the report (null until filed) and each student's summary. */
export const reportViewSchema = z.object({
  report: sessionReportSchema.nullable(),
  summaries: z.array(summarySchema),
  /** Whether sharing waits for an admin's review (a workspace policy). */
  summaryRequiresReview: z.boolean(),
});
export type ReportView = z.infer<typeof reportViewSchema>;

export const summaryUpdateSchema = z.strictObject({
  body: longTextField("Summary", 4000).refine((value) => value.length > 0, "Summary must not be empty."),
});
export type SummaryUpdate = z.infer<typeof summaryUpdateSchema>;

/** Sharing (or submitting) a summary whose report changed since it was drafted needs the choice said out loud. */
export const summaryShareSchema = z.strictObject({
  /** Share the words as they are although the report changed since they were drafted (see reportChanges). */
  acknowledgeReportChange: z.boolean({ error: "Acknowledge report change must be true or false." }).default(false),
});
export type SummaryShare = z.infer<typeof summaryShareSchema>;

/** A family's shared summaries: all of theirs, one student's, or one session's. */
export const familySummaryQuerySchema = pageQuerySchema.extend({
  studentId: uuidField("Student").optional(),
  sessionId: uuidField("Session").optional(),
});
export type FamilySummaryQuery = z.infer<typeof familySummaryQuerySchema>;

export const familySummarySchema = z.object({
  sessionId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  subject: z.string(),
  tutorName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  body: z.string(),
  sharedAt: z.string(),
});
export type FamilySummary = z.infer<typeof familySummarySchema>;
export const familySummaryPageSchema = pageOf(familySummarySchema);
export type FamilySummaryPage = z.infer<typeof familySummaryPageSchema>;

export const dueReportQuerySchema = pageQuerySchema.extend({
  /** Only the sessions over for more than REPORT_OVERDUE_HOURS (../report-deadline.ts; the dashboards' list). */
  overdueOnly: z
    .enum(["true", "false"], { error: "Overdue only must be true or false." })
    .default("false")
    .transform((value) => value === "true"),
});
export type DueReportQuery = z.infer<typeof dueReportQuerySchema>;

export const dueReportSchema = sessionSchema.extend({ overdue: z.boolean() });
export const dueReportPageSchema = pageOf(dueReportSchema);
export type DueReportPage = z.infer<typeof dueReportPageSchema>;

export const reviewItemSchema = z.object({
  sessionId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  subject: z.string(),
  tutorName: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  submittedAt: z.string(),
});
export const reviewPageSchema = pageOf(reviewItemSchema);
export type ReviewPage = z.infer<typeof reviewPageSchema>;
