/**
 * Late cancellations and no-shows: the sessions starting in the period that were cancelled
 * too late (inside the workspace's late-cancellation window) or missed. A session cancelled in
 * good time is no loss to count here.
 */
import { and, asc, count, desc, inArray, sql } from "drizzle-orm";
import { member, tutoringSession, user } from "../../../db/schema.ts";
import { bucketOf } from "../buckets.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { localDay, sessionsInScope, tutorJoin, tutorName } from "../session-scope.ts";
import { timeChart } from "./teaching-parts.ts";

const lost = (scope: MetricScope, period: Period) => and(sessionsInScope(scope, period), inArray(tutoringSession.status, ["late_cancelled", "no_show"]));

const STATUS_LABELS = { late_cancelled: "Late cancellation", no_show: "No-show" } as const;

export const cancellationsAndNoShows: Metric = {
  key: "cancellations-and-no-shows",
  name: "Late cancellations and no-shows",
  definition:
    "Sessions starting in the period that were cancelled late (inside the workspace's late-cancellation window) or marked as a no-show. Sessions cancelled in good time do not count.",
  unit: "count",
  better: "lower",
  areas: ["admin"],
  filters: ["tutor", "subject", "student"],
  async figure(tx, scope, period) {
    const { rows } = await tx.execute<{ step: string; late: number; no_shows: number }>(sql`
      select step, count(*) filter (where status = 'late_cancelled')::int as late, count(*) filter (where status = 'no_show')::int as no_shows
      from (
        select ${bucketOf(period, tutoringSession.startsAt)} as step, ${tutoringSession.status} as status
        from ${tutoringSession} where ${lost(scope, period)}
      ) as missed
      group by step`);
    // A step without either is a gap in both series; one with only no-shows, a gap in the late cancellations.
    const series = (pick: (row: (typeof rows)[number]) => number) =>
      new Map(rows.flatMap((row) => (Number(pick(row)) > 0 ? [[row.step, Number(pick(row))]] : [])));
    const late = series((row) => row.late);
    const noShows = series((row) => row.no_shows);
    return {
      value: rows.reduce((total, row) => total + Number(row.late) + Number(row.no_shows), 0),
      chart: await timeChart(tx, period, [
        { name: "Late cancellations", unit: "count", values: late },
        { name: "No-shows", unit: "count", values: noShows },
      ]),
    };
  },
  columns: [
    { key: "date", label: "Date", unit: "date" },
    { key: "tutor", label: "Tutor", unit: "text" },
    { key: "subject", label: "Subject", unit: "text" },
    { key: "what", label: "What happened", unit: "text" },
    { key: "reason", label: "Reason given", unit: "text" },
  ],
  async rows(tx, scope, period, page) {
    const where = lost(scope, period);
    const [total] = await tx.select({ value: count() }).from(tutoringSession).where(where);
    const rows = await tx
      .select({
        id: tutoringSession.id,
        date: localDay(period),
        tutor: tutorName,
        subject: tutoringSession.subject,
        status: tutoringSession.status,
        reason: tutoringSession.cancellationReason,
      })
      .from(tutoringSession)
      .leftJoin(member, tutorJoin.member)
      .leftJoin(user, tutorJoin.user)
      .where(where)
      .orderBy(desc(tutoringSession.startsAt), asc(tutoringSession.id))
      .limit(page.limit)
      .offset(page.offset);
    return {
      total: total?.value ?? 0,
      rows: rows.map((row) => ({
        record: { kind: "session", id: row.id },
        cells: {
          date: row.date,
          tutor: row.tutor,
          subject: row.subject,
          what: row.status === "no_show" ? STATUS_LABELS.no_show : STATUS_LABELS.late_cancelled,
          reason: row.reason,
        },
      })),
    };
  },
};
