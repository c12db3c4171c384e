import { z } from "zod";
import { regionTimeZoneField } from "./workspace.ts";
import {
  authIdField,
  dateField,
  longTextField,
  moneyMinorField,
  nameField,
  pageOf,
  pageQuerySchema,
  searchQueryField,
  subjectsField,
  uuidField,
} from "./fields.ts";
import { assignmentSchema } from "./students.ts";

export const TUTOR_STATUSES = ["active", "inactive"] as const;
export type TutorStatus = (typeof TUTOR_STATUSES)[number];

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAY_LABELS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

const timeOfDayField = (label: string) =>
  z.string({ error: `${label} is required.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time written HH:MM (24-hour).`);

export const availabilitySlotSchema = z
  .strictObject({
    weekday: z
      .number({ error: "Day must be a number from 1 (Monday) to 7 (Sunday)." })
      .int("Day must be a whole number from 1 (Monday) to 7 (Sunday).")
      .min(1, "Day must be from 1 (Monday) to 7 (Sunday).")
      .max(7, "Day must be from 1 (Monday) to 7 (Sunday)."),
    startsAt: timeOfDayField("Start"),
    endsAt: timeOfDayField("End"),
  })
  .refine((slot) => slot.endsAt > slot.startsAt, { path: ["endsAt"], message: "End must be after start." });
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

/** The whole weekly availability, replacing what was there; overlapping slots on one day are refused. */
export const availabilitySchema = z
  .strictObject({ slots: z.array(availabilitySlotSchema, { error: "Slots must be a list." }).max(50, "Give at most 50 availability slots.") })
  .superRefine((value, ctx) => {
    const sorted = value.slots.map((slot, index) => ({ ...slot, index })).sort((a, b) => a.weekday - b.weekday || a.startsAt.localeCompare(b.startsAt));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1]!;
      const current = sorted[i]!;
      if (previous.weekday === current.weekday && current.startsAt < previous.endsAt) {
        ctx.addIssue({ code: "custom", path: ["slots", current.index, "startsAt"], message: `Slots on ${WEEKDAY_LABELS[current.weekday - 1]} overlap.` });
      }
    }
  });
export type Availability = z.infer<typeof availabilitySchema>;

/** What a tutor edits on their own profile. */
export const tutorOwnProfileUpdateSchema = z.strictObject({
  subjects: subjectsField.optional(),
  bio: longTextField("Bio", 2000).optional(),
  timeZone: regionTimeZoneField.optional(),
});

/** What an admin edits on a tutor's profile: the tutor's own fields, rates and status. */
export const tutorProfileUpdateSchema = tutorOwnProfileUpdateSchema
  .extend({
    payRateMinor: moneyMinorField("Pay rate").nullable().optional(),
    chargeRateMinor: moneyMinorField("Default charge rate").nullable().optional(),
    status: z.enum(TUTOR_STATUSES, { error: "Status must be active or inactive." }).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "Give at least one field to change.");
export type TutorProfileUpdate = z.infer<typeof tutorProfileUpdateSchema>;

export const tutorListQuerySchema = pageQuerySchema.extend({ q: searchQueryField, status: z.enum(TUTOR_STATUSES).optional() });

export const tutorSummarySchema = z.object({
  memberId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  subjects: z.array(z.string()),
  status: z.enum(TUTOR_STATUSES),
  membershipStatus: z.string(),
  chargeRateMinor: z.number().int().nullable(),
  currentStudentCount: z.number().int(),
});
export type TutorSummary = z.infer<typeof tutorSummarySchema>;
export const tutorPageSchema = pageOf(tutorSummarySchema);

export const tutorDetailSchema = tutorSummarySchema.extend({
  bio: z.string(),
  payRateMinor: z.number().int().nullable(),
  timeZone: z.string(),
  availability: z.array(z.object({ weekday: z.number().int(), startsAt: z.string(), endsAt: z.string() })),
  assignments: z.array(assignmentSchema),
});
export type TutorDetail = z.infer<typeof tutorDetailSchema>;

export const assignmentCreateSchema = z
  .strictObject({
    tutorMemberId: authIdField("Tutor"),
    studentId: uuidField("Student"),
    subject: nameField("Subject", 60),
    rateOverrideMinor: moneyMinorField("Rate").nullable().optional(),
    payRateOverrideMinor: moneyMinorField("Pay rate").nullable().optional(),
    startsOn: dateField("Start date"),
    endsOn: dateField("End date").nullable().optional(),
  })
  .refine((value) => !value.endsOn || value.endsOn >= value.startsOn, { path: ["endsOn"], message: "End date must not be before the start date." });
export type AssignmentCreate = z.infer<typeof assignmentCreateSchema>;

export const assignmentUpdateSchema = z
  .strictObject({
    subject: nameField("Subject", 60).optional(),
    rateOverrideMinor: moneyMinorField("Rate").nullable().optional(),
    payRateOverrideMinor: moneyMinorField("Pay rate").nullable().optional(),
    startsOn: dateField("Start date").optional(),
    endsOn: dateField("End date").nullable().optional(),
  })
  .refine((value) => Object.keys(value).length > 0, "Give at least one field to change.")
  .refine((value) => !value.endsOn || !value.startsOn || value.endsOn >= value.startsOn, {
    path: ["endsOn"],
    message: "End date must not be before the start date.",
  });
export type AssignmentUpdate = z.infer<typeof assignmentUpdateSchema>;
