/**
 * A tutor's earnings: what their pay statement counts for the same days, read through the
 * statement's own query (every earning dated in the range: sessions, reversals, adjustments),
 * so the figure and the statement's total cannot drift apart.
 */
import { count, desc, sql } from "drizzle-orm";
import type { Transaction } from "../../../db/tenant.ts";
import { statementEarningsQuery } from "../../tutor-pay/index.ts";
import { bucketOfDate } from "../buckets.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { timeFigure } from "./student-places.ts";

const KIND_WORDS: Record<string, string> = { session: "Session", reversal: "Reversal", adjustment: "Adjustment" };

function earningsOf(tx: Transaction, scope: MetricScope, period: Period) {
  // Only the tutor area asks (its scope always names the tutor); the statement is one tutor's.
  if (!scope.tutorMemberId) throw new Error("Tutor earnings are read for one tutor");
  return statementEarningsQuery(tx, scope.organizationId, scope.tutorMemberId, period.from, period.to).as("statement_earning");
}

export const tutorEarnings: Metric = {
  key: "tutor-earnings",
  name: "Earnings",
  definition:
    "What you earned on days in the period, as your pay statement counts it: each session's earning (its length at your pay rate, or the policy's share for a no-show or a late cancellation), less reversals when a session was re-marked, plus or minus adjustments, dated by the session's day (or the adjustment's). Sessions still waiting for their report have earned nothing yet. Paid or not does not matter.",
  unit: "money",
  better: "higher",
  areas: ["tutor"],
  filters: [],
  async figure(tx, scope, period) {
    const earnings = earningsOf(tx, scope, period);
    const rows = await tx
      .select({ step: bucketOfDate(period, earnings.earning.earnedOn), amount: sql<number>`sum(${earnings.earning.amountMinor})::float8` })
      .from(earnings)
      .groupBy(sql`1`);
    const sums = rows.map((row) => ({ step: row.step, part: Number(row.amount), whole: 1 }));
    return timeFigure(tx, period, sums, { name: "Earnings", unit: "money", of: (amount) => amount });
  },
  columns: [
    { key: "date", label: "Date", unit: "date" },
    { key: "kind", label: "Kind", unit: "text" },
    { key: "description", label: "Description", unit: "text" },
    { key: "amount", label: "Amount", unit: "money" },
  ],
  async rows(tx, scope, period, page) {
    const earnings = earningsOf(tx, scope, period);
    const [total] = await tx.select({ value: count() }).from(earnings);
    const { earning } = earnings;
    const rows = await tx
      .select({
        sessionId: earning.sessionId,
        earnedOn: earning.earnedOn,
        kind: earning.kind,
        description: earning.description,
        amountMinor: earning.amountMinor,
      })
      .from(earnings)
      .orderBy(desc(earning.earnedOn), desc(earning.createdAt), desc(earning.id))
      .limit(page.limit)
      .offset(page.offset);
    return {
      total: total?.value ?? 0,
      rows: rows.map((row) => ({
        record: row.sessionId ? { kind: "session", id: row.sessionId } : null,
        cells: { date: row.earnedOn, kind: KIND_WORDS[row.kind] ?? row.kind, description: row.description, amount: Number(row.amountMinor) },
      })),
    };
  },
};
