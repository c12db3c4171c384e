/**
 * Hours delivered, by subject: the same sessions and the same total as hours by tutor (the
 * rows are those sessions), grouped by the session's subject instead.
 */
import { and, asc, desc, sql } from "drizzle-orm";
import { tutoringSession } from "../../../db/schema.ts";
import type { Metric } from "../metric.ts";
import { sessionMinutes, sessionsInScope } from "../session-scope.ts";
import { hoursByTutor } from "./hours-by-tutor.ts";
import { completed } from "./teaching-parts.ts";

export const hoursBySubject: Metric = {
  key: "hours-by-subject",
  name: "Hours delivered by subject",
  definition:
    "The length of every completed session (one with its report filed) that started in the period, added up per subject. Cancelled sessions and no-shows do not count. The total is the same as hours delivered by tutor.",
  unit: "minutes",
  better: "higher",
  areas: ["admin"],
  filters: ["tutor", "subject", "student"],
  async figure(tx, scope, period) {
    const minutes = sql<number>`coalesce(sum(${sessionMinutes}), 0)::float8`;
    const bySubject = await tx
      .select({ subject: tutoringSession.subject, minutes })
      .from(tutoringSession)
      .where(and(sessionsInScope(scope, period), completed))
      .groupBy(tutoringSession.subject)
      .orderBy(desc(minutes), asc(tutoringSession.subject));
    const values = bySubject.map((row) => Math.round(Number(row.minutes)));
    return {
      value: values.reduce((total, value) => total + value, 0),
      chart: {
        kind: "category",
        labelHeading: "Subject",
        labels: bySubject.map((row) => row.subject),
        series: [{ name: "Hours delivered", unit: "minutes", values }],
      },
    };
  },
  // The same sessions as hours by tutor: one list of rows, so the two can never disagree.
  columns: hoursByTutor.columns,
  rows: (tx, scope, period, page) => hoursByTutor.rows(tx, scope, period, page),
};
