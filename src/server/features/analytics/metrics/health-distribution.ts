/**
 * Students by health band on the period's last day. A day that is over is read from the daily
 * history (student_health_day: every active student is scored at least nightly, and each day
 * keeps the day's last score); the history is known to be over for that day once a later day
 * has snapshots. A period that reaches today (or beyond) has no complete snapshot for its last
 * day yet, so it reads the current cards of the active students instead.
 */
import { and, asc, count, desc, eq, gt } from "drizzle-orm";
import { HEALTH_BANDS, type HealthBand } from "../../../../shared/schemas/student-health.ts";
import { studentHealth, studentHealthDay } from "../../../db/health-schema.ts";
import { student } from "../../../db/schema.ts";
import type { Transaction } from "../../../db/tenant.ts";
import type { Metric, MetricScope, Period } from "../metric.ts";

const BAND_LABELS: Record<HealthBand, string> = { on_track: "On track", watch: "Watch", act: "Act" };

/** Whether the period's last day is over in the history: a later day has snapshots. */
async function fromHistory(tx: Transaction, scope: MetricScope, period: Period): Promise<boolean> {
  const [later] = await tx
    .select({ day: studentHealthDay.day })
    .from(studentHealthDay)
    .where(and(eq(studentHealthDay.organizationId, scope.organizationId), gt(studentHealthDay.day, period.to)))
    .limit(1);
  return later !== undefined;
}

/** The students' bands and scores on the period's last day: the day's snapshots, or the current cards. */
function bandsOn(history: boolean, scope: MetricScope, period: Period) {
  if (history)
    return {
      table: studentHealthDay,
      fields: { studentId: studentHealthDay.studentId, band: studentHealthDay.band, score: studentHealthDay.score },
      join: and(eq(student.organizationId, studentHealthDay.organizationId), eq(student.id, studentHealthDay.studentId)),
      where: and(eq(studentHealthDay.organizationId, scope.organizationId), eq(studentHealthDay.day, period.to)),
    };
  return {
    table: studentHealth,
    fields: { studentId: studentHealth.studentId, band: studentHealth.band, score: studentHealth.score },
    join: and(eq(student.organizationId, studentHealth.organizationId), eq(student.id, studentHealth.studentId)),
    where: and(eq(studentHealth.organizationId, scope.organizationId), eq(student.status, "active")),
  };
}

export const healthDistribution: Metric = {
  key: "health-distribution",
  name: "Students by health band",
  definition:
    "Students by their health band on the period's last day: for a day that is over, the band of that day's last score in the daily history; for a period that reaches today, the active students' current cards. The figure is the students in the Act band.",
  unit: "count",
  better: "lower",
  areas: ["admin"],
  filters: [],
  async figure(tx, scope, period) {
    const history = await fromHistory(tx, scope, period);
    const source = bandsOn(history, scope, period);
    const students = count();
    // A day's snapshots are counted alone (every one is a scored student); the cards need the student's status.
    const byBand = history
      ? await tx.select({ band: studentHealthDay.band, students }).from(studentHealthDay).where(source.where).groupBy(studentHealthDay.band)
      : await tx
          .select({ band: studentHealth.band, students })
          .from(studentHealth)
          .innerJoin(student, source.join)
          .where(source.where)
          .groupBy(studentHealth.band);
    const counts = new Map(byBand.map((row) => [row.band, row.students]));
    return {
      value: counts.get("act") ?? 0,
      chart: {
        kind: "category",
        labelHeading: "Band",
        labels: HEALTH_BANDS.map((band) => BAND_LABELS[band]),
        series: [{ name: "Students", unit: "count", values: HEALTH_BANDS.map((band) => counts.get(band) ?? 0) }],
      },
    };
  },
  columns: [
    { key: "student", label: "Student", unit: "text" },
    { key: "band", label: "Band", unit: "text" },
    { key: "score", label: "Risk score", unit: "count" },
  ],
  async rows(tx, scope, period, page) {
    const source = bandsOn(await fromHistory(tx, scope, period), scope, period);
    const [total] = await tx.select({ value: count() }).from(source.table).innerJoin(student, source.join).where(source.where);
    const rows = await tx
      .select({ ...source.fields, name: student.name })
      .from(source.table)
      .innerJoin(student, source.join)
      .where(source.where)
      .orderBy(desc(source.fields.score), asc(student.name), asc(student.id))
      .limit(page.limit)
      .offset(page.offset);
    return {
      total: total?.value ?? 0,
      rows: rows.map((row) => ({
        record: { kind: "student", id: row.studentId },
        cells: { student: row.name, band: BAND_LABELS[row.band], score: row.score },
      })),
    };
  },
};
