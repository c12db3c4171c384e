/**
 * Student health: the published versions of the workspace's risk rules (insert-only for the
 * application role: a version, once published, is what cards cite), each student's current
 * card, a snapshot per student per day for the trend, and the students whose card waits to be
 * recomputed because its inputs changed.
 */
import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { HealthRulesPreview } from "../../shared/schemas/student-health-preview.ts";
import {
  HEALTH_BANDS,
  HEALTH_RULE_KEYS,
  type HealthFigures,
  type HealthReason,
  type HealthRuleKey,
  type HealthRules,
} from "../../shared/schemas/student-health.ts";
import { user } from "./auth-schema.ts";
import { organizationIdColumn, workspaceIsolation } from "./columns.ts";
import { student } from "./schema.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
const bandCheck = (table: string, column: string) => check(`${table}_${column}_check`, sql`${sql.raw(column)} in (${inList(HEALTH_BANDS)})`);

/** One published version of the workspace's rules; version 1 is the defaults, written on first use. */
export const healthRuleVersion = pgTable(
  "health_rule_version",
  {
    organizationId: organizationIdColumn(),
    version: integer("version").notNull(),
    rules: jsonb("rules").$type<HealthRules>().notNull(),
    /** What changed from the version before, in words, for the history families read. */
    changes: text("changes").notNull(),
    publishedByUserId: text("published_by_user_id").references(() => user.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.version] }),
    check("health_rule_version_positive_check", sql`version > 0`),
    workspaceIsolation("health_rule_version"),
  ],
).enableRLS();

/** A student's card as last computed: the figures, the reasons with their evidence, the score and its band. */
export const studentHealth = pgTable(
  "student_health",
  {
    organizationId: organizationIdColumn(),
    studentId: uuid("student_id").notNull(),
    ruleVersion: integer("rule_version").notNull(),
    score: integer("score").notNull(),
    band: text("band", { enum: HEALTH_BANDS }).notNull(),
    pointsTotal: integer("points_total").notNull(),
    familyScore: integer("family_score").notNull(),
    familyBand: text("family_band", { enum: HEALTH_BANDS }).notNull(),
    /** The reason with the most points, for lists ("Missed 3 of 16 sessions…"); null when none fired. */
    topReason: text("top_reason"),
    figures: jsonb("figures").$type<HealthFigures>().notNull(),
    reasons: jsonb("reasons").$type<HealthReason[]>().notNull(),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
    /**
     * The latest daily snapshot at least a week old when the card was computed (every card is
     * recomputed at least nightly): the lists' trend, stored so that ordering by the week's
     * change reads an index instead of every card's history. Null without such a snapshot.
     */
    weekOldDay: date("week_old_day"),
    weekOldScore: integer("week_old_score"),
    weekOldFamilyScore: integer("week_old_family_score"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.studentId] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.ruleVersion], foreignColumns: [healthRuleVersion.organizationId, healthRuleVersion.version] }),
    index("student_health_score_idx").on(table.organizationId, table.score.desc(), table.studentId),
    // A band's page by risk, and its total.
    index("student_health_band_score_idx").on(table.organizationId, table.band, table.score.desc().nullsLast(), table.studentId),
    // The order by the week's change, either way, those without a week-old snapshot last.
    index("student_health_change_desc_idx").on(table.organizationId, sql`(score - week_old_score) desc nulls last`, table.studentId),
    index("student_health_change_asc_idx").on(table.organizationId, sql`(score - week_old_score) asc nulls last`, table.studentId),
    // A rule's page by risk, and its total: one small index per rule, of the cards it fires on.
    // (A GIN index on reasons would not be used: inside the workspace, row-level security keeps
    // the non-leakproof @> from being an index condition; a partial index's condition is proved
    // at planning instead.)
    ...HEALTH_RULE_KEYS.map((rule) =>
      index(`student_health_rule_${rule.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}_idx`)
        .on(table.organizationId, table.score.desc(), table.studentId)
        .where(cardFiresRule(rule)),
    ),
    check("student_health_score_check", sql`score between 0 and 100 and family_score between 0 and score`),
    bandCheck("student_health", "band"),
    bandCheck("student_health", "family_band"),
    workspaceIsolation("student_health"),
  ],
).enableRLS();

/**
 * Whether a card's reasons hold one of this rule: the health list's rule filter, written as the
 * rule's partial index is (a constant, never a parameter), so that the planner proves the
 * index's condition from the query's. The rule is one of HEALTH_RULE_KEYS, never free text.
 */
export function cardFiresRule(rule: HealthRuleKey) {
  if (!HEALTH_RULE_KEYS.includes(rule)) throw new Error(`Unknown health rule ${rule}`);
  return sql.raw(`reasons @> '[{"rule":"${rule}"}]'::jsonb`);
}

/** A student's score on a day (the last computation of that day, in the workspace's zone): the trend. */
export const studentHealthDay = pgTable(
  "student_health_day",
  {
    organizationId: organizationIdColumn(),
    studentId: uuid("student_id").notNull(),
    day: date("day").notNull(),
    score: integer("score").notNull(),
    band: text("band", { enum: HEALTH_BANDS }).notNull(),
    familyScore: integer("family_score").notNull(),
    familyBand: text("family_band", { enum: HEALTH_BANDS }).notNull(),
    ruleVersion: integer("rule_version").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.studentId, table.day] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    check("student_health_day_score_check", sql`score between 0 and 100`),
    bandCheck("student_health_day", "band"),
    bandCheck("student_health_day", "family_band"),
    workspaceIsolation("student_health_day"),
  ],
).enableRLS();

/**
 * Students whose card waits to be recomputed: written in the transaction that changed an input
 * (a report filed, a session marked), claimed and removed by the recompute job.
 */
export const studentHealthDue = pgTable(
  "student_health_due",
  {
    organizationId: organizationIdColumn(),
    studentId: uuid("student_id").notNull(),
    dueSince: timestamp("due_since", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.studentId] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    index("student_health_due_since_idx").on(table.dueSince),
    // The due job's claim (a workspace's oldest marks first): an index scan, not a sort of
    // every due row per batch of 100 (bench/health-recompute.ts).
    index("student_health_due_claim_idx").on(table.organizationId, table.dueSince, table.studentId),
    workspaceIsolation("student_health_due"),
  ],
).enableRLS();

/**
 * A preview of proposed rules (who would change band), run by a job because it scores every
 * active student: queued by the admin's request, then done with its result or failed with its
 * reason. Previews are working copies, not history: those older than a day are deleted when
 * the next is asked for.
 */
export const healthRulesPreview = pgTable(
  "health_rules_preview",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").notNull(),
    rules: jsonb("rules").$type<HealthRules>().notNull(),
    status: text("status", { enum: ["queued", "done", "failed"] }).notNull(),
    result: jsonb("result").$type<HealthRulesPreview>(),
    error: text("error"),
    requestedByUserId: text("requested_by_user_id").references(() => user.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index("health_rules_preview_requested_idx").on(table.organizationId, table.requestedAt),
    check("health_rules_preview_status_check", sql`status in ('queued', 'done', 'failed')`),
    check("health_rules_preview_result_check", sql`(status = 'done') = (result is not null)`),
    workspaceIsolation("health_rules_preview"),
  ],
).enableRLS();
