/** The money metrics, in the order the screens show them. */
import type { Metric } from "../metric.ts";

export const MONEY_METRICS: readonly Metric[] = [];
