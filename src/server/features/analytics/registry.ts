/**
 * The metric registry: every figure the analytics screens show, in the order they show it.
 * A metric joins by its file in ./metrics and a line in its group's list (money, teaching,
 * progress); its `areas` decide who may ask.
 */
import type { MetricInfo } from "../../../shared/schemas/analytics.ts";
import { notFound } from "../../lib/app-error.ts";
import type { AnalyticsArea, Metric } from "./metric.ts";
import { MONEY_METRICS } from "./metrics/money.ts";
import { PROGRESS_METRICS } from "./metrics/progress.ts";
import { TEACHING_METRICS } from "./metrics/teaching.ts";

export const METRICS: readonly Metric[] = [...MONEY_METRICS, ...TEACHING_METRICS, ...PROGRESS_METRICS];

const keys = new Set<string>();
for (const metric of METRICS) {
  if (keys.has(metric.key)) throw new Error(`Two metrics share the key ${metric.key}`);
  keys.add(metric.key);
}

export const metricsOf = (area: AnalyticsArea): Metric[] => METRICS.filter((metric) => metric.areas.includes(area));

/** The metric `key` if the area may see it; any other key is answered like an unknown one. */
export function metricFor(area: AnalyticsArea, key: string): Metric {
  const metric = METRICS.find((candidate) => candidate.key === key && candidate.areas.includes(area));
  if (!metric) throw notFound("The figure");
  return metric;
}

export const infoOf = (metric: Metric): MetricInfo => ({
  key: metric.key,
  name: metric.name,
  definition: metric.definition,
  unit: metric.unit,
  better: metric.better,
  filters: [...metric.filters],
});
