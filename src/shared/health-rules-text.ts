/**
 * The health rules in words: each rule as a family reads it on the thresholds page ("Missed 10%
 * or more of the sessions held: +20; 20% or more: +35 instead"), and what changed between two
 * published versions, for the history families and admins read.
 */
import { HEALTH_RULE_KEYS, type HealthRuleKey, type HealthRules } from "./schemas/student-health.ts";

export const HEALTH_RULE_LABELS: Record<HealthRuleKey, string> = {
  missedShare: "Missed sessions",
  consecutiveMisses: "Misses in a row",
  dosage: "Minutes against the plan",
  lowEngagement: "Low engagement",
  understandingFalling: "Understanding falling",
  noRecentSession: "No recent session",
  homeworkNotDone: "Homework not done",
};

type Rule<K extends HealthRuleKey> = HealthRules["rules"][K];

const DESCRIBE: { [K in HealthRuleKey]: (rule: Rule<K>, weeks: number) => string } = {
  missedShare: (rule, weeks) =>
    `Missed ${rule.percent}% or more of the sessions held in the last ${weeks} weeks (cancellations made in time apart): +${rule.points}; ${rule.highPercent}% or more: +${rule.highPoints} instead.`,
  consecutiveMisses: (rule) => `Missed the last ${rule.count} sessions in a row: +${rule.points}.`,
  dosage: (rule, weeks) => `Received less than ${rule.percent}% of the minutes planned in the last ${weeks} weeks: +${rule.points}.`,
  lowEngagement: (rule) => `Engagement rated ${rule.atMost} or lower (of 5) in ${rule.count} of the last ${rule.ofLast} reports: +${rule.points}.`,
  understandingFalling: (rule) =>
    `Understanding down by ${rule.drop} ${rule.drop === 1 ? "point" : "points"} or more from the first to the last of the latest ${rule.overReports} reports: +${rule.points}.`,
  noRecentSession: (rule) => `No session attended for ${rule.days} days: +${rule.points}.`,
  homeworkNotDone: (rule) =>
    `Homework not done in ${Math.ceil((rule.percent * rule.ofLast) / 100)} of the latest ${rule.ofLast} reports that set some: +${rule.points}.`,
};

export function describeHealthRule<K extends HealthRuleKey>(key: K, rules: HealthRules): string {
  return DESCRIBE[key](rules.rules[key], rules.windowWeeks);
}

/** What changed from one version to the next, one sentence per change; "No change" when none. */
export function describeHealthRuleChanges(before: HealthRules, after: HealthRules): string[] {
  const changes: string[] = [];
  if (before.windowWeeks !== after.windowWeeks) changes.push(`Window: ${before.windowWeeks} weeks → ${after.windowWeeks} weeks.`);
  if (before.watchFrom !== after.watchFrom) changes.push(`Watch band from a score of ${before.watchFrom} → ${after.watchFrom}.`);
  if (before.actFrom !== after.actFrom) changes.push(`Act band from a score of ${before.actFrom} → ${after.actFrom}.`);
  for (const key of HEALTH_RULE_KEYS) {
    const label = HEALTH_RULE_LABELS[key];
    const old = before.rules[key] as Record<string, number | boolean>;
    const next = after.rules[key] as Record<string, number | boolean>;
    if (old.enabled !== next.enabled) changes.push(`${label}: turned ${next.enabled ? "on" : "off"}.`);
    if (old.familyVisible !== next.familyVisible) changes.push(`${label}: ${next.familyVisible ? "shown to families" : "staff only"}.`);
    const tuned = Object.keys(next).filter((field) => field !== "enabled" && field !== "familyVisible" && old[field] !== next[field]);
    if (tuned.length > 0) changes.push(`${label}: now "${describeHealthRule(key, after)}" (was "${describeHealthRule(key, before)}")`);
  }
  return changes;
}
