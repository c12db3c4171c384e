/**
 * Reading a student's health card: what was last computed (student_health), with the score's
 * trend from the daily snapshots; never recomputed per request. Who sees it is the students'
 * own visibility (admins every student, tutors their assigned ones, guardians their children,
 * the student their own record); outside it, 404. Families read the score of the rules they
 * may see and only those reasons; the student reads the figures without the risk wording.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import type { HealthCardView, HealthFigures, OwnHealth } from "../../../shared/schemas/student-health.ts";
import type { Actor } from "../../core/audit.ts";
import { workspaceCurrency } from "../../core/currency.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { studentHealth, studentHealthDay } from "../../db/health-schema.ts";
import { student } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";
import { isRecordId } from "../../core/ids.ts";
import { visibleStudents } from "../students/index.ts";

/** How far back the trend reaches. */
const TREND_DAYS = 56;
const DAY_MS = 86_400_000;

async function visibleStudent(tx: Queryable, actor: Actor, area: Area, studentId: string | null, now: Date) {
  const conditions = [visibleStudents(actor.viewer, area, now)];
  if (studentId !== null) {
    if (!isRecordId(studentId)) throw notFound("The student");
    conditions.push(eq(student.id, studentId));
  }
  const [row] = await tx
    .select({ id: student.id, name: student.name })
    .from(student)
    .where(and(...conditions))
    .limit(1);
  if (!row) throw notFound("The student");
  return row;
}

async function cardRow(tx: Queryable, organizationId: string, studentId: string) {
  const [row] = await tx
    .select()
    .from(studentHealth)
    .where(and(eq(studentHealth.organizationId, organizationId), eq(studentHealth.studentId, studentId)));
  return row;
}

function withoutBilling(figures: HealthFigures): HealthFigures {
  const { billing: _billing, ...rest } = figures;
  return rest;
}

/** GET /{admin,tutor,parent}/students/{studentId}/health */
export async function viewHealthCard(db: Database, actor: Actor, area: "admin" | "tutor" | "parent", studentId: string, now: Date): Promise<HealthCardView> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const record = await visibleStudent(tx, actor, area, studentId, now);
    const row = await cardRow(tx, organizationId, record.id);
    const currency = await workspaceCurrency(tx, organizationId);
    if (!row) {
      return {
        studentId: record.id,
        studentName: record.name,
        scored: false,
        computedAt: null,
        ruleVersion: null,
        score: 0,
        band: "on_track",
        pointsTotal: 0,
        reasons: [],
        figures: null,
        currency,
        trend: [],
      };
    }
    const family = area === "parent";
    const since = new Date(Date.parse(`${await workspaceToday(tx, organizationId, now)}T00:00:00Z`) - TREND_DAYS * DAY_MS).toISOString().slice(0, 10);
    const days = await tx
      .select()
      .from(studentHealthDay)
      .where(and(eq(studentHealthDay.organizationId, organizationId), eq(studentHealthDay.studentId, record.id), gte(studentHealthDay.day, since)))
      .orderBy(asc(studentHealthDay.day));
    const reasons = family ? row.reasons.filter((reason) => reason.familyVisible) : row.reasons;
    return {
      studentId: record.id,
      studentName: record.name,
      scored: true,
      computedAt: row.computedAt.toISOString(),
      ruleVersion: row.ruleVersion,
      score: family ? row.familyScore : row.score,
      band: family ? row.familyBand : row.band,
      pointsTotal: family ? reasons.reduce((sum, reason) => sum + reason.points, 0) : row.pointsTotal,
      reasons,
      // A family's billing is theirs to see; a tutor's card leaves it out.
      figures: area === "tutor" ? withoutBilling(row.figures) : row.figures,
      currency,
      // A family's trend is of the score they are shown.
      trend: days.map((day) => ({ day: day.day, score: family ? day.familyScore : day.score, band: family ? day.familyBand : day.band })),
    };
  });
}

/** GET /student/health: the student's own figures, without score or reasons. */
export async function viewOwnHealth(db: Database, actor: Actor, now: Date): Promise<OwnHealth> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const record = await visibleStudent(tx, actor, "student", null, now);
    const row = await cardRow(tx, organizationId, record.id);
    if (!row) return { scored: false, computedAt: null, figures: null };
    const { windowWeeks, held, attended, attendancePercent, homework, understanding, scores, daysSinceLastSession } = row.figures;
    return {
      scored: true,
      computedAt: row.computedAt.toISOString(),
      figures: { windowWeeks, held, attended, attendancePercent, homework, understanding, scores, daysSinceLastSession },
    };
  });
}
