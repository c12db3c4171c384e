/**
 * Session reports and family summaries, for the session's tutor and the admins.
 *
 * Filing a report records each student's attendance and ratings, completes the session (a
 * no-show when every student was absent) and drafts one summary per student. A summary is
 * edited, then shared: guardians get it by email and it shows in the parent and student
 * areas. When the workspace requires review, a tutor's share waits for an admin's.
 * A shared summary is final (the family has it by email).
 */
import { and, asc, eq } from "drizzle-orm";
import type { ReportView, SessionReportInput, Summary, SummaryUpdate } from "../../../shared/schemas/session-reports.ts";
import { draftSummary } from "../../../shared/session-summary.ts";
import type { AppDeps } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { member, organization, sessionReport, sessionReportStudent, sessionStudent, sessionSummary, student, studentGuardian, tutoringSession, user } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError, conflict, notFound } from "../../lib/app-error.ts";
import { mails } from "../../mail/templates.ts";
import { isRecordId } from "../students/policy.ts";
import type { Actor } from "../students/audit.ts";
import { canWrite, type SessionRelationship } from "../sessions/policy.ts";
import { describeTime } from "../sessions/series.ts";
import { auditSessions, findVisible, type SessionRow } from "../sessions/service.ts";
import { readWorkspacePolicy } from "../sessions/workspace-policy.ts";

type ManagerRelationship = Extract<SessionRelationship, "admin" | "tutor">;

async function tutorNameOf(tx: Transaction, organizationId: string, memberId: string): Promise<string> {
  const [row] = await tx
    .select({ name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
  return row?.name ?? "your tutor";
}

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
      and(eq(sessionReportStudent.organizationId, sessionStudent.organizationId), eq(sessionReportStudent.sessionId, sessionStudent.sessionId), eq(sessionReportStudent.studentId, sessionStudent.studentId)),
    )
    .where(and(eq(sessionStudent.organizationId, organizationId), eq(sessionStudent.sessionId, sessionId)))
    .orderBy(asc(student.name));
}

type Drafter = (report: { topics: string; homeworkSet: string }, person: { name: string; preferredName: string | null }, entry: typeof sessionReportStudent.$inferSelect) => string;

/** Drafts the session's summaries: the session's facts and tutor read once. */
async function drafterFor(tx: Transaction, session: SessionRow): Promise<Drafter> {
  const tutorName = await tutorNameOf(tx, session.organizationId, session.tutorMemberId);
  const when = describeTime(session.startsAt, session.endsAt, session.timeZone);
  return (report, person, entry) =>
    draftSummary({
      studentName: person.preferredName || person.name,
      subject: session.subject,
      when,
      tutorName,
      topics: report.topics,
      homeworkSet: report.homeworkSet,
      attendance: entry.attendance,
      previousHomework: entry.previousHomework,
      understanding: entry.understanding,
      engagement: entry.engagement,
      scorePercent: entry.scorePercent,
    });
}

async function buildView(tx: Transaction, session: SessionRow): Promise<ReportView> {
  const organizationId = session.organizationId;
  const policy = await readWorkspacePolicy(tx, organizationId);
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
      return summary ? [shapeSummary(summary, person.name, draft(report.report, person, person.entry!))] : [];
    }),
    summaryRequiresReview: policy.summaryRequiresReview,
  };
}

function shapeSummary(row: typeof sessionSummary.$inferSelect, studentName: string, draft: string): Summary {
  return {
    sessionId: row.sessionId,
    studentId: row.studentId,
    studentName,
    body: row.body,
    draft,
    status: row.status,
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    sharedAt: row.sharedAt?.toISOString() ?? null,
  };
}

function requireManager(relationship: SessionRelationship): asserts relationship is ManagerRelationship {
  // Parents and students never reach these operations (their areas have none); a guard all the same.
  if (!canWrite(relationship)) throw notFound("The session");
}

export async function readReport(db: Database, actor: Actor, relationship: SessionRelationship, sessionId: string): Promise<ReportView> {
  requireManager(relationship);
  return withWorkspace(db, actor.viewer.organizationId!, async (tx) => buildView(tx, await findVisible(tx, actor, relationship, sessionId)));
}

/** Files the report, or corrects it: the session's students exactly, each once. */
export async function fileReport(db: Database, actor: Actor, relationship: SessionRelationship, sessionId: string, input: SessionReportInput): Promise<ReportView> {
  requireManager(relationship);
  const organizationId = actor.viewer.organizationId!;
  return withWorkspace(db, organizationId, async (tx) => {
    const session = await findVisible(tx, actor, relationship, sessionId, true);
    if (session.status === "cancelled" || session.status === "late_cancelled") throw conflict("This session was cancelled; there is nothing to report.");
    if (session.startsAt.getTime() > Date.now()) throw conflict("This session has not started yet; file its report once it has taken place.");
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

    const now = new Date();
    const [existing] = await tx.select({ sessionId: sessionReport.sessionId }).from(sessionReport).where(and(eq(sessionReport.organizationId, organizationId), eq(sessionReport.sessionId, session.id)));
    const fields = { topics: input.topics, homeworkSet: input.homeworkSet, privateNotes: input.privateNotes, updatedAt: now, updatedByUserId: actor.viewer.user.id };
    await tx
      .insert(sessionReport)
      .values({ organizationId, sessionId: session.id, ...fields, filedAt: now, filedByUserId: actor.viewer.user.id })
      .onConflictDoUpdate({ target: [sessionReport.organizationId, sessionReport.sessionId], set: fields });
    const draft = await drafterFor(tx, session);
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
      // A student without a summary gets a draft; an existing one keeps the tutor's words (they may redraft).
      await tx
        .insert(sessionSummary)
        .values({ organizationId, sessionId: session.id, studentId: person.studentId, body: draft(input, person, saved!), updatedByUserId: actor.viewer.user.id })
        .onConflictDoNothing();
    }
    const status = input.students.every((entry) => entry.attendance === "absent") ? "no_show" : "completed";
    await tx
      .update(tutoringSession)
      .set({ status, updatedAt: now, updatedByUserId: actor.viewer.user.id })
      .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, session.id)));
    const when = describeTime(session.startsAt, session.endsAt, session.timeZone);
    await auditSessions(
      tx,
      actor,
      existing ? "SESSION_REPORT_UPDATED" : "SESSION_REPORT_FILED",
      people.map((person) => person.studentId),
      `${actor.viewer.user.name} ${existing ? "corrected" : "filed"} the report of the ${session.subject} session of ${when}${status === "no_show" ? " (no-show: every student absent)" : ""}`,
      { sessionId: session.id, status },
    );
    return buildView(tx, { ...session, status });
  });
}

async function findSummary(tx: Transaction, session: SessionRow, studentId: string) {
  if (!isRecordId(studentId)) throw notFound("The summary");
  const [row] = await tx
    .select({ summary: sessionSummary, name: student.name, preferredName: student.preferredName, erasedAt: student.erasedAt, entry: sessionReportStudent, report: sessionReport })
    .from(sessionSummary)
    .innerJoin(student, and(eq(student.organizationId, sessionSummary.organizationId), eq(student.id, sessionSummary.studentId)))
    .innerJoin(
      sessionReportStudent,
      and(eq(sessionReportStudent.organizationId, sessionSummary.organizationId), eq(sessionReportStudent.sessionId, sessionSummary.sessionId), eq(sessionReportStudent.studentId, sessionSummary.studentId)),
    )
    .innerJoin(sessionReport, and(eq(sessionReport.organizationId, sessionSummary.organizationId), eq(sessionReport.sessionId, sessionSummary.sessionId)))
    .where(and(eq(sessionSummary.organizationId, session.organizationId), eq(sessionSummary.sessionId, session.id), eq(sessionSummary.studentId, studentId.toLowerCase())))
    .for("update", { of: sessionSummary });
  if (!row) throw notFound("The summary");
  return row;
}

const sharedAlready = (sharedAt: Date) => conflict(`This summary was shared with the family on ${sharedAt.toISOString().slice(0, 10)}; it can no longer be changed.`);

export async function updateSummary(db: Database, actor: Actor, relationship: SessionRelationship, sessionId: string, studentId: string, input: SummaryUpdate): Promise<Summary> {
  requireManager(relationship);
  const organizationId = actor.viewer.organizationId!;
  return withWorkspace(db, organizationId, async (tx) => {
    const session = await findVisible(tx, actor, relationship, sessionId);
    const found = await findSummary(tx, session, studentId);
    if (found.summary.sharedAt) throw sharedAlready(found.summary.sharedAt);
    const [saved] = await tx
      .update(sessionSummary)
      .set({ body: input.body, updatedAt: new Date(), updatedByUserId: actor.viewer.user.id })
      .where(and(eq(sessionSummary.organizationId, organizationId), eq(sessionSummary.sessionId, session.id), eq(sessionSummary.studentId, found.summary.studentId)))
      .returning();
    await auditSessions(tx, actor, "SESSION_SUMMARY_EDITED", [found.summary.studentId], `${actor.viewer.user.name} edited a summary of the ${session.subject} session of ${describeTime(session.startsAt, session.endsAt, session.timeZone)}`, {
      sessionId: session.id,
      length: input.body.length,
    });
    return shapeSummary(saved!, found.name, (await drafterFor(tx, session))(found.report, found, found.entry));
  });
}

/**
 * Shares a summary with the family, or (a tutor, when the workspace requires review) submits
 * it for an admin's review. Mail goes out after the commit: a refused share sends nothing.
 */
export async function shareSummary(deps: AppDeps, actor: Actor, relationship: SessionRelationship, sessionId: string, studentId: string): Promise<Summary> {
  requireManager(relationship);
  const organizationId = actor.viewer.organizationId!;
  const { summary, outgoing } = await withWorkspace(deps.db, organizationId, async (tx) => {
    const session = await findVisible(tx, actor, relationship, sessionId);
    const found = await findSummary(tx, session, studentId);
    if (found.summary.sharedAt) throw sharedAlready(found.summary.sharedAt);
    if (found.erasedAt) throw conflict("This student's personal data was erased; the summary cannot be shared.");
    const policy = await readWorkspacePolicy(tx, organizationId);
    const now = new Date();
    const when = describeTime(session.startsAt, session.endsAt, session.timeZone);
    const where = and(eq(sessionSummary.organizationId, organizationId), eq(sessionSummary.sessionId, session.id), eq(sessionSummary.studentId, found.summary.studentId));
    const draft = (await drafterFor(tx, session))(found.report, found, found.entry);
    if (policy.summaryRequiresReview && relationship === "tutor") {
      if (found.summary.status === "awaiting_review") throw conflict("This summary already awaits an admin's review.");
      const [saved] = await tx.update(sessionSummary).set({ status: "awaiting_review", submittedAt: now }).where(where).returning();
      await auditSessions(tx, actor, "SESSION_SUMMARY_SUBMITTED", [found.summary.studentId], `${actor.viewer.user.name} submitted a summary of the ${session.subject} session of ${when} for review`, { sessionId: session.id });
      return { summary: shapeSummary(saved!, found.name, draft), outgoing: [] };
    }
    const [saved] = await tx
      .update(sessionSummary)
      .set({
        status: "shared",
        sharedAt: now,
        sharedByUserId: actor.viewer.user.id,
        reviewedByUserId: found.summary.status === "awaiting_review" ? actor.viewer.user.id : null,
      })
      .where(where)
      .returning();
    await auditSessions(tx, actor, "SESSION_SUMMARY_SHARED", [found.summary.studentId], `${actor.viewer.user.name} shared a summary of the ${session.subject} session of ${when} with the family`, { sessionId: session.id });
    const recipients = await familyOf(tx, organizationId, found.summary.studentId);
    const [workspace] = await tx.select({ name: organization.name }).from(organization).where(eq(organization.id, organizationId));
    const outgoing = recipients.map((person) =>
      mails.summaryShared({
        to: person.email,
        name: person.name,
        workspace: workspace?.name ?? "your tutoring workspace",
        studentName: found.preferredName || found.name,
        subject: session.subject,
        when,
        body: saved!.body,
        url: `${deps.config.appUrl}/${person.area}/sessions/${session.id}`,
      }),
    );
    return { summary: shapeSummary(saved!, found.name, draft), outgoing };
  });
  for (const mail of outgoing) {
    try {
      await deps.mailer.send(mail);
    } catch (error) {
      deps.logger.warn({ err: error, sessionId }, "summary mail not sent");
    }
  }
  return summary;
}

/** Who reads a student's summaries by email: active guardians, and the student's own login when it is an active member. */
async function familyOf(tx: Transaction, organizationId: string, studentId: string): Promise<{ email: string; name: string; area: "parent" | "student" }[]> {
  const guardians = await tx
    .select({ email: user.email, name: user.name })
    .from(studentGuardian)
    .innerJoin(member, and(eq(member.organizationId, studentGuardian.organizationId), eq(member.id, studentGuardian.memberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(studentGuardian.organizationId, organizationId), eq(studentGuardian.studentId, studentId), eq(member.status, "active")));
  const own = await tx
    .select({ email: user.email, name: user.name })
    .from(student)
    .innerJoin(user, eq(user.id, student.userId))
    .innerJoin(member, and(eq(member.organizationId, student.organizationId), eq(member.userId, user.id)))
    .where(and(eq(student.organizationId, organizationId), eq(student.id, studentId), eq(member.status, "active"), eq(member.role, "student")));
  return [...guardians.map((person) => ({ ...person, area: "parent" as const })), ...own.map((person) => ({ ...person, area: "student" as const }))];
}
