/**
 * The lists around reports: sessions still to report (the tutor's and admin's "missing
 * reports"), summaries awaiting an admin's review, and a family's shared summaries.
 */
import { and, asc, count, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import { REPORT_OVERDUE_HOURS } from "../../../shared/report-deadline.ts";
import {
  type DueReportPage,
  type DueReportQuery,
  type FamilySummaryPage,
  type FamilySummaryQuery,
  type ReviewPage,
} from "../../../shared/schemas/session-reports.ts";
import type { Database } from "../../db/client.ts";
import { member, sessionSummary, student, studentGuardian, tutoringSession, user } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import type { Viewer } from "../../core/context.ts";
import type { Actor } from "../../core/audit.ts";
import { qualified } from "../../core/sql.ts";
import { shape, visibleSessions, workspaceZone } from "../sessions/index.ts";
import type { Area } from "../../../shared/roles.ts";

const OVERDUE_MS = REPORT_OVERDUE_HOURS * 3_600_000;

/**
 * Sessions over and still "scheduled": filing a report completes a session, so these are the
 * unreported ones (the partial index tutoring_session_unreported_idx holds exactly these and
 * the future ones). Oldest first: the longest overdue leads.
 */
export const dueReportsWhere = (viewer: Viewer, area: Area, endedBefore: Date): SQL | undefined =>
  and(visibleSessions(viewer, area), eq(tutoringSession.status, "scheduled"), lt(tutoringSession.endsAt, endedBefore));

/** One page of the sessions to report, the longest over first (the bench times this builder). */
export const dueReportsPageQuery = (tx: Queryable, where: SQL | undefined, page: number, pageSize: number) =>
  tx
    .select()
    .from(tutoringSession)
    .where(where)
    .orderBy(asc(tutoringSession.endsAt), asc(tutoringSession.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

export const dueReportsCountQuery = (tx: Queryable, where: SQL | undefined) => tx.select({ value: count() }).from(tutoringSession).where(where);

export async function listDueReports(db: Database, actor: Actor, area: Area, query: DueReportQuery, now: Date): Promise<DueReportPage> {
  const organizationId = actor.viewer.organizationId;
  const overdueBefore = new Date(now.getTime() - OVERDUE_MS);
  return withWorkspace(db, organizationId, async (tx) => {
    const where = dueReportsWhere(actor.viewer, area, query.overdueOnly ? overdueBefore : now);
    const [total] = await dueReportsCountQuery(tx, where);
    const rows = await dueReportsPageQuery(tx, where, query.page, query.pageSize);
    const sessions = await shape(tx, actor, area, rows, await workspaceZone(tx, organizationId));
    return {
      items: sessions.map((session, index) => ({ ...session, overdue: rows[index]!.endsAt.getTime() < overdueBefore.getTime() })),
      total: total?.value ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

/** Summaries tutors submitted that wait for an admin, oldest first. */
export async function listAwaitingReview(db: Database, actor: Actor, query: { page: number; pageSize: number }): Promise<ReviewPage> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const where = and(eq(sessionSummary.organizationId, organizationId), eq(sessionSummary.status, "awaiting_review"));
    const [total] = await tx.select({ value: count() }).from(sessionSummary).where(where);
    const rows = await tx
      .select({ summary: sessionSummary, studentName: student.name, session: tutoringSession, tutorName: user.name })
      .from(sessionSummary)
      .innerJoin(student, and(eq(student.organizationId, sessionSummary.organizationId), eq(student.id, sessionSummary.studentId)))
      .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, sessionSummary.organizationId), eq(tutoringSession.id, sessionSummary.sessionId)))
      .innerJoin(member, and(eq(member.organizationId, tutoringSession.organizationId), eq(member.id, tutoringSession.tutorMemberId)))
      .innerJoin(user, eq(user.id, member.userId))
      .where(where)
      .orderBy(asc(sessionSummary.submittedAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      items: rows.map((row) => ({
        sessionId: row.session.id,
        studentId: row.summary.studentId,
        studentName: row.studentName,
        subject: row.session.subject,
        tutorName: row.tutorName,
        startsAt: row.session.startsAt.toISOString(),
        timeZone: row.session.timeZone,
        submittedAt: row.summary.submittedAt!.toISOString(),
      })),
      total: total?.value ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}

/** A parent's children's or a student's own shared summaries, newest first. */
export async function listFamilySummaries(db: Database, actor: Actor, area: "parent" | "student", query: FamilySummaryQuery): Promise<FamilySummaryPage> {
  const organizationId = actor.viewer.organizationId;
  const memberId = actor.viewer.membership.id;
  const own =
    area === "parent"
      ? sql`exists (select 1 from ${studentGuardian} where ${qualified("student_guardian", "organization_id")} = ${qualified("session_summary", "organization_id")} and ${qualified("student_guardian", "student_id")} = ${qualified("session_summary", "student_id")} and ${qualified("student_guardian", "member_id")} = ${memberId})`
      : eq(student.userId, actor.viewer.user.id);
  return withWorkspace(db, organizationId, async (tx) => {
    const where = and(
      eq(sessionSummary.organizationId, organizationId),
      eq(sessionSummary.status, "shared"),
      own,
      query.studentId ? eq(sessionSummary.studentId, query.studentId.toLowerCase()) : undefined,
      query.sessionId ? eq(sessionSummary.sessionId, query.sessionId.toLowerCase()) : undefined,
    );
    const base = tx
      .select({ value: count() })
      .from(sessionSummary)
      .innerJoin(student, and(eq(student.organizationId, sessionSummary.organizationId), eq(student.id, sessionSummary.studentId)));
    const [total] = await base.where(where);
    const rows = await tx
      .select({ summary: sessionSummary, studentName: student.name, session: tutoringSession, tutorName: user.name })
      .from(sessionSummary)
      .innerJoin(student, and(eq(student.organizationId, sessionSummary.organizationId), eq(student.id, sessionSummary.studentId)))
      .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, sessionSummary.organizationId), eq(tutoringSession.id, sessionSummary.sessionId)))
      .innerJoin(member, and(eq(member.organizationId, tutoringSession.organizationId), eq(member.id, tutoringSession.tutorMemberId)))
      .innerJoin(user, eq(user.id, member.userId))
      .where(where)
      .orderBy(desc(sessionSummary.sharedAt), asc(sessionSummary.studentId))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      items: rows.map((row) => ({
        sessionId: row.session.id,
        studentId: row.summary.studentId,
        studentName: row.studentName,
        subject: row.session.subject,
        tutorName: row.tutorName,
        startsAt: row.session.startsAt.toISOString(),
        endsAt: row.session.endsAt.toISOString(),
        timeZone: row.session.timeZone,
        body: row.summary.body,
        sharedAt: row.summary.sharedAt!.toISOString(),
      })),
      total: total?.value ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
