/**
 * Known data for the metric registry's fixture tests: rows written straight into the test's
 * database (as the superuser, past row-level security) so that each test states exactly what a
 * figure is computed over, and the figure read as the app reads it (inside withWorkspace, as
 * the app's role, row-level security on). No test-runner imports.
 */
import { randomUUID } from "node:crypto";
import type { AnalyticsArea, FigureResult, Metric, MetricScope, RowsResult } from "../src/server/features/analytics/metric.ts";
import { workspacePeriod } from "../src/server/features/analytics/period.ts";
import { sessionReport, sessionReportStudent, sessionStudent, tutoringSession } from "../src/server/db/schema.ts";
import { withWorkspace } from "../src/server/db/tenant.ts";
import type { TestApp } from "./setup/test-app.ts";

/** A scope: the workspace's, unless narrowed. */
export function scopeFor(organizationId: string, area: AnalyticsArea = "admin", narrow: Partial<MetricScope> = {}): MetricScope {
  return { area, organizationId, tutorMemberId: null, studentId: null, subject: null, ...narrow };
}

/** The metric's figure for `from`..`to` (workspace days), computed as the app computes it. */
export function figureOf(t: TestApp, metric: Metric, scope: MetricScope, from: string, to: string): Promise<FigureResult> {
  return withWorkspace(t.deps.db, scope.organizationId, async (tx) => metric.figure(tx, scope, await workspacePeriod(tx, scope.organizationId, from, to)));
}

/** A page of the rows behind the figure (the first 100 unless said). */
export function rowsOf(t: TestApp, metric: Metric, scope: MetricScope, from: string, to: string, page = { limit: 100, offset: 0 }): Promise<RowsResult> {
  return withWorkspace(t.deps.db, scope.organizationId, async (tx) => metric.rows(tx, scope, await workspacePeriod(tx, scope.organizationId, from, to), page));
}

export interface FixtureSession {
  organizationId: string;
  tutorMemberId: string;
  studentIds: string[];
  /** An ISO instant. */
  startsAt: string;
  minutes: number;
  subject?: string;
  status?: "scheduled" | "completed" | "cancelled" | "late_cancelled" | "no_show";
  /** For cancelled ones: when. */
  cancelledAt?: string;
}

/** A session written as it stands (its status given): no report, no billing, no earnings. */
export async function insertSession(t: TestApp, session: FixtureSession): Promise<string> {
  const id = randomUUID();
  const startsAt = new Date(session.startsAt);
  await t.db.insert(tutoringSession).values({
    organizationId: session.organizationId,
    id,
    tutorMemberId: session.tutorMemberId,
    subject: session.subject ?? "Maths",
    startsAt,
    endsAt: new Date(startsAt.getTime() + session.minutes * 60_000),
    timeZone: "UTC",
    status: session.status ?? "completed",
    cancelledAt: session.cancelledAt ? new Date(session.cancelledAt) : null,
  });
  if (session.studentIds.length > 0) {
    await t.db.insert(sessionStudent).values(session.studentIds.map((studentId) => ({ organizationId: session.organizationId, sessionId: id, studentId })));
  }
  return id;
}

export interface FixtureReportEntry {
  studentId: string;
  attendance: "present" | "late" | "absent";
  previousHomework?: "completed" | "partly" | "not_done" | "none_set";
  understanding?: number | null;
  engagement?: number | null;
  scorePercent?: number | null;
}

/** A report on a session, filed at `filedAt` (an ISO instant), with each student's part. */
export async function insertReport(t: TestApp, organizationId: string, sessionId: string, filedAt: string, entries: FixtureReportEntry[]): Promise<void> {
  await t.db.insert(sessionReport).values({ organizationId, sessionId, topics: "Fractions", filedAt: new Date(filedAt) });
  if (entries.length === 0) return;
  await t.db.insert(sessionReportStudent).values(
    entries.map((entry) => ({
      organizationId,
      sessionId,
      studentId: entry.studentId,
      attendance: entry.attendance,
      previousHomework: entry.previousHomework ?? "none_set",
      understanding: entry.attendance === "absent" ? null : (entry.understanding ?? 3),
      engagement: entry.attendance === "absent" ? null : (entry.engagement ?? 3),
      scorePercent: entry.scorePercent ?? null,
    })),
  );
}
