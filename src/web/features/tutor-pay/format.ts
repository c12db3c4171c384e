import type { AdjustmentCategory, EarningBasis, EarningState, PayPeriodKind, PayRunStatus, PendingReason } from "../../../shared/pay-states.ts";
import type { StatementItem } from "../../../shared/schemas/tutor-pay.ts";
import { formatHourlyRate } from "../../lib/format-money.ts";
import { formatMinutes, formatPercent } from "../billing/format.ts";

/** The words of tutor pay's states and kinds, and what a statement line says of itself. */

export const EARNING_STATE_LABELS: Record<EarningState, string> = {
  paid: "Paid",
  confirmed: "In a confirmed run",
  ready: "Ready for the next run",
  pending: "Pending",
  reversed: "Cancelled out",
};

/** Colours without a shade: the theme keeps an outline badge's text at AA in both colour schemes. */
export const EARNING_STATE_COLORS: Record<EarningState, string> = {
  paid: "teal",
  confirmed: "blue",
  ready: "indigo",
  pending: "grape",
  reversed: "gray",
};

/** Why a line is not yet payable, in the words a tutor reads. */
export const PENDING_REASON_LABELS: Record<PendingReason, string> = {
  report_missing: "Waiting for the session's report",
  uninvoiced: "Waiting for the family's invoice",
  invoice_unpaid: "Waiting for the family to pay the invoice",
};

export const ADJUSTMENT_CATEGORY_LABELS: Record<AdjustmentCategory, string> = {
  travel: "Travel",
  training: "Training",
  correction: "Correction",
  other: "Other",
};

export const EARNING_BASIS_LABELS: Record<EarningBasis, string> = {
  attended: "Taught",
  no_show: "No-show",
  late_cancelled: "Late cancellation",
};

export const PAY_RUN_STATUS_LABELS: Record<PayRunStatus, string> = { draft: "Draft", confirmed: "Confirmed", paid: "Paid" };
export const PAY_RUN_STATUS_COLORS: Record<PayRunStatus, string> = { draft: "gray", confirmed: "blue", paid: "teal" };

export const PAY_PERIOD_LABELS: Record<PayPeriodKind, string> = { weekly: "Weekly", fortnightly: "Fortnightly", monthly: "Monthly" };

/** What a statement line is: "Mathematics · Taught", "Travel adjustment", "Reversal". */
export function statementLineKind(item: Pick<StatementItem, "kind" | "subject" | "basis" | "category">): string {
  if (item.kind === "adjustment") return `${item.category ? ADJUSTMENT_CATEGORY_LABELS[item.category] : "Other"} adjustment`;
  if (item.kind === "reversal") return "Reversal of an earlier line";
  // A session without a basis has earned nothing yet: its report is missing.
  const basis = item.basis ? EARNING_BASIS_LABELS[item.basis] : "Not reported yet";
  return item.subject ? `${item.subject} · ${basis}` : basis;
}

/** "1 h at £40.00 / h", "30 min at £40.00 / h (50 %)" for a share, "—" for an adjustment. */
export function timeAndRate(line: { minutes: number | null; rateMinor: number | null; shareBps: number | null }, currency: string): string {
  if (line.minutes === null) return "—";
  const time = formatMinutes(line.minutes);
  if (line.rateMinor === null) return time;
  const share = line.shareBps !== null && line.shareBps !== 10_000 ? ` (${formatPercent(line.shareBps)})` : "";
  return `${time} at ${formatHourlyRate(line.rateMinor, currency)}${share}`;
}

/**
 * The line's words under its kind: an adjustment's reason, a reversal's description (what it
 * undoes); nothing for a session, whose date, subject and time are already in their columns.
 */
export function statementLineDetail(item: Pick<StatementItem, "kind" | "description" | "reason">): string | null {
  if (item.kind === "adjustment") return item.reason || item.description;
  if (item.kind === "reversal") return item.description;
  return null;
}
