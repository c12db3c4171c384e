/**
 * Revenue per active student: revenue invoiced (as its own metric counts it) divided by the
 * students with a completed session starting in the period. Invoices go to a family's account,
 * not to a student, so the rows are the families: each one's invoiced amount and active
 * students, which add up to the figure's two sides (a student's row could only repeat their
 * family's amount once per sibling).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../../db/tenant.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";
import { sessionsInScope } from "../session-scope.ts";
import { pageTotal, totalOf, whole } from "./money-sql.ts";
import { completed, withStudents } from "./teaching-parts.ts";
import { invoicedBySteps, invoicedDocuments } from "./revenue-invoiced.ts";

/** The workspace's own: this figure honours no filter (one student's share of a family's invoices means nothing). */
const workspaceOf = (scope: MetricScope): MetricScope => ({ ...scope, tutorMemberId: null, subject: null, studentId: null });

/** `attended`: the completed sessions starting in the period, once per student (withStudents). */
const attended = (scope: MetricScope, period: Period): SQL =>
  withStudents(
    "attended",
    scope.organizationId,
    sql`select tutoring_session.id as id from tutoring_session where ${sessionsInScope(scope, period)} and ${completed}`,
  );

async function activeStudents(tx: Transaction, scope: MetricScope, period: Period): Promise<number> {
  const { rows } = await tx.execute<{ students: number }>(
    sql`with ${attended(scope, period)} select count(distinct student_id)::int as students from attended`,
  );
  return rows[0]?.students ?? 0;
}

/** Per family account: its net invoiced amount and its active students (either may be nothing). */
function families(scope: MetricScope, period: Period): SQL {
  return sql`
    with invoiced as (
      select d.account_id, sum(d.amount)::bigint as invoiced from (${invoicedDocuments(scope, period)}) d group by d.account_id
    ),
    ${attended(scope, period)},
    active as (
      select st.payer_account_id as account_id, count(*)::int as students
        from (select distinct student_id from attended) as attendee
        join student st on st.organization_id = ${scope.organizationId} and st.id = attendee.student_id
       group by st.payer_account_id
    )
    select coalesce(i.account_id, a.account_id) as account_id, coalesce(i.invoiced, 0) as invoiced, coalesce(a.students, 0) as students
      from invoiced i
      full join active a on a.account_id = i.account_id`;
}

export const revenuePerStudent: Metric = {
  key: "revenue-per-student",
  name: "Revenue per active student",
  definition:
    "Revenue invoiced in the period (invoices less credit notes, as in Revenue invoiced) divided by the students active in it: those with at least one completed session (one with its report filed) starting in the period, as Active students counts them. Rounded to a whole amount; none when no student was active. The rows are family accounts, since invoices go to a family: their invoiced amounts added up, divided by their active students added up, give the figure.",
  unit: "money",
  better: "higher",
  areas: ["admin"],
  filters: [],
  async figure(tx, scope, period) {
    const workspace = workspaceOf(scope);
    const revenue = totalOf(await invoicedBySteps(tx, workspace, period));
    const students = await activeStudents(tx, workspace, period);
    return { value: students > 0 ? Math.round(revenue / students) : null, chart: null };
  },
  columns: [
    { key: "family", label: "Family account", unit: "text" },
    { key: "students", label: "Active students", unit: "count" },
    { key: "invoiced", label: "Invoiced", unit: "money" },
    { key: "perStudent", label: "Per active student", unit: "money" },
  ],
  async rows(tx, scope, period, page) {
    const rowsOf = families(workspaceOf(scope), period);
    const { rows } = await tx.execute<{ account_id: string; family: string; invoiced: string; students: number; total: number }>(sql`
      select f.account_id, a.name as family, f.invoiced, f.students, f.total
        from (select f.*, count(*) over ()::int as total from (${rowsOf}) f order by f.invoiced desc, f.students desc, f.account_id limit ${page.limit} offset ${page.offset}) f
        join payer_account a on a.organization_id = ${scope.organizationId} and a.id = f.account_id
       order by f.invoiced desc, f.students desc, f.account_id`);
    const total = await pageTotal(rows, page, async () => {
      const counted = await tx.execute<{ total: number }>(sql`select count(*)::int as total from (${rowsOf}) f`);
      return counted.rows[0]?.total ?? 0;
    });
    return {
      total,
      rows: rows.map((row) => {
        const invoiced = whole(row.invoiced);
        const students = Number(row.students);
        return {
          record: { kind: "account", id: row.account_id },
          cells: { family: row.family, students, invoiced, perStudent: students > 0 ? Math.round(invoiced / students) : null },
        };
      }),
    };
  },
};
