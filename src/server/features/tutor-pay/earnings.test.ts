import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { setBillingSettings } from "../../../../tests/package-factories.ts";
import { lessonMaker, reportLesson, statementOf } from "../../../../tests/pay-factories.ts";
import { assignTutor, createStudent, setTutorProfile } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { cancellationPolicyVersion } from "../../db/billing-schema.ts";
import { tutorEarning } from "../../db/pay-schema.ts";

const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let theo: MemberFixture;
let maya: string;
let noah: string;
let lessons: ReturnType<typeof lessonMaker>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ admin, tina, theo, maya, noah } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
  await setTutorProfile(admin.client, tina.memberId, { payRateMinor: 3_000, chargeRateMinor: 6_000 });
  lessons = lessonMaker(admin.client, clock, tina.memberId);
}, 90_000);
afterAll(() => t?.close());

const earningsOf = (sessionId: string) =>
  t.db.select().from(tutorEarning).where(eq(tutorEarning.sessionId, sessionId)).orderBy(asc(tutorEarning.createdAt), asc(tutorEarning.causeKey));

describe("a completed session earns its tutor", () => {
  it("its length at the tutor's pay rate, snapshotted: a later change of rate does not re-price it, nor does filing the same report again", async () => {
    const lesson = await lessons.make([maya], 90);
    lessons.after(lesson);
    await reportLesson(admin.client, lesson.id, { [maya]: "present" });
    expect(await earningsOf(lesson.id)).toEqual([
      expect.objectContaining({
        kind: "session",
        tutorMemberId: tina.memberId,
        basis: "attended",
        sessionMinutes: 90,
        minutes: 90,
        rateMinor: 3_000,
        shareBps: 10_000,
        amountMinor: 4_500,
        causeKey: `session:${lesson.id}:g1:attended-90m:${tina.memberId}`,
      }),
    ]);

    await setTutorProfile(admin.client, tina.memberId, { payRateMinor: 9_000 });
    await reportLesson(admin.client, lesson.id, { [maya]: "present" });
    expect((await earningsOf(lesson.id)).map((row) => [row.kind, row.amountMinor, row.rateMinor])).toEqual([["session", 4_500, 3_000]]);
    const statement = await statementOf(admin.client, tina.memberId);
    expect(statement.items.find((item) => item.sessionId === lesson.id)).toMatchObject({ amountMinor: 4_500, rateMinor: 3_000, state: "ready" });
    await setTutorProfile(admin.client, tina.memberId, { payRateMinor: 3_000 });
  });

  it("once per session for its length, not per student, at the highest assignment pay rate of its students", async () => {
    const sam = (await createStudent(admin.client, { name: "Sam Group" })).id;
    await assignTutor(admin.client, { tutorMemberId: tina.memberId, studentId: sam, startsOn: "2020-01-01", payRateOverrideMinor: 4_200 });
    const group = await lessons.make([maya, noah, sam], 60);
    lessons.after(group);
    await reportLesson(admin.client, group.id, { [maya]: "present", [noah]: "absent", [sam]: "present" });
    expect((await earningsOf(group.id)).map((row) => [row.kind, row.minutes, row.rateMinor, row.amountMinor])).toEqual([["session", 60, 4_200, 4_200]]);
  });

  it("nothing while the tutor has no pay rate; marking it again once a rate is set earns it", async () => {
    await assignTutor(admin.client, { tutorMemberId: theo.memberId, studentId: maya, startsOn: "2020-01-01" });
    const theoLessons = lessonMaker(admin.client, clock, theo.memberId);
    const lesson = await theoLessons.make([maya], 60);
    theoLessons.after(lesson);
    await reportLesson(admin.client, lesson.id, { [maya]: "present" });
    expect(await earningsOf(lesson.id)).toEqual([]);
    await setTutorProfile(admin.client, theo.memberId, { payRateMinor: 2_400 });
    await reportLesson(admin.client, lesson.id, { [maya]: "present" });
    expect((await earningsOf(lesson.id)).map((row) => [row.tutorMemberId, row.amountMinor])).toEqual([[theo.memberId, 2_400]]);
  });
});

describe("re-marking a session", () => {
  it("reverses the earning in place (once) and writes the next generation; marking it back writes a third", async () => {
    const lesson = await lessons.make([maya], 60);
    lessons.after(lesson);
    await reportLesson(admin.client, lesson.id, { [maya]: "present" });
    await setBillingSettings(admin.client, { noShowShareBps: 5_000 });
    await reportLesson(admin.client, lesson.id, { [maya]: "absent" });
    await reportLesson(admin.client, lesson.id, { [maya]: "present" });
    const rows = await earningsOf(lesson.id);
    // Written at one fixed time: read in generation order, each reversal after what it reverses.
    const sessions = rows.filter((row) => row.kind === "session").sort((a, b) => a.causeKey.localeCompare(b.causeKey));
    expect(sessions.map((row) => [row.amountMinor, row.causeKey.replace(lesson.id, "S").replace(tina.memberId, "T")])).toEqual([
      [3_000, "session:S:g1:attended-60m:T"],
      [1_500, "session:S:g2:no_show-60m-5000bps:T"],
      [3_000, "session:S:g3:attended-60m:T"],
    ]);
    const reversals = rows.filter((row) => row.kind === "reversal");
    expect(reversals.map((row) => [row.reversesEarningId, row.amountMinor, row.causeKey]).sort()).toEqual(
      [
        [sessions[0]!.id, -3_000, `reversal:${sessions[0]!.id}`],
        [sessions[1]!.id, -1_500, `reversal:${sessions[1]!.id}`],
      ].sort(),
    );
    expect(rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(3_000);
    // Before any pay run, the reversed pairs cancel out: only the last generation is ready.
    const items = (await statementOf(admin.client, tina.memberId)).items.filter((item) => item.sessionId === lesson.id);
    expect(items.map((item) => [item.kind, item.amountMinor, item.state]).sort()).toEqual(
      [
        ["session", 3_000, "reversed"],
        ["reversal", -3_000, "reversed"],
        ["session", 1_500, "reversed"],
        ["reversal", -1_500, "reversed"],
        ["session", 3_000, "ready"],
      ].sort(),
    );
    expect(items.find((item) => item.state === "ready")!.earningId).toBe(sessions[2]!.id);
    await setBillingSettings(admin.client, { noShowShareBps: 10_000 });
  });
});

describe("no-shows and late cancellations", () => {
  it("pay the policy's share of the length: a no-show when every student was absent, a late cancellation, nothing in time", async () => {
    await setBillingSettings(admin.client, { noShowShareBps: 5_000, lateCancellationShareBps: 2_500 });
    const [policy] = await t.db
      .select()
      .from(cancellationPolicyVersion)
      .where(
        and(
          eq(cancellationPolicyVersion.organizationId, admin.organizationId),
          eq(cancellationPolicyVersion.noShowShareBps, 5_000),
          eq(cancellationPolicyVersion.lateCancellationShareBps, 2_500),
        ),
      );
    const missed = await lessons.make([maya, noah], 60);
    lessons.after(missed);
    await reportLesson(admin.client, missed.id, { [maya]: "absent", [noah]: "absent" });
    expect(await earningsOf(missed.id)).toEqual([
      expect.objectContaining({ basis: "no_show", minutes: 30, shareBps: 5_000, amountMinor: 1_500, policyVersionId: policy!.id }),
    ]);
    expect((await earningsOf(missed.id))[0]!.description).toMatch(/30 min \(no-show: 50 % of 1 h\)$/);

    const late = await lessons.make([maya], 60, 2);
    expect((await admin.client.post(`/api/admin/sessions/${late.id}/cancel`, { scope: "this", reason: "Ill" })).body.items[0].status).toBe("late_cancelled");
    expect(await earningsOf(late.id)).toEqual([
      expect.objectContaining({ basis: "late_cancelled", minutes: 15, shareBps: 2_500, amountMinor: 750, policyVersionId: policy!.id }),
    ]);

    const inTime = await lessons.make([maya], 60, 72);
    expect((await admin.client.post(`/api/admin/sessions/${inTime.id}/cancel`, { scope: "this" })).body.items[0].status).toBe("cancelled");
    expect(await earningsOf(inTime.id)).toEqual([]);
  });
});
