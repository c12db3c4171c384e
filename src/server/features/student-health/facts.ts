/**
 * The facts a health card is scored from (rules.ts), for many students at once: each one's
 * sessions and report entries in the window before now, and when they last attended. Three
 * queries whatever the number of students. Only active students have facts: a paused or former
 * student is not scored.
 *
 * How a session went for the student, from the session's status and their report entry:
 * - completed, the student present or late: attended; absent: missed (absent);
 * - a no-show (every student absent) or a late cancellation: missed;
 * - cancelled in time: excused;
 * - still scheduled once it has ended, or completed without an entry for the student: pending
 *   (unreported, it counts for nothing until it is). A session under way is left out.
 */
import { and, asc, eq, gte, inArray, lte, max } from "drizzle-orm";
import { sessionReportStudent, sessionStudent, student, tutoringSession } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import type { HealthFacts, HealthSession, MissedAs, SessionOutcome } from "./rules.ts";

const DAY_MS = 86_400_000;

interface SessionFact {
  status: string;
  endsAt: Date;
  attendance: string | null;
}

/** The session's outcome for the student; null for a session not over yet. */
function outcomeOf(row: SessionFact, now: Date): { outcome: SessionOutcome; missedAs?: MissedAs } | null {
  switch (row.status) {
    case "completed":
      if (row.attendance === "present" || row.attendance === "late") return { outcome: "attended" };
      if (row.attendance === "absent") return { outcome: "missed", missedAs: "absent" };
      return { outcome: "pending" };
    case "no_show":
      return { outcome: "missed", missedAs: "no_show" };
    case "late_cancelled":
      return { outcome: "missed", missedAs: "late_cancelled" };
    case "cancelled":
      return { outcome: "excused" };
    default:
      return row.endsAt <= now ? { outcome: "pending" } : null;
  }
}

/** A student's session, and the student's entry in its report. */
const sessionOfStudent = and(eq(tutoringSession.organizationId, sessionStudent.organizationId), eq(tutoringSession.id, sessionStudent.sessionId));
const reportEntryOfStudent = and(
  eq(sessionReportStudent.organizationId, sessionStudent.organizationId),
  eq(sessionReportStudent.sessionId, sessionStudent.sessionId),
  eq(sessionReportStudent.studentId, sessionStudent.studentId),
);

/** The facts of each active student among `studentIds`, keyed by student id. */
export async function loadHealthFacts(
  tx: Transaction,
  organizationId: string,
  studentIds: readonly string[],
  now: Date,
  windowWeeks: number,
): Promise<Map<string, HealthFacts>> {
  const facts = new Map<string, HealthFacts>();
  if (studentIds.length === 0) return facts;
  const students = await tx
    .select({ id: student.id, createdAt: student.createdAt })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), inArray(student.id, [...studentIds]), eq(student.status, "active")));
  if (students.length === 0) return facts;
  const ids = students.map((row) => row.id);
  for (const row of students) facts.set(row.id, { now, activeSince: row.createdAt, sessions: [], reports: [], lastAttendedAt: null });

  const windowFrom = new Date(now.getTime() - windowWeeks * 7 * DAY_MS);
  const rows = await tx
    .select({
      studentId: sessionStudent.studentId,
      sessionId: tutoringSession.id,
      startsAt: tutoringSession.startsAt,
      endsAt: tutoringSession.endsAt,
      status: tutoringSession.status,
      entry: sessionReportStudent,
    })
    .from(sessionStudent)
    .innerJoin(tutoringSession, sessionOfStudent)
    .leftJoin(sessionReportStudent, reportEntryOfStudent)
    .where(
      and(
        eq(sessionStudent.organizationId, organizationId),
        inArray(sessionStudent.studentId, ids),
        gte(tutoringSession.startsAt, windowFrom),
        lte(tutoringSession.startsAt, now),
      ),
    )
    .orderBy(asc(tutoringSession.startsAt), asc(tutoringSession.id));
  for (const row of rows) {
    const card = facts.get(row.studentId)!;
    const outcome = outcomeOf({ status: row.status, endsAt: row.endsAt, attendance: row.entry?.attendance ?? null }, now);
    if (!outcome) continue;
    const minutes = Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
    const session: HealthSession = { sessionId: row.sessionId, startsAt: row.startsAt, minutes, ...outcome };
    card.sessions.push(session);
    if (row.entry)
      card.reports.push({
        sessionId: row.sessionId,
        startsAt: row.startsAt,
        engagement: row.entry.engagement,
        understanding: row.entry.understanding,
        homework: row.entry.previousHomework,
        scorePercent: row.entry.scorePercent,
      });
  }

  // However long ago: "no session attended in N days" may reach back before the window.
  const attended = await tx
    .select({ studentId: sessionStudent.studentId, lastAttendedAt: max(tutoringSession.startsAt) })
    .from(sessionStudent)
    .innerJoin(tutoringSession, sessionOfStudent)
    .innerJoin(sessionReportStudent, reportEntryOfStudent)
    .where(
      and(
        eq(sessionStudent.organizationId, organizationId),
        inArray(sessionStudent.studentId, ids),
        eq(tutoringSession.status, "completed"),
        inArray(sessionReportStudent.attendance, ["present", "late"]),
        lte(tutoringSession.startsAt, now),
      ),
    )
    .groupBy(sessionStudent.studentId);
  for (const row of attended) facts.get(row.studentId)!.lastAttendedAt = row.lastAttendedAt;
  return facts;
}
