/**
 * Session reports, for the session's tutor and the admins.
 *
 * Filing a report records each student's attendance and ratings, completes the session (a
 * no-show when every student was absent) and drafts one summary per student. Correcting it
 * redrafts the summaries no one has edited; an edited one keeps its words and names the facts
 * that changed (summaries.ts: it is not shared without a choice). A shared summary is final.
 */
import { and, asc, eq } from "drizzle-orm";
import type { ReportView, SessionReportInput } from "../../../shared/schemas/session-reports.ts";
import { reportChanges } from "../../../shared/session-summary.ts";
import type { Database } from "../../db/client.ts";
import { sessionReport, sessionReportStudent, sessionStudent, sessionSummary, student, tutoringSession, user } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, conflict, notFound } from "../../lib/app-error.ts";
import type { Actor } from "../../core/audit.ts";
import { billSession } from "../billing/index.ts";
import { earnSession } from "../tutor-pay/index.ts";
import { auditSessions, canWrite, findVisible, type SessionRow } from "../sessions/index.ts";
import { describeTime } from "../../core/time.ts";
import { readSettings } from "../../core/settings/index.ts";
import { markHealthDue } from "../../core/health-due.ts";
import { drafterFor, reportFactsOf, shapeSummary } from "./drafting.ts";
import type { Area, ManagerArea } from "../../../shared/roles.ts";

/** The session's students with their report entries (absent before filing), by name. */
async function studentsWithEntries(tx: Transaction, organizationId: string, sessionId: string) {
  return tx
    .select({
      studentId: student.id,
      name: student.name,
      preferredName: student.preferredName,
      erasedAt: student.erasedAt,
      entry: sessionReportStudent,
    })
    .from(sessionStudent)
    .innerJoin(student, and(eq(student.organizationId, sessionStudent.organizationId), eq(student.id, sessionStudent.studentId)))
    .leftJoin(
      sessionReportStudent,
      and(
        eq(sessionReportStudent.organizationId, sessionStudent.organizationId),
        eq(sessionReportStudent.sessionId, sessionStudent.sessionId),
        eq(sessionReportStudent.studentId, sessionStudent.studentId),
      ),
    )
    .where(and(eq(sessionStudent.organizationId, organizationId), eq(sessionStudent.sessionId, sessionId)))
    .orderBy(asc(student.name));
}

async function buildView(tx: Transaction, session: SessionRow): Promise<ReportView> {
  const organizationId = session.organizationId;
  const policy = await readSettings(tx, organizationId, "sessions");
  const [report] = await tx
    .select({ report: sessionReport, filedBy: user.name })
    .from(sessionReport)
    .leftJoin(user, eq(user.id, sessionReport.filedByUserId))
    .where(and(eq(sessionReport.organizationId, organizationId), eq(sessionReport.sessionId, session.id)));
  if (!report) return { report: null, summaries: [], summaryRequiresReview: policy.summaryRequiresReview };
  const people = await studentsWithEntries(tx, organizationId, session.id);
  const summaries = await tx
    .select()
    .from(sessionSummary)
    .where(and(eq(sessionSummary.organizationId, organizationId), eq(sessionSummary.sessionId, session.id)));
  const reported = people.filter((person) => person.entry !== null);
  const draft = await drafterFor(tx, session);
  return {
    report: {
      topics: report.report.topics,
      homeworkSet: report.report.homeworkSet,
      privateNotes: report.report.privateNotes,
      filedAt: report.report.filedAt.toISOString(),
      filedBy: report.filedBy,
      updatedAt: report.report.updatedAt.toISOString(),
      students: reported.map((person) => ({
        studentId: person.studentId,
        name: person.name,
        attendance: person.entry!.attendance,
        previousHomework: person.entry!.previousHomework,
        understanding: person.entry!.understanding,
        engagement: person.entry!.engagement,
        scorePercent: person.entry!.scorePercent,
      })),
    },
    summaries: reported.flatMap((person) => {
      const summary = summaries.find((candidate) => candidate.studentId === person.studentId);
      if (!summary) return [];
      const facts = reportFactsOf(report.report, person.entry!);
      return [shapeSummary(summary, person.name, draft(facts, person), facts)];
    }),
    summaryRequiresReview: policy.summaryRequiresReview,
  };
}

export function requireManager(area: Area): asserts area is ManagerArea {
  // Parents and students never reach these operations (their areas have none); a guard all the same.
  if (!canWrite(area)) throw notFound("The session");
}

export async function readReport(db: Database, actor: Actor, area: Area, sessionId: string): Promise<ReportView> {
  requireManager(area);
  return withWorkspace(db, actor.viewer.organizationId, async (tx) => buildView(tx, await findVisible(tx, actor, area, sessionId)));
}

/** Files the report, or corrects it: the session's students exactly, each once. */
export async function fileReport(db: Database, actor: Actor, area: Area, sessionId: string, input: SessionReportInput, now: Date): Promise<ReportView> {
  requireManager(area);
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const session = await findVisible(tx, actor, area, sessionId, true);
    if (session.status === "cancelled" || session.status === "late_cancelled") throw conflict("This session was cancelled; there is nothing to report.");
    if (session.startsAt.getTime() > now.getTime()) throw conflict("This session has not started yet; file its report once it has taken place.");
    const people = await studentsWithEntries(tx, organizationId, session.id);
    const given = new Map(input.students.map((entry) => [entry.studentId.toLowerCase(), entry]));
    for (const [index, entry] of input.students.entries()) {
      if (!people.some((person) => person.studentId === entry.studentId.toLowerCase())) {
        const message = "This student is not in this session.";
        throw new AppError("VALIDATION_FAILED", 422, message, [{ path: ["students", index, "studentId"], message }]);
      }
    }
    const missing = people.filter((person) => !given.has(person.studentId));
    if (missing.length > 0) {
      const message = `Give the attendance of every student of the session: ${missing.map((person) => person.name).join(", ")} ${missing.length === 1 ? "is" : "are"} missing.`;
      throw new AppError("VALIDATION_FAILED", 422, message, [{ path: ["students"], message }]);
    }

    const [existing] = await tx
      .select()
      .from(sessionReport)
      .where(and(eq(sessionReport.organizationId, organizationId), eq(sessionReport.sessionId, session.id)));
    const summaries = await tx
      .select()
      .from(sessionSummary)
      .where(and(eq(sessionSummary.organizationId, organizationId), eq(sessionSummary.sessionId, session.id)))
      .for("update");
    const fields = {
      topics: input.topics,
      homeworkSet: input.homeworkSet,
      privateNotes: input.privateNotes,
      updatedAt: now,
      updatedByUserId: actor.viewer.user.id,
    };
    await tx
      .insert(sessionReport)
      .values({ organizationId, sessionId: session.id, ...fields, filedAt: now, filedByUserId: actor.viewer.user.id })
      .onConflictDoUpdate({ target: [sessionReport.organizationId, sessionReport.sessionId], set: fields });
    const draft = await drafterFor(tx, session);
    // Unedited drafts follow the report; edited words stay, and the summary names what changed.
    const redrafted: string[] = [];
    for (const person of people) {
      const entry = given.get(person.studentId)!;
      const values = {
        attendance: entry.attendance,
        previousHomework: entry.previousHomework,
        understanding: entry.understanding,
        engagement: entry.engagement,
        scorePercent: entry.scorePercent,
      };
      const [saved] = await tx
        .insert(sessionReportStudent)
        .values({ organizationId, sessionId: session.id, studentId: person.studentId, ...values })
        .onConflictDoUpdate({ target: [sessionReportStudent.organizationId, sessionReportStudent.sessionId, sessionReportStudent.studentId], set: values })
        .returning();
      const facts = reportFactsOf(input, saved!);
      const summary = summaries.find((row) => row.studentId === person.studentId);
      const whereSummary = and(
        eq(sessionSummary.organizationId, organizationId),
        eq(sessionSummary.sessionId, session.id),
        eq(sessionSummary.studentId, person.studentId),
      );
      if (!summary) {
        await tx.insert(sessionSummary).values({
          organizationId,
          sessionId: session.id,
          studentId: person.studentId,
          body: draft(facts, person),
          reportFacts: facts,
          updatedByUserId: actor.viewer.user.id,
        });
      } else if (summary.status === "shared") {
        // The family has it: a correction never changes what was sent.
      } else if (!summary.edited) {
        const body = draft(facts, person);
        const changed = body !== summary.body || !summary.reportFacts || reportChanges(summary.reportFacts, facts).length > 0;
        if (changed) {
          await tx.update(sessionSummary).set({ body, reportFacts: facts, updatedAt: now, updatedByUserId: actor.viewer.user.id }).where(whereSummary);
          redrafted.push(person.studentId);
        }
      } else if (!summary.reportFacts && existing && person.entry) {
        // Edited before its draft's facts were kept: the report as it stood until now is the best guess.
        await tx
          .update(sessionSummary)
          .set({ reportFacts: reportFactsOf(existing, person.entry) })
          .where(whereSummary);
      }
    }
    const status = input.students.every((entry) => entry.attendance === "absent") ? "no_show" : "completed";
    await tx
      .update(tutoringSession)
      .set({ status, updatedAt: now, updatedByUserId: actor.viewer.user.id })
      .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, session.id)));
    // The attendance prices the session: hours drawn or a charge, re-billed when a correction changes it.
    await billSession(tx, { organizationId, actorUserId: actor.viewer.user.id, now }, session.id);
    // And pays its tutor: the session's length (or the no-show share), re-earned when a correction changes it.
    await earnSession(tx, { organizationId, actorUserId: actor.viewer.user.id, now }, session.id);
    // And moves its students' health cards: attendance and ratings are what they are scored on.
    await markHealthDue(
      tx,
      organizationId,
      people.map((person) => person.studentId),
      now,
    );
    const when = describeTime(session.startsAt, session.endsAt, session.timeZone);
    await auditSessions(
      tx,
      actor,
      existing ? "SESSION_REPORT_UPDATED" : "SESSION_REPORT_FILED",
      people.map((person) => person.studentId),
      `${actor.viewer.user.name} ${existing ? "corrected" : "filed"} the report of the ${session.subject} session of ${when}${status === "no_show" ? " (no-show: every student absent)" : ""}`,
      { sessionId: session.id, status, ...(existing ? { summariesRedrafted: redrafted } : {}) },
    );
    return buildView(tx, { ...session, status });
  });
}
