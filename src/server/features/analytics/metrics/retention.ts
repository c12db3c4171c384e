/**
 * Retention by monthly cohort. A cohort is the students whose first completed session ever
 * fell in one calendar month of the period; the figure is the share of the period's cohorts
 * still active (a completed session) in its last month, and the chart follows each cohort
 * month by month.
 *
 * "First ever" is read without a student's whole history: the candidates are the students of
 * the period's completed sessions, and each is kept only if no completed session of theirs
 * started before the period. That check looks for one earlier session and stops at the first
 * it finds (the LIMIT 1 of a lateral join), so a long-standing student costs a probe or two
 * and a new one the few sessions they have. The student record's created_at would be cheaper
 * but wrong for records made long before the first lesson (imports, converted leads).
 */
import { sql } from "drizzle-orm";
import type { Chart } from "../../../../shared/schemas/analytics.ts";
import { student, tutoringSession } from "../../../db/schema.ts";
import type { Transaction } from "../../../db/tenant.ts";
import { type Metric, type MetricScope, type Period, shareOf } from "../metric.ts";
import { sessionsInScope } from "../session-scope.ts";
import { completed, totalOf, withStudents } from "./teaching-parts.ts";

/** Activity is read over the workspace's sessions or one tutor's or subject's. */
const activityScope = (scope: MetricScope): MetricScope => ({ ...scope, studentId: null });

/**
 * The cohort members: per student, the cohort month, the first session and the months of the
 * period with a completed session (an array). Everything is grouped by student, never joined
 * back to the sessions: their row count is unknown to the planner (withStudents), and such a
 * join may be planned as a loop over them.
 */
function cohortMembers(scope: MetricScope, period: Period) {
  const month = sql`to_char(${tutoringSession.startsAt} at time zone ${period.zone}, 'YYYY-MM')`;
  return sql`
    with ${withStudents(
      "attended",
      scope.organizationId,
      sql`select ${tutoringSession.id} as id, ${tutoringSession.startsAt} as starts_at, ${month} as month
          from ${tutoringSession} where ${sessionsInScope(activityScope(scope), period)} and ${completed}`,
    )},
    firsts as (select student_id, min(starts_at) as first_at, array_agg(distinct month) as months from attended group by student_id)
    select firsts.student_id, to_char(firsts.first_at at time zone ${period.zone}, 'YYYY-MM') as cohort, firsts.first_at, firsts.months
    from firsts
    left join lateral (
      select 1 as found
      from session_student earlier_student
      join tutoring_session earlier
        on earlier.organization_id = earlier_student.organization_id and earlier.id = earlier_student.session_id
      where earlier_student.organization_id = ${scope.organizationId} and earlier_student.student_id = firsts.student_id
        and earlier.starts_at < ${period.startsAt}::timestamptz and earlier.status = 'completed'
        ${scope.tutorMemberId ? sql`and earlier.tutor_member_id = ${scope.tutorMemberId}` : sql``}
        ${scope.subject ? sql`and earlier.subject = ${scope.subject}` : sql``}
      limit 1
    ) as before_period on true
    where before_period.found is null`;
}

/** The months of the period, first to last (YYYY-MM). */
async function monthsOf(tx: Transaction, period: Period): Promise<string[]> {
  const { rows } = await tx.execute<{ month: string }>(sql`
    select to_char(step, 'YYYY-MM') as month
    from generate_series(date_trunc('month', ${period.from}::timestamp), ${period.to}::timestamp, '1 month'::interval) as step
    order by step`);
  return rows.map((row) => row.month);
}

export const retention: Metric = {
  key: "retention",
  name: "Retention by monthly cohort",
  definition:
    "A cohort is the students whose first completed session ever (one with its report filed) was in one calendar month of the period. Retention is the share of the period's cohorts who had a completed session in its last month. The chart follows each cohort: Month 0 is the month of their first session (everyone), Month 1 the month after, and so on, as the share of the cohort with a completed session in that month. Filtered by tutor or subject, only that tutor's or subject's sessions count, first session included.",
  unit: "share",
  better: "higher",
  areas: ["admin"],
  filters: ["tutor", "subject"],
  async figure(tx, scope, period) {
    const months = await monthsOf(tx, period);
    const lastMonth = months[months.length - 1]!;
    const { rows } = await tx.execute<{ cohort: string; month: string; students: number }>(sql`
      select cohort, month, count(*)::int as students
      from (${cohortMembers(scope, period)}) as members, unnest(members.months) as month
      group by cohort, month`);
    const cohorts = [...new Set(rows.map((row) => row.cohort))].sort();
    const active = new Map(rows.map((row) => [`${row.cohort} ${row.month}`, Number(row.students)]));
    const sizeOf = (cohort: string) => active.get(`${cohort} ${cohort}`) ?? 0;
    const members = cohorts.reduce((total, cohort) => total + sizeOf(cohort), 0);
    const stayed = cohorts.reduce((total, cohort) => total + (active.get(`${cohort} ${lastMonth}`) ?? 0), 0);
    const chart: Chart = {
      kind: "category",
      labelHeading: "Months since the first session",
      labels: months.map((_, index) => `Month ${index}`),
      series: cohorts.map((cohort) => ({
        name: `Started ${cohort}`,
        unit: "share",
        values: months.map((_, index) => {
          const month = months[months.indexOf(cohort) + index];
          return month === undefined ? null : (shareOf(active.get(`${cohort} ${month}`) ?? 0, sizeOf(cohort)) ?? null);
        }),
      })),
    };
    return { value: shareOf(stayed, members), chart };
  },
  columns: [
    { key: "student", label: "Student", unit: "text" },
    { key: "cohort", label: "Cohort", unit: "text" },
    { key: "firstSession", label: "First session", unit: "date" },
    { key: "monthsActive", label: "Months active", unit: "count" },
    { key: "activeInLastMonth", label: "Active in the last month", unit: "text" },
  ],
  async rows(tx, scope, period, page) {
    const months = await monthsOf(tx, period);
    const lastMonth = months[months.length - 1]!;
    const members = sql`
      select student_id, cohort, first_at, cardinality(months) as months_active, ${lastMonth} = any(months) as active_last
      from (${cohortMembers(scope, period)}) as members`;
    const { rows } = await tx.execute<{
      id: string;
      name: string;
      cohort: string;
      first_session: string;
      months_active: number;
      active_last: boolean;
      total: number;
    }>(sql`
      select ${student.id} as id, ${student.name} as name, members.cohort, ((members.first_at at time zone ${period.zone})::date)::text as first_session,
             members.months_active, members.active_last, count(*) over ()::int as total
      from (${members}) as members
      join ${student} on ${student.organizationId} = ${scope.organizationId} and ${student.id} = members.student_id
      order by members.cohort, ${student.name}, ${student.id}
      limit ${page.limit} offset ${page.offset}`);
    const total = await totalOf(rows, page, async () =>
      Number((await tx.execute<{ value: number }>(sql`select count(*)::int as value from (${members}) as members`)).rows[0]!.value),
    );
    return {
      total,
      rows: rows.map((row) => ({
        record: { kind: "student", id: row.id },
        cells: {
          student: row.name,
          cohort: row.cohort,
          firstSession: row.first_session,
          monthsActive: Number(row.months_active),
          activeInLastMonth: row.active_last ? "Yes" : "No",
        },
      })),
    };
  },
};
