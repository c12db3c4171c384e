/**
 * Which alerts a student should have standing, from their freshly scored card, their billing
 * facts and their reports still missing. Pure, so that each condition's edge is a unit test;
 * alert-sync.ts opens, updates and clears the stored alerts to match.
 *
 * - A health rule that fired while the student is at "watch" or "act" (a single small rule of a
 *   student on track is on the card, not an alert). Guardians see it when the rule is
 *   family-visible and the score they are shown is above on track too.
 * - Hours low: a student on packages with fewer minutes left than the workspace's low-balance
 *   mark ("act" when none is left). Families see it.
 * - An invoice overdue by the set number of days. Families see it.
 * - A report missing two days after the session ended (staff only).
 */
import { describeMinutes } from "../billing/index.ts";
import { formatMoney } from "../../../shared/money.ts";
import type { AlertKind } from "../../../shared/schemas/health-alerts.ts";
import type { HealthBand, HealthEvidence } from "../../../shared/schemas/student-health.ts";
import type { StudentBillingFacts } from "./billing-facts.ts";
import type { HealthCard, HealthSession } from "./rules.ts";

export const REPORT_MISSING_HOURS = 48;
export const INVOICE_OVERDUE_DAYS = 14;
const HOUR_MS = 3_600_000;

export interface WantedAlert {
  kind: AlertKind;
  severity: HealthBand;
  familyVisible: boolean;
  title: string;
  evidence: HealthEvidence[];
}

export interface AlertInputs {
  card: HealthCard;
  billing: StudentBillingFacts | undefined;
  /** The student's sessions in the window, as scored. */
  sessions: readonly HealthSession[];
  now: Date;
  currency: string;
  windowWeeks: number;
}

const dayOf = (iso: string) => iso.slice(0, 10);

export function wantedAlerts({ card, billing, sessions, now, currency, windowWeeks }: AlertInputs): WantedAlert[] {
  const wanted: WantedAlert[] = [];
  if (card.band !== "on_track") {
    for (const reason of card.reasons) {
      wanted.push({
        kind: reason.rule,
        severity: card.band,
        familyVisible: reason.familyVisible && card.familyBand !== "on_track",
        title: reason.reason,
        evidence: reason.evidence,
      });
    }
  }
  if (billing?.onPackages && billing.minutesLeft !== null && billing.minutesLeft < billing.lowBalanceMinutes) {
    const left = billing.minutesLeft === 0 ? "No package hours left" : `${describeMinutes(billing.minutesLeft)} of package hours left`;
    const runOut = billing.runOutOn ? `; at the pace of the last ${windowWeeks} weeks they run out on ${billing.runOutOn}` : "";
    wanted.push({
      kind: "hoursLow",
      severity: billing.minutesLeft === 0 ? "act" : "watch",
      familyVisible: true,
      title: `${left}, below the ${describeMinutes(billing.lowBalanceMinutes)} mark${runOut}`,
      evidence: [],
    });
  }
  if (billing && billing.overdueInvoices.length > 0) {
    const [oldest] = billing.overdueInvoices;
    const total = billing.overdueInvoices.reduce((sum, invoice) => sum + invoice.outstandingMinor, 0);
    const count = billing.overdueInvoices.length;
    wanted.push({
      kind: "invoiceOverdue",
      severity: "act",
      familyVisible: true,
      title:
        count === 1
          ? `Invoice ${oldest!.number} is ${oldest!.daysOverdue} days overdue: ${formatMoney(total, currency)} outstanding`
          : `${count} invoices overdue, the oldest ${oldest!.number} by ${oldest!.daysOverdue} days: ${formatMoney(total, currency)} outstanding`,
      evidence: [],
    });
  }
  const reportDue = now.getTime() - REPORT_MISSING_HOURS * HOUR_MS;
  const unreported = sessions.filter((session) => session.outcome === "pending" && session.startsAt.getTime() + session.minutes * 60_000 <= reportDue);
  if (unreported.length > 0) {
    wanted.push({
      kind: "reportMissing",
      severity: "watch",
      familyVisible: false,
      title:
        unreported.length === 1
          ? `No report for the session of ${dayOf(unreported[0]!.startsAt.toISOString())}, ${REPORT_MISSING_HOURS} hours after it ended`
          : `No report for ${unreported.length} sessions, ${REPORT_MISSING_HOURS} hours or more after they ended`,
      evidence: unreported.map((session) => ({ sessionId: session.sessionId, startsAt: session.startsAt.toISOString(), note: "no report filed" })),
    });
  }
  return wanted;
}

/** Why a standing alert cleared, in words, for the alert's resolution. */
export function clearedBecause(kind: AlertKind, card: HealthCard | undefined): string {
  if (!card) return "the student is no longer active";
  switch (kind) {
    case "hoursLow":
      return "the package hours are back above the low-balance mark";
    case "invoiceOverdue":
      return "no invoice is overdue any more";
    case "reportMissing":
      return "the reports were filed";
    default:
      return card.band === "on_track" ? `the student is back on track (score ${card.score})` : "the rule no longer applies";
  }
}
