/**
 * Known data for the metric registry's fixture tests: rows written straight into the test's
 * database (as the superuser, past row-level security) so that each test states exactly what a
 * figure is computed over, and the figure read as the app reads it (inside withWorkspace, as
 * the app's role, row-level security on). No test-runner imports.
 */
import { randomUUID } from "node:crypto";
import type { AnalyticsArea, FigureResult, Metric, MetricScope, RowsResult } from "../src/server/features/analytics/metric.ts";
import { workspacePeriod } from "../src/server/features/analytics/period.ts";
import { sessionReport, sessionReportStudent, sessionStudent, student, tutorAvailability, tutoringSession, tutorProfile } from "../src/server/db/schema.ts";
import { crmStage, lead } from "../src/server/db/crm-schema.ts";
import { healthRuleVersion, studentHealth, studentHealthDay } from "../src/server/db/health-schema.ts";
import { DEFAULT_STAGES, type LeadSource } from "../src/shared/schemas/crm.ts";
import { DEFAULT_HEALTH_RULES, type HealthBand, type HealthFigures } from "../src/shared/schemas/student-health.ts";
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

export interface FixtureStudent {
  organizationId: string;
  name: string;
  /** An ISO instant; now unless said. */
  createdAt?: string;
  status?: "active" | "paused" | "former";
}

/** A student record as it stands (its family account made by the database's trigger). */
export async function insertStudent(t: TestApp, fixture: FixtureStudent): Promise<string> {
  const id = randomUUID();
  await t.db.insert(student).values({
    organizationId: fixture.organizationId,
    id,
    name: fixture.name,
    status: fixture.status ?? "active",
    ...(fixture.createdAt ? { createdAt: new Date(fixture.createdAt) } : {}),
  });
  return id;
}

export interface FixtureSlot {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** Local times, HH:MM. */
  startsAt: string;
  endsAt: string;
}

/** A tutor's profile (made unless there) and weekly availability slots. */
export async function insertAvailability(
  t: TestApp,
  organizationId: string,
  memberId: string,
  slots: FixtureSlot[],
  profile: { timeZone?: string; status?: "active" | "inactive" } = {},
): Promise<void> {
  await t.db
    .insert(tutorProfile)
    .values({ organizationId, memberId, timeZone: profile.timeZone ?? "Europe/London", status: profile.status ?? "active" })
    .onConflictDoNothing();
  if (slots.length > 0) await t.db.insert(tutorAvailability).values(slots.map((slot) => ({ organizationId, memberId, ...slot })));
}

/** The default pipeline's stages (New … Won, Lost), by name: their ids. */
export async function insertStages(t: TestApp, organizationId: string): Promise<Record<string, string>> {
  const rows = await t.db
    .insert(crmStage)
    .values(DEFAULT_STAGES.map((stage, index) => ({ organizationId, name: stage.name, outcome: stage.outcome, position: index + 1 })))
    .returning({ id: crmStage.id, name: crmStage.name });
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

export interface FixtureLead {
  organizationId: string;
  guardianName: string;
  source: LeadSource;
  stageId: string;
  /** ISO instants. */
  createdAt: string;
  convertedAt?: string;
}

/** A lead as it stands, without its timeline. */
export async function insertLead(t: TestApp, fixture: FixtureLead): Promise<string> {
  const id = randomUUID();
  const createdAt = new Date(fixture.createdAt);
  await t.db.insert(lead).values({
    organizationId: fixture.organizationId,
    id,
    guardianName: fixture.guardianName,
    email: `${id}@example.com`,
    source: fixture.source,
    stageId: fixture.stageId,
    stageEnteredAt: createdAt,
    consentBasis: "consent",
    purgeOn: "2099-01-01",
    convertedAt: fixture.convertedAt ? new Date(fixture.convertedAt) : null,
    createdAt,
    updatedAt: createdAt,
  });
  return id;
}

export interface FixtureHealth {
  organizationId: string;
  studentId: string;
  score: number;
  band: HealthBand;
  /** A day of the daily history (YYYY-MM-DD); without it, the student's current card. */
  day?: string;
}

/** A student's current health card, or a day of its history (the rules' version 1 made unless there). */
export async function insertHealth(t: TestApp, fixture: FixtureHealth): Promise<void> {
  const { organizationId, studentId, score, band } = fixture;
  await t.db
    .insert(healthRuleVersion)
    .values({ organizationId, version: 1, rules: DEFAULT_HEALTH_RULES, changes: "", publishedAt: new Date("2024-01-01T00:00:00Z") })
    .onConflictDoNothing();
  if (fixture.day) {
    await t.db
      .insert(studentHealthDay)
      .values({ organizationId, studentId, day: fixture.day, score, band, familyScore: score, familyBand: band, ruleVersion: 1 });
    return;
  }
  await t.db.insert(studentHealth).values({
    organizationId,
    studentId,
    ruleVersion: 1,
    score,
    band,
    pointsTotal: score,
    familyScore: score,
    familyBand: band,
    figures: {} as HealthFigures,
    reasons: [],
    computedAt: new Date("2024-01-01T00:00:00Z"),
  });
}
