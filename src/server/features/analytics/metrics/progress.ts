/** The metrics of a tutor's own work and of a student's progress (tutor, parent and student areas), in the order shown. */
import type { Metric } from "../metric.ts";
import { assessmentScores } from "./assessment-scores.ts";
import { attendance } from "./attendance.ts";
import { engagement } from "./engagement.ts";
import { homework } from "./homework.ts";
import { sessionsVsPlan } from "./sessions-vs-plan.ts";
import { tutorEarnings } from "./tutor-earnings.ts";
import { tutorHours } from "./tutor-hours.ts";
import { understanding } from "./understanding.ts";

export const PROGRESS_METRICS: readonly Metric[] = [
  tutorHours,
  tutorEarnings,
  attendance,
  engagement,
  understanding,
  assessmentScores,
  homework,
  sessionsVsPlan,
];
