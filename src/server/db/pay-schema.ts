/**
 * Tutor pay: what each tutor earned (tutor_earning, append-only: the application role may
 * only read and insert it), the workspace's pay settings, and pay runs with their lines.
 * A confirmed run and its lines never change but for the run being marked paid (a trigger
 * in migration 0023 refuses it for every role). Amounts are minor units of the workspace
 * currency (columns.ts, minorUnits).
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ADJUSTMENT_CATEGORIES, EARNING_BASES, EARNING_KINDS, PAY_PERIOD_KINDS, PAY_RUN_STATUSES } from "../../shared/pay-states.ts";
import { member, user } from "./auth-schema.ts";
import { minorUnits, organizationIdColumn, workspaceIsolation } from "./columns.ts";
import { cancellationPolicyVersion } from "./billing-schema.ts";
import { tutoringSession } from "./schema.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
const userRef = (name: string) => text(name).references(() => user.id, { onDelete: "set null" });

/** The workspace's pay settings (one row once saved; defaults in core/settings/pay.ts). */
export const paySettings = pgTable(
  "pay_settings",
  {
    organizationId: organizationIdColumn().primaryKey(),
    periodKind: text("period_kind", { enum: PAY_PERIOD_KINDS }).notNull().default("monthly"),
    /** The first day of one weekly or fortnightly period: the others follow every 7 or 14 days. */
    periodAnchorOn: date("period_anchor_on").notNull().default("2026-01-05"),
    /** Pay a session only once its students' charges are on paid invoices (hours from packages count as paid). */
    payOnlyWhenInvoicePaid: boolean("pay_only_when_invoice_paid").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  () => [check("pay_settings_period_kind_check", sql`period_kind in (${inList(PAY_PERIOD_KINDS)})`), workspaceIsolation("pay_settings")],
).enableRLS();

/**
 * What a tutor earned: a session (its minutes at the share of its basis, at the pay rate
 * snapshotted when it was marked), the reversal of one when the session is re-marked (the
 * exact opposite, once), or an adjustment with its reason. One cause key per cause makes each
 * write idempotent: session:<id>:g<generation>:<state>, reversal:<earning id>, adjustment:<key>.
 */
export const tutorEarning = pgTable(
  "tutor_earning",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    tutorMemberId: text("tutor_member_id").notNull(),
    kind: text("kind", { enum: EARNING_KINDS }).notNull(),
    /** The day it counts for: the session's date in the workspace's zone, or the adjustment's date. */
    earnedOn: date("earned_on").notNull(),
    sessionId: uuid("session_id"),
    basis: text("basis", { enum: EARNING_BASES }),
    category: text("category", { enum: ADJUSTMENT_CATEGORIES }),
    /** The session's length in minutes, and the minutes paid (its length at the share). */
    sessionMinutes: integer("session_minutes"),
    minutes: integer("minutes"),
    /** The hourly pay rate snapshotted when it was earned. */
    rateMinor: minorUnits("rate_minor"),
    shareBps: integer("share_bps"),
    policyVersionId: uuid("policy_version_id"),
    amountMinor: minorUnits("amount_minor").notNull(),
    description: text("description").notNull(),
    /** An adjustment's reason; a reversal's cause. */
    reason: text("reason").notNull().default(""),
    reversesEarningId: uuid("reverses_earning_id"),
    causeKey: text("cause_key").notNull(),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.tutorMemberId], foreignColumns: [member.organizationId, member.id] }),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [tutoringSession.organizationId, tutoringSession.id] }),
    foreignKey({
      columns: [table.organizationId, table.policyVersionId],
      foreignColumns: [cancellationPolicyVersion.organizationId, cancellationPolicyVersion.id],
    }),
    foreignKey({ columns: [table.organizationId, table.reversesEarningId], foreignColumns: [table.organizationId, table.id] }),
    uniqueIndex("tutor_earning_cause_idx").on(table.organizationId, table.causeKey),
    uniqueIndex("tutor_earning_reverses_idx")
      .on(table.organizationId, table.reversesEarningId)
      .where(sql`reverses_earning_id is not null`),
    index("tutor_earning_tutor_idx").on(table.organizationId, table.tutorMemberId, table.earnedOn),
    index("tutor_earning_session_idx")
      .on(table.organizationId, table.sessionId)
      .where(sql`session_id is not null`),
    check("tutor_earning_kind_check", sql`kind in (${inList(EARNING_KINDS)})`),
    check("tutor_earning_reversal_check", sql`(kind = 'reversal') = (reverses_earning_id is not null)`),
    check("tutor_earning_session_check", sql`(kind = 'adjustment') = (session_id is null) and (kind = 'adjustment') = (category is not null)`),
    check("tutor_earning_adjustment_check", sql`kind <> 'adjustment' or (amount_minor <> 0 and reason <> '')`),
    check("tutor_earning_share_check", sql`share_bps is null or share_bps between 0 and 10000`),
    workspaceIsolation("tutor_earning"),
  ],
).enableRLS();

/**
 * A pay run of the workspace for one period: every tutor's payable earnings up to its end not
 * yet in a confirmed run. At most one draft at a time (drafting again replaces it); once
 * confirmed it is locked, and it is then marked paid with a date and a reference.
 */
export const payRun = pgTable(
  "pay_run",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    periodFrom: date("period_from").notNull(),
    periodTo: date("period_to").notNull(),
    status: text("status", { enum: PAY_RUN_STATUSES }).notNull().default("draft"),
    totalMinor: minorUnits("total_minor").notNull().default(0),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    confirmedByUserId: userRef("confirmed_by_user_id"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    paidOn: date("paid_on"),
    paidReference: text("paid_reference"),
    paidByUserId: userRef("paid_by_user_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    uniqueIndex("pay_run_one_draft_idx")
      .on(table.organizationId)
      .where(sql`status = 'draft'`),
    uniqueIndex("pay_run_period_idx")
      .on(table.organizationId, table.periodFrom)
      .where(sql`status <> 'draft'`),
    index("pay_run_period_to_idx").on(table.organizationId, table.periodTo),
    check("pay_run_status_check", sql`status in (${inList(PAY_RUN_STATUSES)})`),
    check("pay_run_period_check", sql`period_to >= period_from`),
    check("pay_run_confirmed_check", sql`(status = 'draft') = (confirmed_at is null)`),
    check("pay_run_paid_check", sql`(status = 'paid') = (paid_at is not null and paid_on is not null and paid_reference is not null)`),
    workspaceIsolation("pay_run"),
  ],
).enableRLS();

/**
 * One earning in a pay run. in_confirmed_run is set as the run is confirmed: an earning sits in
 * at most one confirmed run (a unique index), while drafts may hold it and be rebuilt.
 */
export const payRunLine = pgTable(
  "pay_run_line",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    payRunId: uuid("pay_run_id").notNull(),
    earningId: uuid("earning_id").notNull(),
    tutorMemberId: text("tutor_member_id").notNull(),
    amountMinor: minorUnits("amount_minor").notNull(),
    inConfirmedRun: boolean("in_confirmed_run").notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.payRunId], foreignColumns: [payRun.organizationId, payRun.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.earningId], foreignColumns: [tutorEarning.organizationId, tutorEarning.id] }),
    uniqueIndex("pay_run_line_earning_idx").on(table.organizationId, table.payRunId, table.earningId),
    uniqueIndex("pay_run_line_confirmed_idx")
      .on(table.organizationId, table.earningId)
      .where(sql`in_confirmed_run`),
    index("pay_run_line_run_idx").on(table.organizationId, table.payRunId, table.tutorMemberId),
    workspaceIsolation("pay_run_line"),
  ],
).enableRLS();
