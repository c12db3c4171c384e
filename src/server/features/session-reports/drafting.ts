/**
 * Drafting a session's summaries from its report, and what a summary says about its draft:
 * whether the report changed since its words were drafted (the facts it was drafted from are
 * kept with it, see session_summary.report_facts).
 */
import { and, eq } from "drizzle-orm";
import type { Summary } from "../../../shared/schemas/session-reports.ts";
import { draftSummary, reportChanges, type SummaryReportFacts } from "../../../shared/session-summary.ts";
import { member, type sessionReportStudent, type sessionSummary, user } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { describeTime } from "../../core/time.ts";
import type { SessionRow } from "../sessions/index.ts";

type ReportRow = { topics: string; homeworkSet: string };
type EntryRow = typeof sessionReportStudent.$inferSelect;
type SummaryRow = typeof sessionSummary.$inferSelect;

/** The facts of a report about one student that its summary tells the family. */
export function reportFactsOf(report: ReportRow, entry: EntryRow): SummaryReportFacts {
  return {
    topics: report.topics,
    homeworkSet: report.homeworkSet,
    attendance: entry.attendance,
    previousHomework: entry.previousHomework,
    understanding: entry.understanding,
    engagement: entry.engagement,
    scorePercent: entry.scorePercent,
  };
}

async function tutorNameOf(tx: Transaction, organizationId: string, memberId: string): Promise<string> {
  const [row] = await tx
    .select({ name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
  return row?.name ?? "your tutor";
}

export type Drafter = (facts: SummaryReportFacts, person: { name: string; preferredName: string | null }) => string;

/** Drafts the session's summaries: the session's facts and tutor read once. */
export async function drafterFor(tx: Transaction, session: SessionRow): Promise<Drafter> {
  const tutorName = await tutorNameOf(tx, session.organizationId, session.tutorMemberId);
  const when = describeTime(session.startsAt, session.endsAt, session.timeZone);
  return (facts, person) => draftSummary({ ...facts, studentName: person.preferredName || person.name, subject: session.subject, when, tutorName });
}

/**
 * A summary as tutors and admins see it, with a fresh draft from the report as it stands and
 * the facts that changed since its words were drafted (none once shared: it is final).
 */
export function shapeSummary(row: SummaryRow, studentName: string, draft: string, current: SummaryReportFacts): Summary {
  return {
    sessionId: row.sessionId,
    studentId: row.studentId,
    studentName,
    body: row.body,
    draft,
    status: row.status,
    edited: row.edited,
    reportChanges: row.status !== "shared" && row.reportFacts ? reportChanges(row.reportFacts, current) : [],
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    sharedAt: row.sharedAt?.toISOString() ?? null,
  };
}
