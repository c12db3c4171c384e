/**
 * Family summaries, for the session's tutor and the admins: edit the words, redraft them from
 * the report, then share. Guardians get a shared summary by email and it shows in the parent
 * and student areas; when the workspace requires review, a tutor's share waits for an admin's.
 * A shared summary is final (the family has it by email).
 *
 * A summary whose report was corrected after its words were drafted (and whose words someone
 * edited, so the correction did not redraft it) is not shared or submitted unless the request
 * says to share it as it is; redrafting takes the report's facts as they stand.
 */
import { and, eq } from "drizzle-orm";
import type { Summary, SummaryShare, SummaryUpdate } from "../../../shared/schemas/session-reports.ts";
import { describeReportChanges } from "../../../shared/session-summary.ts";
import type { AppDeps } from "../../core/context.ts";
import { notify } from "../../core/notify.ts";
import { familyOf } from "../../core/recipients.ts";
import type { Database } from "../../db/client.ts";
import { organization, sessionReport, sessionReportStudent, sessionSummary, student } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, notFound } from "../../lib/app-error.ts";
import { mails } from "../../mail/templates.ts";
import { isRecordId } from "../../core/ids.ts";
import type { Actor } from "../../core/audit.ts";
import { auditSessions, findVisible, type SessionRow } from "../sessions/index.ts";
import { describeTime } from "../../core/time.ts";
import { readSettings } from "../../core/settings/index.ts";
import { drafterFor, reportFactsOf, shapeSummary } from "./drafting.ts";
import { requireManager } from "./service.ts";
import type { Area } from "../../../shared/roles.ts";

/** A summary with its student, the report and the student's part of it; locked for the change. */
async function findSummary(tx: Transaction, session: SessionRow, studentId: string) {
  if (!isRecordId(studentId)) throw notFound("The summary");
  const [row] = await tx
    .select({
      summary: sessionSummary,
      name: student.name,
      preferredName: student.preferredName,
      erasedAt: student.erasedAt,
      entry: sessionReportStudent,
      report: sessionReport,
    })
    .from(sessionSummary)
    .innerJoin(student, and(eq(student.organizationId, sessionSummary.organizationId), eq(student.id, sessionSummary.studentId)))
    .innerJoin(
      sessionReportStudent,
      and(
        eq(sessionReportStudent.organizationId, sessionSummary.organizationId),
        eq(sessionReportStudent.sessionId, sessionSummary.sessionId),
        eq(sessionReportStudent.studentId, sessionSummary.studentId),
      ),
    )
    .innerJoin(sessionReport, and(eq(sessionReport.organizationId, sessionSummary.organizationId), eq(sessionReport.sessionId, sessionSummary.sessionId)))
    .where(
      and(
        eq(sessionSummary.organizationId, session.organizationId),
        eq(sessionSummary.sessionId, session.id),
        eq(sessionSummary.studentId, studentId.toLowerCase()),
      ),
    )
    .for("update", { of: sessionSummary });
  if (!row) throw notFound("The summary");
  const facts = reportFactsOf(row.report, row.entry);
  const draft = (await drafterFor(tx, session))(facts, row);
  const where = and(
    eq(sessionSummary.organizationId, session.organizationId),
    eq(sessionSummary.sessionId, session.id),
    eq(sessionSummary.studentId, row.summary.studentId),
  );
  return { ...row, facts, draft, where };
}

const sharedAlready = (sharedAt: Date) =>
  conflict(`This summary was shared with the family on ${sharedAt.toISOString().slice(0, 10)}; it can no longer be changed.`);

/** Saves new words. Words equal to the draft from the report as it stands are the draft again (up to date, unedited). */
export async function updateSummary(
  db: Database,
  actor: Actor,
  area: Area,
  sessionId: string,
  studentId: string,
  input: SummaryUpdate,
  now: Date,
): Promise<Summary> {
  requireManager(area);
  return withWorkspace(db, actor.viewer.organizationId, async (tx) => {
    const session = await findVisible(tx, actor, area, sessionId);
    const found = await findSummary(tx, session, studentId);
    if (found.summary.sharedAt) throw sharedAlready(found.summary.sharedAt);
    const isDraft = input.body === found.draft;
    const [saved] = await tx
      .update(sessionSummary)
      // Edited words keep the facts they were drafted from: changing them does not make them agree with a corrected report.
      .set({
        body: input.body,
        edited: !isDraft,
        ...(isDraft ? { reportFacts: found.facts } : {}),
        updatedAt: now,
        updatedByUserId: actor.viewer.user.id,
      })
      .where(found.where)
      .returning();
    await auditSessions(
      tx,
      actor,
      "SESSION_SUMMARY_EDITED",
      [found.summary.studentId],
      `${actor.viewer.user.name} edited a summary of the ${session.subject} session of ${describeTime(session.startsAt, session.endsAt, session.timeZone)}`,
      {
        sessionId: session.id,
        length: input.body.length,
      },
    );
    return shapeSummary(saved!, found.name, found.draft, found.facts);
  });
}

/** Replaces the words with a fresh draft from the report as it stands: up to date, unedited. */
export async function redraftSummary(db: Database, actor: Actor, area: Area, sessionId: string, studentId: string, now: Date): Promise<Summary> {
  requireManager(area);
  return withWorkspace(db, actor.viewer.organizationId, async (tx) => {
    const session = await findVisible(tx, actor, area, sessionId);
    const found = await findSummary(tx, session, studentId);
    if (found.summary.sharedAt) throw sharedAlready(found.summary.sharedAt);
    const [saved] = await tx
      .update(sessionSummary)
      .set({ body: found.draft, edited: false, reportFacts: found.facts, updatedAt: now, updatedByUserId: actor.viewer.user.id })
      .where(found.where)
      .returning();
    await auditSessions(
      tx,
      actor,
      "SESSION_SUMMARY_REDRAFTED",
      [found.summary.studentId],
      `${actor.viewer.user.name} redrafted a summary of the ${session.subject} session of ${describeTime(session.startsAt, session.endsAt, session.timeZone)} from its report`,
      {
        sessionId: session.id,
      },
    );
    return shapeSummary(saved!, found.name, found.draft, found.facts);
  });
}

/**
 * Shares a summary with the family, or (a tutor, when the workspace requires review) submits
 * it for an admin's review. Its mails are queued in the share's transaction: a refused share
 * sends nothing.
 */
export async function shareSummary(deps: AppDeps, actor: Actor, area: Area, sessionId: string, studentId: string, input: SummaryShare): Promise<Summary> {
  requireManager(area);
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(deps.db, organizationId, async (tx) => {
    const session = await findVisible(tx, actor, area, sessionId);
    const found = await findSummary(tx, session, studentId);
    if (found.summary.sharedAt) throw sharedAlready(found.summary.sharedAt);
    if (found.erasedAt) throw conflict("This student's personal data was erased; the summary cannot be shared.");
    const stale = shapeSummary(found.summary, found.name, found.draft, found.facts).reportChanges;
    if (stale.length > 0 && !input.acknowledgeReportChange) {
      throw conflict(`The report changed after this summary was written (${describeReportChanges(stale)}). Redraft it from the report, or share it as it is.`);
    }
    const policy = await readSettings(tx, organizationId, "sessions");
    const now = deps.clock.now();
    const when = describeTime(session.startsAt, session.endsAt, session.timeZone);
    const audited = { sessionId: session.id, ...(stale.length > 0 ? { sharedAsItIs: stale.map((change) => change.field) } : {}) };
    if (policy.summaryRequiresReview && area === "tutor") {
      if (found.summary.status === "awaiting_review") throw conflict("This summary already awaits an admin's review.");
      const [saved] = await tx.update(sessionSummary).set({ status: "awaiting_review", submittedAt: now }).where(found.where).returning();
      await auditSessions(
        tx,
        actor,
        "SESSION_SUMMARY_SUBMITTED",
        [found.summary.studentId],
        `${actor.viewer.user.name} submitted a summary of the ${session.subject} session of ${when} for review`,
        audited,
      );
      return shapeSummary(saved!, found.name, found.draft, found.facts);
    }
    const [saved] = await tx
      .update(sessionSummary)
      .set({
        status: "shared",
        sharedAt: now,
        sharedByUserId: actor.viewer.user.id,
        reviewedByUserId: found.summary.status === "awaiting_review" ? actor.viewer.user.id : null,
      })
      .where(found.where)
      .returning();
    await auditSessions(
      tx,
      actor,
      "SESSION_SUMMARY_SHARED",
      [found.summary.studentId],
      `${actor.viewer.user.name} shared a summary of the ${session.subject} session of ${when} with the family`,
      audited,
    );
    const recipients = await familyOf(tx, organizationId, [found.summary.studentId], "active members");
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
        url: `${deps.config.appUrl}/${person.relation === "guardian" ? "parent" : "student"}/sessions/${session.id}`,
      }),
    );
    await notify(deps.jobs, tx, ...outgoing);
    return shapeSummary(saved!, found.name, found.draft, found.facts);
  });
}
