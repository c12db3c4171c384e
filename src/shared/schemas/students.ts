import { z } from "zod";
import { STUDENT_STATUSES } from "../student-states.ts";
import { authIdField, longTextField, nameField, optionalLineField, pageOf, pageQuerySchema, searchQueryField, subjectsField } from "./fields.ts";

const studentStatusField = z.enum(STUDENT_STATUSES, { error: "Status must be active, paused or former." });

/** The fields an admin writes on a student record. */
export const studentCreateSchema = z.strictObject({
  name: nameField("Name"),
  preferredName: optionalLineField("Preferred name", 60).optional(),
  grade: optionalLineField("Grade or year", 40).optional(),
  school: optionalLineField("School", 120).optional(),
  subjects: subjectsField.optional(),
  goals: longTextField("Goals", 2000).optional(),
  notes: longTextField("Notes", 5000).optional(),
  status: studentStatusField.optional(),
});
export type StudentCreate = z.infer<typeof studentCreateSchema>;

export const studentUpdateSchema = studentCreateSchema.partial().refine((value) => Object.keys(value).length > 0, "Give at least one field to change.");
export type StudentUpdate = z.infer<typeof studentUpdateSchema>;

export const studentListQuerySchema = pageQuerySchema.extend({
  q: searchQueryField,
  status: studentStatusField.optional(),
});
export type StudentListQuery = z.infer<typeof studentListQuerySchema>;

export const personRefSchema = z.object({ memberId: z.string(), name: z.string() });

export const studentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  preferredName: z.string().nullable(),
  grade: z.string().nullable(),
  school: z.string().nullable(),
  subjects: z.array(z.string()),
  status: z.enum(STUDENT_STATUSES),
  guardians: z.array(personRefSchema),
  tutors: z.array(personRefSchema),
  erased: z.boolean(),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;
export const studentPageSchema = pageOf(studentSummarySchema);
export type StudentPage = z.infer<typeof studentPageSchema>;

/** email is null where the viewer may not see it (a parent sees only their own among guardians). */
export const guardianSchema = z.object({ memberId: z.string(), userId: z.string(), name: z.string(), email: z.string().nullable() });
export type Guardian = z.infer<typeof guardianSchema>;

export const assignmentSchema = z.object({
  id: z.string(),
  tutorMemberId: z.string(),
  tutorName: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  subject: z.string(),
  /** Charge rate for this student in minor units; null means the tutor's default charge rate. */
  rateOverrideMinor: z.number().int().nullable(),
  /** The tutor's pay rate for this student in minor units; null means the tutor's own pay rate. */
  payRateOverrideMinor: z.number().int().nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** Started and not ended, today in the workspace's time zone. */
  current: z.boolean(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** A student record as its viewers see it (admin, assigned tutor, guardian, the student). */
export const studentDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  preferredName: z.string().nullable(),
  grade: z.string().nullable(),
  school: z.string().nullable(),
  subjects: z.array(z.string()),
  goals: z.string(),
  notes: z.string(),
  status: z.enum(STUDENT_STATUSES),
  /** The student's own login, when they have one. */
  login: z.object({ userId: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  guardians: z.array(guardianSchema),
  assignments: z.array(assignmentSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  erasedAt: z.string().nullable(),
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

export const linkGuardianSchema = z.strictObject({ memberId: authIdField("Guardian") });

export const eraseStudentSchema = z.strictObject({
  confirmName: z
    .string({ error: "Type the student's name to confirm." })
    .trim()
    .min(1, "Type the student's name to confirm.")
    .max(100, "Type the student's name to confirm."),
});

/** One line of a record's access log, as a parent (or an admin) sees it. */
export const accessLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  description: z.string(),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogSchema = z.object({ items: z.array(accessLogEntrySchema), nextCursor: z.string().nullable() });
export type AccessLog = z.infer<typeof accessLogSchema>;
