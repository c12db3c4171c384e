/** Assessment scores: the average score of the assessments marked in reports, as a share. */
import { sql } from "drizzle-orm";
import { sessionReportStudent } from "../../../db/schema.ts";
import { type Metric, shareOf } from "../metric.ts";
import { PLACE_COLUMNS, placeRows, placeSums, timeFigure } from "./student-places.ts";

const scored = sql`${sessionReportStudent.scorePercent} is not null`;

export const assessmentScores: Metric = {
  key: "assessment-scores",
  name: "Assessment scores",
  definition:
    "The average assessment score (0 to 100%) in the reports of sessions that started in the period, over the places where a score was given; a session without an assessment does not count. Every score weighs the same.",
  unit: "share",
  better: "higher",
  areas: ["tutor", "parent", "student"],
  filters: ["subject", "student"],
  async figure(tx, scope, period) {
    // The percentages' sum over 100 × their count: the average as a share 0–1.
    const sums = await placeSums(tx, scope, period, sql`sum(${sessionReportStudent.scorePercent})`, sql`count(*) * 100`, scored);
    return timeFigure(tx, period, sums, { name: "Average score", unit: "share", of: shareOf });
  },
  columns: [...PLACE_COLUMNS, { key: "score", label: "Score", unit: "share" }],
  rows(tx, scope, period, page) {
    return placeRows(tx, scope, period, page, { key: "score", value: sql<number>`(${sessionReportStudent.scorePercent} / 100.0)::float8`, where: scored });
  },
};
