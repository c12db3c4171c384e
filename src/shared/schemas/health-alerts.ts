/**
 * Alerts on students: a health rule that fired while the student is at "watch" or "act", and
 * the billing and operational conditions that use the same mechanism (hours running low, an
 * invoice overdue two weeks, a report missing two days after a session). One alert per
 * student and kind while its condition holds; it resolves itself when the condition clears.
 * Also the families' contests of a data point, and each member's notification preferences.
 */
import { z } from "zod";
import { HEALTH_BANDS, HEALTH_RULE_KEYS, healthEvidenceSchema } from "./student-health.ts";

/** The kinds that are not health rules: billing's and the operational one. */
export const OTHER_ALERT_KINDS = ["hoursLow", "invoiceOverdue", "reportMissing"] as const;
export const ALERT_KINDS = [...HEALTH_RULE_KEYS, ...OTHER_ALERT_KINDS] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What an alert is about, for filters and for each person's digest preferences. */
export const ALERT_TOPICS = ["learning", "billing", "reports"] as const;
export type AlertTopic = (typeof ALERT_TOPICS)[number];
export function topicOf(kind: AlertKind): AlertTopic {
  if (kind === "hoursLow" || kind === "invoiceOverdue") return "billing";
  if (kind === "reportMissing") return "reports";
  return "learning";
}

export const ALERT_STATUSES = ["open", "acknowledged", "action_planned", "resolved", "dismissed"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** The statuses of an alert someone still has to look at or follow. */
export const LIVE_ALERT_STATUSES = ["open", "acknowledged", "action_planned"] as const satisfies readonly AlertStatus[];

export const alertSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  kind: z.enum(ALERT_KINDS),
  topic: z.enum(ALERT_TOPICS),
  /** The band it was raised at, or the one it stands at now while open. */
  severity: z.enum(HEALTH_BANDS),
  title: z.string(),
  evidence: z.array(healthEvidenceSchema),
  familyVisible: z.boolean(),
  status: z.enum(ALERT_STATUSES),
  actionNote: z.string().nullable(),
  actionOn: z.string().nullable(),
  dismissReason: z.string().nullable(),
  /** How it ended by itself, in words ("Resolved by itself on 3 Dec: …"). */
  resolution: z.string().nullable(),
  openedAt: z.string(),
  updatedAt: z.string(),
  /** Who last acknowledged, planned or dismissed it. */
  changedByName: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({
  items: z.array(alertSchema),
  total: z.number().int(),
  /** Whether `total` is only a lower bound: past 1,000 alerts the list stops counting (the screen says "more than"). */
  totalIsAtLeast: z.boolean(),
  /** Live alerts (open, acknowledged, action planned) whatever the filter: the inbox's badge. */
  live: z.number().int(),
  /** Whether `live` is only a lower bound, as `totalIsAtLeast`. */
  liveIsAtLeast: z.boolean(),
});
export type AlertList = z.infer<typeof alertListSchema>;

/** The list's filter: live alerts by default, else those closed, or all. */
export const ALERT_LIST_STATES = ["live", "closed", "all"] as const;
export const alertListQuerySchema = z.object({
  state: z.enum(ALERT_LIST_STATES, { error: `state must be one of ${ALERT_LIST_STATES.join(", ")}.` }).default("live"),
  topic: z.enum(ALERT_TOPICS, { error: `topic must be one of ${ALERT_TOPICS.join(", ")}.` }).optional(),
  studentId: z.string().optional(),
  page: z.coerce.number({ error: "page must be a number." }).int().min(1, { error: "page starts at 1." }).max(10_000).default(1),
  pageSize: z.coerce.number({ error: "pageSize must be a number." }).int().min(1).max(100, { error: "pageSize is at most 100." }).default(25),
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

const note = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .min(1, { error: `${what} is required.` })
    .max(max, { error: `${what} is at most ${max} characters.` });

/** What a staff member does with an alert. */
export const alertUpdateSchema = z.discriminatedUnion(
  "status",
  [
    z.strictObject({ status: z.literal("acknowledged") }),
    z.strictObject({
      status: z.literal("action_planned"),
      note: note("The planned action", 1_000),
      on: z.iso.date({ error: "The date must be a date (YYYY-MM-DD)." }),
    }),
    z.strictObject({ status: z.literal("dismissed"), reason: note("The reason for dismissing", 500) }),
  ],
  { error: "status must be acknowledged, action_planned or dismissed." },
);
export type AlertUpdate = z.infer<typeof alertUpdateSchema>;

/** The data points a family may question. */
export const CONTEST_POINTS = ["attendance", "engagement", "understanding", "homework", "score"] as const;
export type ContestPoint = (typeof CONTEST_POINTS)[number];
export const CONTEST_STATUSES = ["open", "accepted", "answered"] as const;

export const contestCreateSchema = z.strictObject({
  sessionId: z.string({ error: "Choose the session." }).min(1, { error: "Choose the session." }),
  point: z.enum(CONTEST_POINTS, { error: `point must be one of ${CONTEST_POINTS.join(", ")}.` }),
  message: note("Your message", 2_000),
});
export type ContestCreate = z.infer<typeof contestCreateSchema>;

/**
 * The admin's answer. Accepting corrects the point: an absence is excused (it no longer counts
 * as a miss; the attendance record keeps what happened), a rating, homework or score is
 * corrected in the session's report through the report's own audited correction.
 */
export const contestAnswerSchema = z.discriminatedUnion(
  "outcome",
  [
    z.strictObject({
      outcome: z.literal("accepted"),
      answer: note("The answer", 2_000),
      correction: z
        .discriminatedUnion("point", [
          z.strictObject({ point: z.literal("attendance"), excuse: z.literal(true) }),
          z.strictObject({ point: z.literal("engagement"), value: z.number().int().min(1).max(5) }),
          z.strictObject({ point: z.literal("understanding"), value: z.number().int().min(1).max(5) }),
          z.strictObject({ point: z.literal("homework"), value: z.enum(["completed", "partly", "not_done", "none_set"]) }),
          z.strictObject({ point: z.literal("score"), value: z.number().int().min(0).max(100) }),
        ])
        .optional(),
    }),
    z.strictObject({ outcome: z.literal("answered"), answer: note("The answer", 2_000) }),
  ],
  { error: "outcome must be accepted or answered." },
);
export type ContestAnswer = z.infer<typeof contestAnswerSchema>;

export const contestSchema = z.object({
  id: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  sessionId: z.string(),
  sessionStartsAt: z.string(),
  sessionSubject: z.string(),
  point: z.enum(CONTEST_POINTS),
  message: z.string(),
  raisedByName: z.string().nullable(),
  raisedAt: z.string(),
  status: z.enum(CONTEST_STATUSES),
  answer: z.string().nullable(),
  answeredByName: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type Contest = z.infer<typeof contestSchema>;
export const contestListSchema = z.object({ items: z.array(contestSchema) });
export type ContestList = z.infer<typeof contestListSchema>;

/** A member's notification preferences: the daily alert digest by mail, and its topics. */
export const notificationPreferencesSchema = z.strictObject({
  alertDigest: z.boolean({ error: "alertDigest must be true or false." }),
  topics: z
    .array(z.enum(ALERT_TOPICS, { error: `Each topic must be one of ${ALERT_TOPICS.join(", ")}.` }))
    .max(ALERT_TOPICS.length)
    .refine((topics) => new Set(topics).size === topics.length, { error: "A topic is listed twice." }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = { alertDigest: true, topics: [...ALERT_TOPICS] };
