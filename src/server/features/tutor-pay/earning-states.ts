/**
 * Where each earning stands: in a confirmed (or paid) run, ready for the next run, pending
 * (and why), or cancelled out by its reversal before any run paid it.
 *
 * - An earning in a confirmed run stays there: a later correction is a reversal, paid (or
 *   taken back) in the next run.
 * - A session earning reversed before any run confirmed it, and its reversal, pay nothing:
 *   they cancel out. A reversal of an earning a run confirmed is taken back in the next run.
 * - Where the workspace pays only for paid invoices, a session earning waits until each of its
 *   students' live charges is on an issued, fully paid invoice: "uninvoiced" while a charge is
 *   on no issued invoice, else "invoice_unpaid". A session covered by package hours has no
 *   charge, and counts as paid. Adjustments and reversals never wait.
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { EarningState, PendingReason } from "../../../shared/pay-states.ts";
import { invoice, invoiceLine, ledgerEntry } from "../../db/billing-schema.ts";
import { payRun, payRunLine, tutorEarning } from "../../db/pay-schema.ts";
import type { Queryable } from "../../db/tenant.ts";

export type EarningRow = typeof tutorEarning.$inferSelect;

export interface EarningStanding {
  state: EarningState;
  pendingReason: PendingReason | null;
  payRunId: string | null;
  payRunPeriodFrom: string | null;
  payRunPeriodTo: string | null;
  paidOn: string | null;
}

interface ConfirmedRun {
  payRunId: string;
  periodFrom: string;
  periodTo: string;
  status: string;
  paidOn: string | null;
}

/** The confirmed (or paid) run of each of these earnings that sits in one. */
async function confirmedRunsOf(tx: Queryable, organizationId: string, earningIds: string[]): Promise<Map<string, ConfirmedRun>> {
  if (earningIds.length === 0) return new Map();
  const rows = await tx
    .select({
      earningId: payRunLine.earningId,
      payRunId: payRun.id,
      periodFrom: payRun.periodFrom,
      periodTo: payRun.periodTo,
      status: payRun.status,
      paidOn: payRun.paidOn,
    })
    .from(payRunLine)
    .innerJoin(payRun, and(eq(payRun.organizationId, payRunLine.organizationId), eq(payRun.id, payRunLine.payRunId)))
    .where(and(eq(payRunLine.organizationId, organizationId), eq(payRunLine.inConfirmedRun, true), inArray(payRunLine.earningId, earningIds)));
  return new Map(rows.map(({ earningId, ...run }) => [earningId, run]));
}

/** Of these sessions, those whose charges are not all on issued and fully paid invoices, with why. */
async function unpaidSessions(tx: Queryable, organizationId: string, sessionIds: string[]): Promise<Map<string, PendingReason>> {
  if (sessionIds.length === 0) return new Map();
  const reversal = sql`exists (select 1 from ${ledgerEntry} as r where r.organization_id = ${ledgerEntry.organizationId} and r.reverses_entry_id = ${ledgerEntry.id})`;
  const rows = await tx
    .select({
      sessionId: ledgerEntry.sessionId,
      uninvoiced: sql<boolean>`bool_or(${invoice.id} is null or ${invoice.status} <> 'issued')`,
      unpaid: sql<boolean>`bool_or(${invoice.status} = 'issued' and ${invoice.paidMinor} < ${invoice.totalMinor})`,
    })
    .from(ledgerEntry)
    .leftJoin(
      invoiceLine,
      and(eq(invoiceLine.organizationId, ledgerEntry.organizationId), eq(invoiceLine.chargeEntryId, ledgerEntry.id), eq(invoiceLine.live, true)),
    )
    .leftJoin(invoice, and(eq(invoice.organizationId, invoiceLine.organizationId), eq(invoice.id, invoiceLine.invoiceId)))
    .where(
      and(
        eq(ledgerEntry.organizationId, organizationId),
        eq(ledgerEntry.kind, "session_charge"),
        inArray(ledgerEntry.sessionId, sessionIds),
        sql`not ${reversal}`,
      ),
    )
    .groupBy(ledgerEntry.sessionId);
  const reasons = new Map<string, PendingReason>();
  for (const row of rows) {
    if (row.uninvoiced) reasons.set(row.sessionId!, "uninvoiced");
    else if (row.unpaid) reasons.set(row.sessionId!, "invoice_unpaid");
  }
  return reasons;
}

/** The reversal of each of these earnings that has one. */
async function reversalsOf(tx: Queryable, organizationId: string, earningIds: string[]): Promise<Set<string>> {
  if (earningIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: tutorEarning.reversesEarningId })
    .from(tutorEarning)
    .where(
      and(eq(tutorEarning.organizationId, organizationId), isNotNull(tutorEarning.reversesEarningId), inArray(tutorEarning.reversesEarningId, earningIds)),
    );
  return new Set(rows.map((row) => row.id!));
}

/** Where each earning stands (by id), read in a few queries whatever their number. */
export async function standingsOf(
  tx: Queryable,
  organizationId: string,
  earnings: readonly EarningRow[],
  payOnlyWhenInvoicePaid: boolean,
): Promise<Map<string, EarningStanding>> {
  const originals = earnings.filter((row) => row.reversesEarningId !== null).map((row) => row.reversesEarningId!);
  const runs = await confirmedRunsOf(tx, organizationId, [...earnings.map((row) => row.id), ...originals]);
  const reversed = await reversalsOf(
    tx,
    organizationId,
    earnings.filter((row) => row.kind === "session").map((row) => row.id),
  );
  const sessionIds = [...new Set(earnings.filter((row) => row.kind === "session" && row.sessionId).map((row) => row.sessionId!))];
  const unpaid = payOnlyWhenInvoicePaid ? await unpaidSessions(tx, organizationId, sessionIds) : new Map<string, PendingReason>();

  const standings = new Map<string, EarningStanding>();
  for (const earning of earnings) {
    const run = runs.get(earning.id);
    const standing: EarningStanding = {
      state: "ready",
      pendingReason: null,
      payRunId: run?.payRunId ?? null,
      payRunPeriodFrom: run?.periodFrom ?? null,
      payRunPeriodTo: run?.periodTo ?? null,
      paidOn: run?.paidOn ?? null,
    };
    if (run) standing.state = run.status === "paid" ? "paid" : "confirmed";
    else if (earning.kind === "session" && reversed.has(earning.id)) standing.state = "reversed";
    else if (earning.kind === "reversal" && !runs.has(earning.reversesEarningId!)) standing.state = "reversed";
    else if (earning.kind === "session" && unpaid.has(earning.sessionId!)) {
      standing.state = "pending";
      standing.pendingReason = unpaid.get(earning.sessionId!)!;
    }
    standings.set(earning.id, standing);
  }
  return standings;
}
