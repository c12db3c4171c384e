/**
 * A student's health card from the facts of their sessions and reports: the figures over the
 * trailing window, and the risk score as the sum of the points of the rules that fire, each with
 * its reason in words and the sessions behind it. Pure: the facts and "now" come in, nothing is
 * read or written, so that every threshold's edge is a unit test.
 *
 * The score is the sum of the points, stopped at 100 (the default rules can add up to 110 when
 * nearly everything fires at once; the card then says so). Families see the score of the rules
 * they may read, so that what they see always adds up.
 */
import type { HomeworkCompletion } from "../../../shared/schemas/session-reports.ts";
import type { HealthBand, HealthEvidence, HealthFigures, HealthReason, HealthRuleKey, HealthRules } from "../../../shared/schemas/student-health.ts";

const DAY_MS = 86_400_000;
export const MAX_SCORE = 100;

/**
 * How a session that has taken place went for the student: attended (present or late), missed
 * (a no-show, a late cancellation, or absent from a session that went ahead), excused (cancelled
 * in time) or pending (over, but not reported yet: it counts for nothing until it is).
 */
export type SessionOutcome = "attended" | "missed" | "excused" | "pending";
export type MissedAs = "no_show" | "late_cancelled" | "absent";

export interface HealthSession {
  sessionId: string;
  startsAt: Date;
  minutes: number;
  outcome: SessionOutcome;
  missedAs?: MissedAs;
  /** Excused because the family questioned the absence and an admin accepted (not cancelled in time). */
  excusedOnQuestion?: boolean;
}

export interface HealthReport {
  sessionId: string;
  startsAt: Date;
  engagement: number | null;
  understanding: number | null;
  homework: HomeworkCompletion;
  scorePercent: number | null;
}

export interface HealthFacts {
  now: Date;
  /** When the student's record began: "no session for N days" counts from here before any session. */
  activeSince: Date;
  /** The student's sessions that began before now, oldest first (the window is applied here). */
  sessions: HealthSession[];
  /** The student's reports, oldest first (the window is applied here). */
  reports: HealthReport[];
  /** When the student last attended a session, however long ago. */
  lastAttendedAt: Date | null;
}

export interface HealthCard {
  figures: HealthFigures;
  /** The rules that fired, highest points first. */
  reasons: HealthReason[];
  /** Σ points, at most 100. */
  score: number;
  band: HealthBand;
  /** What the points add up to before the stop at 100. */
  pointsTotal: number;
  /** The same for the rules families see. */
  familyScore: number;
  familyBand: HealthBand;
}

const MISSED_WORDS: Record<MissedAs, string> = { no_show: "missed (no-show)", late_cancelled: "missed (cancelled late)", absent: "missed (absent)" };
const percentOf = (part: number, whole: number) => Math.round((part * 100) / whole);
const sessionsWord = (count: number) => (count === 1 ? "session" : "sessions");
const reportsWord = (count: number) => (count === 1 ? "report" : "reports");
const evidenceOf = (item: { sessionId: string; startsAt: Date }, note: string): HealthEvidence => ({
  sessionId: item.sessionId,
  startsAt: item.startsAt.toISOString(),
  note,
});

export function bandOf(score: number, rules: Pick<HealthRules, "watchFrom" | "actFrom">): HealthBand {
  if (score >= rules.actFrom) return "act";
  if (score >= rules.watchFrom) return "watch";
  return "on_track";
}

/** The facts inside the window, and the figures the card shows. */
function figuresOf(facts: HealthFacts, rules: HealthRules) {
  const windowFrom = new Date(facts.now.getTime() - rules.windowWeeks * 7 * DAY_MS);
  const inWindow = (item: { startsAt: Date }) => item.startsAt >= windowFrom && item.startsAt <= facts.now;
  const sessions = facts.sessions.filter(inWindow);
  const reports = facts.reports.filter(inWindow);
  const held = sessions.filter((session) => session.outcome === "attended" || session.outcome === "missed");
  const missed = held.filter((session) => session.outcome === "missed");
  const excused = sessions.filter((session) => session.outcome === "excused");
  let missesInARow = 0;
  for (let index = held.length - 1; index >= 0 && held[index]!.outcome === "missed"; index--) missesInARow++;
  const plannedMinutes = [...held, ...excused].reduce((sum, session) => sum + session.minutes, 0);
  const receivedMinutes = held.filter((session) => session.outcome === "attended").reduce((sum, session) => sum + session.minutes, 0);
  const homeworkSet = reports.filter((report) => report.homework !== "none_set");
  const lastAt = facts.lastAttendedAt ?? facts.activeSince;
  const figures: HealthFigures = {
    windowFrom: windowFrom.toISOString(),
    windowWeeks: rules.windowWeeks,
    held: held.length,
    attended: held.length - missed.length,
    missed: missed.length,
    excused: excused.length,
    noShows: missed.filter((session) => session.missedAs === "no_show").length,
    lateCancellations: missed.filter((session) => session.missedAs === "late_cancelled").length,
    absences: missed.filter((session) => session.missedAs === "absent").length,
    attendancePercent: held.length === 0 ? null : percentOf(held.length - missed.length, held.length),
    missesInARow,
    plannedMinutes,
    receivedMinutes,
    dosagePercent: plannedMinutes === 0 ? null : percentOf(receivedMinutes, plannedMinutes),
    engagement: reports.flatMap((report) => (report.engagement === null ? [] : [report.engagement])),
    understanding: reports.flatMap((report) => (report.understanding === null ? [] : [report.understanding])),
    scores: reports.flatMap((report) => (report.scorePercent === null ? [] : [report.scorePercent])),
    homework: {
      set: homeworkSet.length,
      completed: homeworkSet.filter((report) => report.homework === "completed").length,
      partly: homeworkSet.filter((report) => report.homework === "partly").length,
      notDone: homeworkSet.filter((report) => report.homework === "not_done").length,
    },
    daysSinceLastSession: facts.lastAttendedAt ? Math.floor((facts.now.getTime() - facts.lastAttendedAt.getTime()) / DAY_MS) : null,
  };
  return { figures, held, missed, excused, reports, homeworkSet, daysSinceLast: Math.floor((facts.now.getTime() - lastAt.getTime()) / DAY_MS) };
}

type Fired = Omit<HealthReason, "familyVisible" | "rule">;
type Window = ReturnType<typeof figuresOf>;
type RuleCheck<K extends HealthRuleKey> = (window: Window, rule: HealthRules["rules"][K], weeks: number) => Fired | null;

const missedShare: RuleCheck<"missedShare"> = ({ held, missed }, rule, weeks) => {
  if (held.length === 0) return null;
  // Whole-number arithmetic: 1 of 10 is exactly 10%.
  const high = missed.length * 100 >= rule.highPercent * held.length;
  if (!high && missed.length * 100 < rule.percent * held.length) return null;
  const points = high ? rule.highPoints : rule.points;
  return {
    points,
    reason: `Missed ${missed.length} of ${held.length} ${sessionsWord(held.length)} (${percentOf(missed.length, held.length)}%) in the last ${weeks} weeks: +${points}`,
    evidence: missed.map((session) => evidenceOf(session, MISSED_WORDS[session.missedAs ?? "absent"])),
  };
};

const consecutiveMisses: RuleCheck<"consecutiveMisses"> = ({ held, figures }, rule) => {
  if (figures.missesInARow < rule.count) return null;
  const run = held.slice(held.length - figures.missesInARow);
  return {
    points: rule.points,
    reason: `Missed the last ${run.length} sessions in a row: +${rule.points}`,
    evidence: run.map((session) => evidenceOf(session, MISSED_WORDS[session.missedAs ?? "absent"])),
  };
};

const dosage: RuleCheck<"dosage"> = ({ figures, missed, excused }, rule, weeks) => {
  const { plannedMinutes, receivedMinutes } = figures;
  if (plannedMinutes === 0 || receivedMinutes * 100 >= rule.percent * plannedMinutes) return null;
  const lost = [...missed, ...excused].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return {
    points: rule.points,
    reason: `Received ${receivedMinutes} of ${plannedMinutes} planned minutes (${percentOf(receivedMinutes, plannedMinutes)}%) in the last ${weeks} weeks, below ${rule.percent}%: +${rule.points}`,
    evidence: lost.map((session) =>
      evidenceOf(
        session,
        `${session.minutes} min not received: ${session.outcome === "excused" ? (session.excusedOnQuestion ? "absence excused" : "cancelled in time") : MISSED_WORDS[session.missedAs ?? "absent"]}`,
      ),
    ),
  };
};

const lowEngagement: RuleCheck<"lowEngagement"> = ({ reports }, rule) => {
  const rated = reports.filter((report) => report.engagement !== null).slice(-rule.ofLast);
  const low = rated.filter((report) => report.engagement! <= rule.atMost);
  if (low.length < rule.count) return null;
  return {
    points: rule.points,
    reason: `Engagement ${rule.atMost} or lower in ${low.length} of the last ${rated.length} ${reportsWord(rated.length)}: +${rule.points}`,
    evidence: low.map((report) => evidenceOf(report, `engagement ${report.engagement} of 5`)),
  };
};

const understandingFalling: RuleCheck<"understandingFalling"> = ({ reports }, rule) => {
  const rated = reports.filter((report) => report.understanding !== null).slice(-rule.overReports);
  if (rated.length < rule.overReports) return null;
  const first = rated[0]!.understanding!;
  const last = rated.at(-1)!.understanding!;
  if (first - last < rule.drop) return null;
  return {
    points: rule.points,
    reason: `Understanding fell from ${first} to ${last} over the last ${rated.length} reports: +${rule.points}`,
    evidence: rated.map((report) => evidenceOf(report, `understanding ${report.understanding} of 5`)),
  };
};

const noRecentSession: RuleCheck<"noRecentSession"> = ({ daysSinceLast, figures, held }, rule) => {
  if (daysSinceLast < rule.days) return null;
  const lastAttended = held.findLast((session) => session.outcome === "attended");
  return {
    points: rule.points,
    reason:
      figures.daysSinceLastSession === null
        ? `No session attended since joining ${daysSinceLast} days ago: +${rule.points}`
        : `No session attended in ${daysSinceLast} days: +${rule.points}`,
    evidence: lastAttended ? [evidenceOf(lastAttended, "the last session attended")] : [],
  };
};

const homeworkNotDone: RuleCheck<"homeworkNotDone"> = ({ homeworkSet }, rule) => {
  const latest = homeworkSet.slice(-rule.ofLast);
  const notDone = latest.filter((report) => report.homework === "not_done");
  // "Half of the last six" is three not done, however few reports set homework so far.
  const needed = Math.ceil((rule.percent * rule.ofLast) / 100);
  if (notDone.length < needed) return null;
  return {
    points: rule.points,
    reason: `Homework not done in ${notDone.length} of the last ${latest.length} ${reportsWord(latest.length)} that set some: +${rule.points}`,
    evidence: notDone.map((report) => evidenceOf(report, "homework not done")),
  };
};

const CHECKS: { [K in HealthRuleKey]: RuleCheck<K> } = {
  missedShare,
  consecutiveMisses,
  dosage,
  lowEngagement,
  understandingFalling,
  noRecentSession,
  homeworkNotDone,
};

function fire<K extends HealthRuleKey>(key: K, window: Window, rules: HealthRules): HealthReason | null {
  const rule = rules.rules[key];
  if (!rule.enabled) return null;
  const fired = CHECKS[key](window, rule, rules.windowWeeks);
  return fired && fired.points > 0 ? { rule: key, familyVisible: rule.familyVisible, ...fired } : null;
}

const total = (reasons: HealthReason[]) => reasons.reduce((sum, reason) => sum + reason.points, 0);

/** The card of one student under one version of the rules. */
export function scoreStudent(facts: HealthFacts, rules: HealthRules): HealthCard {
  const window = figuresOf(facts, rules);
  const reasons = (Object.keys(CHECKS) as HealthRuleKey[])
    .map((key) => fire(key, window, rules))
    .filter((reason): reason is HealthReason => reason !== null)
    .sort((a, b) => b.points - a.points);
  const pointsTotal = total(reasons);
  const score = Math.min(MAX_SCORE, pointsTotal);
  const familyScore = Math.min(MAX_SCORE, total(reasons.filter((reason) => reason.familyVisible)));
  return { figures: window.figures, reasons, score, band: bandOf(score, rules), pointsTotal, familyScore, familyBand: bandOf(familyScore, rules) };
}
