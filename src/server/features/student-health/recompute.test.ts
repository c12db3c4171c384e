/**
 * Health cards kept up to date: a report filed (or a session cancelled or moved) marks its
 * students due in the same transaction, the due job scores them under the rules in force and
 * removes the marks, the nightly job marks every active student so that time alone moves the
 * cards. Two runs at once score each student once; paused students are not scored.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { assignTutor, createStudent } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { DEFAULT_HEALTH_RULES } from "../../../shared/schemas/student-health.ts";
import { fixedClock } from "../../core/clock.ts";
import { healthRuleVersion, studentHealth, studentHealthDay, studentHealthDue } from "../../db/health-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { JOBS } from "../../jobs/registry.ts";
import { healthDueJob, recomputeDueStudents } from "./due-job.ts";
import { healthNightlyJob, markEveryoneDue } from "./nightly-job.ts";
import { rulesInForce } from "./rules-in-force.ts";

const DAY = 86_400_000;
// Students' records begin at the real time (student.created_at), so the clock starts there.
const clock = fixedClock(new Date());
let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let lessons: ReturnType<typeof lessonMaker>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ admin, tina } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
  lessons = lessonMaker(admin.client, clock, tina.memberId);
}, 90_000);
afterAll(() => t?.close());

async function newStudent(name: string): Promise<string> {
  const id = (await createStudent(admin.client, { name })).id;
  await assignTutor(admin.client, { tutorMemberId: tina.memberId, studentId: id, startsOn: "2020-01-01" });
  return id;
}

/** A 60-minute session an hour ahead, reported once the clock is past it. */
async function lesson(attendance: Record<string, "present" | "absent">): Promise<string> {
  const made = await lessons.make(Object.keys(attendance), 60, 1);
  lessons.after(made);
  await reportLesson(admin.client, made.id, attendance);
  return made.id;
}

const cardOf = async (studentId: string) => (await t.db.select().from(studentHealth).where(eq(studentHealth.studentId, studentId)))[0];
const dueStudents = async () =>
  (await t.db.select().from(studentHealthDue).where(eq(studentHealthDue.organizationId, admin.organizationId))).map((row) => row.studentId);
const workspaceDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(at);

describe("a report filed marks its students due, and the due job scores them", () => {
  it("a student absent from a session that went ahead: missed (absent), with the points of the missed share and the minutes lost", async () => {
    const ava = await newStudent("Ava Absent");
    const ben = await newStudent("Ben Present");
    const sessionId = await lesson({ [ava]: "absent", [ben]: "present" });
    expect(await dueStudents()).toEqual(expect.arrayContaining([ava, ben]));

    expect((await recomputeDueStudents(t.deps)).students).toBeGreaterThanOrEqual(2);
    const card = await cardOf(ava);
    expect(card).toMatchObject({
      ruleVersion: 1,
      score: 50,
      band: "act",
      pointsTotal: 50,
      familyScore: 50,
      familyBand: "act",
      topReason: "Missed 1 of 1 session (100%) in the last 8 weeks: +35",
      computedAt: clock.now(),
    });
    expect(card!.reasons.map((reason) => [reason.rule, reason.points])).toEqual([
      ["missedShare", 35],
      ["dosage", 15],
    ]);
    expect(card!.reasons[0]!.evidence).toEqual([{ sessionId, startsAt: expect.any(String), note: "missed (absent)" }]);
    expect(card!.figures).toMatchObject({ held: 1, attended: 0, missed: 1, absences: 1, plannedMinutes: 60, receivedMinutes: 0 });
    expect(await cardOf(ben)).toMatchObject({ score: 0, band: "on_track", topReason: null, reasons: [] });
    expect(await t.db.select().from(studentHealthDay).where(eq(studentHealthDay.studentId, ava))).toEqual([
      expect.objectContaining({ day: workspaceDay(clock.now()), score: 50, band: "act", familyScore: 50, familyBand: "act", ruleVersion: 1 }),
    ]);
    expect(await dueStudents()).toEqual([]);
  });

  it("two misses in a row after a session attended: 35 for the missed share, 15 for the run, 15 for the minutes (65, act)", async () => {
    const cody = await newStudent("Cody Twice");
    await lesson({ [cody]: "present" });
    const first = await lesson({ [cody]: "absent" });
    await recomputeDueStudents(t.deps);
    expect(await cardOf(cody)).toMatchObject({ score: 50, band: "act" });

    const second = await lesson({ [cody]: "absent" });
    expect(await dueStudents()).toEqual([cody]);
    await recomputeDueStudents(t.deps);
    const card = await cardOf(cody);
    expect(card).toMatchObject({ score: 65, band: "act", pointsTotal: 65 });
    expect(card!.reasons.map((reason) => [reason.rule, reason.points])).toEqual([
      ["missedShare", 35],
      ["consecutiveMisses", 15],
      ["dosage", 15],
    ]);
    expect(card!.reasons[1]).toMatchObject({
      reason: "Missed the last 2 sessions in a row: +15",
      evidence: [
        { sessionId: first, note: "missed (no-show)" },
        { sessionId: second, note: "missed (no-show)" },
      ],
    });
    expect(card!.figures).toMatchObject({ held: 3, attended: 1, missed: 2, noShows: 2, missesInARow: 2, dosagePercent: 33 });
  });
});

describe("a session cancelled marks its students due", () => {
  it("cancelled late, a miss once its start has passed; cancelled in time, excused (only the minutes count)", async () => {
    const cleo = await newStudent("Cleo Cancelled");
    const late = await lessons.make([cleo], 60, 1);
    const inTime = await lessons.make([cleo], 60, 72);
    for (const session of [late, inTime]) {
      const cancelled = await admin.client.post(`/api/admin/sessions/${session.id}/cancel`, { scope: "this" });
      expect(cancelled.status).toBe(200);
    }
    expect(await dueStudents()).toEqual([cleo]);
    lessons.after(late, inTime);
    await recomputeDueStudents(t.deps);
    const card = await cardOf(cleo);
    expect(card!.figures).toMatchObject({ held: 1, missed: 1, lateCancellations: 1, excused: 1, plannedMinutes: 120, receivedMinutes: 0 });
    expect(card!.reasons[0]).toMatchObject({ rule: "missedShare", evidence: [{ sessionId: late.id, note: "missed (cancelled late)" }] });
    expect(card).toMatchObject({ score: 50, band: "act" });
  });
});

describe("the due job with other instances", () => {
  it("two runs at once score each due student once and leave nothing due; a third run finds nothing", async () => {
    await markEveryoneDue(t.deps);
    const due = await dueStudents();
    expect(due.length).toBeGreaterThanOrEqual(5);
    const runs = await Promise.all([recomputeDueStudents(t.deps), recomputeDueStudents(t.deps)]);
    expect(runs[0].students + runs[1].students).toBe(due.length);
    expect(await dueStudents()).toEqual([]);
    expect(await recomputeDueStudents(t.deps)).toEqual({ students: 0 });
  });
});

describe("the rules in force", () => {
  it("are version 1, the defaults, written once however many first readers come at the same time", async () => {
    const other = await createAdmin(t, { workspaceName: "Fresh Tutoring" });
    const read = () => withWorkspace(t.deps.db, other.organizationId, (tx) => rulesInForce(tx, other.organizationId, clock.now()));
    const results = await Promise.all([read(), read(), read(), read()]);
    for (const result of results) expect(result).toEqual({ version: 1, rules: DEFAULT_HEALTH_RULES });
    expect(await t.db.select().from(healthRuleVersion).where(eq(healthRuleVersion.organizationId, other.organizationId))).toEqual([
      expect.objectContaining({ version: 1, changes: "The default rules", publishedByUserId: null, publishedAt: clock.now() }),
    ]);
  });
});

describe("paused students", () => {
  it("are not scored: their due mark is removed without a card, and the nightly job does not mark them", async () => {
    const pia = await newStudent("Pia Paused");
    await lesson({ [pia]: "absent" });
    expect(await dueStudents()).toEqual([pia]);
    const paused = await admin.client.patch(`/api/admin/students/${pia}`, { status: "paused" });
    expect(paused.status).toBe(200);
    await recomputeDueStudents(t.deps);
    expect(await cardOf(pia)).toBeUndefined();
    expect(await dueStudents()).toEqual([]);

    await markEveryoneDue(t.deps);
    expect(await dueStudents()).not.toContain(pia);
    await recomputeDueStudents(t.deps);
  });
});

describe("the nightly job", () => {
  it("marks every active student due, so that 22 days without a session attended brings the no-recent-session reason", async () => {
    const dora = await newStudent("Dora Distant");
    const sessionId = await lesson({ [dora]: "present" });
    await recomputeDueStudents(t.deps);
    expect(await cardOf(dora)).toMatchObject({ score: 0 });

    clock.advance(20 * DAY);
    await markEveryoneDue(t.deps);
    expect(await dueStudents()).toContain(dora);
    await recomputeDueStudents(t.deps);
    expect(await cardOf(dora)).toMatchObject({ score: 0, reasons: [] });

    clock.advance(2 * DAY);
    await markEveryoneDue(t.deps);
    await recomputeDueStudents(t.deps);
    const card = await cardOf(dora);
    expect(card).toMatchObject({ score: 15, band: "on_track", topReason: "No session attended in 22 days: +15" });
    expect(card!.reasons[0]!.evidence).toEqual([{ sessionId, startsAt: expect.any(String), note: "the last session attended" }]);
    const trend = await t.db
      .select({ day: studentHealthDay.day, score: studentHealthDay.score })
      .from(studentHealthDay)
      .where(and(eq(studentHealthDay.organizationId, admin.organizationId), eq(studentHealthDay.studentId, dora)))
      .orderBy(asc(studentHealthDay.day));
    expect(trend.map((point) => point.score)).toEqual([0, 0, 15]);
    expect(trend.at(-1)!.day).toBe(workspaceDay(clock.now()));
    expect(await dueStudents()).toEqual([]);
  });

  it("both jobs are registered: the due job every minute, the nightly one once a day", () => {
    expect(JOBS).toContain(healthDueJob);
    expect(JOBS).toContain(healthNightlyJob);
    expect(healthDueJob.cron).toBe("* * * * *");
    expect(healthNightlyJob.cron).toBe("41 2 * * *");
  });
});
