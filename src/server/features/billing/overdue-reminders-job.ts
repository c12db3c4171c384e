/**
 * Overdue reminders: every hour, each issued invoice not fully paid whose due date lies the
 * first of the workspace's reminder steps (settings.overdueReminderDays, 7, 14 and 30 days by
 * default) or more behind gets a billing_notice 'invoice_overdue' for the latest step reached,
 * which the family's next billing digest tells them. The dedupe key overdue:<invoice>:<step>
 * makes each step a notice once, however often the job runs, on however many instances. A
 * step passed while no run saw it (the job stopped, the setting just added) is not sent late:
 * only the latest step reached is, so a family never gets three reminders at once.
 */
import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { formatMoney } from "../../../shared/money.ts";
import type { AppDeps } from "../../core/context.ts";
import { readSettings } from "../../core/settings/index.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { billingNotice, invoice } from "../../db/billing-schema.ts";
import { withLookup, withWorkspace } from "../../db/tenant.ts";
import { defineScheduledJob } from "../../jobs/define.ts";
import { workspaceOf } from "./statements.ts";

/** Invoices read per scan; a larger backlog is read on in the same run, up to MAX_PER_RUN. */
const BATCH = 500;
const MAX_PER_RUN = 20_000;

export const overdueRemindersJob = defineScheduledJob({
  name: "billing-overdue-reminders",
  cron: "17 * * * *",
  settings: { retryLimit: 0, expireInSeconds: 900, deleteAfterSeconds: 86_400 },
  async run(deps) {
    const result = await noticeOverdueInvoices(deps);
    if (result.notices > 0) deps.logger.info(result, "overdue invoice reminders noticed");
  },
});

/** Days from one date (YYYY-MM-DD) to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Finds the overdue invoices of every workspace and notices each one's latest step reached. */
export async function noticeOverdueInvoices(deps: AppDeps): Promise<{ invoices: number; notices: number }> {
  const now = deps.clock.now();
  // A day later than UTC's today: a workspace east of UTC may already be on the next day.
  const latestToday = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date + 1`;
  let invoices = 0;
  let notices = 0;
  let after: { organizationId: string; id: string } | undefined;
  while (invoices < MAX_PER_RUN) {
    // The owner's scan policy (app.scan = 'billing-overdue') shows issued invoices not fully paid.
    const page = await withLookup(deps.db, "app.scan", "billing-overdue", (tx) =>
      tx
        .select({ organizationId: invoice.organizationId, id: invoice.id })
        .from(invoice)
        .where(
          and(
            eq(invoice.status, "issued"),
            sql`${invoice.paidMinor} < ${invoice.totalMinor}`,
            sql`${invoice.dueOn} < ${latestToday}`,
            after ? sql`(${invoice.organizationId}, ${invoice.id}) > (${after.organizationId}, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(invoice.organizationId), asc(invoice.id))
        .limit(BATCH),
    );
    const byWorkspace = new Map<string, string[]>();
    for (const row of page) byWorkspace.set(row.organizationId, [...(byWorkspace.get(row.organizationId) ?? []), row.id]);
    for (const [organizationId, ids] of byWorkspace) {
      try {
        notices += await noticeWorkspace(deps, organizationId, ids, now);
      } catch (error) {
        // This workspace's invoices are tried again next hour; the others go on.
        deps.logger.error({ err: error, organizationId }, "overdue reminders not noticed");
      }
    }
    invoices += page.length;
    if (page.length < BATCH) break;
    after = page.at(-1);
  }
  return { invoices, notices };
}

async function noticeWorkspace(deps: AppDeps, organizationId: string, invoiceIds: string[], now: Date): Promise<number> {
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const steps = [...(await readSettings(tx, organizationId, "billing")).overdueReminderDays].sort((a, b) => a - b);
    if (steps.length === 0) return 0;
    const today = await workspaceToday(tx, organizationId, now);
    const { currency } = await workspaceOf(tx, organizationId);
    const unpaid: SQL = and(
      eq(invoice.organizationId, organizationId),
      inArray(invoice.id, invoiceIds),
      eq(invoice.status, "issued"),
      gt(invoice.totalMinor, invoice.paidMinor),
    )!;
    let written = 0;
    for (const row of await tx.select().from(invoice).where(unpaid)) {
      const late = daysBetween(row.dueOn!, today);
      const step = steps.filter((days) => days <= late).at(-1);
      if (step === undefined) continue;
      const outstanding = formatMoney(row.totalMinor - row.paidMinor, currency);
      const inserted = await tx
        .insert(billingNotice)
        .values({
          organizationId,
          accountId: row.accountId,
          kind: "invoice_overdue",
          dedupeKey: `overdue:${row.id}:${step}`,
          invoiceId: row.id,
          text: `Invoice ${row.number} was due on ${row.dueOn} and ${outstanding} of it is still unpaid (${late} ${late === 1 ? "day" : "days"} overdue).`,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: billingNotice.id });
      written += inserted.length;
    }
    return written;
  });
}
