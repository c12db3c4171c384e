/**
 * Pay runs: one per period for the whole workspace, with a line per earning, grouped by tutor
 * (docs/decisions/017). A draft takes every earning dated up to the period's end that is ready
 * (earning-states.ts) and in no confirmed run, so what an earlier run left pending, and a
 * correction after a run was confirmed, land in the next one. At most one draft: drafting again
 * replaces it. Confirming locks the run (PostgreSQL refuses any change after, but marking it
 * paid once with a date and a reference).
 */
import { and, asc, count, countDistinct, desc, eq, lte, sql } from "drizzle-orm";
import { formatMoney } from "../../../shared/money.ts";
import type { PayRun, PayRunDraft, PayRunList, PayRunPaid, PayRunSummary } from "../../../shared/schemas/tutor-pay.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { isRecordId } from "../../core/ids.ts";
import { readSettings } from "../../core/settings/index.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { payRun, payRunLine, tutorEarning } from "../../db/pay-schema.ts";
import { member, user } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { auditPay, lockPay } from "./pay-context.ts";
import { standingsOf } from "./earning-states.ts";
import { periodContaining } from "./periods.ts";

type RunRow = typeof payRun.$inferSelect;

const runNotFound = () => notFound("The pay run");

const summaryOf = (row: RunRow, currency: string, tutorCount: number): PayRunSummary => ({
  id: row.id,
  periodFrom: row.periodFrom,
  periodTo: row.periodTo,
  status: row.status,
  totalMinor: row.totalMinor,
  currency,
  tutorCount,
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  paidOn: row.paidOn,
  paidReference: row.paidReference,
});

/** Every run of the workspace with how many tutors it pays, latest period first. */
export function payRunListQuery(tx: Queryable, organizationId: string) {
  const tutors = tx
    .select({ payRunId: payRunLine.payRunId, tutorCount: countDistinct(payRunLine.tutorMemberId).as("tutor_count") })
    .from(payRunLine)
    .where(eq(payRunLine.organizationId, organizationId))
    .groupBy(payRunLine.payRunId)
    .as("tutors");
  return tx
    .select({ run: payRun, tutorCount: tutors.tutorCount })
    .from(payRun)
    .leftJoin(tutors, eq(tutors.payRunId, payRun.id))
    .where(eq(payRun.organizationId, organizationId))
    .orderBy(desc(payRun.periodFrom), desc(payRun.createdAt));
}

/** GET /admin/pay/runs: every run, latest period first. */
export async function listPayRuns(db: Database, actor: Actor): Promise<PayRunList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const currency = await workspaceCurrency(tx, organizationId);
    const rows = await payRunListQuery(tx, organizationId);
    return { items: rows.map((row) => summaryOf(row.run, currency, Number(row.tutorCount ?? 0))) };
  });
}

/** A run's lines with their earnings and tutors' names: tutors by name, lines by date. */
export function payRunLinesQuery(tx: Queryable, organizationId: string, payRunId: string) {
  return tx
    .select({ line: payRunLine, earning: tutorEarning, tutorName: user.name })
    .from(payRunLine)
    .innerJoin(tutorEarning, and(eq(tutorEarning.organizationId, payRunLine.organizationId), eq(tutorEarning.id, payRunLine.earningId)))
    .innerJoin(member, and(eq(member.organizationId, payRunLine.organizationId), eq(member.id, payRunLine.tutorMemberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(payRunLine.organizationId, organizationId), eq(payRunLine.payRunId, payRunId)))
    .orderBy(asc(user.name), asc(payRunLine.tutorMemberId), asc(tutorEarning.earnedOn), asc(tutorEarning.createdAt), asc(tutorEarning.id));
}

/** The run with its lines grouped by tutor (tutors by name, lines by date). */
export async function readPayRunIn(tx: Transaction, organizationId: string, payRunId: string): Promise<PayRun> {
  const [row] = isRecordId(payRunId)
    ? await tx
        .select()
        .from(payRun)
        .where(and(eq(payRun.organizationId, organizationId), eq(payRun.id, payRunId)))
    : [];
  if (!row) throw runNotFound();
  const lines = await payRunLinesQuery(tx, organizationId, row.id);
  const tutors: PayRun["tutors"] = [];
  for (const { line, earning, tutorName } of lines) {
    let tutor = tutors.at(-1);
    if (tutor?.tutorMemberId !== line.tutorMemberId) {
      tutor = { tutorMemberId: line.tutorMemberId, tutorName, totalMinor: 0, lines: [] };
      tutors.push(tutor);
    }
    tutor.totalMinor += line.amountMinor;
    tutor.lines.push({
      id: line.id,
      earningId: earning.id,
      kind: earning.kind,
      earnedOn: earning.earnedOn,
      sessionId: earning.sessionId,
      description: earning.description,
      minutes: earning.minutes,
      rateMinor: earning.rateMinor,
      shareBps: earning.shareBps,
      amountMinor: line.amountMinor,
    });
  }
  return { ...summaryOf(row, await workspaceCurrency(tx, organizationId), tutors.length), tutors };
}

export async function readPayRun(db: Database, actor: Actor, payRunId: string): Promise<PayRun> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, (tx) => readPayRunIn(tx, organizationId, payRunId));
}

/** POST /admin/pay/runs: drafts the run of the period holding the date, replacing any draft. */
export async function draftPayRun(db: Database, actor: Actor, input: PayRunDraft, now: Date): Promise<PayRun> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    // Earnings are written under the pay lock: the draft sees all of a marking or none of it.
    await lockPay(tx, organizationId);
    const settings = await readSettings(tx, organizationId, "pay");
    const period = periodContaining(settings, input.date);
    const [taken] = await tx
      .select({ id: payRun.id, status: payRun.status })
      .from(payRun)
      .where(and(eq(payRun.organizationId, organizationId), eq(payRun.periodFrom, period.from), sql`${payRun.status} <> 'draft'`));
    if (taken) throw conflict(`The pay run of ${period.from} to ${period.to} is already ${taken.status}; a correction goes into the next period's run.`);
    await tx.delete(payRun).where(and(eq(payRun.organizationId, organizationId), eq(payRun.status, "draft")));

    const candidates = await tx
      .select()
      .from(tutorEarning)
      .where(
        and(
          eq(tutorEarning.organizationId, organizationId),
          lte(tutorEarning.earnedOn, period.to),
          sql`not exists (select 1 from ${payRunLine} where ${payRunLine.organizationId} = ${tutorEarning.organizationId} and ${payRunLine.earningId} = ${tutorEarning.id} and ${payRunLine.inConfirmedRun})`,
        ),
      );
    const standings = await standingsOf(tx, organizationId, candidates, settings.payOnlyWhenInvoicePaid);
    const ready = candidates.filter((earning) => standings.get(earning.id)!.state === "ready");
    const total = ready.reduce((sum, earning) => sum + earning.amountMinor, 0);
    const [created] = await tx
      .insert(payRun)
      .values({ organizationId, periodFrom: period.from, periodTo: period.to, totalMinor: total, createdByUserId: actor.viewer.user.id, createdAt: now })
      .returning();
    // Inserted in slices: one statement's parameters are limited.
    for (let start = 0; start < ready.length; start += 1000) {
      await tx.insert(payRunLine).values(
        ready.slice(start, start + 1000).map((earning) => ({
          organizationId,
          payRunId: created!.id,
          earningId: earning.id,
          tutorMemberId: earning.tutorMemberId,
          amountMinor: earning.amountMinor,
        })),
      );
    }
    const currency = await workspaceCurrency(tx, organizationId);
    await auditPay(
      tx,
      actor,
      "PAY_RUN_DRAFTED",
      `${actor.viewer.user.name} drafted the pay run of ${period.from} to ${period.to}: ${ready.length} lines, ${formatMoney(total, currency)}`,
      { payRunId: created!.id, periodFrom: period.from, periodTo: period.to, lines: ready.length, totalMinor: total },
    );
    return readPayRunIn(tx, organizationId, created!.id);
  });
}

async function lockRun(tx: Transaction, organizationId: string, payRunId: string): Promise<RunRow> {
  const [row] = isRecordId(payRunId)
    ? await tx
        .select()
        .from(payRun)
        .where(and(eq(payRun.organizationId, organizationId), eq(payRun.id, payRunId)))
        .for("update")
    : [];
  if (!row) throw runNotFound();
  return row;
}

/** POST /admin/pay/runs/{id}/confirm: locks a draft; its earnings are then in no other run. */
export async function confirmPayRun(db: Database, actor: Actor, payRunId: string, now: Date): Promise<PayRun> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    await lockPay(tx, organizationId);
    const run = await lockRun(tx, organizationId, payRunId);
    if (run.status !== "draft") throw conflict(`This pay run is already ${run.status}.`);
    const [lines] = await tx
      .select({ total: count() })
      .from(payRunLine)
      .where(and(eq(payRunLine.organizationId, organizationId), eq(payRunLine.payRunId, run.id)));
    // The lines first, while the run is a draft: the trigger freezes them once it is confirmed.
    await tx
      .update(payRunLine)
      .set({ inConfirmedRun: true })
      .where(and(eq(payRunLine.organizationId, organizationId), eq(payRunLine.payRunId, run.id)));
    await tx
      .update(payRun)
      .set({ status: "confirmed", confirmedAt: now, confirmedByUserId: actor.viewer.user.id })
      .where(and(eq(payRun.organizationId, organizationId), eq(payRun.id, run.id)));
    const currency = await workspaceCurrency(tx, organizationId);
    await auditPay(
      tx,
      actor,
      "PAY_RUN_CONFIRMED",
      `${actor.viewer.user.name} confirmed the pay run of ${run.periodFrom} to ${run.periodTo}: ${lines?.total ?? 0} lines, ${formatMoney(run.totalMinor, currency)}`,
      { payRunId: run.id, totalMinor: run.totalMinor },
    );
    return readPayRunIn(tx, organizationId, run.id);
  });
}

/** POST /admin/pay/runs/{id}/paid: a confirmed run was paid on a day, with the payroll's reference. */
export async function markPayRunPaid(db: Database, actor: Actor, payRunId: string, input: PayRunPaid, now: Date): Promise<PayRun> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const run = await lockRun(tx, organizationId, payRunId);
    if (run.status !== "confirmed")
      throw conflict(run.status === "paid" ? `This pay run was already marked paid on ${run.paidOn}.` : "Confirm this pay run before marking it paid.");
    if (input.paidOn > (await workspaceToday(tx, organizationId, now))) throw invalidField("paidOn", "Paid on must not be in the future.");
    await tx
      .update(payRun)
      .set({ status: "paid", paidOn: input.paidOn, paidReference: input.reference, paidAt: now, paidByUserId: actor.viewer.user.id })
      .where(and(eq(payRun.organizationId, organizationId), eq(payRun.id, run.id)));
    await auditPay(
      tx,
      actor,
      "PAY_RUN_PAID",
      `${actor.viewer.user.name} marked the pay run of ${run.periodFrom} to ${run.periodTo} paid on ${input.paidOn} (${input.reference})`,
      { payRunId: run.id, paidOn: input.paidOn, reference: input.reference },
    );
    return readPayRunIn(tx, organizationId, run.id);
  });
}
