/**
 * Reading a student's health card in each area: staff read every reason, the family the score
 * of the rules they see and only those, the student their figures without the risk wording;
 * outside the students' visibility, 404. A student not scored yet reads as such.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { DEFAULT_HEALTH_RULES } from "../../../shared/schemas/student-health.ts";
import { fixedClock } from "../../core/clock.ts";
import { recomputeStudents } from "./recompute.ts";

const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2020-01-01" });
  // Maya misses her last two sessions of three: missed share (67%) and two in a row.
  const lessons = lessonMaker(cast.admin.client, clock, cast.tina.memberId);
  const made = [await lessons.make([cast.maya], 60), await lessons.make([cast.maya], 60), await lessons.make([cast.maya], 60)];
  lessons.after(...made);
  await reportLesson(cast.admin.client, made[0]!.id, { [cast.maya]: "present" });
  await reportLesson(cast.admin.client, made[1]!.id, { [cast.maya]: "absent" });
  await reportLesson(cast.admin.client, made[2]!.id, { [cast.maya]: "absent" });
  // Families do not see the run of misses.
  const rules = structuredClone(DEFAULT_HEALTH_RULES);
  rules.rules.consecutiveMisses.familyVisible = false;
  const published = await cast.admin.client.put("/api/admin/health/rules", { baseVersion: 1, rules });
  expect(published.status, published.text).toBe(200);
  await recomputeStudents(t.deps.db, cast.admin.organizationId, [cast.maya], clock.now());
}, 90_000);
afterAll(() => t?.close());

const cardOf = (client: SessionCast["admin"]["client"], area: string, studentId: string) => client.get(`/api/${area}/students/${studentId}/health`);

describe("a student's health card", () => {
  it("shows staff every reason, with its evidence, and what the points add up to", async () => {
    const card = await cardOf(cast.admin.client, "admin", cast.maya);
    expect(card.status, card.text).toBe(200);
    expect(card.body).toMatchObject({ studentName: "Maya Lopez", scored: true, ruleVersion: 2, band: "act" });
    const rules = card.body.reasons.map((reason: { rule: string }) => reason.rule);
    expect(rules).toEqual(expect.arrayContaining(["missedShare", "consecutiveMisses", "dosage"]));
    expect(card.body.score).toBe(card.body.reasons.reduce((sum: number, reason: { points: number }) => sum + reason.points, 0));
    // Her only student absent, each session was a no-show.
    expect(card.body.figures).toMatchObject({ held: 3, attended: 1, missed: 2, noShows: 2, attendancePercent: 33 });
    const missed = card.body.reasons.find((reason: { rule: string }) => reason.rule === "missedShare");
    expect(missed.reason).toBe("Missed 2 of 3 sessions (67%) in the last 8 weeks: +35");
    expect(missed.evidence).toHaveLength(2);
    expect(card.body.trend).toEqual([{ day: "2026-11-03", score: card.body.score, band: "act" }]);
    // The assigned tutor reads the same card.
    expect((await cardOf(cast.tina.client, "tutor", cast.maya)).body.score).toBe(card.body.score);
  });

  it("shows the family the score of the rules they see, and only those reasons", async () => {
    const staff = (await cardOf(cast.admin.client, "admin", cast.maya)).body;
    const family = await cardOf(cast.parent.client, "parent", cast.maya);
    expect(family.status).toBe(200);
    expect(family.body.reasons.map((reason: { rule: string }) => reason.rule)).not.toContain("consecutiveMisses");
    expect(family.body.score).toBe(staff.score - 15);
    expect(family.body.pointsTotal).toBe(family.body.score);
    expect(family.body.trend[0].score).toBe(family.body.score);
  });

  it("shows the student their figures without score or reasons", async () => {
    const own = await cast.pupil.client.get("/api/student/health");
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ scored: true, figures: { held: 3, attended: 1, attendancePercent: 33 } });
    expect(JSON.stringify(own.body)).not.toMatch(/score"|reason|band/);
  });

  it("answers 404 outside the students' visibility, and 'not scored yet' for a student never computed", async () => {
    expect((await cardOf(cast.otherParent.client, "parent", cast.maya)).status).toBe(404);
    expect((await cardOf(cast.theo.client, "tutor", cast.maya)).status).toBe(404);
    expect((await cardOf(cast.otherAdmin.client, "admin", cast.maya)).status).toBe(404);
    expect((await cardOf(cast.admin.client, "admin", "not-a-student")).status).toBe(404);
    const fresh = await cardOf(cast.admin.client, "admin", cast.noah);
    expect(fresh.body).toMatchObject({ scored: false, figures: null, reasons: [], trend: [] });
  });
});
