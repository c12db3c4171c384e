/**
 * The CRM: the workspace's pipeline stages, its leads (enquiries not yet students), each lead's
 * timeline, the staff's tasks, and the CRM settings. A lead that never converts is deleted on
 * its purge date with its timeline and tasks; the audit log keeps that it was, not who.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  CONSENT_BASES,
  DEFAULT_LEAD_PURGE_MONTHS,
  DEFAULT_LOST_REASONS,
  LEAD_ACTIVITY_KINDS,
  LEAD_SOURCES,
  OWNER_ASSIGNMENTS,
  STAGE_OUTCOMES,
  TASK_KINDS,
  TASK_STATUSES,
} from "../../shared/schemas/crm.ts";
import { TRIAL_RECOMMENDATIONS } from "../../shared/schemas/crm-trials.ts";
import { member, user } from "./auth-schema.ts";
import { organizationIdColumn, workspaceIsolation } from "./columns.ts";
import { payerAccount, student, tutoringSession } from "./schema.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
const oneOf = (table: string, column: string, values: readonly string[]) => check(`${table}_${column}_check`, sql`${sql.raw(column)} in (${inList(values)})`);

/** A lead's phone number without its spaces, dashes and brackets: the index and the duplicate check must say it alike. */
export const PHONE_DIGITS = sql`regexp_replace(phone, '[^0-9]', '', 'g')`;

/** A stage of the workspace's pipeline; exactly one stage stands for won and one for lost. */
export const crmStage = pgTable(
  "crm_stage",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    outcome: text("outcome", { enum: STAGE_OUTCOMES }).notNull(),
    /** A stage taken out of the pipeline keeps its leads' history; no lead stands in it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex("crm_stage_name_idx")
      .on(table.organizationId, sql`lower(${table.name})`)
      .where(sql`archived_at is null`),
    uniqueIndex("crm_stage_outcome_idx")
      .on(table.organizationId, table.outcome)
      .where(sql`outcome <> 'open' and archived_at is null`),
    oneOf("crm_stage", "outcome", STAGE_OUTCOMES),
    check("crm_stage_name_check", sql`length(name) between 1 and 60`),
    workspaceIsolation("crm_stage"),
  ],
).enableRLS();

/** Someone who enquired: the family's contact, what they need, where they came from and how far along they are. */
export const lead = pgTable(
  "lead",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    guardianName: text("guardian_name"),
    studentName: text("student_name"),
    /** Stored lower-cased: duplicates are matched on it. */
    email: text("email"),
    phone: text("phone"),
    subjects: text("subjects")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    level: text("level"),
    preferredTimes: text("preferred_times"),
    source: text("source", { enum: LEAD_SOURCES }).notNull(),
    /** utm_source, utm_medium, utm_campaign, utm_term, utm_content as the page's address carried them. */
    utm: jsonb("utm").$type<Partial<Record<"source" | "medium" | "campaign" | "term" | "content", string>>>(),
    ownerMemberId: text("owner_member_id"),
    stageId: uuid("stage_id").notNull(),
    stageEnteredAt: timestamp("stage_entered_at", { withTimezone: true }).notNull(),
    lostReason: text("lost_reason"),
    notes: text("notes").notNull().default(""),
    consentBasis: text("consent_basis", { enum: CONSENT_BASES }).notNull(),
    /** The day the purge job deletes the lead unless it has converted. */
    purgeOn: date("purge_on").notNull(),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
    payerAccountId: uuid("payer_account_id"),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.stageId], foreignColumns: [crmStage.organizationId, crmStage.id] }),
    foreignKey({ columns: [table.organizationId, table.ownerMemberId], foreignColumns: [member.organizationId, member.id] }),
    foreignKey({ columns: [table.organizationId, table.payerAccountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    // The board: a stage's leads, longest in it first; and a tutor's own board.
    index("lead_stage_idx").on(table.organizationId, table.stageId, table.stageEnteredAt, table.id),
    index("lead_owner_stage_idx").on(table.organizationId, table.ownerMemberId, table.stageId, table.stageEnteredAt, table.id),
    index("lead_created_idx").on(table.organizationId, table.createdAt.desc(), table.id),
    index("lead_email_idx")
      .on(table.organizationId, table.email)
      .where(sql`email is not null`),
    // Duplicates are matched on the phone's digits alone (PHONE_DIGITS).
    index("lead_phone_idx")
      .on(table.organizationId, PHONE_DIGITS)
      .where(sql`phone is not null`),
    index("lead_purge_idx")
      .on(table.organizationId, table.purgeOn)
      .where(sql`converted_at is null`),
    oneOf("lead", "source", LEAD_SOURCES),
    oneOf("lead", "consent_basis", CONSENT_BASES),
    check("lead_name_check", sql`coalesce(guardian_name, student_name) is not null`),
    check("lead_contact_check", sql`coalesce(email, phone) is not null`),
    check("lead_email_lower_check", sql`email = lower(email)`),
    workspaceIsolation("lead"),
  ],
).enableRLS();

/** A lead's timeline: calls, mails, notes, stage changes, tasks and trials, each with who and when. Insert-only. */
export const leadActivity = pgTable(
  "lead_activity",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    leadId: uuid("lead_id").notNull(),
    kind: text("kind", { enum: LEAD_ACTIVITY_KINDS }).notNull(),
    /** What happened, in words ("Moved from Contacted to Consultation"). */
    summary: text("summary").notNull(),
    /** What the staff member wrote (a call's notes, a note). */
    body: text("body"),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.leadId], foreignColumns: [lead.organizationId, lead.id] }).onDelete("cascade"),
    index("lead_activity_lead_idx").on(table.organizationId, table.leadId, table.occurredAt.desc()),
    oneOf("lead_activity", "kind", LEAD_ACTIVITY_KINDS),
    workspaceIsolation("lead_activity"),
  ],
).enableRLS();

/** A staff member's task, about a lead or on its own; reminded by mail on its due day. */
export const crmTask = pgTable(
  "crm_task",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    title: text("title").notNull(),
    kind: text("kind", { enum: TASK_KINDS }).notNull().default("manual"),
    dueOn: date("due_on").notNull(),
    assigneeMemberId: text("assignee_member_id").notNull(),
    leadId: uuid("lead_id"),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("open"),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The day its reminder went out in the assignee's digest: claimed once. */
    remindedOn: date("reminded_on"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.leadId], foreignColumns: [lead.organizationId, lead.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.assigneeMemberId], foreignColumns: [member.organizationId, member.id] }),
    // "My tasks": a member's open tasks, the most overdue first.
    index("crm_task_assignee_idx")
      .on(table.organizationId, table.assigneeMemberId, table.dueOn)
      .where(sql`status = 'open'`),
    // The open tasks of the whole workspace (the admins' list), the most overdue first.
    index("crm_task_open_due_idx")
      .on(table.organizationId, table.dueOn, table.id)
      .where(sql`status = 'open'`),
    index("crm_task_lead_idx").on(table.organizationId, table.leadId),
    // The reminder job's scan: open tasks due by a day, not yet reminded.
    index("crm_task_due_idx")
      .on(table.organizationId, table.dueOn)
      .where(sql`status = 'open' and reminded_on is null`),
    oneOf("crm_task", "kind", TASK_KINDS),
    oneOf("crm_task", "status", TASK_STATUSES),
    check("crm_task_title_check", sql`length(title) between 1 and 200`),
    check("crm_task_closed_check", sql`(status = 'open') = (closed_at is null)`),
    workspaceIsolation("crm_task"),
  ],
).enableRLS();

/** The workspace's CRM settings; no row is the defaults. */
export const crmSettings = pgTable(
  "crm_settings",
  {
    organizationId: organizationIdColumn().primaryKey(),
    purgeMonths: integer("purge_months").notNull().default(DEFAULT_LEAD_PURGE_MONTHS),
    ownerAssignment: text("owner_assignment", { enum: OWNER_ASSIGNMENTS }).notNull().default("default_owner"),
    defaultOwnerMemberId: text("default_owner_member_id"),
    lostReasons: text("lost_reasons")
      .array()
      .notNull()
      .default(sql.raw(`'{${DEFAULT_LOST_REASONS.map((reason) => `"${reason}"`).join(",")}}'::text[]`)),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({ columns: [table.organizationId, table.defaultOwnerMemberId], foreignColumns: [member.organizationId, member.id] }),
    oneOf("crm_settings", "owner_assignment", OWNER_ASSIGNMENTS),
    check("crm_settings_purge_months_check", sql`purge_months between 1 and 60`),
    workspaceIsolation("crm_settings"),
  ],
).enableRLS();

/**
 * A trial lesson booked for a lead: a session on the tutor's calendar without students (the
 * lead is not a person of the workspace yet), and the tutor's feedback after it. Filing the
 * feedback makes the follow-up tasks, once (follow_ups_at).
 */
export const leadTrial = pgTable(
  "lead_trial",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    leadId: uuid("lead_id").notNull(),
    sessionId: uuid("session_id").notNull(),
    tutorMemberId: text("tutor_member_id").notNull(),
    attended: boolean("attended"),
    feedbackNotes: text("feedback_notes"),
    recommendation: text("recommendation", { enum: TRIAL_RECOMMENDATIONS }),
    feedbackByUserId: text("feedback_by_user_id").references(() => user.id, { onDelete: "set null" }),
    feedbackAt: timestamp("feedback_at", { withTimezone: true }),
    /** When the follow-up tasks were made: set once, so that they are never made twice. */
    followUpsAt: timestamp("follow_ups_at", { withTimezone: true }),
    createdByUserId: text("created_by_user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.leadId], foreignColumns: [lead.organizationId, lead.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [tutoringSession.organizationId, tutoringSession.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.tutorMemberId], foreignColumns: [member.organizationId, member.id] }),
    uniqueIndex("lead_trial_session_idx").on(table.organizationId, table.sessionId),
    index("lead_trial_lead_idx").on(table.organizationId, table.leadId, table.createdAt),
    oneOf("lead_trial", "recommendation", TRIAL_RECOMMENDATIONS),
    check("lead_trial_feedback_check", sql`(feedback_at is null) = (attended is null) and (feedback_at is null) = (recommendation is null)`),
    workspaceIsolation("lead_trial"),
  ],
).enableRLS();

/**
 * The students a converted lead became: the student's record shows the lead's timeline as its
 * history from before enrolment, and converting again answers these instead of making more.
 */
export const leadStudent = pgTable(
  "lead_student",
  {
    organizationId: organizationIdColumn(),
    leadId: uuid("lead_id").notNull(),
    studentId: uuid("student_id").notNull(),
    position: integer("position").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.leadId, table.studentId] }),
    foreignKey({ columns: [table.organizationId, table.leadId], foreignColumns: [lead.organizationId, lead.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }).onDelete("cascade"),
    index("lead_student_student_idx").on(table.organizationId, table.studentId),
    workspaceIsolation("lead_student"),
  ],
).enableRLS();
