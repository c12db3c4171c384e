/** Homework: the share of the homework set that the student completed (part-done counts half). */
import { sql } from "drizzle-orm";
import { sessionReportStudent } from "../../../db/schema.ts";
import { type Metric, shareOf } from "../metric.ts";
import { PLACE_COLUMNS, placeRows, placeSums, timeFigure } from "./student-places.ts";

const set = sql`${sessionReportStudent.previousHomework} <> 'none_set'`;
const HOMEWORK_WORDS: Record<string, string> = { completed: "Completed", partly: "Partly done", not_done: "Not done" };

export const homework: Metric = {
  key: "homework",
  name: "Homework completed",
  definition:
    "Of the homework checked in the reports of sessions that started in the period (each place where the previous session had set some, whether or not the student came), the share completed: completed counts as one, partly done as a half, not done as nothing. Places where no homework had been set do not count.",
  unit: "share",
  better: "higher",
  areas: ["parent", "student"],
  filters: ["subject"],
  async figure(tx, scope, period) {
    const done = sql`sum(case ${sessionReportStudent.previousHomework} when 'completed' then 1 when 'partly' then 0.5 else 0 end)`;
    const sums = await placeSums(tx, scope, period, done, sql`count(*)`, set);
    return timeFigure(tx, period, sums, { name: "Homework completed", unit: "share", of: shareOf });
  },
  columns: [...PLACE_COLUMNS, { key: "homework", label: "Homework", unit: "text" }],
  rows(tx, scope, period, page) {
    return placeRows(tx, scope, period, page, {
      key: "homework",
      value: sql<string>`${sessionReportStudent.previousHomework}`,
      where: set,
      format: (value) => HOMEWORK_WORDS[String(value)] ?? value,
    });
  },
};
