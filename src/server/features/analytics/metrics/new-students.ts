/** New students: the student records created in the period, per step of the time chart. */
import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { student } from "../../../db/schema.ts";
import { bucketOf } from "../buckets.ts";
import type { Metric, Period } from "../metric.ts";
import { localDay } from "../session-scope.ts";
import { timeChart } from "./teaching-parts.ts";

const createdIn = (organizationId: string, period: Period) =>
  and(eq(student.organizationId, organizationId), gte(student.createdAt, new Date(period.startsAt)), lt(student.createdAt, new Date(period.endsAt)));

const STATUS_LABELS = { active: "Active", paused: "Paused", former: "Former" } as const;

export const newStudents: Metric = {
  key: "new-students",
  name: "New students",
  definition:
    "Student records created in the period (whatever has become of them since: paused and former students count), by the day they were added to the workspace.",
  unit: "count",
  better: "higher",
  areas: ["admin"],
  filters: [],
  async figure(tx, scope, period) {
    const { rows } = await tx.execute<{ step: string; students: number }>(sql`
      select step, count(*)::int as students
      from (select ${bucketOf(period, student.createdAt)} as step from ${student} where ${createdIn(scope.organizationId, period)}) as added
      group by step`);
    const bySteps = new Map(rows.map((row) => [row.step, Number(row.students)]));
    return {
      value: [...bySteps.values()].reduce((total, value) => total + value, 0),
      chart: await timeChart(tx, period, [{ name: "New students", unit: "count", values: bySteps }]),
    };
  },
  columns: [
    { key: "student", label: "Student", unit: "text" },
    { key: "added", label: "Added", unit: "date" },
    { key: "status", label: "Status", unit: "text" },
  ],
  async rows(tx, scope, period, page) {
    const where = createdIn(scope.organizationId, period);
    const [total] = await tx.select({ value: count() }).from(student).where(where);
    const rows = await tx
      .select({ id: student.id, name: student.name, added: localDay(period, student.createdAt), status: student.status })
      .from(student)
      .where(where)
      .orderBy(desc(student.createdAt), asc(student.id))
      .limit(page.limit)
      .offset(page.offset);
    return {
      total: total?.value ?? 0,
      rows: rows.map((row) => ({ record: { kind: "student", id: row.id }, cells: { student: row.name, added: row.added, status: STATUS_LABELS[row.status] } })),
    };
  },
};
