/** The metrics of teaching, students, tutors, leads and health, in the order the screens show them. */
import type { Metric } from "../metric.ts";
import { hoursByTutor } from "./hours-by-tutor.ts";

export const TEACHING_METRICS: readonly Metric[] = [hoursByTutor];
