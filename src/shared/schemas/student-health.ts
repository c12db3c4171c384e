/**
 * Student health: the rules that score a student's risk, as an admin tunes and publishes them
 * and a family reads them. Each rule has its thresholds, its points, whether it is on and
 * whether families see it. The defaults follow the early-warning research: chronic absence is
 * missing 10% or more of what was scheduled.
 */
import { z } from "zod";
import { authIdField, pageOf, pageQuerySchema, searchQueryField } from "./fields.ts";
import { personRefSchema } from "./students.ts";

export const HEALTH_BANDS = ["on_track", "watch", "act"] as const;
export type HealthBand = (typeof HEALTH_BANDS)[number];

const points = (what: string) =>
  z
    .number({ error: `${what} must be a number of points.` })
    .int({ error: `${what} must be a whole number of points.` })
    .min(0, { error: `${what} cannot be below 0.` })
    .max(100, { error: `${what} cannot be above 100.` });
const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what} must be a number.` })
    .int({ error: `${what} must be a whole number.` })
    .min(min, { error: `${what} must be at least ${min}.` })
    .max(max, { error: `${what} must be at most ${max}.` });

/** What every rule has: on or off, and whether guardians see it on their child's card. */
const ruleBase = { enabled: z.boolean(), familyVisible: z.boolean() };

export const healthRulesSchema = z
  .strictObject({
    /** The trailing window every rule reads, in weeks. */
    windowWeeks: whole("The window", 2, 26),
    /** Scores from here are "watch", and from `actFrom` "act". */
    watchFrom: whole("The watch band's start", 1, 100),
    actFrom: whole("The act band's start", 1, 100),
    rules: z.strictObject({
      /** Missed sessions as a share of those held (excused cancellations apart). */
      missedShare: z.strictObject({
        ...ruleBase,
        percent: whole("The missed share", 1, 100),
        points: points("Its points"),
        highPercent: whole("The higher missed share", 1, 100),
        highPoints: points("The higher share's points"),
      }),
      /** Sessions missed one after another. */
      consecutiveMisses: z.strictObject({ ...ruleBase, count: whole("The misses in a row", 2, 10), points: points("Its points") }),
      /** Minutes received against the minutes planned (the scheduled sessions). */
      dosage: z.strictObject({ ...ruleBase, percent: whole("The share of the plan", 1, 100), points: points("Its points") }),
      /** Engagement at or below a rating in enough of the latest reports. */
      lowEngagement: z.strictObject({
        ...ruleBase,
        atMost: whole("The engagement rating", 1, 5),
        count: whole("The low reports", 1, 10),
        ofLast: whole("The reports read", 1, 10),
        points: points("Its points"),
      }),
      /** Understanding down by at least `drop` from the first to the last of the latest reports. */
      understandingFalling: z.strictObject({
        ...ruleBase,
        drop: whole("The drop", 1, 4),
        overReports: whole("The reports read", 2, 10),
        points: points("Its points"),
      }),
      /** No session attended for this many days. */
      noRecentSession: z.strictObject({ ...ruleBase, days: whole("The days", 1, 120), points: points("Its points") }),
      /** Homework not done in at least this share of the latest reports that set some. */
      homeworkNotDone: z.strictObject({
        ...ruleBase,
        percent: whole("The share not done", 1, 100),
        ofLast: whole("The reports read", 1, 20),
        points: points("Its points"),
      }),
    }),
  })
  .superRefine((value, context) => {
    if (value.actFrom <= value.watchFrom) context.addIssue({ code: "custom", path: ["actFrom"], message: "The act band must start above the watch band." });
    const missed = value.rules.missedShare;
    if (missed.highPercent <= missed.percent)
      context.addIssue({ code: "custom", path: ["rules", "missedShare", "highPercent"], message: "The higher missed share must be above the first." });
    const engagement = value.rules.lowEngagement;
    if (engagement.count > engagement.ofLast)
      context.addIssue({ code: "custom", path: ["rules", "lowEngagement", "count"], message: "The low reports cannot be more than the reports read." });
  });
export type HealthRules = z.infer<typeof healthRulesSchema>;
export type HealthRuleKey = keyof HealthRules["rules"];
export const HEALTH_RULE_KEYS = [
  "missedShare",
  "consecutiveMisses",
  "dosage",
  "lowEngagement",
  "understandingFalling",
  "noRecentSession",
  "homeworkNotDone",
] as const satisfies readonly HealthRuleKey[];

/** The rules every workspace starts with; all of them family-visible. */
export const DEFAULT_HEALTH_RULES: HealthRules = {
  windowWeeks: 8,
  watchFrom: 20,
  actFrom: 40,
  rules: {
    missedShare: { enabled: true, familyVisible: true, percent: 10, points: 20, highPercent: 20, highPoints: 35 },
    consecutiveMisses: { enabled: true, familyVisible: true, count: 2, points: 15 },
    dosage: { enabled: true, familyVisible: true, percent: 80, points: 15 },
    lowEngagement: { enabled: true, familyVisible: true, atMost: 2, count: 2, ofLast: 3, points: 10 },
    understandingFalling: { enabled: true, familyVisible: true, drop: 1, overReports: 4, points: 10 },
    noRecentSession: { enabled: true, familyVisible: true, days: 21, points: 15 },
    homeworkNotDone: { enabled: true, familyVisible: true, percent: 50, ofLast: 6, points: 10 },
  },
};

/** One piece of evidence behind a rule: a session (and, where it has one, its report for the student). */
export const healthEvidenceSchema = z.object({
  sessionId: z.string(),
  startsAt: z.string(),
  /** What this session shows for the rule, in words: "missed (no-show)", "engagement 2 of 5". */
  note: z.string(),
});
export type HealthEvidence = z.infer<typeof healthEvidenceSchema>;

/** A rule that fired: its points, its reason in words, and the sessions behind it. */
export const healthReasonSchema = z.object({
  rule: z.enum(HEALTH_RULE_KEYS),
  points: z.number().int(),
  reason: z.string(),
  familyVisible: z.boolean(),
  evidence: z.array(healthEvidenceSchema),
});
export type HealthReason = z.infer<typeof healthReasonSchema>;

/**
 * Billing beside the card (never in the score): package hours left now (null when the student
 * was never on a package), the pace they are used at over the window, when they run out at
 * that pace, and the family's invoices overdue long enough to be an alert.
 */
export const healthBillingSchema = z.object({
  minutesLeft: z.number().int().nullable(),
  lowBalanceMinutes: z.number().int(),
  minutesPerWeek: z.number().int(),
  runOutOn: z.string().nullable(),
  overdueInvoices: z.array(
    z.object({ invoiceId: z.string(), number: z.string(), dueOn: z.string(), daysOverdue: z.number().int(), outstandingMinor: z.number().int() }),
  ),
});
export type HealthBillingFacts = z.infer<typeof healthBillingSchema>;

/** The card's figures over the window. */
export const healthFiguresSchema = z.object({
  windowFrom: z.string(),
  windowWeeks: z.number().int(),
  held: z.number().int(),
  attended: z.number().int(),
  missed: z.number().int(),
  excused: z.number().int(),
  noShows: z.number().int(),
  lateCancellations: z.number().int(),
  absences: z.number().int(),
  /** Attended ÷ held (excused apart), in whole percent; null with nothing held. */
  attendancePercent: z.number().int().nullable(),
  /** Misses one after another up to the latest session held. */
  missesInARow: z.number().int(),
  plannedMinutes: z.number().int(),
  receivedMinutes: z.number().int(),
  dosagePercent: z.number().int().nullable(),
  /** The window's ratings and scores, oldest first. */
  engagement: z.array(z.number().int()),
  understanding: z.array(z.number().int()),
  scores: z.array(z.number().int()),
  homework: z.object({ set: z.number().int(), completed: z.number().int(), partly: z.number().int(), notDone: z.number().int() }),
  daysSinceLastSession: z.number().int().nullable(),
  /** Absent from cards computed before billing facts were kept, and from a tutor's view. */
  billing: healthBillingSchema.optional(),
});
export type HealthFigures = z.infer<typeof healthFiguresSchema>;

/** A published version of the rules, as admins read it. */
export const healthRulesVersionSchema = z.object({
  version: z.number().int(),
  rules: healthRulesSchema,
  /** What changed from the version before, one sentence each. */
  changes: z.array(z.string()),
  publishedAt: z.string(),
  /** Null for the defaults every workspace starts with. */
  publishedByName: z.string().nullable(),
});
export type HealthRulesVersion = z.infer<typeof healthRulesVersionSchema>;
export const healthRulesHistorySchema = z.object({ items: z.array(healthRulesVersionSchema) });
export type HealthRulesHistory = z.infer<typeof healthRulesHistorySchema>;

/** Publishing: the rules, and the version they were edited from (another admin's publication since is a conflict). */
export const healthRulesPublishSchema = z.strictObject({
  baseVersion: z.number({ error: "The version edited from must be a number." }).int().positive(),
  rules: healthRulesSchema,
});
export type HealthRulesPublish = z.infer<typeof healthRulesPublishSchema>;

/** The rules in force as families read them: the family-visible rules in words, and their history. */
export const familyHealthRulesSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  windowWeeks: z.number().int(),
  watchFrom: z.number().int(),
  actFrom: z.number().int(),
  rules: z.array(z.object({ rule: z.enum(HEALTH_RULE_KEYS), label: z.string(), description: z.string() })),
  history: z.array(z.object({ version: z.number().int(), publishedAt: z.string(), changes: z.array(z.string()) })),
});
export type FamilyHealthRules = z.infer<typeof familyHealthRulesSchema>;

/** A day of the score's trend. */
export const healthTrendPointSchema = z.object({ day: z.string(), score: z.number().int(), band: z.enum(HEALTH_BANDS) });

/**
 * A student's card as staff or the family read it. Families get the score of the rules they
 * see and only those reasons; staff get every reason. Not scored yet: the figures are null
 * until the first computation (tonight's at the latest).
 */
export const healthCardSchema = z.object({
  studentId: z.string(),
  studentName: z.string(),
  scored: z.boolean(),
  computedAt: z.string().nullable(),
  ruleVersion: z.number().int().nullable(),
  score: z.number().int(),
  band: z.enum(HEALTH_BANDS),
  /** What the points add up to before the score stops at 100. */
  pointsTotal: z.number().int(),
  reasons: z.array(healthReasonSchema),
  figures: healthFiguresSchema.nullable(),
  /** The workspace's currency, for the billing figures. */
  currency: z.string(),
  /** The last weeks' scores, a point per day computed, oldest first. */
  trend: z.array(healthTrendPointSchema),
});
export type HealthCardView = z.infer<typeof healthCardSchema>;

/** The student's own simplified card: how they are doing, without the risk wording. */
export const ownHealthSchema = z.object({
  scored: z.boolean(),
  computedAt: z.string().nullable(),
  figures: healthFiguresSchema
    .pick({
      windowWeeks: true,
      held: true,
      attended: true,
      attendancePercent: true,
      homework: true,
      understanding: true,
      scores: true,
      daysSinceLastSession: true,
    })
    .nullable(),
});
export type OwnHealth = z.infer<typeof ownHealthSchema>;

/** How a health list is ordered: by risk (the default), by name, or by the change over the last week. */
export const HEALTH_LIST_SORTS = ["score", "name", "change"] as const;
export type HealthListSort = (typeof HEALTH_LIST_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** A list's trend compares the card with the latest daily snapshot at least this many days old. */
export const HEALTH_TREND_COMPARE_DAYS = 7;

/** A tutor's caseload: the same filters as the workspace's list, without the tutor. */
export const caseloadQuerySchema = pageQuerySchema.extend({
  q: searchQueryField,
  band: z.enum(HEALTH_BANDS, { error: "Band must be on_track, watch or act." }).optional(),
  rule: z.enum(HEALTH_RULE_KEYS, { error: `Rule must be one of ${HEALTH_RULE_KEYS.join(", ")}.` }).optional(),
  sort: z.enum(HEALTH_LIST_SORTS, { error: "Sort must be score, name or change." }).default("score"),
  /** Without it: the highest score, the name from A, the largest rise first. */
  direction: z.enum(SORT_DIRECTIONS, { error: "Direction must be asc or desc." }).optional(),
});
export type CaseloadQuery = z.infer<typeof caseloadQuerySchema>;
/** The workspace's list: the caseload's filters and a tutor (their member id): only the students assigned to them. */
export const healthListQuerySchema = caseloadQuerySchema.extend({ tutorId: authIdField("Tutor").optional() });
export type HealthListQuery = z.infer<typeof healthListQuerySchema>;

export const HEALTH_TREND_DIRECTIONS = ["up", "down", "flat"] as const;
export type HealthTrendDirection = (typeof HEALTH_TREND_DIRECTIONS)[number];
/** The score now against the latest snapshot at least a week old ("up 12 since 20 Nov"); up is more risk. */
export const healthListTrendSchema = z.object({
  since: z.string(),
  score: z.number().int(),
  change: z.number().int(),
  direction: z.enum(HEALTH_TREND_DIRECTIONS),
});
export type HealthListTrend = z.infer<typeof healthListTrendSchema>;

/** A student in a health list, from their stored card; the card fields are null until it is first computed. */
export const healthListItemSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  score: z.number().int().nullable(),
  band: z.enum(HEALTH_BANDS).nullable(),
  /** The reason with the most points; null when none fires or the card is not computed yet. */
  topReason: z.string().nullable(),
  ruleVersion: z.number().int().nullable(),
  computedAt: z.string().nullable(),
  /** The tutors with a current assignment. */
  tutors: z.array(personRefSchema),
  /** Null without a snapshot a week old. */
  trend: healthListTrendSchema.nullable(),
});
export type HealthListItem = z.infer<typeof healthListItemSchema>;
export const healthListPageSchema = pageOf(healthListItemSchema).extend({
  /** Whether `total` is only a lower bound: a filtered list is counted up to a limit ("more than 1000 students"). */
  totalIsAtLeast: z.boolean(),
});
export type HealthListPage = z.infer<typeof healthListPageSchema>;

/** A child in their family's health summary: the family's score and band, and the top reason families may read. */
export const familyHealthItemSchema = healthListItemSchema.omit({ tutors: true });
export type FamilyHealthItem = z.infer<typeof familyHealthItemSchema>;
export const familyHealthListSchema = z.object({ items: z.array(familyHealthItemSchema) });
export type FamilyHealthList = z.infer<typeof familyHealthListSchema>;
