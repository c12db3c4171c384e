/**
 * Alerts on students, families' contests of a data point, the absences excused by an accepted
 * contest, each member's notification preferences, and the day each member's alert digest
 * was sent.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ALERT_KINDS, ALERT_STATUSES, ALERT_TOPICS, CONTEST_POINTS, CONTEST_STATUSES } from "../../shared/schemas/health-alerts.ts";
import { HEALTH_BANDS, type HealthEvidence } from "../../shared/schemas/student-health.ts";
import { member, user } from "./auth-schema.ts";
import { organizationIdColumn, workspaceIsolation } from "./columns.ts";
import { student, tutoringSession } from "./schema.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * One alert per student and kind while its condition holds (cleared_at null: the partial
 * unique index); when the condition clears, cleared_at is set, and an alert nobody dismissed
 * becomes resolved, saying so. A dismissed alert stays quiet until its condition clears: only
 * then can the same kind open again.
 */
export const healthAlert = pgTable(
  "health_alert",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    studentId: uuid("student_id").notNull(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    severity: text("severity", { enum: HEALTH_BANDS }).notNull(),
    /** Whether the student's guardians see it (a family-visible rule at a family band above on track, or billing). */
    familyVisible: boolean("family_visible").notNull(),
    title: text("title").notNull(),
    evidence: jsonb("evidence").$type<HealthEvidence[]>().notNull(),
    status: text("status", { enum: ALERT_STATUSES }).notNull().default("open"),
    actionNote: text("action_note"),
    actionOn: date("action_on"),
    dismissReason: text("dismiss_reason"),
    resolution: text("resolution"),
    changedByUserId: text("changed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    uniqueIndex("health_alert_one_standing_idx")
      .on(table.organizationId, table.studentId, table.kind)
      .where(sql`cleared_at is null`),
    // The inbox's live tab and the digest (newest first, as the list orders); the closed and all tabs read the whole history's.
    index("health_alert_live_idx")
      .on(table.organizationId, table.openedAt.desc(), table.id.desc())
      .where(sql`status in ('open', 'acknowledged', 'action_planned')`),
    index("health_alert_opened_idx").on(table.organizationId, table.openedAt.desc(), table.id.desc()),
    index("health_alert_student_idx").on(table.organizationId, table.studentId, table.openedAt.desc()),
    // A tutor's or a family's live alerts: their students' standing ones, not their whole history.
    index("health_alert_student_live_idx")
      .on(table.organizationId, table.studentId, table.openedAt.desc())
      .where(sql`status in ('open', 'acknowledged', 'action_planned')`),
    check("health_alert_kind_check", sql`kind in (${inList(ALERT_KINDS)})`),
    check("health_alert_severity_check", sql`severity in (${inList(HEALTH_BANDS)})`),
    check("health_alert_status_check", sql`status in (${inList(ALERT_STATUSES)})`),
    check("health_alert_planned_check", sql`status <> 'action_planned' or (action_note is not null and action_on is not null)`),
    check("health_alert_dismissed_check", sql`status <> 'dismissed' or dismiss_reason is not null`),
    check("health_alert_resolved_check", sql`status <> 'resolved' or cleared_at is not null`),
    workspaceIsolation("health_alert"),
  ],
).enableRLS();

/** A family's question about one data point of a session (an absence, a rating, a score), and the admin's answer. */
export const healthContest = pgTable(
  "health_contest",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    studentId: uuid("student_id").notNull(),
    sessionId: uuid("session_id").notNull(),
    point: text("point", { enum: CONTEST_POINTS }).notNull(),
    message: text("message").notNull(),
    raisedByUserId: text("raised_by_user_id").references(() => user.id, { onDelete: "set null" }),
    raisedAt: timestamp("raised_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: CONTEST_STATUSES }).notNull().default("open"),
    answer: text("answer"),
    answeredByUserId: text("answered_by_user_id").references(() => user.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [tutoringSession.organizationId, tutoringSession.id] }).onDelete("cascade"),
    index("health_contest_student_idx").on(table.organizationId, table.studentId, table.raisedAt.desc()),
    index("health_contest_open_idx")
      .on(table.organizationId, table.raisedAt)
      .where(sql`status = 'open'`),
    check("health_contest_point_check", sql`point in (${inList(CONTEST_POINTS)})`),
    check("health_contest_status_check", sql`status in (${inList(CONTEST_STATUSES)})`),
    check("health_contest_answer_check", sql`(status = 'open') = (answer is null)`),
    workspaceIsolation("health_contest"),
  ],
).enableRLS();

/**
 * An absence excused by an accepted contest: the attendance record keeps what happened (and
 * what billing charged), the health card counts the session as excused, not missed.
 */
export const healthExcusal = pgTable(
  "health_excusal",
  {
    organizationId: organizationIdColumn(),
    sessionId: uuid("session_id").notNull(),
    studentId: uuid("student_id").notNull(),
    contestId: uuid("contest_id").notNull(),
    excusedByUserId: text("excused_by_user_id").references(() => user.id, { onDelete: "set null" }),
    excusedAt: timestamp("excused_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.studentId, table.sessionId] }),
    foreignKey({ columns: [table.organizationId, table.contestId], foreignColumns: [healthContest.organizationId, healthContest.id] }).onDelete("cascade"),
    workspaceIsolation("health_excusal"),
  ],
).enableRLS();

/** A member's notification preferences; no row is the defaults (the digest on, every topic). */
export const notificationPreference = pgTable(
  "notification_preference",
  {
    organizationId: organizationIdColumn(),
    memberId: text("member_id").notNull(),
    alertDigest: boolean("alert_digest").notNull(),
    topics: text("topics", { enum: ALERT_TOPICS }).array().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.memberId] }),
    foreignKey({ columns: [table.organizationId, table.memberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    check("notification_preference_topics_check", sql`topics <@ array[${inList(ALERT_TOPICS)}]::text[]`),
    workspaceIsolation("notification_preference"),
  ],
).enableRLS();

/**
 * The day (in the workspace's zone) a member's alert digest was sent: claimed by inserting it,
 * so that two runs or two instances never send a member two digests in a day. `until` is the
 * moment the digest covered alerts up to: the next one starts there.
 */
export const alertDigest = pgTable(
  "alert_digest",
  {
    organizationId: organizationIdColumn(),
    memberId: text("member_id").notNull(),
    day: date("day").notNull(),
    until: timestamp("until", { withTimezone: true }).notNull(),
    alerts: integer("alerts").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.memberId, table.day] }),
    foreignKey({ columns: [table.organizationId, table.memberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    workspaceIsolation("alert_digest"),
  ],
).enableRLS();
