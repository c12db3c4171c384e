import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CANCELLATION_REQUEST_STATES } from "../../shared/schemas/cancellation-requests.ts";
import { ATTENDANCE_VALUES, HOMEWORK_COMPLETION_VALUES, SUMMARY_STATUSES } from "../../shared/schemas/session-reports.ts";
import type { SummaryReportFacts } from "../../shared/session-summary.ts";

import { member, user } from "./auth-schema.ts";

export * from "./auth-schema.ts";
export { appRole } from "./columns.ts";
import { minorUnits, organizationIdColumn, workspaceIsolation } from "./columns.ts";

/**
 * The audit log of each workspace: who did what, when, from where. Entries outside any
 * workspace are in `platform_audit_log`: a workspace table keeps its workspace in its primary
 * key, so that it can be distributed by workspace (docs/scaling.md).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    description: text("description").notNull(),
    ipAddress: text("ip_address"),
    /** The student record the entry is about, for the record's access log and the filters. */
    studentId: uuid("student_id"),
    metadata: jsonb("metadata"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index("audit_log_organization_created_idx").on(table.organizationId, table.createdAt),
    index("audit_log_organization_student_created_idx").on(table.organizationId, table.studentId, table.createdAt),
    index("audit_log_organization_user_created_idx").on(table.organizationId, table.userId, table.createdAt),
    index("audit_log_organization_action_created_idx").on(table.organizationId, table.action, table.createdAt),
    workspaceIsolation("audit_log"),
  ],
).enableRLS();

/**
 * The platform's audit entries, about no workspace (a devops account switching role outside
 * any): append-only as the workspaces' log (policies in the migration), never read inside a
 * workspace.
 */
export const platformAuditLog = pgTable("platform_audit_log", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  actorRole: text("actor_role"),
  action: text("action").notNull(),
  description: text("description").notNull(),
  ipAddress: text("ip_address"),
  metadata: jsonb("metadata"),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
}).enableRLS();

/** Mail kept for the development outbox page when no SMTP server is configured. */
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("dev_outbox_to_created_idx").on(table.toAddress, table.createdAt)],
);

/** Fixed-window rate-limit counters, shared by every app instance through the database. */
export const rateLimitBucket = pgTable("rate_limit_bucket", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * What visitors sent through the marketing site's forms (contact, affiliate application): a
 * platform table, not a workspace's (no organization_id, no row-level security). The sender
 * has no workspace; the owner connection writes it and devops accounts read it in the
 * platform inbox. `fields` holds the whole validated submission as sent.
 */
export const enquiry = pgTable(
  "enquiry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["contact", "affiliate"] }).notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    fields: jsonb("fields").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by").references(() => user.id, { onDelete: "set null" }),
  },
  (table) => [
    check("enquiry_kind_check", sql`${table.kind} in ('contact', 'affiliate')`),
    index("enquiry_created_idx").on(table.createdAt),
    index("enquiry_kind_created_idx").on(table.kind, table.createdAt),
  ],
);

/*
 * Business tables. Each carries organization_id first in its primary key and in every foreign
 * key between business tables (a layout that shards by workspace), and a row-level security
 * policy: the application reads and writes them inside withWorkspace (src/server/lib/tenant.ts),
 * as the non-owner role glassroom_app with the workspace set for that transaction only. Without
 * a workspace set, the role sees no row at all.
 */
/**
 * A family as billing sees it: the account that pays for one or more students, which one or
 * more guardians see and may pay (payer_account_member). Every student belongs to exactly one;
 * a student's own is made with the student, and admins merge and split families.
 */
export const payerAccount = pgTable(
  "payer_account",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index("payer_account_organization_name_idx").on(table.organizationId, table.name),
    workspaceIsolation("payer_account"),
  ],
).enableRLS();

export const STUDENT_STATUSES = ["active", "paused", "former"] as const;

/** A student of a workspace: a record, with an optional login (user_id). */
export const student = pgTable(
  "student",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    name: text("name").notNull(),
    preferredName: text("preferred_name"),
    grade: text("grade"),
    school: text("school"),
    subjects: text("subjects")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    goals: text("goals").notNull().default(""),
    notes: text("notes").notNull().default(""),
    status: text("status", { enum: STUDENT_STATUSES }).notNull().default("active"),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /**
     * The family account that pays for the student. Left out of an insert, a trigger (migration
     * 0019) makes the student an account of their own, named after them: NOT NULL is checked
     * after it runs.
     */
    payerAccountId: uuid("payer_account_id")
      .notNull()
      .default(sql`null`),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    /** Set when the personal data was erased on request; the anonymised row stays for history. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.payerAccountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    index("student_payer_account_idx").on(table.organizationId, table.payerAccountId),
    index("student_organization_status_name_idx").on(table.organizationId, table.status, table.name),
    index("student_organization_name_idx").on(table.organizationId, table.name),
    index("student_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    index("student_preferred_name_trgm_idx").using("gin", table.preferredName.op("gin_trgm_ops")),
    uniqueIndex("student_organization_user_idx")
      .on(table.organizationId, table.userId)
      .where(sql`user_id is not null`),
    check("student_status_check", sql`status in ('active', 'paused', 'former')`),
    workspaceIsolation("student"),
  ],
).enableRLS();

/** A parent member who is a guardian of a student (a student may have several). */
export const studentGuardian = pgTable(
  "student_guardian",
  {
    organizationId: organizationIdColumn(),
    studentId: uuid("student_id").notNull(),
    memberId: text("member_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.studentId, table.memberId] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.memberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    index("student_guardian_member_idx").on(table.organizationId, table.memberId),
    workspaceIsolation("student_guardian"),
  ],
).enableRLS();

export const TUTOR_STATUSES = ["active", "inactive"] as const;

/** What a tutor member teaches and is paid; one row per tutor member, made on first save. */
export const tutorProfile = pgTable(
  "tutor_profile",
  {
    organizationId: organizationIdColumn(),
    memberId: text("member_id").notNull(),
    subjects: text("subjects")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bio: text("bio").notNull().default(""),
    payRateMinor: minorUnits("pay_rate_minor"),
    chargeRateMinor: minorUnits("charge_rate_minor"),
    /** The zone the weekly availability is written in. */
    timeZone: text("time_zone").notNull(),
    status: text("status", { enum: TUTOR_STATUSES }).notNull().default("active"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.memberId] }),
    foreignKey({ columns: [table.organizationId, table.memberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    check("tutor_profile_status_check", sql`status in ('active', 'inactive')`),
    check("tutor_profile_rates_check", sql`coalesce(pay_rate_minor, 0) >= 0 and coalesce(charge_rate_minor, 0) >= 0`),
    workspaceIsolation("tutor_profile"),
  ],
).enableRLS();

/** One weekly slot a tutor is available: ISO weekday (1 Monday … 7 Sunday), local times. */
export const tutorAvailability = pgTable(
  "tutor_availability",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    memberId: text("member_id").notNull(),
    weekday: smallint("weekday").notNull(),
    startsAt: time("starts_at").notNull(),
    endsAt: time("ends_at").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.memberId], foreignColumns: [tutorProfile.organizationId, tutorProfile.memberId] }).onDelete("cascade"),
    index("tutor_availability_member_idx").on(table.organizationId, table.memberId, table.weekday),
    check("tutor_availability_weekday_check", sql`weekday between 1 and 7`),
    check("tutor_availability_order_check", sql`ends_at > starts_at`),
    workspaceIsolation("tutor_availability"),
  ],
).enableRLS();

/** A tutor teaching a student a subject, from a date, until an optional end. */
export const assignment = pgTable(
  "assignment",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    tutorMemberId: text("tutor_member_id").notNull(),
    studentId: uuid("student_id").notNull(),
    subject: text("subject").notNull(),
    /** Charge rate for this student; null means the tutor's default. */
    rateOverrideMinor: minorUnits("rate_override_minor"),
    /** Pay rate of the tutor for this student; null means the tutor's pay rate. */
    payRateOverrideMinor: minorUnits("pay_rate_override_minor"),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.tutorMemberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    index("assignment_tutor_idx").on(table.organizationId, table.tutorMemberId),
    index("assignment_student_idx").on(table.organizationId, table.studentId),
    // The amounts that hold the workspace currency, counted without reading every assignment.
    index("assignment_rate_idx")
      .on(table.organizationId)
      .where(sql`rate_override_minor is not null or pay_rate_override_minor is not null`),
    check("assignment_dates_check", sql`ends_on is null or ends_on >= starts_on`),
    check("assignment_rate_check", sql`coalesce(rate_override_minor, 0) >= 0`),
    check("assignment_pay_rate_check", sql`coalesce(pay_rate_override_minor, 0) >= 0`),
    workspaceIsolation("assignment"),
  ],
).enableRLS();

export const INVITATION_STATUSES = ["pending", "accepted", "revoked"] as const;

/**
 * An admin's invitation by email with a role (and, for parents and students, the student record
 * to link). Only a hash of the mailed token is stored. Expiry is expires_at; "expired" is not a
 * stored status.
 */
export const workspaceInvitation = pgTable(
  "workspace_invitation",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    studentId: uuid("student_id"),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: INVITATION_STATUSES }).notNull().default("pending"),
    invitedByUserId: text("invited_by_user_id").references(() => user.id, { onDelete: "set null" }),
    acceptedByUserId: text("accepted_by_user_id").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).defaultNow().notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    // The invitation link carries the token alone. Not unique: uniqueness across workspaces
    // cannot be enforced once the table is distributed by workspace (docs/scaling.md), and a
    // hash of 32 random bytes does not repeat.
    index("workspace_invitation_token_idx").on(table.tokenHash),
    uniqueIndex("workspace_invitation_pending_email_idx")
      .on(table.organizationId, sql`lower(${table.email})`)
      .where(sql`status = 'pending'`),
    index("workspace_invitation_organization_created_idx").on(table.organizationId, table.createdAt),
    // Sign-in of an account without an active membership asks whether an invitation awaits it.
    index("workspace_invitation_pending_email_lookup_idx")
      .on(sql`lower(${table.email})`)
      .where(sql`status = 'pending'`),
    check("workspace_invitation_role_check", sql`role in ('admin', 'tutor', 'parent', 'student')`),
    check("workspace_invitation_status_check", sql`status in ('pending', 'accepted', 'revoked')`),
    workspaceIsolation("workspace_invitation"),
  ],
).enableRLS();

/** Workspace policies that are business settings (the organization row is Better Auth's). */
export const workspacePolicy = pgTable(
  "workspace_policy",
  {
    organizationId: organizationIdColumn().primaryKey(),
    /** Cancelling a session less than this many hours before it starts is a late cancellation. */
    lateCancellationHours: integer("late_cancellation_hours").notNull().default(24),
    /** Reminder emails go out this many hours before a session starts. */
    reminderLeadHours: integer("reminder_lead_hours").notNull().default(24),
    /** Family summaries wait for an admin's approval before they are shared. */
    summaryRequiresReview: boolean("summary_requires_review").notNull().default(false),
    /** Recording files are deleted this many days after upload; null keeps them. */
    recordingRetentionDays: integer("recording_retention_days"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  () => [
    check("workspace_policy_late_cancellation_check", sql`late_cancellation_hours between 0 and 720`),
    check("workspace_policy_reminder_lead_check", sql`reminder_lead_hours between 1 and 168`),
    check("workspace_policy_recording_retention_check", sql`recording_retention_days is null or recording_retention_days between 1 and 3650`),
    workspaceIsolation("workspace_policy"),
  ],
).enableRLS();

export const SESSION_STATUSES = ["scheduled", "completed", "cancelled", "late_cancelled", "no_show"] as const;

/**
 * A weekly series: the RFC 5545 rule (FREQ=WEEKLY with UNTIL or COUNT) from a DTSTART written
 * as a local date-time in an IANA zone, so that occurrences keep their local time across
 * daylight-saving changes. Its sessions are rows of tutoring_session (expanded at creation).
 */
export const sessionSeries = pgTable(
  "session_series",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    tutorMemberId: text("tutor_member_id").notNull(),
    /** The RRULE line, e.g. FREQ=WEEKLY;UNTIL=20261215 or FREQ=WEEKLY;COUNT=10. */
    rule: text("rule").notNull(),
    /** DTSTART as a local date-time (YYYY-MM-DDTHH:MM) in time_zone. */
    dtstartLocal: text("dtstart_local").notNull(),
    timeZone: text("time_zone").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    untilDate: date("until_date"),
    count: integer("count"),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.tutorMemberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    check("session_series_end_check", sql`(until_date is null) <> (count is null)`),
    check("session_series_duration_check", sql`duration_minutes > 0`),
    workspaceIsolation("session_series"),
  ],
).enableRLS();

/** A tutoring session (a tutor's "job"): stored in UTC, planned in time_zone. */
export const tutoringSession = pgTable(
  "tutoring_session",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    tutorMemberId: text("tutor_member_id").notNull(),
    subject: text("subject").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    location: text("location"),
    onlineUrl: text("online_url"),
    /** Notes for the family (shown to guardians and students). */
    notes: text("notes").notNull().default(""),
    status: text("status", { enum: SESSION_STATUSES }).notNull().default("scheduled"),
    seriesId: uuid("series_id"),
    /** The series occurrence's original local date, when part of a series. */
    occurrenceDate: date("occurrence_date"),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    cancelledByUserId: text("cancelled_by_user_id").references(() => user.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancellationReason: text("cancellation_reason"),
    /**
     * When the reminder for the current start time went out (claimed by one job run, so two
     * app instances never both send it); cleared when the session moves.
     */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.tutorMemberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.seriesId], foreignColumns: [sessionSeries.organizationId, sessionSeries.id] }),
    index("tutoring_session_tutor_starts_idx").on(table.organizationId, table.tutorMemberId, table.startsAt),
    index("tutoring_session_starts_idx").on(table.organizationId, table.startsAt),
    index("tutoring_session_series_idx").on(table.organizationId, table.seriesId, table.occurrenceDate),
    // Sessions over but still "scheduled" are the ones without a report (filing one completes
    // the session): the missing-report lists read only those, however long the history.
    index("tutoring_session_unreported_idx")
      .on(table.organizationId, table.endsAt)
      .where(sql`status = 'scheduled'`),
    // A tutor's own: without it a tutor with few missing reports reads the workspace's.
    index("tutoring_session_tutor_unreported_idx")
      .on(table.organizationId, table.tutorMemberId, table.endsAt)
      .where(sql`status = 'scheduled'`),
    // The reminder job's scan across workspaces: scheduled sessions whose reminder is due.
    index("tutoring_session_reminder_due_idx")
      .on(table.startsAt)
      .where(sql`status = 'scheduled' and reminder_sent_at is null`),
    check("tutoring_session_order_check", sql`ends_at > starts_at`),
    // The calendar queries bound starts_at from below by (window start − 12 hours): the
    // longest session (SESSION_MAX_MINUTES) must hold in the database too, or a longer one
    // would drop out of a calendar.
    check("tutoring_session_length_check", sql`ends_at - starts_at <= interval '12 hours'`),
    check("tutoring_session_status_check", sql`status in ('scheduled', 'completed', 'cancelled', 'late_cancelled', 'no_show')`),
    check("tutoring_session_series_check", sql`(series_id is null) = (occurrence_date is null)`),
    workspaceIsolation("tutoring_session"),
  ],
).enableRLS();

/** Which students attend a session (1:1 or a small group). */
export const sessionStudent = pgTable(
  "session_student",
  {
    organizationId: organizationIdColumn(),
    sessionId: uuid("session_id").notNull(),
    studentId: uuid("student_id").notNull(),
    /**
     * The session's start, copied by triggers (migration 0039: set on insert, followed when the
     * session moves), so that one student's sessions of a date range are one index range
     * (session_student_student_starts_idx) instead of every session the student ever had. The
     * default only stands in until the insert trigger writes the real value.
     */
    startsAt: timestamp("starts_at", { withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.sessionId, table.studentId] }),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [tutoringSession.organizationId, tutoringSession.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    index("session_student_student_idx").on(table.organizationId, table.studentId, table.sessionId),
    index("session_student_student_starts_idx").on(table.organizationId, table.studentId, table.startsAt),
    workspaceIsolation("session_student"),
  ],
).enableRLS();

/**
 * A member's private iCalendar feed: only the SHA-256 of its token is kept (the URL is shown
 * once, when made). One per membership; regenerating replaces the hash, so the old URL stops
 * working. The public feed looks the hash up before any workspace is known (decision 10).
 */
export const calendarFeed = pgTable(
  "calendar_feed",
  {
    organizationId: organizationIdColumn(),
    memberId: text("member_id").notNull(),
    /** Hex SHA-256 of the URL's token. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.memberId] }),
    foreignKey({ columns: [table.organizationId, table.memberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    // The feed's address carries the token alone; not unique, as workspace_invitation's token.
    index("calendar_feed_token_hash_idx").on(table.tokenHash),
    workspaceIsolation("calendar_feed"),
  ],
).enableRLS();

/** The tutor's report on a session: what was covered for everyone, and private notes. */
export const sessionReport = pgTable(
  "session_report",
  {
    organizationId: organizationIdColumn(),
    sessionId: uuid("session_id").notNull(),
    topics: text("topics").notNull(),
    homeworkSet: text("homework_set").notNull().default(""),
    /** Never shown to families. */
    privateNotes: text("private_notes").notNull().default(""),
    filedByUserId: text("filed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    filedAt: timestamp("filed_at", { withTimezone: true }).defaultNow().notNull(),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.sessionId] }),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [tutoringSession.organizationId, tutoringSession.id] }).onDelete("cascade"),
    workspaceIsolation("session_report"),
  ],
).enableRLS();

/**
 * Each student's part of a report. Kept per student so that in a group session a family
 * sees only its own child's attendance, ratings and score.
 */
export const sessionReportStudent = pgTable(
  "session_report_student",
  {
    organizationId: organizationIdColumn(),
    sessionId: uuid("session_id").notNull(),
    studentId: uuid("student_id").notNull(),
    attendance: text("attendance", { enum: ATTENDANCE_VALUES }).notNull(),
    previousHomework: text("previous_homework", { enum: HOMEWORK_COMPLETION_VALUES }).notNull(),
    /** 1–5; null when the student was absent. */
    understanding: smallint("understanding"),
    engagement: smallint("engagement"),
    scorePercent: smallint("score_percent"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.sessionId, table.studentId] }),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [sessionReport.organizationId, sessionReport.sessionId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      columns: [table.organizationId, table.sessionId, table.studentId],
      foreignColumns: [sessionStudent.organizationId, sessionStudent.sessionId, sessionStudent.studentId],
    }).onDelete("cascade"),
    check("session_report_student_attendance_check", sql`attendance in ('present', 'late', 'absent')`),
    check("session_report_student_homework_check", sql`previous_homework in ('completed', 'partly', 'not_done', 'none_set')`),
    check("session_report_student_understanding_check", sql`understanding is null or understanding between 1 and 5`),
    check("session_report_student_engagement_check", sql`engagement is null or engagement between 1 and 5`),
    check("session_report_student_score_check", sql`score_percent is null or score_percent between 0 and 100`),
    workspaceIsolation("session_report_student"),
  ],
).enableRLS();

/** The family summary of a session for one student: drafted from the report, edited, shared. */
export const sessionSummary = pgTable(
  "session_summary",
  {
    organizationId: organizationIdColumn(),
    sessionId: uuid("session_id").notNull(),
    studentId: uuid("student_id").notNull(),
    body: text("body").notNull(),
    /**
     * The report's facts about the student that the words were drafted from (or last redrafted
     * from): when a correction changes them, an edited summary names what changed. Null for a
     * summary older than this column: the facts before its next correction are taken instead.
     */
    reportFacts: jsonb("report_facts").$type<SummaryReportFacts>(),
    /** Whether someone changed the words away from the draft: a correction of the report then keeps them (existing rows: true, unknown). */
    edited: boolean("edited").notNull().default(false),
    status: text("status", { enum: SUMMARY_STATUSES }).notNull().default("draft"),
    updatedByUserId: text("updated_by_user_id").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    reviewedByUserId: text("reviewed_by_user_id").references(() => user.id, { onDelete: "set null" }),
    sharedByUserId: text("shared_by_user_id").references(() => user.id, { onDelete: "set null" }),
    sharedAt: timestamp("shared_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.sessionId, table.studentId] }),
    foreignKey({
      columns: [table.organizationId, table.sessionId, table.studentId],
      foreignColumns: [sessionReportStudent.organizationId, sessionReportStudent.sessionId, sessionReportStudent.studentId],
    }).onDelete("cascade"),
    // A family's list of shared summaries, newest first.
    index("session_summary_student_shared_idx")
      .on(table.organizationId, table.studentId, table.sharedAt)
      .where(sql`status = 'shared'`),
    index("session_summary_awaiting_idx")
      .on(table.organizationId, table.submittedAt)
      .where(sql`status = 'awaiting_review'`),
    check("session_summary_status_check", sql`status in ('draft', 'awaiting_review', 'shared')`),
    check("session_summary_shared_check", sql`(status = 'shared') = (shared_at is not null)`),
    workspaceIsolation("session_summary"),
  ],
).enableRLS();

export const RECORDING_KINDS = ["file", "link"] as const;

/**
 * A session's recording: an uploaded audio or video file kept by the storage backend under
 * storage_key, or a link to one kept elsewhere.
 */
export const sessionRecording = pgTable(
  "session_recording",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    sessionId: uuid("session_id").notNull(),
    kind: text("kind", { enum: RECORDING_KINDS }).notNull(),
    title: text("title").notNull(),
    url: text("url"),
    storageKey: text("storage_key"),
    contentType: text("content_type"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    uploadedByUserId: text("uploaded_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [tutoringSession.organizationId, tutoringSession.id] }).onDelete("cascade"),
    index("session_recording_session_idx").on(table.organizationId, table.sessionId),
    // The retention job's scan across workspaces.
    index("session_recording_file_created_idx")
      .on(table.createdAt)
      .where(sql`kind = 'file'`),
    check("session_recording_kind_check", sql`kind in ('file', 'link')`),
    check(
      "session_recording_shape_check",
      sql`(kind = 'file' and storage_key is not null and url is null) or (kind = 'link' and url is not null and storage_key is null)`,
    ),
    workspaceIsolation("session_recording"),
  ],
).enableRLS();

/**
 * A parent's or student's request to cancel a session: requested, then accepted (the session
 * is cancelled under the late-cancellation policy), declined with a reason, or closed (the
 * session was cancelled otherwise). One open request per requester per session.
 */
export const cancellationRequest = pgTable(
  "cancellation_request",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    sessionId: uuid("session_id").notNull(),
    requestedByUserId: text("requested_by_user_id").references(() => user.id, { onDelete: "set null" }),
    /** The requester's relationship to the session when they asked. */
    requesterRole: text("requester_role", { enum: ["parent", "student"] }).notNull(),
    reason: text("reason").notNull(),
    state: text("state", { enum: CANCELLATION_REQUEST_STATES }).notNull().default("requested"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    decidedByUserId: text("decided_by_user_id").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [tutoringSession.organizationId, tutoringSession.id] }).onDelete("cascade"),
    index("cancellation_request_session_idx").on(table.organizationId, table.sessionId, table.createdAt),
    // The dashboards' open requests, oldest first, however long the history.
    index("cancellation_request_open_idx")
      .on(table.organizationId, table.createdAt)
      .where(sql`state = 'requested'`),
    uniqueIndex("cancellation_request_one_open_idx")
      .on(table.organizationId, table.sessionId, table.requestedByUserId)
      .where(sql`state = 'requested'`),
    check("cancellation_request_state_check", sql`state in ('requested', 'accepted', 'declined', 'closed')`),
    check("cancellation_request_role_check", sql`requester_role in ('parent', 'student')`),
    check("cancellation_request_decided_check", sql`(state = 'requested') = (decided_at is null)`),
    check("cancellation_request_decline_reason_check", sql`(state = 'declined') = (decline_reason is not null)`),
    workspaceIsolation("cancellation_request"),
  ],
).enableRLS();
