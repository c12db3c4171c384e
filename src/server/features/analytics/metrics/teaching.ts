/** The metrics of teaching, students, tutors, leads and health, in the order the screens show them. */
import type { Metric } from "../metric.ts";
import { activeStudents } from "./active-students.ts";
import { cancellationsAndNoShows } from "./cancellations-and-no-shows.ts";
import { healthDistribution } from "./health-distribution.ts";
import { hoursBySubject } from "./hours-by-subject.ts";
import { hoursByTutor } from "./hours-by-tutor.ts";
import { leadConversion } from "./lead-conversion.ts";
import { newStudents } from "./new-students.ts";
import { reportCompletion } from "./report-completion.ts";
import { retention } from "./retention.ts";
import { studentChurn } from "./student-churn.ts";
import { tutorUtilisation } from "./tutor-utilisation.ts";

export const TEACHING_METRICS: readonly Metric[] = [
  hoursByTutor,
  hoursBySubject,
  activeStudents,
  newStudents,
  studentChurn,
  retention,
  tutorUtilisation,
  leadConversion,
  healthDistribution,
  reportCompletion,
  cancellationsAndNoShows,
];
