/**
 * A student's sessions as their family's data download holds them: each session attended,
 * with the student's own part of its report and the summary shared with the family. Private
 * notes and the other students of a group are not theirs and stay out.
 */
import { and, asc, eq } from "drizzle-orm";
import { member, sessionReport, sessionReportStudent, sessionStudent, sessionSummary, tutoringSession, user } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";

export interface SessionHistoryEntry {
  sessionId: string;
  subject: string;
  tutorName: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  status: string;
  attendance: string | null;
  previousHomework: string | null;
  understanding: number | null;
  engagement: number | null;
  scorePercent: number | null;
  topics: string | null;
  homeworkSet: string | null;
  summary: string | null;
  summarySharedAt: string | null;
}

export async function sessionHistoryOf(tx: Transaction, organizationId: string, studentId: string): Promise<SessionHistoryEntry[]> {
  const sameSession = <T extends { organizationId: unknown; sessionId: unknown }>(table: T) =>
    and(eq(table.organizationId as never, sessionStudent.organizationId), eq(table.sessionId as never, sessionStudent.sessionId));
  const rows = await tx
    .select({ session: tutoringSession, tutorName: user.name, report: sessionReport, entry: sessionReportStudent, summary: sessionSummary })
    .from(sessionStudent)
    .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, sessionStudent.organizationId), eq(tutoringSession.id, sessionStudent.sessionId)))
    .innerJoin(member, and(eq(member.organizationId, tutoringSession.organizationId), eq(member.id, tutoringSession.tutorMemberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .leftJoin(sessionReport, sameSession(sessionReport))
    .leftJoin(sessionReportStudent, and(sameSession(sessionReportStudent), eq(sessionReportStudent.studentId, sessionStudent.studentId)))
    .leftJoin(sessionSummary, and(sameSession(sessionSummary), eq(sessionSummary.studentId, sessionStudent.studentId), eq(sessionSummary.status, "shared")))
    .where(and(eq(sessionStudent.organizationId, organizationId), eq(sessionStudent.studentId, studentId)))
    .orderBy(asc(tutoringSession.startsAt));
  return rows.map(({ session, tutorName, report, entry, summary }) => ({
    sessionId: session.id,
    subject: session.subject,
    tutorName,
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
    timeZone: session.timeZone,
    status: session.status,
    attendance: entry?.attendance ?? null,
    previousHomework: entry?.previousHomework ?? null,
    understanding: entry?.understanding ?? null,
    engagement: entry?.engagement ?? null,
    scorePercent: entry?.scorePercent ?? null,
    topics: report?.topics ?? null,
    homeworkSet: report?.homeworkSet ?? null,
    summary: summary?.body ?? null,
    summarySharedAt: summary?.sharedAt?.toISOString() ?? null,
  }));
}
