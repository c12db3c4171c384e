/**
 * Families question a data point of their child's card; an admin accepts (the point corrected
 * through its own path and the card scored again at once) or answers with a reason. The thread
 * stays on the card for staff and the family.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { healthAlert } from "../../db/alerts-schema.ts";
import { studentHealth } from "../../db/health-schema.ts";
import { sessionReportStudent } from "../../db/schema.ts";
import { recomputeStudents } from "./recompute.ts";

const clock = fixedClock(new Date());
let t: TestApp;
let cast: SessionCast;
let sessions: string[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2020-01-01" });
  const lessons = lessonMaker(cast.admin.client, clock, cast.tina.memberId);
  const made = [
    await lessons.make([cast.maya], 60),
    await lessons.make([cast.maya], 60),
    await lessons.make([cast.maya], 60),
    await lessons.make([cast.maya], 60),
  ];
  lessons.after(...made);
  sessions = made.map((lesson) => lesson.id);
  await reportLesson(cast.admin.client, sessions[0]!, { [cast.maya]: "present" });
  await reportLesson(cast.admin.client, sessions[1]!, { [cast.maya]: "present" });
  await reportLesson(cast.admin.client, sessions[2]!, { [cast.maya]: "present" });
  await reportLesson(cast.admin.client, sessions[3]!, { [cast.maya]: "absent" });
  await recomputeStudents(t.deps.db, cast.admin.organizationId, [cast.maya], clock.now());
}, 90_000);
afterAll(() => t?.close());

const cardOf = async () => (await t.db.select().from(studentHealth).where(eq(studentHealth.studentId, cast.maya)))[0]!;
const raise = (body: unknown, studentId = cast.maya, client = cast.parent.client) => client.post(`/api/parent/students/${studentId}/health/contests`, body);

describe("a family questions a point", () => {
  it("refuses what is not a question about one of the child's past sessions", async () => {
    const noMessage = await raise({ sessionId: sessions[3], point: "attendance", message: "  " });
    expect(noMessage.status).toBe(422);
    expect(noMessage.body.error.issues[0].path).toEqual(["message"]);
    const badPoint = await raise({ sessionId: sessions[3], point: "mood", message: "Hm" });
    expect(badPoint.status).toBe(422);
    expect(badPoint.body.error.issues[0].path).toEqual(["point"]);
    const notHers = await raise({ sessionId: "00000000-0000-4000-8000-000000000000", point: "attendance", message: "Hm" });
    expect(notHers.status).toBe(422);
    expect(notHers.body.error.issues[0].path).toEqual(["sessionId"]);
    expect((await raise({ sessionId: sessions[3], point: "attendance", message: "Hm" }, cast.noah)).status).toBe(404);
    expect((await raise({ sessionId: sessions[3], point: "attendance", message: "Hm" }, cast.maya, cast.otherParent.client)).status).toBe(404);
  });

  it("an excused absence, accepted: the card counts it as excused at once and the missed-share alert resolves itself", async () => {
    expect((await cardOf()).band).toBe("act");
    const raised = await raise({ sessionId: sessions[3], point: "attendance", message: "She was ill; we told the tutor the day before." });
    expect(raised.status, raised.text).toBe(201);
    expect(raised.body).toMatchObject({ status: "open", point: "attendance", raisedByName: "Pat Parent", studentName: "Maya Lopez" });
    expect((await raise({ sessionId: sessions[3], point: "attendance", message: "Again" })).status).toBe(409);

    const inbox = await cast.admin.client.get("/api/admin/health/contests");
    expect(inbox.body.items.map((contest: { id: string }) => contest.id)).toEqual([raised.body.id]);
    const wrongPoint = await cast.admin.client.post(`/api/admin/health/contests/${raised.body.id}/answer`, {
      outcome: "accepted",
      answer: "Agreed",
      correction: { point: "score", value: 80 },
    });
    expect(wrongPoint.status).toBe(422);

    const accepted = await cast.admin.client.post(`/api/admin/health/contests/${raised.body.id}/answer`, {
      outcome: "accepted",
      answer: "Agreed: the absence is excused.",
      correction: { point: "attendance", excuse: true },
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toMatchObject({ status: "accepted", answeredByName: "Ada Admin" });
    const card = await cardOf();
    // Only the minutes it cost stay on the card (the plan was not received): on track.
    expect(card).toMatchObject({ score: 15, band: "on_track" });
    expect(card.reasons.map((reason) => reason.rule)).toEqual(["dosage"]);
    expect(card.figures).toMatchObject({ held: 3, missed: 0, excused: 1 });
    const alerts = await t.db
      .select()
      .from(healthAlert)
      .where(and(eq(healthAlert.studentId, cast.maya), eq(healthAlert.kind, "missedShare")));
    expect(alerts).toEqual([expect.objectContaining({ status: "resolved" })]);
    // The attendance record keeps what happened.
    const [entry] = await t.db
      .select()
      .from(sessionReportStudent)
      .where(and(eq(sessionReportStudent.sessionId, sessions[3]!), eq(sessionReportStudent.studentId, cast.maya)));
    expect(entry!.attendance).toBe("absent");
    expect((await cast.admin.client.post(`/api/admin/health/contests/${raised.body.id}/answer`, { outcome: "answered", answer: "x" })).status).toBe(409);
  });

  it("a rating, accepted with its correction, is corrected in the report; another question answered with a reason stays on the thread", async () => {
    clock.advance(60_000);
    const rating = await raise({ sessionId: sessions[0], point: "engagement", message: "He was keen that day" });
    const corrected = await cast.admin.client.post(`/api/admin/health/contests/${rating.body.id}/answer`, {
      outcome: "accepted",
      answer: "The tutor agrees: corrected to 5.",
      correction: { point: "engagement", value: 5 },
    });
    expect(corrected.status, corrected.text).toBe(200);
    const [entry] = await t.db
      .select()
      .from(sessionReportStudent)
      .where(and(eq(sessionReportStudent.sessionId, sessions[0]!), eq(sessionReportStudent.studentId, cast.maya)));
    expect(entry!.engagement).toBe(5);

    clock.advance(60_000);
    const score = await raise({ sessionId: sessions[1], point: "score", message: "The score looks low" });
    const answered = await cast.admin.client.post(`/api/admin/health/contests/${score.body.id}/answer`, {
      outcome: "answered",
      answer: "No score was recorded for that session.",
    });
    expect(answered.body).toMatchObject({ status: "answered", answer: "No score was recorded for that session." });

    const thread = await cast.parent.client.get(`/api/parent/students/${cast.maya}/health/contests`);
    expect(thread.body.items.map((contest: { status: string }) => contest.status)).toEqual(["answered", "accepted", "accepted"]);
    expect((await cast.admin.client.get(`/api/admin/students/${cast.maya}/health/contests`)).body.items).toHaveLength(3);
    expect((await cast.otherParent.client.get(`/api/parent/students/${cast.maya}/health/contests`)).status).toBe(404);
  });
});
