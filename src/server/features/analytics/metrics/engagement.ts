/** Engagement: the average 1–5 engagement the tutor gave the students who came. */
import { sql } from "drizzle-orm";
import { sessionReportStudent } from "../../../db/schema.ts";
import type { Metric } from "../metric.ts";
import { attended, averageOf, PLACE_COLUMNS, placeRows, placeSums, timeFigure } from "./student-places.ts";

const rated = sql`${attended} and ${sessionReportStudent.engagement} is not null`;

export const engagement: Metric = {
  key: "engagement",
  name: "Engagement",
  definition:
    "The average engagement (1 to 5) given in the reports of sessions that started in the period, over the places where the student came (present or late); an absent student is not rated and does not count. Every rated place weighs the same.",
  unit: "rating",
  better: "higher",
  // The student's own: the ratings are in the summaries the family and the student are sent.
  areas: ["tutor", "parent", "student"],
  filters: ["subject", "student"],
  async figure(tx, scope, period) {
    const sums = await placeSums(tx, scope, period, sql`sum(${sessionReportStudent.engagement})`, sql`count(*)`, rated);
    return timeFigure(tx, period, sums, { name: "Engagement", unit: "rating", of: averageOf });
  },
  columns: [...PLACE_COLUMNS, { key: "engagement", label: "Engagement", unit: "rating" }],
  rows(tx, scope, period, page) {
    return placeRows(tx, scope, period, page, { key: "engagement", value: sql<number>`${sessionReportStudent.engagement}`, where: rated });
  },
};
