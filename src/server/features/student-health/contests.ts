/**
 * Families question a data point behind their child's card (an absence that was excused, a
 * rating or a score that is wrong); an admin accepts or answers with a reason, and the thread
 * stays on the card. Accepting corrects the point through its own path:
 * - an absence is excused (health_excusal): the card counts it as excused; the attendance
 *   record and what billing charged stay as they were (a refund is billing's own decision);
 * - a rating, homework or score is corrected in the session's report, through the report's
 *   correction (audited there, and the family summary shows the change);
 * then the card is scored again at once, and its alerts follow.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Contest, ContestAnswer, ContestCreate, ContestList } from "../../../shared/schemas/health-alerts.ts";
import { type Actor, writeAudit } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { healthContest, healthExcusal } from "../../db/alerts-schema.ts";
import { user } from "../../db/auth-schema.ts";
import type { Database } from "../../db/client.ts";
import { sessionReportStudent, sessionStudent, student, tutoringSession } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { fileReport, readReport } from "../session-reports/index.ts";
import { studentsVisibleTo } from "../students/index.ts";
import { recomputeWithin } from "./recompute.ts";

type ContestArea = "admin" | "parent";
const POINT_WORDS: Record<Contest["point"], string> = {
  attendance: "the attendance",
  engagement: "the engagement rating",
  understanding: "the understanding rating",
  homework: "the homework",
  score: "the score",
};

const answerer = sql<string | null>`(select name from "user" where id = ${healthContest.answeredByUserId})`;
const contestColumns = {
  contest: healthContest,
  studentName: student.name,
  raisedByName: user.name,
  answeredByName: answerer,
  sessionStartsAt: tutoringSession.startsAt,
  sessionSubject: tutoringSession.subject,
};

function toContest(row: {
  contest: typeof healthContest.$inferSelect;
  studentName: string;
  raisedByName: string | null;
  answeredByName: string | null;
  sessionStartsAt: Date;
  sessionSubject: string;
}): Contest {
  const { contest } = row;
  return {
    id: contest.id,
    studentId: contest.studentId,
    studentName: row.studentName,
    sessionId: contest.sessionId,
    sessionStartsAt: row.sessionStartsAt.toISOString(),
    sessionSubject: row.sessionSubject,
    point: contest.point,
    message: contest.message,
    raisedByName: row.raisedByName,
    raisedAt: contest.raisedAt.toISOString(),
    status: contest.status,
    answer: contest.answer,
    answeredByName: row.answeredByName,
    answeredAt: contest.answeredAt?.toISOString() ?? null,
  };
}

function contestQuery(tx: Queryable) {
  return tx
    .select(contestColumns)
    .from(healthContest)
    .innerJoin(student, and(eq(student.organizationId, healthContest.organizationId), eq(student.id, healthContest.studentId)))
    .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, healthContest.organizationId), eq(tutoringSession.id, healthContest.sessionId)))
    .leftJoin(user, eq(user.id, healthContest.raisedByUserId));
}

const readerOf = (actor: Actor) => ({ organizationId: actor.viewer.organizationId, memberId: actor.viewer.membership.id, userId: actor.viewer.user.id });

async function requireStudent(tx: Queryable, actor: Actor, area: ContestArea, studentId: string, now: Date) {
  if (!isRecordId(studentId)) throw notFound("The student");
  const [row] = await tx
    .select({ id: student.id })
    .from(student)
    .where(and(eq(student.id, studentId), studentsVisibleTo(readerOf(actor), area, now)));
  if (!row) throw notFound("The student");
  return row.id;
}

/** GET …/students/{studentId}/health/contests: the card's thread, newest first. */
export async function listStudentContests(db: Database, actor: Actor, area: ContestArea, studentId: string, now: Date): Promise<ContestList> {
  return withWorkspace(db, actor.viewer.organizationId, async (tx) => {
    const id = await requireStudent(tx, actor, area, studentId, now);
    const rows = await contestQuery(tx)
      .where(and(eq(healthContest.organizationId, actor.viewer.organizationId), eq(healthContest.studentId, id)))
      .orderBy(desc(healthContest.raisedAt), desc(healthContest.id));
    return { items: rows.map(toContest) };
  });
}

/** The admin's questions inbox: the open ones first (oldest first), then the others; at most 200. Exported for the query-scaling benchmark. */
export function workspaceContestsQuery(tx: Queryable, organizationId: string, state: "open" | "all") {
  return contestQuery(tx)
    .where(and(eq(healthContest.organizationId, organizationId), state === "open" ? eq(healthContest.status, "open") : undefined))
    .orderBy(
      sql`${healthContest.status} <> 'open'`,
      sql`case when ${healthContest.status} = 'open' then ${healthContest.raisedAt} end asc`,
      desc(healthContest.raisedAt),
      desc(healthContest.id),
    )
    .limit(200);
}

/** GET /admin/health/contests: the open questions first (oldest first), then the last answered ones. */
export async function listWorkspaceContests(db: Database, actor: Actor, state: "open" | "all"): Promise<ContestList> {
  return withWorkspace(db, actor.viewer.organizationId, async (tx) => {
    const rows = await workspaceContestsQuery(tx, actor.viewer.organizationId, state);
    return { items: rows.map(toContest) };
  });
}

/** POST /parent/students/{studentId}/health/contests: a guardian questions a point of one of the child's sessions. */
export async function raiseContest(db: Database, actor: Actor, studentId: string, input: ContestCreate, now: Date): Promise<Contest> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const id = await requireStudent(tx, actor, "parent", studentId, now);
    const sessionId = input.sessionId.toLowerCase();
    if (!isRecordId(sessionId)) throw invalidField("sessionId", "Choose one of your child's sessions.");
    const [session] = await tx
      .select({ startsAt: tutoringSession.startsAt })
      .from(sessionStudent)
      .innerJoin(tutoringSession, and(eq(tutoringSession.organizationId, sessionStudent.organizationId), eq(tutoringSession.id, sessionStudent.sessionId)))
      .where(and(eq(sessionStudent.organizationId, organizationId), eq(sessionStudent.studentId, id), eq(sessionStudent.sessionId, sessionId)));
    if (!session) throw invalidField("sessionId", "Choose one of your child's sessions.");
    if (session.startsAt > now) throw invalidField("sessionId", "This session has not taken place yet.");
    const [open] = await tx
      .select({ id: healthContest.id })
      .from(healthContest)
      .where(
        and(
          eq(healthContest.organizationId, organizationId),
          eq(healthContest.studentId, id),
          eq(healthContest.sessionId, sessionId),
          eq(healthContest.point, input.point),
          eq(healthContest.status, "open"),
        ),
      )
      .for("update");
    if (open) throw conflict(`You already asked about ${POINT_WORDS[input.point]} of this session; the answer will appear here.`);
    const [created] = await tx
      .insert(healthContest)
      .values({ organizationId, studentId: id, sessionId, point: input.point, message: input.message, raisedByUserId: actor.viewer.user.id, raisedAt: now })
      .returning({ id: healthContest.id });
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.membership.role,
      action: "HEALTH_CONTEST_RAISED",
      studentId: id,
      description: `${actor.viewer.user.name} questioned ${POINT_WORDS[input.point]} of a session on the health card`,
      ipAddress: actor.ipAddress,
    });
    const [row] = await contestQuery(tx).where(and(eq(healthContest.organizationId, organizationId), eq(healthContest.id, created!.id)));
    return toContest(row!);
  });
}

async function openContest(tx: Queryable, organizationId: string, contestId: string) {
  if (!isRecordId(contestId)) throw notFound("The question");
  const [row] = await tx
    .select()
    .from(healthContest)
    .where(and(eq(healthContest.organizationId, organizationId), eq(healthContest.id, contestId)))
    .for("update");
  if (!row) throw notFound("The question");
  if (row.status !== "open") throw conflict("This question was answered already.");
  return row;
}

/** Whether the session counts as missed for the student: a no-show, a late cancellation, or absent from it. */
async function countsAsMissed(tx: Queryable, organizationId: string, sessionId: string, studentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: tutoringSession.status, attendance: sessionReportStudent.attendance })
    .from(tutoringSession)
    .leftJoin(
      sessionReportStudent,
      and(
        eq(sessionReportStudent.organizationId, tutoringSession.organizationId),
        eq(sessionReportStudent.sessionId, tutoringSession.id),
        eq(sessionReportStudent.studentId, studentId),
      ),
    )
    .where(and(eq(tutoringSession.organizationId, organizationId), eq(tutoringSession.id, sessionId)));
  if (!row) return false;
  return row.status === "no_show" || row.status === "late_cancelled" || (row.status === "completed" && row.attendance === "absent");
}

/** The report's correction for an accepted rating, homework or score: the whole report re-filed with that one value changed. */
async function correctReport(
  db: Database,
  actor: Actor,
  contest: typeof healthContest.$inferSelect,
  correction: NonNullable<Extract<ContestAnswer, { outcome: "accepted" }>["correction"]>,
  now: Date,
) {
  if (correction.point === "attendance") return;
  const view = await readReport(db, actor, "admin", contest.sessionId);
  const entry = view.report?.students.find((one) => one.studentId === contest.studentId);
  if (!view.report || !entry) throw invalidField("correction", "This session has no report for the student to correct.");
  if (entry.attendance === "absent") throw invalidField("correction", "The student was absent from this session: there is no rating or score to correct.");
  const field = { engagement: "engagement", understanding: "understanding", homework: "previousHomework", score: "scorePercent" } as const;
  await fileReport(
    db,
    actor,
    "admin",
    contest.sessionId,
    {
      topics: view.report.topics,
      homeworkSet: view.report.homeworkSet,
      privateNotes: view.report.privateNotes,
      students: view.report.students.map((one) =>
        one.studentId === contest.studentId ? { ...pickEntry(one), [field[correction.point]]: correction.value } : pickEntry(one),
      ),
    },
    now,
  );
}

const pickEntry = (one: {
  studentId: string;
  attendance: "present" | "late" | "absent";
  previousHomework: "completed" | "partly" | "not_done" | "none_set";
  understanding: number | null;
  engagement: number | null;
  scorePercent: number | null;
}) => ({
  studentId: one.studentId,
  attendance: one.attendance,
  previousHomework: one.previousHomework,
  understanding: one.understanding,
  engagement: one.engagement,
  scorePercent: one.scorePercent,
});

/** POST /admin/health/contests/{contestId}/answer: accept (and correct) or answer with a reason. */
export async function answerContest(db: Database, actor: Actor, contestId: string, input: ContestAnswer, now: Date): Promise<Contest> {
  const organizationId = actor.viewer.organizationId;
  const contest = await withWorkspace(db, organizationId, (tx) => openContest(tx, organizationId, contestId));
  const correction = input.outcome === "accepted" ? input.correction : undefined;
  if (correction && correction.point !== contest.point)
    throw invalidField("correction.point", `The question is about ${POINT_WORDS[contest.point]}: correct that point.`);
  // The report's own correction runs first, in its own transaction (it audits and marks the
  // card due there); were this answer then to fail, the question stays open and accepting it
  // again writes the same values.
  if (correction) await correctReport(db, actor, contest, correction, now);
  return withWorkspace(db, organizationId, async (tx) => {
    const current = await openContest(tx, organizationId, contestId);
    if (correction?.point === "attendance") {
      if (!(await countsAsMissed(tx, organizationId, current.sessionId, current.studentId)))
        throw invalidField("correction", "This session does not count as missed for the student: there is no absence to excuse.");
      await tx
        .insert(healthExcusal)
        .values({
          organizationId,
          sessionId: current.sessionId,
          studentId: current.studentId,
          contestId: current.id,
          excusedByUserId: actor.viewer.user.id,
          excusedAt: now,
        })
        .onConflictDoNothing();
    }
    await tx
      .update(healthContest)
      .set({ status: input.outcome, answer: input.answer, answeredByUserId: actor.viewer.user.id, answeredAt: now })
      .where(and(eq(healthContest.organizationId, organizationId), eq(healthContest.id, current.id)));
    await writeAudit(tx, {
      organizationId,
      userId: actor.viewer.user.id,
      actorRole: actor.viewer.membership.role,
      action: "HEALTH_CONTEST_ANSWERED",
      studentId: current.studentId,
      description:
        input.outcome === "accepted"
          ? `${actor.viewer.user.name} accepted the family's question about ${POINT_WORDS[current.point]} of a session${correction ? " and corrected it" : ""}`
          : `${actor.viewer.user.name} answered the family's question about ${POINT_WORDS[current.point]} of a session`,
      ipAddress: actor.ipAddress,
    });
    // Scored again now, so that the family sees the card they questioned move at once.
    if (input.outcome === "accepted") await recomputeWithin(tx, organizationId, [current.studentId], now);
    const [row] = await contestQuery(tx).where(and(eq(healthContest.organizationId, organizationId), eq(healthContest.id, current.id)));
    return toContest(row!);
  });
}
