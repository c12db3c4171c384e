/** Understanding: the average 1–5 understanding the tutor gave the students who came. */
import { sql } from "drizzle-orm";
import { sessionReportStudent } from "../../../db/schema.ts";
import type { Metric } from "../metric.ts";
import { attended, averageOf, PLACE_COLUMNS, placeRows, placeSums, timeFigure } from "./student-places.ts";

const rated = sql`${attended} and ${sessionReportStudent.understanding} is not null`;

export const understanding: Metric = {
  key: "understanding",
  name: "Understanding",
  definition:
    "The average understanding (1 to 5) given in the reports of sessions that started in the period, over the places where the student came (present or late); an absent student is not rated and does not count. Every rated place weighs the same.",
  unit: "rating",
  better: "higher",
  areas: ["tutor", "parent", "student"],
  filters: ["subject", "student"],
  async figure(tx, scope, period) {
    const sums = await placeSums(tx, scope, period, sql`sum(${sessionReportStudent.understanding})`, sql`count(*)`, rated);
    return timeFigure(tx, period, sums, { name: "Understanding", unit: "rating", of: averageOf });
  },
  columns: [...PLACE_COLUMNS, { key: "understanding", label: "Understanding", unit: "rating" }],
  rows(tx, scope, period, page) {
    return placeRows(tx, scope, period, page, { key: "understanding", value: sql<number>`${sessionReportStudent.understanding}`, where: rated });
  },
};
