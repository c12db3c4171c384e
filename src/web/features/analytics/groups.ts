/**
 * The headings the admin's figures are grouped under on /admin/reports. The registry names no
 * group, so a metric's group is read from its key (and a money unit), the first rule that
 * matches winning; a key no rule knows is Teaching's. Within a group, the registry's order.
 */
import type { MetricInfo } from "../../../shared/schemas/analytics.ts";

export const METRIC_GROUPS = ["Money", "Teaching", "Students", "Tutors", "Leads", "Health"] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

const RULES: readonly [MetricGroup, (metric: MetricInfo) => boolean][] = [
  ["Health", (metric) => /health|risk|alert/.test(metric.key)],
  ["Leads", (metric) => /^(leads?|enquir|trials?|conversion|funnel)\b|-(leads?|enquiries|trials?)\b/.test(metric.key)],
  [
    "Money",
    (metric) =>
      metric.unit === "money" || /revenue|invoice|payment|outstanding|overdue|debt|refund|margin|billing|package|balance|cash|bought|prepaid/.test(metric.key),
  ],
  ["Tutors", (metric) => /^tutors?\b/.test(metric.key)],
  ["Students", (metric) => /(^|-)students?(-|$)|retention|churn|cohort|famil/.test(metric.key)],
];

export const groupOf = (metric: MetricInfo): MetricGroup => RULES.find(([, matches]) => matches(metric))?.[0] ?? "Teaching";

/** The groups that have figures, in the screen's order, each with its figures in the registry's order. */
export function groupMetrics(metrics: readonly MetricInfo[]): { group: MetricGroup; metrics: MetricInfo[] }[] {
  return METRIC_GROUPS.map((group) => ({ group, metrics: metrics.filter((metric) => groupOf(metric) === group) })).filter((entry) => entry.metrics.length > 0);
}
