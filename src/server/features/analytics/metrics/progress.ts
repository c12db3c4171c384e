/** The metrics of a tutor's own work and of a student's progress (tutor, parent and student areas), in the order shown. */
import type { Metric } from "../metric.ts";

export const PROGRESS_METRICS: readonly Metric[] = [];
