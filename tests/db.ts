/** Database look-ups for assertions and set-up where the API has no equivalent. No test-runner imports. */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../src/server/db/client.ts";
import {
  account,
  assignment,
  auditLog,
  platformAuditLog,
  calendarFeed,
  cancellationRequest,
  sessionRecording,
  sessionReport,
  sessionReportStudent,
  sessionSummary,
  devOutbox,
  enquiry,
  member,
  organization,
  session,
  sessionSeries,
  sessionStudent,
  student,
  studentGuardian,
  tutorAvailability,
  tutoringSession,
  tutorProfile,
  user,
  verification,
  workspaceInvitation,
  workspacePolicy,
  payerAccount,
} from "../src/server/db/schema.ts";
import {
  allocation,
  billingCounter,
  billingDigest,
  billingNotice,
  billingSettings,
  cancellationPolicyVersion,
  creditNote,
  creditNoteLine,
  disputeMessage,
  hourGrant,
  hourMovement,
  invoice,
  invoiceDispute,
  invoiceLine,
  ledgerEntry,
  ledgerVerification,
  packageProduct,
  packagePurchase,
  payerAccountMember,
  payment,
  checkoutAttempt,
  stripeEvent,
  savedCard,
  autopayCharge,
  paymentRefund,
  stripeKeys,
  taxRate,
} from "../src/server/db/billing-schema.ts";
import { payRun, payRunLine, paySettings, tutorEarning } from "../src/server/db/pay-schema.ts";
import { healthRulesPreview, healthRuleVersion, studentHealth, studentHealthDay, studentHealthDue } from "../src/server/db/health-schema.ts";
import { alertDigest, healthAlert, healthContest, healthExcusal, notificationPreference } from "../src/server/db/alerts-schema.ts";
import { crmSettings, crmStage, crmTask, lead, leadActivity, leadStudent, leadTrial } from "../src/server/db/crm-schema.ts";
import { growthPlaybookStep } from "../src/server/db/growth-schema.ts";
import { resource, resourceAcknowledgement, resourceShare, resourceVersion, workspaceExport } from "../src/server/db/resources-schema.ts";
import { acknowledgementCount, memberCount, studentCount } from "../src/server/db/counts-schema.ts";

/**
 * Every table a request may write to, by name: the security suites and the tests that prove a
 * refused request wrote nothing compare them before and after. A new table joins here.
 */
export const WRITABLE_TABLES = {
  user,
  account,
  session,
  member,
  organization,
  auditLog,
  platformAuditLog,
  devOutbox,
  verification,
  student,
  studentGuardian,
  tutorProfile,
  tutorAvailability,
  assignment,
  workspaceInvitation,
  workspacePolicy,
  sessionSeries,
  tutoringSession,
  sessionStudent,
  calendarFeed,
  sessionReport,
  sessionReportStudent,
  sessionSummary,
  sessionRecording,
  cancellationRequest,
  enquiry,
  payerAccount,
  payerAccountMember,
  billingSettings,
  stripeKeys,
  taxRate,
  cancellationPolicyVersion,
  packageProduct,
  packagePurchase,
  hourGrant,
  hourMovement,
  invoice,
  invoiceLine,
  creditNote,
  creditNoteLine,
  payment,
  checkoutAttempt,
  stripeEvent,
  savedCard,
  autopayCharge,
  paymentRefund,
  allocation,
  ledgerEntry,
  billingCounter,
  invoiceDispute,
  disputeMessage,
  billingNotice,
  billingDigest,
  ledgerVerification,
  paySettings,
  tutorEarning,
  payRun,
  payRunLine,
  healthRuleVersion,
  studentHealth,
  studentHealthDay,
  studentHealthDue,
  healthRulesPreview,
  healthAlert,
  healthContest,
  healthExcusal,
  notificationPreference,
  alertDigest,
  crmStage,
  lead,
  leadActivity,
  crmTask,
  crmSettings,
  leadTrial,
  leadStudent,
  growthPlaybookStep,
  resource,
  resourceVersion,
  resourceShare,
  resourceAcknowledgement,
  workspaceExport,
  memberCount,
  studentCount,
  acknowledgementCount,
} satisfies Record<string, PgTable>;
const COUNTED = WRITABLE_TABLES;
export type RowCounts = Record<keyof typeof COUNTED, number>;

/**
 * Row counts of the tables a request may write to; compare before and after a refused request.
 * The mail queue is drained first: mail an earlier request queued reaches the outbox on its
 * own time, and mail a refused request queued wrongly is counted.
 */
export async function countRows(db: Database): Promise<RowCounts> {
  await mailQueueDrained(db);
  // One statement for every table: the matrix counts before and after each refused cell.
  const { rows } = await db.execute<Record<string, number>>(COUNT_EVERY_TABLE);
  return Object.fromEntries(Object.keys(COUNTED).map((name) => [name, Number(rows[0]![name])])) as RowCounts;
}

const COUNT_EVERY_TABLE = sql.join(
  [
    sql`select`,
    sql.join(
      Object.entries(COUNTED).map(([name, table]) => sql`(select count(*) from ${table as PgTable})::int as ${sql.identifier(name)}`),
      sql`, `,
    ),
  ],
  sql` `,
);

export async function auditEntries(db: Database, filter: { action?: string; organizationId?: string; userId?: string } = {}) {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.organizationId) conditions.push(eq(auditLog.organizationId, filter.organizationId));
  if (filter.userId) conditions.push(eq(auditLog.userId, filter.userId));
  return db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(auditLog.createdAt);
}

/** The platform's audit entries (about no workspace), oldest first. */
export async function platformAuditEntries(db: Database, filter: { action: string; userId: string }) {
  return db
    .select()
    .from(platformAuditLog)
    .where(and(eq(platformAuditLog.action, filter.action), eq(platformAuditLog.userId, filter.userId)))
    .orderBy(platformAuditLog.createdAt);
}

/**
 * Waits until no mail to `to` (or to anyone, without `to`) waits in the mail queue: mail is sent
 * by the mail job (the test app that owns the database runs it), moments after the request that
 * queued it. Then the outbox holds every mail queued to them so far, and a mail not there was
 * not sent.
 */
export async function mailQueueDrained(db: Database, to?: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  const recipient = to === undefined ? sql`true` : sql`lower(data->>'to') = ${to.toLowerCase()}`;
  for (;;) {
    const { rows } = await db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pgboss.job where name = 'mail' and ${recipient} and state in ('created', 'retry', 'active')`,
    );
    if (rows[0]!.waiting === 0) return;
    if (Date.now() > deadline)
      throw new Error(`${rows[0]!.waiting} mail jobs to ${to ?? "anyone"} still queued after 15 s: does a mail worker run on this database?`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The mails to `to` in the dev outbox, oldest first, once the mail queued to them is sent. */
export async function mailsTo(db: Database, to: string) {
  await mailQueueDrained(db, to);
  return db.select().from(devOutbox).where(eq(devOutbox.toAddress, to.toLowerCase())).orderBy(devOutbox.createdAt);
}

export async function sessionsOf(db: Database, userId: string) {
  return db.select().from(session).where(eq(session.userId, userId));
}

export async function membersOf(db: Database, userId: string) {
  return db.select().from(member).where(eq(member.userId, userId));
}
