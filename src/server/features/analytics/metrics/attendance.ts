/** Attendance: the share of students' places in reported sessions where the student came (on time or late). */
import { count, sql } from "drizzle-orm";
import { sessionReportStudent } from "../../../db/schema.ts";
import { type Metric, shareOf } from "../metric.ts";
import { ATTENDANCE_WORDS, attended, PLACE_COLUMNS, placeRows, placeSums, timeFigure } from "./student-places.ts";

export const attendance: Metric = {
  key: "attendance",
  name: "Attendance",
  definition:
    "Of the students' places in sessions that started in the period and have their report filed, the share where the student came: present or late (arriving late counts as attending). An absence counts against it; a session cancelled or still waiting for its report does not count. Each student of a group session is one place.",
  unit: "share",
  better: "higher",
  areas: ["admin", "tutor", "parent", "student"],
  filters: ["tutor", "subject", "student"],
  async figure(tx, scope, period) {
    const sums = await placeSums(tx, scope, period, sql`count(*) filter (where ${attended})`, sql`${count()}`);
    return timeFigure(tx, period, sums, { name: "Attendance", unit: "share", of: shareOf });
  },
  columns: [...PLACE_COLUMNS, { key: "attendance", label: "Attendance", unit: "text" }],
  rows(tx, scope, period, page) {
    return placeRows(tx, scope, period, page, {
      key: "attendance",
      value: sql<string>`${sessionReportStudent.attendance}`,
      format: (value) => ATTENDANCE_WORDS[String(value)] ?? value,
    });
  },
};
