import { z } from "zod";
import { authIdField, dateField, longTextField, nameField, optionalLineField, uuidField } from "./fields.ts";
import { timeZoneField } from "./workspace.ts";

/** Session statuses; "late_cancelled" is a cancellation inside the workspace's notice period. */
export const SESSION_STATUSES = ["scheduled", "completed", "cancelled", "late_cancelled", "no_show"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** The widest date range one list request may ask for (a month view with its edges). */
export const SESSION_RANGE_MAX_DAYS = 62;
/** The longest session, and the most occurrences of one series. */
export const SESSION_MAX_MINUTES = 12 * 60;
export const SERIES_MAX_OCCURRENCES = 104;

/** A local date-time, YYYY-MM-DDTHH:MM, read in the request's time zone. */
export function localDateTimeField(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .regex(/^(19|20)\d{2}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a local date and time (1900–2099) written YYYY-MM-DDTHH:MM.`)
    .refine((value) => {
      const date = value.slice(0, 10);
      const parsed = Date.parse(`${date}T00:00:00Z`);
      return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(date);
    }, `${label} must be a real calendar date.`);
}

const onlineUrlField = z
  .string({ error: "Online link must be text." })
  .trim()
  .max(500, "Online link must be at most 500 characters.")
  .refine(
    (value) => value === "" || (/^https?:\/\/[^\s<>]+$/i.test(value) && URL.canParse(value)),
    "Online link must be a web address starting with http:// or https://.",
  )
  .transform((value) => (value === "" ? null : value))
  .nullable();

const studentIdsField = z
  .array(uuidField("Each student"), { error: "Students must be a list of student ids." })
  .min(1, "Choose at least one student.")
  .max(10, "A session has at most 10 students.")
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

const minutesBetween = (start: string, end: string) => (Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`)) / 60_000;

/** End after start, and not longer than the longest session (both local, same zone). */
function refineTimes(value: { startsAt?: string | undefined; endsAt?: string | undefined }, ctx: z.RefinementCtx) {
  if (!value.startsAt || !value.endsAt) return;
  const minutes = minutesBetween(value.startsAt, value.endsAt);
  if (minutes <= 0) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "End must be after start." });
  else if (minutes > SESSION_MAX_MINUTES)
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: `A session lasts at most ${SESSION_MAX_MINUTES / 60} hours.` });
}

export const sessionRepeatSchema = z
  .strictObject({
    frequency: z.literal("weekly", { error: "Only weekly series are supported." }),
    until: dateField("Repeat until").optional(),
    count: z
      .number({ error: "Number of sessions must be a number." })
      .int("Number of sessions must be a whole number.")
      .min(2, "A series has at least 2 sessions.")
      .max(SERIES_MAX_OCCURRENCES, `A series has at most ${SERIES_MAX_OCCURRENCES} sessions.`)
      .optional(),
  })
  .refine((value) => (value.until === undefined) !== (value.count === undefined), {
    message: "Give either an end date or a number of sessions for the series.",
  });
export type SessionRepeat = z.infer<typeof sessionRepeatSchema>;

export const sessionCreateSchema = z
  .strictObject({
    /** Required for admins; a tutor schedules their own sessions (their own membership if given). */
    tutorMemberId: authIdField("Tutor").optional(),
    studentIds: studentIdsField,
    subject: nameField("Subject", 60),
    startsAt: localDateTimeField("Start"),
    endsAt: localDateTimeField("End"),
    /** The zone the times are written in; the tutor's zone (else the workspace's) if absent. */
    timeZone: timeZoneField.optional(),
    location: optionalLineField("Location", 200).optional(),
    onlineUrl: onlineUrlField.optional(),
    notes: longTextField("Notes for the family", 2000).optional(),
    repeat: sessionRepeatSchema.optional(),
    confirmOutsideAvailability: z.boolean({ error: "Confirm outside availability must be true or false." }).optional(),
  })
  .superRefine(refineTimes)
  .refine((value) => !value.repeat?.until || value.repeat.until >= value.startsAt.slice(0, 10), {
    path: ["repeat", "until"],
    message: "Repeat until must not be before the first session.",
  });
export type SessionCreate = z.infer<typeof sessionCreateSchema>;

export const SESSION_UPDATE_SCOPES = ["this", "following"] as const;
export type SessionUpdateScope = (typeof SESSION_UPDATE_SCOPES)[number];
const scopeField = z.enum(SESSION_UPDATE_SCOPES, { error: "Scope must be this or following." }).default("this");

export const sessionUpdateSchema = z
  .strictObject({
    subject: nameField("Subject", 60).optional(),
    /** "this": the one session; "following": it and the later scheduled sessions of its series. */
    scope: scopeField,
    studentIds: studentIdsField.optional(),
    /** Both together: the new local start and end in timeZone (the session's zone if absent). */
    startsAt: localDateTimeField("Start").optional(),
    endsAt: localDateTimeField("End").optional(),
    timeZone: timeZoneField.optional(),
    location: optionalLineField("Location", 200).optional(),
    onlineUrl: onlineUrlField.optional(),
    notes: longTextField("Notes for the family", 2000).optional(),
    confirmOutsideAvailability: z.boolean({ error: "Confirm outside availability must be true or false." }).optional(),
  })
  .superRefine(refineTimes)
  .refine((value) => (value.startsAt === undefined) === (value.endsAt === undefined), {
    path: ["endsAt"],
    message: "Give both start and end to move a session.",
  })
  .refine((value) => Object.keys(value).some((key) => !["scope", "confirmOutsideAvailability"].includes(key)), "Give at least one field to change.");
export type SessionUpdate = z.infer<typeof sessionUpdateSchema>;

export const sessionCancelSchema = z.strictObject({
  scope: scopeField,
  reason: longTextField("Reason", 500).optional(),
});
export type SessionCancel = z.infer<typeof sessionCancelSchema>;

export const cancellationRequestSchema = z.strictObject({
  reason: z
    .string({ error: "Reason is required." })
    .pipe(longTextField("Reason", 500))
    .refine((value) => value.length > 0, "Reason is required."),
});
export type CancellationRequest = z.infer<typeof cancellationRequestSchema>;

const instantField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .max(40, `${label} is too long.`)
    .refine(
      (value) => /^(19|20)\d{2}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value) && !Number.isNaN(Date.parse(value)),
      `${label} must be a date (YYYY-MM-DD, 1900–2099) or a date-time with a zone offset (ISO 8601).`,
    );

export const sessionListQuerySchema = z
  .object({
    /** From (inclusive) and to (exclusive): instants, or dates read as midnight UTC. */
    from: instantField("From"),
    to: instantField("To"),
    tutorMemberId: authIdField("Tutor").optional(),
    studentId: uuidField("Student").optional(),
    /** The viewer's zone for the local times in the answer; the workspace's if absent. */
    timeZone: timeZoneField.optional(),
    page: z.coerce
      .number({ error: "Page must be a number." })
      .int("Page must be a whole number.")
      .min(1, "Page must be 1 or more.")
      .max(10_000, "Page must be at most 10000.")
      .default(1),
    pageSize: z.coerce
      .number({ error: "Page size must be a number." })
      .int("Page size must be a whole number.")
      .min(1, "Page size must be 1 or more.")
      .max(500, "Page size must be at most 500.")
      .default(200),
  })
  .superRefine((value, ctx) => {
    const from = Date.parse(value.from);
    const to = Date.parse(value.to);
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (to <= from) ctx.addIssue({ code: "custom", path: ["to"], message: "To must be after from." });
    else if (to - from > SESSION_RANGE_MAX_DAYS * 24 * 60 * 60 * 1000)
      ctx.addIssue({ code: "custom", path: ["to"], message: `Ask for at most ${SESSION_RANGE_MAX_DAYS} days at a time.` });
  });
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

export const sessionViewQuerySchema = z.object({ timeZone: timeZoneField.optional() });

export const sessionSchema = z.object({
  id: z.string(),
  tutor: z.object({ memberId: z.string(), name: z.string() }),
  students: z.array(z.object({ id: z.string(), name: z.string() })),
  subject: z.string(),
  /** UTC instants (ISO 8601). */
  startsAt: z.string(),
  endsAt: z.string(),
  /** The zone the session was planned in. */
  timeZone: z.string(),
  /** The times in the viewer's zone, with the zone named. */
  local: z.object({ timeZone: z.string(), date: z.string(), startTime: z.string(), endTime: z.string() }),
  location: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  notes: z.string(),
  status: z.enum(SESSION_STATUSES),
  seriesId: z.string().nullable(),
  occurrenceDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** Who scheduled it, last changed it and cancelled it (their names; null when not known, or the account is gone). */
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
  cancelledBy: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionPageSchema = z.object({ items: z.array(sessionSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type SessionPage = z.infer<typeof sessionPageSchema>;

/** What a create or a series-wide change wrote: every session, in order. */
export const sessionBatchSchema = z.object({ items: z.array(sessionSchema), seriesId: z.string().nullable() });
export type SessionBatch = z.infer<typeof sessionBatchSchema>;

export const sessionSettingsSchema = z.object({
  lateCancellationHours: z.number().int(),
  reminderLeadHours: z.number().int(),
  summaryRequiresReview: z.boolean(),
  /** Null keeps recordings. */
  recordingRetentionDays: z.number().int().nullable(),
});
/** Change any of the policies; the others stay as they are. */
export const sessionSettingsUpdateSchema = z
  .strictObject({
    lateCancellationHours: z
      .number({ error: "Notice period must be a number of hours." })
      .int("Notice period must be a whole number of hours.")
      .min(0, "Notice period must not be negative.")
      .max(720, "Notice period must be at most 720 hours (30 days).")
      .optional(),
    reminderLeadHours: z
      .number({ error: "Reminder lead time must be a number of hours." })
      .int("Reminder lead time must be a whole number of hours.")
      .min(1, "Reminder lead time must be at least 1 hour.")
      .max(168, "Reminder lead time must be at most 168 hours (7 days).")
      .optional(),
    summaryRequiresReview: z.boolean({ error: "Summary review must be true or false." }).optional(),
    recordingRetentionDays: z
      .number({ error: "Recording retention must be a number of days, or null to keep recordings." })
      .int("Recording retention must be a whole number of days.")
      .min(1, "Recording retention must be at least 1 day.")
      .max(3650, "Recording retention must be at most 3650 days (10 years).")
      .nullable()
      .optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: "Give at least one policy to change." });
export type SessionSettingsUpdate = z.infer<typeof sessionSettingsUpdateSchema>;
export type SessionSettings = z.infer<typeof sessionSettingsSchema>;
