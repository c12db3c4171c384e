/**
 * Billing: payer accounts' money and hours. Amounts are minor units of the workspace currency
 * (columns.ts, minorUnits); shares and tax rates are basis points.
 *
 * Append-only tables (the application role may only read and insert them; migration 0019
 * revokes the rest, and a test proves PostgreSQL refuses): ledger_entry, hour_grant,
 * hour_movement, allocation, payment, payment_refund, credit_note, credit_note_line,
 * cancellation_policy_version, dispute_message. Invoices are documents: a draft changes freely,
 * an issued invoice changes only its cached paid amount and, once, its void state.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  AUTOPAY_CHARGE_STATES,
  BILLING_NOTICE_KINDS,
  CHECKOUT_KINDS,
  CHECKOUT_STATES,
  DISPUTE_STATES,
  HOUR_MOVEMENT_KINDS,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  LEDGER_KINDS,
  PACKAGE_SCOPES,
  PAYMENT_METHODS,
  PURCHASE_STATUSES,
} from "../../shared/billing-states.ts";
import { member, user } from "./auth-schema.ts";
import { minorUnits, organizationIdColumn, workspaceIsolation } from "./columns.ts";
import { payerAccount, student, tutoringSession } from "./schema.ts";
import { resource, resourceVersion } from "./resources-schema.ts";

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
const createdAt = () => timestamp("created_at", { withTimezone: true }).defaultNow().notNull();
const userRef = (name: string) => text(name).references(() => user.id, { onDelete: "set null" });

/** A parent member who sees and may pay an account (a payer); guardians of its students by default. */
export const payerAccountMember = pgTable(
  "payer_account_member",
  {
    organizationId: organizationIdColumn(),
    accountId: uuid("account_id").notNull(),
    memberId: text("member_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.accountId, table.memberId] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }).onDelete("cascade"),
    foreignKey({ columns: [table.organizationId, table.memberId], foreignColumns: [member.organizationId, member.id] }).onDelete("cascade"),
    index("payer_account_member_member_idx").on(table.organizationId, table.memberId),
    workspaceIsolation("payer_account_member"),
  ],
).enableRLS();

/**
 * The workspace's billing settings (one row once saved; defaults in core/settings/billing.ts).
 * The cancellation shares here and the notice hours of the session settings together make the
 * cancellation policy, versioned in cancellation_policy_version whenever either changes.
 */
export const billingSettings = pgTable(
  "billing_settings",
  {
    organizationId: organizationIdColumn().primaryKey(),
    /** Whether prices (rates, packages, fees) include tax. */
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
    /** The tax rate of session lines and, unless they name their own, of packages and fees. */
    defaultTaxRateId: uuid("default_tax_rate_id"),
    /** e.g. INV-{YYYY}-{NNNN}: {YYYY} the year of issue, {NNNN} the number padded to the N's. */
    invoiceNumberFormat: text("invoice_number_format").notNull().default("INV-{YYYY}-{NNNN}"),
    creditNoteNumberFormat: text("credit_note_number_format").notNull().default("CN-{YYYY}-{NNNN}"),
    paymentTermsDays: integer("payment_terms_days").notNull().default(14),
    /** Days after the due date on which an unpaid invoice is reminded. */
    overdueReminderDays: integer("overdue_reminder_days")
      .array()
      .notNull()
      .default(sql`'{7,14,30}'::integer[]`),
    /** A family is told once when a child's hours fall below this. */
    lowBalanceMinutes: integer("low_balance_minutes").notNull().default(120),
    /** A family is told this many days before package hours expire. */
    expiryWarningDays: integer("expiry_warning_days").notNull().default(14),
    /** Package hours count from the invoice's issue, before payment. */
    allowCredit: boolean("allow_credit").notNull().default(false),
    lateCancellationShareBps: integer("late_cancellation_share_bps").notNull().default(10_000),
    noShowShareBps: integer("no_show_share_bps").notNull().default(10_000),
    /** Printed on invoices and statements. */
    businessAddress: text("business_address").notNull().default(""),
    paymentInstructions: text("payment_instructions").notNull().default(""),
    /** Days after an invoice's issue before autopay charges it: the family's time to question a line. */
    autopayDisputeWindowDays: integer("autopay_dispute_window_days").notNull().default(3),
    /** The library's document that states the cancellation policy: each policy version cites its then current version. */
    cancellationPolicyResourceId: uuid("cancellation_policy_resource_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    foreignKey({ columns: [table.organizationId, table.cancellationPolicyResourceId], foreignColumns: [resource.organizationId, resource.id] }),
    check("billing_settings_terms_check", sql`payment_terms_days between 0 and 365`),
    check("billing_settings_low_balance_check", sql`low_balance_minutes between 0 and 6000`),
    check("billing_settings_expiry_warning_check", sql`expiry_warning_days between 0 and 365`),
    check("billing_settings_autopay_window_check", sql`autopay_dispute_window_days between 0 and 30`),
    check("billing_settings_shares_check", sql`late_cancellation_share_bps between 0 and 10000 and no_show_share_bps between 0 and 10000`),
    workspaceIsolation("billing_settings"),
  ],
).enableRLS();

/**
 * A workspace's own Stripe keys, each encrypted with a key derived from AUTH_SECRET
 * (lib/secret-box.ts, bound to the workspace): a database copy alone reveals neither. Without a
 * row the install's keys (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) apply, if set.
 */
export const stripeKeys = pgTable(
  "stripe_keys",
  {
    organizationId: organizationIdColumn().primaryKey(),
    secretKeyCiphertext: text("secret_key_ciphertext").notNull(),
    webhookSecretCiphertext: text("webhook_secret_ciphertext").notNull(),
    /** What screens show of the secret key: its kind and last four characters ("sk_test_…4242"). */
    secretKeyHint: text("secret_key_hint").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
    updatedByUserId: userRef("updated_by_user_id"),
  },
  () => [workspaceIsolation("stripe_keys")],
).enableRLS();

/** A named tax rate (VAT 20 %, Zero rated 0 %). Archived rates stay on the invoices that used them. */
export const taxRate = pgTable(
  "tax_rate",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    name: text("name").notNull(),
    rateBps: integer("rate_bps").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    check("tax_rate_bps_check", sql`rate_bps between 0 and 10000`),
    workspaceIsolation("tax_rate"),
  ],
).enableRLS();

/**
 * The cancellation policy as it stood from effective_from: notice hours (session settings)
 * and the shares charged for a late cancellation and a no-show (billing settings). The version
 * in force when a session is cancelled or marked prices it, and its lines cite it.
 */
export const cancellationPolicyVersion = pgTable(
  "cancellation_policy_version",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    version: integer("version").notNull(),
    noticeHours: integer("notice_hours").notNull(),
    lateCancellationShareBps: integer("late_cancellation_share_bps").notNull(),
    noShowShareBps: integer("no_show_share_bps").notNull(),
    effectiveFrom: timestamp("effective_from", { withTimezone: true }).notNull(),
    createdByUserId: userRef("created_by_user_id"),
    /** The policy's document in the library (resource and version) when this version began, if one was named. */
    documentResourceId: uuid("document_resource_id"),
    documentVersion: integer("document_version"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({
      columns: [table.organizationId, table.documentResourceId, table.documentVersion],
      foreignColumns: [resourceVersion.organizationId, resourceVersion.resourceId, resourceVersion.version],
    }),
    check("cancellation_policy_version_document_check", sql`(document_resource_id is null) = (document_version is null)`),
    uniqueIndex("cancellation_policy_version_number_idx").on(table.organizationId, table.version),
    check("cancellation_policy_version_shares_check", sql`late_cancellation_share_bps between 0 and 10000 and no_show_share_bps between 0 and 10000`),
    workspaceIsolation("cancellation_policy_version"),
  ],
).enableRLS();

/** A package of the catalogue: hours for a price, valid for some days, for one student or a family. */
export const packageProduct = pgTable(
  "package_product",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    minutes: integer("minutes").notNull(),
    priceMinor: minorUnits("price_minor").notNull(),
    validDays: integer("valid_days").notNull(),
    scope: text("scope", { enum: PACKAGE_SCOPES }).notNull(),
    taxRateId: uuid("tax_rate_id"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.taxRateId], foreignColumns: [taxRate.organizationId, taxRate.id] }),
    check("package_product_minutes_check", sql`minutes between 15 and 60000`),
    check("package_product_price_check", sql`price_minor >= 0`),
    check("package_product_valid_days_check", sql`valid_days between 1 and 3650`),
    check("package_product_scope_check", sql`scope in (${inList(PACKAGE_SCOPES)})`),
    workspaceIsolation("package_product"),
  ],
).enableRLS();

/**
 * The documents of billing. A draft has no number; issuing takes the next number of the
 * workspace's gapless sequence (billing_counter). paid_minor caches the sum of its allocations
 * (kept in the allocating transaction; ledger verification checks it).
 */
export const invoice = pgTable(
  "invoice",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    accountId: uuid("account_id").notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("draft"),
    number: text("number"),
    periodFrom: date("period_from"),
    periodTo: date("period_to"),
    issuedOn: date("issued_on"),
    dueOn: date("due_on"),
    /** Frozen at issue: whether its prices included tax, and the rule printed on it. */
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
    taxRule: text("tax_rule").notNull().default(""),
    /** Per rate: [{ taxRateId, name, rateBps, netMinor, taxMinor }], frozen at issue. */
    taxBreakdown: jsonb("tax_breakdown")
      .notNull()
      .default(sql`'[]'::jsonb`),
    subtotalMinor: minorUnits("subtotal_minor").notNull().default(0),
    taxMinor: minorUnits("tax_minor").notNull().default(0),
    totalMinor: minorUnits("total_minor").notNull().default(0),
    paidMinor: minorUnits("paid_minor").notNull().default(0),
    notes: text("notes").notNull().default(""),
    /** Invoices issued together by one batch. */
    batchId: uuid("batch_id"),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: createdAt(),
    issuedByUserId: userRef("issued_by_user_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    voidedByUserId: userRef("voided_by_user_id"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    uniqueIndex("invoice_number_idx")
      .on(table.organizationId, table.number)
      .where(sql`number is not null`),
    index("invoice_account_idx").on(table.organizationId, table.accountId, table.createdAt),
    index("invoice_status_due_idx").on(table.organizationId, table.status, table.dueOn),
    check("invoice_status_check", sql`status in (${inList(INVOICE_STATUSES)})`),
    check("invoice_number_check", sql`(status = 'draft') = (number is null)`),
    check("invoice_issued_check", sql`status = 'draft' or (issued_on is not null and due_on is not null and issued_at is not null)`),
    check("invoice_void_check", sql`(status = 'void') = (voided_at is not null)`),
    check("invoice_paid_check", sql`paid_minor >= 0 and paid_minor <= greatest(total_minor, 0)`),
    check("invoice_total_check", sql`total_minor = subtotal_minor + case when prices_include_tax then 0 else tax_minor end`),
    workspaceIsolation("invoice"),
  ],
).enableRLS();

/**
 * A package sold to an account: its price is a ledger entry, invoiced at once; its hours
 * (an hour_grant) count once the invoice is paid, or issued where the workspace allows credit.
 */
export const packagePurchase = pgTable(
  "package_purchase",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    accountId: uuid("account_id").notNull(),
    productId: uuid("product_id").notNull(),
    /** The student the hours are for; null for a family package. */
    studentId: uuid("student_id"),
    name: text("name").notNull(),
    minutes: integer("minutes").notNull(),
    priceMinor: minorUnits("price_minor").notNull(),
    validDays: integer("valid_days").notNull(),
    status: text("status", { enum: PURCHASE_STATUSES }).notNull().default("awaiting_payment"),
    invoiceId: uuid("invoice_id"),
    soldByUserId: userRef("sold_by_user_id"),
    createdAt: createdAt(),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /** When voiding the invoice that sold it cancelled it (its unused hours went with it). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    foreignKey({ columns: [table.organizationId, table.productId], foreignColumns: [packageProduct.organizationId, packageProduct.id] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }),
    foreignKey({ columns: [table.organizationId, table.invoiceId], foreignColumns: [invoice.organizationId, invoice.id] }),
    index("package_purchase_account_idx").on(table.organizationId, table.accountId, table.createdAt),
    index("package_purchase_invoice_idx").on(table.organizationId, table.invoiceId),
    check("package_purchase_status_check", sql`status in (${inList(PURCHASE_STATUSES)})`),
    // A cancelled purchase keeps when it was activated, if it was.
    check("package_purchase_active_check", sql`status = 'cancelled' or (status = 'active') = (activated_at is not null)`),
    check("package_purchase_cancelled_check", sql`(status = 'cancelled') = (cancelled_at is not null)`),
    workspaceIsolation("package_purchase"),
  ],
).enableRLS();

/** Hours an account may draw on: from a purchase, for one student (or the family), until expires_at. */
export const hourGrant = pgTable(
  "hour_grant",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    accountId: uuid("account_id").notNull(),
    studentId: uuid("student_id"),
    purchaseId: uuid("purchase_id").notNull(),
    minutes: integer("minutes").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    foreignKey({ columns: [table.organizationId, table.studentId], foreignColumns: [student.organizationId, student.id] }),
    foreignKey({ columns: [table.organizationId, table.purchaseId], foreignColumns: [packagePurchase.organizationId, packagePurchase.id] }),
    uniqueIndex("hour_grant_purchase_idx").on(table.organizationId, table.purchaseId),
    index("hour_grant_account_expiry_idx").on(table.organizationId, table.accountId, table.expiresAt),
    index("hour_grant_expiry_idx").on(table.expiresAt),
    check("hour_grant_minutes_check", sql`minutes > 0`),
    check("hour_grant_dates_check", sql`expires_at > starts_at`),
    workspaceIsolation("hour_grant"),
  ],
).enableRLS();

/**
 * A change of a grant's minutes: a session using them (negative), a re-marked session giving
 * them back (the exact opposite of one use, once), expiry (negative), or cancellation (the
 * unused minutes of a purchase whose invoice was voided, negative). A grant's remaining
 * minutes are its minutes plus these; one cause key per cause makes each write idempotent.
 */
export const hourMovement = pgTable(
  "hour_movement",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    grantId: uuid("grant_id").notNull(),
    kind: text("kind", { enum: HOUR_MOVEMENT_KINDS }).notNull(),
    minutes: integer("minutes").notNull(),
    sessionId: uuid("session_id"),
    studentId: uuid("student_id"),
    reversesMovementId: uuid("reverses_movement_id"),
    causeKey: text("cause_key").notNull(),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.grantId], foreignColumns: [hourGrant.organizationId, hourGrant.id] }),
    foreignKey({ columns: [table.organizationId, table.sessionId], foreignColumns: [tutoringSession.organizationId, tutoringSession.id] }),
    uniqueIndex("hour_movement_cause_idx").on(table.organizationId, table.causeKey),
    uniqueIndex("hour_movement_reverses_idx")
      .on(table.organizationId, table.reversesMovementId)
      .where(sql`reverses_movement_id is not null`),
    index("hour_movement_grant_idx").on(table.organizationId, table.grantId),
    index("hour_movement_session_idx").on(table.organizationId, table.sessionId, table.studentId),
    check("hour_movement_kind_check", sql`kind in (${inList(HOUR_MOVEMENT_KINDS)})`),
    check("hour_movement_sign_check", sql`(kind = 'reversal') = (minutes > 0) and minutes <> 0`),
    workspaceIsolation("hour_movement"),
  ],
).enableRLS();

/** Money received from a family, recorded by an admin (online payments come with Stripe). */
export const payment = pgTable(
  "payment",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    accountId: uuid("account_id").notNull(),
    method: text("method", { enum: PAYMENT_METHODS }).notNull(),
    amountMinor: minorUnits("amount_minor").notNull(),
    receivedOn: date("received_on").notNull(),
    reference: text("reference").notNull().default(""),
    /** The client's key for this payment: recording it twice records it once. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** A card payment through Stripe: its PaymentIntent, recorded once. */
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    recordedByUserId: userRef("recorded_by_user_id"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    uniqueIndex("payment_idempotency_idx").on(table.organizationId, table.idempotencyKey),
    uniqueIndex("payment_stripe_payment_intent_idx").on(table.organizationId, table.stripePaymentIntentId),
    check("payment_card_online_check", sql`(method = 'card_online') = (stripe_payment_intent_id is not null)`),
    index("payment_account_idx").on(table.organizationId, table.accountId, table.receivedOn),
    index("payment_received_idx").on(table.organizationId, table.receivedOn),
    check("payment_method_check", sql`method in (${inList(PAYMENT_METHODS)})`),
    check("payment_amount_check", sql`amount_minor > 0`),
    workspaceIsolation("payment"),
  ],
).enableRLS();

/** Money given back from a recorded payment, with the reason. */
export const paymentRefund = pgTable(
  "payment_refund",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    paymentId: uuid("payment_id").notNull(),
    accountId: uuid("account_id").notNull(),
    amountMinor: minorUnits("amount_minor").notNull(),
    refundedOn: date("refunded_on").notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** A refund through Stripe (from the admin's screen or Stripe's dashboard): recorded once. */
    stripeRefundId: text("stripe_refund_id"),
    recordedByUserId: userRef("recorded_by_user_id"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.paymentId], foreignColumns: [payment.organizationId, payment.id] }),
    uniqueIndex("payment_refund_idempotency_idx").on(table.organizationId, table.idempotencyKey),
    uniqueIndex("payment_refund_stripe_idx").on(table.organizationId, table.stripeRefundId),
    index("payment_refund_payment_idx").on(table.organizationId, table.paymentId),
    check("payment_refund_amount_check", sql`amount_minor > 0`),
    workspaceIsolation("payment_refund"),
  ],
).enableRLS();

/** A correction of issued invoices: credits the account, and may offset one invoice. Numbered on issue; never a draft. */
export const creditNote = pgTable(
  "credit_note",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    accountId: uuid("account_id").notNull(),
    number: text("number").notNull(),
    /** The invoice it corrects and offsets first, if any. */
    invoiceId: uuid("invoice_id"),
    reason: text("reason").notNull(),
    issuedOn: date("issued_on").notNull(),
    pricesIncludeTax: boolean("prices_include_tax").notNull(),
    taxRule: text("tax_rule").notNull(),
    taxBreakdown: jsonb("tax_breakdown").notNull(),
    subtotalMinor: minorUnits("subtotal_minor").notNull(),
    taxMinor: minorUnits("tax_minor").notNull(),
    totalMinor: minorUnits("total_minor").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    issuedByUserId: userRef("issued_by_user_id"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    foreignKey({ columns: [table.organizationId, table.invoiceId], foreignColumns: [invoice.organizationId, invoice.id] }),
    uniqueIndex("credit_note_number_idx").on(table.organizationId, table.number),
    uniqueIndex("credit_note_idempotency_idx").on(table.organizationId, table.idempotencyKey),
    index("credit_note_account_idx").on(table.organizationId, table.accountId, table.createdAt),
    check("credit_note_total_check", sql`total_minor > 0 and total_minor = subtotal_minor + case when prices_include_tax then 0 else tax_minor end`),
    workspaceIsolation("credit_note"),
  ],
).enableRLS();

/** A line of an invoice. A session or package line invoices one ledger charge, at most once among live invoices. */
export const invoiceLine = pgTable(
  "invoice_line",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    invoiceId: uuid("invoice_id").notNull(),
    position: integer("position").notNull(),
    kind: text("kind", { enum: INVOICE_LINE_KINDS }).notNull(),
    /** The ledger entry the line bills: set for session and package lines, and for a fee once issued. */
    chargeEntryId: uuid("charge_entry_id"),
    /** False once the invoice is void: its charges may then be invoiced again. */
    live: boolean("live").notNull().default(true),
    description: text("description").notNull(),
    sessionId: uuid("session_id"),
    studentId: uuid("student_id"),
    /** Snapshots for the printed line: the session's local date, tutor and attendance. */
    serviceDate: date("service_date"),
    tutorName: text("tutor_name"),
    attendance: text("attendance"),
    policyVersionId: uuid("policy_version_id"),
    policyVersion: integer("policy_version"),
    minutes: integer("minutes"),
    unitPriceMinor: minorUnits("unit_price_minor"),
    amountMinor: minorUnits("amount_minor").notNull(),
    taxRateId: uuid("tax_rate_id"),
    taxRateBps: integer("tax_rate_bps").notNull().default(0),
    taxRateName: text("tax_rate_name").notNull().default(""),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.invoiceId], foreignColumns: [invoice.organizationId, invoice.id] }).onDelete("cascade"),
    uniqueIndex("invoice_line_live_charge_idx")
      .on(table.organizationId, table.chargeEntryId)
      .where(sql`live and charge_entry_id is not null`),
    index("invoice_line_invoice_idx").on(table.organizationId, table.invoiceId, table.position),
    index("invoice_line_session_idx").on(table.organizationId, table.sessionId),
    check("invoice_line_kind_check", sql`kind in (${inList(INVOICE_LINE_KINDS)})`),
    check("invoice_line_tax_check", sql`tax_rate_bps between 0 and 10000`),
    workspaceIsolation("invoice_line"),
  ],
).enableRLS();

/** A line of a credit note: what it credits, optionally one invoice line (a dispute's). */
export const creditNoteLine = pgTable(
  "credit_note_line",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    creditNoteId: uuid("credit_note_id").notNull(),
    position: integer("position").notNull(),
    invoiceLineId: uuid("invoice_line_id"),
    description: text("description").notNull(),
    amountMinor: minorUnits("amount_minor").notNull(),
    taxRateId: uuid("tax_rate_id"),
    taxRateBps: integer("tax_rate_bps").notNull().default(0),
    taxRateName: text("tax_rate_name").notNull().default(""),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.creditNoteId], foreignColumns: [creditNote.organizationId, creditNote.id] }),
    foreignKey({ columns: [table.organizationId, table.invoiceLineId], foreignColumns: [invoiceLine.organizationId, invoiceLine.id] }),
    index("credit_note_line_note_idx").on(table.organizationId, table.creditNoteId, table.position),
    check("credit_note_line_amount_check", sql`amount_minor > 0`),
    workspaceIsolation("credit_note_line"),
  ],
).enableRLS();

/**
 * Money applied to an invoice from a payment or a credit note. Append-only: releasing an
 * amount (a credit note offsetting a paid invoice frees its payment) is a negative row.
 */
export const allocation = pgTable(
  "allocation",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    invoiceId: uuid("invoice_id").notNull(),
    paymentId: uuid("payment_id"),
    creditNoteId: uuid("credit_note_id"),
    amountMinor: minorUnits("amount_minor").notNull(),
    createdByUserId: userRef("created_by_user_id"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.invoiceId], foreignColumns: [invoice.organizationId, invoice.id] }),
    foreignKey({ columns: [table.organizationId, table.paymentId], foreignColumns: [payment.organizationId, payment.id] }),
    foreignKey({ columns: [table.organizationId, table.creditNoteId], foreignColumns: [creditNote.organizationId, creditNote.id] }),
    index("allocation_invoice_idx").on(table.organizationId, table.invoiceId),
    index("allocation_payment_idx")
      .on(table.organizationId, table.paymentId)
      .where(sql`payment_id is not null`),
    index("allocation_credit_note_idx")
      .on(table.organizationId, table.creditNoteId)
      .where(sql`credit_note_id is not null`),
    check("allocation_source_check", sql`(payment_id is null) <> (credit_note_id is null)`),
    check("allocation_amount_check", sql`amount_minor <> 0`),
    workspaceIsolation("allocation"),
  ],
).enableRLS();

/**
 * The append-only money ledger. Each entry carries its workspace sequence number, the hash of
 * the entry before it in the workspace (SHA-256 over a canonical form, billing/ledger-hash.ts)
 * and the account's balance after it, so a balance is one indexed read however long the
 * history. One cause key per cause (a session and student, a payment) makes writes idempotent.
 */
export const ledgerEntry = pgTable(
  "ledger_entry",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    sequence: bigint("sequence", { mode: "number" }).notNull(),
    accountId: uuid("account_id").notNull(),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** Positive: the family owes more; negative: money or credit in their favour. */
    amountMinor: minorUnits("amount_minor").notNull(),
    balanceAfterMinor: minorUnits("balance_after_minor").notNull(),
    description: text("description").notNull(),
    causeKey: text("cause_key").notNull(),
    sessionId: uuid("session_id"),
    studentId: uuid("student_id"),
    invoiceId: uuid("invoice_id"),
    creditNoteId: uuid("credit_note_id"),
    paymentId: uuid("payment_id"),
    purchaseId: uuid("purchase_id"),
    policyVersionId: uuid("policy_version_id"),
    reversesEntryId: uuid("reverses_entry_id"),
    /** For a session charge: the minutes charged (after hours used), the hourly rate and the policy share. */
    minutes: integer("minutes"),
    rateMinor: minorUnits("rate_minor"),
    shareBps: integer("share_bps"),
    actorUserId: userRef("actor_user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    uniqueIndex("ledger_entry_sequence_idx").on(table.organizationId, table.sequence),
    uniqueIndex("ledger_entry_cause_idx").on(table.organizationId, table.causeKey),
    uniqueIndex("ledger_entry_reverses_idx")
      .on(table.organizationId, table.reversesEntryId)
      .where(sql`reverses_entry_id is not null`),
    // The account's latest entry (its balance) and its history, newest first.
    index("ledger_entry_account_idx").on(table.organizationId, table.accountId, table.sequence),
    index("ledger_entry_session_idx")
      .on(table.organizationId, table.sessionId, table.studentId)
      .where(sql`session_id is not null`),
    // Uninvoiced work: charges not yet on a live invoice line, of one family or of a period.
    index("ledger_entry_charge_idx")
      .on(table.organizationId, table.accountId, table.createdAt)
      .where(sql`kind in ('session_charge', 'package_sale')`),
    index("ledger_entry_charge_created_idx")
      .on(table.organizationId, table.createdAt)
      .where(sql`kind in ('session_charge', 'package_sale')`),
    // Money in and out by day (revenue collected): the amount and account in the key, so that a
    // year of payments is read from the index alone.
    index("ledger_entry_cash_created_idx")
      .on(table.organizationId, table.createdAt, table.amountMinor, table.accountId)
      .where(sql`kind in ('payment', 'refund')`),
    check("ledger_entry_kind_check", sql`kind in (${inList(LEDGER_KINDS)})`),
    check("ledger_entry_amount_check", sql`amount_minor <> 0`),
    workspaceIsolation("ledger_entry"),
  ],
).enableRLS();

/** The last number issued per workspace, kind and year: locked by the issuing transaction, so numbers have no gap. */
export const billingCounter = pgTable(
  "billing_counter",
  {
    organizationId: organizationIdColumn(),
    kind: text("kind", { enum: ["invoice", "credit_note"] }).notNull(),
    /** The year of issue when the number format contains {YYYY}; 0 when numbers never restart. */
    year: integer("year").notNull(),
    lastValue: integer("last_value").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.kind, table.year] }), workspaceIsolation("billing_counter")],
).enableRLS();

/** A family's question about one invoice line, answered by a credit note or an explanation. */
export const invoiceDispute = pgTable(
  "invoice_dispute",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    invoiceId: uuid("invoice_id").notNull(),
    invoiceLineId: uuid("invoice_line_id").notNull(),
    accountId: uuid("account_id").notNull(),
    state: text("state", { enum: DISPUTE_STATES }).notNull().default("open"),
    reason: text("reason").notNull(),
    openedByUserId: userRef("opened_by_user_id"),
    createdAt: createdAt(),
    resolvedByUserId: userRef("resolved_by_user_id"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    creditNoteId: uuid("credit_note_id"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.invoiceLineId], foreignColumns: [invoiceLine.organizationId, invoiceLine.id] }),
    foreignKey({ columns: [table.organizationId, table.invoiceId], foreignColumns: [invoice.organizationId, invoice.id] }),
    uniqueIndex("invoice_dispute_one_open_idx")
      .on(table.organizationId, table.invoiceLineId)
      .where(sql`state = 'open'`),
    index("invoice_dispute_open_idx")
      .on(table.organizationId, table.createdAt)
      .where(sql`state = 'open'`),
    index("invoice_dispute_account_idx").on(table.organizationId, table.accountId, table.createdAt),
    check("invoice_dispute_state_check", sql`state in (${inList(DISPUTE_STATES)})`),
    check("invoice_dispute_resolved_check", sql`(state = 'open') = (resolved_at is null)`),
    check("invoice_dispute_credit_check", sql`(state = 'credited') = (credit_note_id is not null)`),
    workspaceIsolation("invoice_dispute"),
  ],
).enableRLS();

/** The thread of a dispute: the family's reason comes first, then messages from both sides. */
export const disputeMessage = pgTable(
  "dispute_message",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    disputeId: uuid("dispute_id").notNull(),
    authorUserId: userRef("author_user_id"),
    authorRole: text("author_role", { enum: ["admin", "parent"] }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.disputeId], foreignColumns: [invoiceDispute.organizationId, invoiceDispute.id] }),
    index("dispute_message_dispute_idx").on(table.organizationId, table.disputeId, table.createdAt),
    check("dispute_message_role_check", sql`author_role in ('admin', 'parent')`),
    workspaceIsolation("dispute_message"),
  ],
).enableRLS();

/**
 * Something a family should hear about billing, waiting for their daily digest (never more
 * than one billing mail per family per day). The dedupe key makes each notice once only: one
 * low-balance notice per purchase, one overdue reminder per invoice and step.
 */
export const billingNotice = pgTable(
  "billing_notice",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    accountId: uuid("account_id").notNull(),
    kind: text("kind", { enum: BILLING_NOTICE_KINDS }).notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    /** The invoice or credit note whose PDF the digest attaches, and words for the mail. */
    invoiceId: uuid("invoice_id"),
    creditNoteId: uuid("credit_note_id"),
    text: text("text").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }).onDelete("cascade"),
    uniqueIndex("billing_notice_dedupe_idx").on(table.organizationId, table.dedupeKey),
    // The digest job's scan across workspaces.
    index("billing_notice_unsent_idx")
      .on(table.createdAt)
      .where(sql`sent_at is null`),
    check("billing_notice_kind_check", sql`kind in (${inList(BILLING_NOTICE_KINDS)})`),
    workspaceIsolation("billing_notice"),
  ],
).enableRLS();

/** The day (in the workspace's zone) a family's billing digest went out: one a day, claimed by its insert. */
export const billingDigest = pgTable(
  "billing_digest",
  {
    organizationId: organizationIdColumn(),
    accountId: uuid("account_id").notNull(),
    day: date("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.accountId, table.day] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }).onDelete("cascade"),
    workspaceIsolation("billing_digest"),
  ],
).enableRLS();

/** A check of the workspace's ledger chain, run by the job queue; its outcome is kept. */
export const ledgerVerification = pgTable(
  "ledger_verification",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    requestedByUserId: userRef("requested_by_user_id"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    ok: boolean("ok"),
    entriesChecked: bigint("entries_checked", { mode: "number" }),
    latestHash: text("latest_hash"),
    problem: text("problem"),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    index("ledger_verification_requested_idx").on(table.organizationId, table.requestedAt),
    workspaceIsolation("ledger_verification"),
  ],
).enableRLS();

/**
 * A family's card payment through Stripe Checkout, from the click on "Pay by card" to its end.
 * Its money moves only when Stripe's webhook says so: the payment (and, for a package, the sale)
 * it then records is named here. Mutable: it is a tracker, not a ledger.
 */
export const checkoutAttempt = pgTable(
  "checkout_attempt",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    accountId: uuid("account_id").notNull(),
    kind: text("kind", { enum: CHECKOUT_KINDS }).notNull(),
    /** The invoice paid (kind invoice). */
    invoiceId: uuid("invoice_id"),
    /** The package bought and whose hours it is for (kind package). */
    productId: uuid("product_id"),
    studentId: uuid("student_id"),
    amountMinor: minorUnits("amount_minor").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: CHECKOUT_STATES }).notNull().default("starting"),
    stripeSessionId: text("stripe_session_id"),
    checkoutUrl: text("checkout_url"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** Stripe's reason for a failed payment, in its words. */
    failureReason: text("failure_reason"),
    paymentId: uuid("payment_id"),
    purchaseId: uuid("purchase_id"),
    startedByUserId: userRef("started_by_user_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    uniqueIndex("checkout_attempt_session_idx").on(table.organizationId, table.stripeSessionId),
    index("checkout_attempt_invoice_idx").on(table.organizationId, table.invoiceId, table.createdAt),
    index("checkout_attempt_account_idx").on(table.organizationId, table.accountId, table.createdAt),
    check("checkout_attempt_amount_check", sql`amount_minor > 0`),
    check("checkout_attempt_kind_check", sql`kind in (${inList(CHECKOUT_KINDS)})`),
    check("checkout_attempt_status_check", sql`status in (${inList(CHECKOUT_STATES)})`),
    check("checkout_attempt_target_check", sql`(kind = 'invoice' and invoice_id is not null) or (kind = 'package' and product_id is not null)`),
    workspaceIsolation("checkout_attempt"),
  ],
).enableRLS();

/**
 * Every Stripe event a workspace's endpoint accepted, once: a duplicate delivery finds its id
 * here and changes nothing. Written in the transaction that applies the event.
 */
export const stripeEvent = pgTable(
  "stripe_event",
  {
    organizationId: organizationIdColumn(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    /** What applying it did, in words (for support): "payment recorded", "ignored: not ours"… */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.eventId] }),
    index("stripe_event_received_idx").on(table.organizationId, table.receivedAt),
    workspaceIsolation("stripe_event"),
  ],
).enableRLS();

/**
 * A family's card saved with Stripe for autopay, one per payer account: the Stripe customer of
 * the account (kept when the card is removed, so a new card joins the same customer) and the
 * card's payment method, with what the family sees of it. Autopay is the family's choice.
 */
export const savedCard = pgTable(
  "saved_card",
  {
    organizationId: organizationIdColumn(),
    accountId: uuid("account_id").notNull(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    stripePaymentMethodId: text("stripe_payment_method_id"),
    brand: text("brand"),
    last4: text("last4"),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    autopay: boolean("autopay").notNull().default(false),
    savedByUserId: userRef("saved_by_user_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.accountId] }),
    foreignKey({ columns: [table.organizationId, table.accountId], foreignColumns: [payerAccount.organizationId, payerAccount.id] }),
    check("saved_card_autopay_needs_card_check", sql`not autopay or stripe_payment_method_id is not null`),
    workspaceIsolation("saved_card"),
  ],
).enableRLS();

/**
 * One try of autopay to charge an invoice to the saved card: claimed before Stripe is called (so
 * two workers never charge one invoice at once), then charged (the webhook records the payment)
 * or failed with Stripe's reason and, while tries remain, when to try again.
 */
export const autopayCharge = pgTable(
  "autopay_charge",
  {
    organizationId: organizationIdColumn(),
    id: uuid("id").defaultRandom().notNull(),
    invoiceId: uuid("invoice_id").notNull(),
    accountId: uuid("account_id").notNull(),
    attempt: integer("attempt").notNull(),
    amountMinor: minorUnits("amount_minor").notNull(),
    status: text("status", { enum: AUTOPAY_CHARGE_STATES }).notNull().default("charging"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    failureReason: text("failure_reason"),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.id] }),
    foreignKey({ columns: [table.organizationId, table.invoiceId], foreignColumns: [invoice.organizationId, invoice.id] }),
    uniqueIndex("autopay_charge_attempt_idx").on(table.organizationId, table.invoiceId, table.attempt),
    index("autopay_charge_account_idx").on(table.organizationId, table.accountId, table.createdAt),
    check("autopay_charge_status_check", sql`status in (${inList(AUTOPAY_CHARGE_STATES)})`),
    check("autopay_charge_amount_check", sql`amount_minor > 0`),
    workspaceIsolation("autopay_charge"),
  ],
).enableRLS();
