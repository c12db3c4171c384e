/**
 * Report completion: of the completed sessions that started in the period, the share whose
 * report was filed within 48 hours of the session's end. A tutor reads their own sessions
 * (their scope carries their member id).
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { member, sessionReport, tutoringSession, user } from "../../../db/schema.ts";
import { bucketOf } from "../buckets.ts";
import { type Metric, type MetricScope, type Period, shareOf } from "../metric.ts";
import { localDay, sessionsInScope, tutorJoin, tutorName } from "../session-scope.ts";
import { completed, localDateTime, timeChart } from "./teaching-parts.ts";

/** How long after a session's end its report counts as on time. */
export const REPORT_HOURS = 48;

const reportJoin = and(eq(sessionReport.organizationId, tutoringSession.organizationId), eq(sessionReport.sessionId, tutoringSession.id));
/** Filed within REPORT_HOURS of the end (a completed session without its report row is not). */
const onTime = sql<boolean>`coalesce(${sessionReport.filedAt} <= ${tutoringSession.endsAt} + make_interval(hours => ${REPORT_HOURS}), false)`;
const completedIn = (scope: MetricScope, period: Period) => and(sessionsInScope(scope, period), completed);

export const reportCompletion: Metric = {
  key: "report-completion",
  name: "Reports filed on time",
  definition: `Of the completed sessions that started in the period, the share whose report was filed within ${REPORT_HOURS} hours of the session's end. A session still waiting for its report is not completed yet, so it counts once its report is filed (late, if after ${REPORT_HOURS} hours); the missing-reports list shows those waiting.`,
  unit: "share",
  better: "higher",
  areas: ["admin", "tutor"],
  filters: ["tutor", "subject", "student"],
  async figure(tx, scope, period) {
    // The reports are read for the sorted list of the sessions' ids, as their students are
    // (withStudents says why), and put beside their session by grouping, not by a join the
    // planner would size by a guess.
    const { rows } = await tx.execute<{ step: string; sessions: number; on_time: number }>(sql`
      with done as materialized (
        select ${tutoringSession.id} as id, ${tutoringSession.endsAt} as ends_at, ${bucketOf(period, tutoringSession.startsAt)} as step
        from ${tutoringSession} where ${completedIn(scope, period)}
      ),
      filed as (
        select session_id as id, filed_at from session_report
        where organization_id = ${scope.organizationId} and session_id = any(array(select id from done))
      ),
      per_session as (
        select id, max(step) as step, max(ends_at) as ends_at, max(filed_at) as filed_at
        from (select id, step, ends_at, null::timestamptz as filed_at from done union all select id, null, null, filed_at from filed) as sides
        group by id
      )
      select step, count(*)::int as sessions,
             count(*) filter (where filed_at <= ends_at + make_interval(hours => ${REPORT_HOURS}))::int as on_time
      from per_session group by step`);
    const bySteps = new Map(rows.map((row) => [row.step!, shareOf(Number(row.on_time), Number(row.sessions))!]));
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + Number(pick(row)), 0);
    return {
      value: shareOf(
        sum((row) => row.on_time),
        sum((row) => row.sessions),
      ),
      chart: await timeChart(tx, period, [{ name: `Filed within ${REPORT_HOURS} hours`, unit: "share", values: bySteps }]),
    };
  },
  columns: [
    { key: "date", label: "Date", unit: "date" },
    { key: "tutor", label: "Tutor", unit: "text" },
    { key: "subject", label: "Subject", unit: "text" },
    { key: "filedAt", label: "Report filed", unit: "text" },
    { key: "timeToFile", label: "Time to file", unit: "minutes" },
    { key: "onTime", label: `Within ${REPORT_HOURS} hours`, unit: "text" },
  ],
  async rows(tx, scope, period, page) {
    const where = completedIn(scope, period);
    const [total] = await tx.select({ value: count() }).from(tutoringSession).where(where);
    const rows = await tx
      .select({
        id: tutoringSession.id,
        date: localDay(period),
        tutor: tutorName,
        subject: tutoringSession.subject,
        filedAt: localDateTime(period, sessionReport.filedAt),
        minutes: sql<number | null>`round(extract(epoch from ${sessionReport.filedAt} - ${tutoringSession.endsAt}) / 60)::int`,
        onTime,
      })
      .from(tutoringSession)
      .leftJoin(sessionReport, reportJoin)
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
          filedAt: row.filedAt,
          timeToFile: row.minutes === null ? null : Number(row.minutes),
          onTime: row.onTime ? "Yes" : "Late",
        },
      })),
    };
  },
};
