import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figureOf, insertReport, insertSession, rowsOf, scopeFor } from "../../../../../tests/analytics-fixture.ts";
import { lessonMaker, reportLesson, statementOf } from "../../../../../tests/pay-factories.ts";
import { assignTutor, setTutorProfile } from "../../../../../tests/people-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../../core/clock.ts";
import { cancellationRequest } from "../../../db/schema.ts";
import type { Metric, MetricScope } from "../metric.ts";
import { assessmentScores } from "./assessment-scores.ts";
import { attendance } from "./attendance.ts";
import { engagement } from "./engagement.ts";
import { homework } from "./homework.ts";
import { PROGRESS_METRICS } from "./progress.ts";
import { sessionsVsPlan } from "./sessions-vs-plan.ts";
import { tutorEarnings } from "./tutor-earnings.ts";
import { tutorHours } from "./tutor-hours.ts";
import { understanding } from "./understanding.ts";

// The earnings are made through the API from 1 September (the clock moves past each lesson);
// the reports of November are written straight into the database.
const clock = fixedClock(new Date("2026-09-01T08:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let org: string;
const ids: Record<string, string> = {};

const NOVEMBER = ["2026-11-01", "2026-11-30"] as const;
/** The 30 days of November, as a day chart's labels. */
const novemberDays = Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, "0")}`);
/** A day chart's values over November: the days given, null elsewhere. */
const onDays = (values: Record<string, number>) => novemberDays.map((day) => values[day] ?? null);

const admin = () => scopeFor(org);
const tina = () => scopeFor(org, "tutor", { tutorMemberId: cast.tina.memberId });
const theo = () => scopeFor(org, "tutor", { tutorMemberId: cast.theo.memberId });
const mayaParent = () => scopeFor(org, "parent", { studentId: cast.maya });
const mayaSelf = () => scopeFor(org, "student", { studentId: cast.maya });
const noahParent = () => scopeFor(org, "parent", { studentId: cast.noah });

const valueOf = async (metric: Metric, scope: MetricScope, from: string = NOVEMBER[0], to: string = NOVEMBER[1]) =>
  (await figureOf(t, metric, scope, from, to)).value;
const cellsOf = async (metric: Metric, scope: MetricScope, from: string = NOVEMBER[0], to: string = NOVEMBER[1]) =>
  (await rowsOf(t, metric, scope, from, to)).rows.map((row) => row.cells);

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2020-01-01" });
  await assignTutor(cast.admin.client, { tutorMemberId: cast.theo.memberId, studentId: cast.maya, startsOn: "2020-01-01" });
  org = cast.admin.organizationId;
  const { maya, noah } = cast;
  const tinaId = cast.tina.memberId;
  const theoId = cast.theo.memberId;
  const session = (name: string, tutorMemberId: string, studentIds: string[], startsAt: string, minutes: number, more: object = {}) =>
    insertSession(t, { organizationId: org, tutorMemberId, studentIds, startsAt, minutes, ...more }).then((id) => (ids[name] = id));

  // November in London is GMT. Tina teaches Maya alone, Maya and Noah together, Noah alone; Theo teaches Maya.
  await session("s1", tinaId, [maya], "2026-11-02T16:00:00Z", 60);
  await insertReport(t, org, ids.s1!, "2026-11-02T18:00:00Z", [
    { studentId: maya, attendance: "present", previousHomework: "completed", understanding: 4, engagement: 5, scorePercent: 80 },
  ]);
  await session("s2", tinaId, [maya, noah], "2026-11-09T16:00:00Z", 60);
  await insertReport(t, org, ids.s2!, "2026-11-09T18:00:00Z", [
    { studentId: maya, attendance: "late", previousHomework: "partly", understanding: 3, engagement: 4 },
    { studentId: noah, attendance: "absent", previousHomework: "not_done" },
  ]);
  await session("s3", tinaId, [maya], "2026-11-16T16:00:00Z", 60, { subject: "Physics", status: "no_show" });
  await insertReport(t, org, ids.s3!, "2026-11-16T18:00:00Z", [{ studentId: maya, attendance: "absent" }]);
  await session("s4", theoId, [maya], "2026-11-20T16:00:00Z", 45);
  await insertReport(t, org, ids.s4!, "2026-11-20T18:00:00Z", [
    { studentId: maya, attendance: "present", previousHomework: "completed", understanding: 5, engagement: 3, scorePercent: 60 },
  ]);
  await session("s5", tinaId, [noah], "2026-11-23T16:00:00Z", 90);
  await insertReport(t, org, ids.s5!, "2026-11-23T18:00:00Z", [{ studentId: noah, attendance: "present", understanding: 2, engagement: 2, scorePercent: 50 }]);
  // Planned but not received: not yet reported, cancelled by the business, cancelled late.
  await session("s6", tinaId, [maya], "2026-11-25T16:00:00Z", 60, { status: "scheduled" });
  await session("s7", tinaId, [maya], "2026-11-26T16:00:00Z", 60, { status: "cancelled", cancelledAt: "2026-11-20T10:00:00Z" });
  await session("s10", tinaId, [maya], "2026-11-28T16:00:00Z", 60, { status: "late_cancelled", cancelledAt: "2026-11-28T10:00:00Z" });
  // Called off in time at Pat's request (Maya's family): no longer planned for Maya.
  await session("s8", tinaId, [maya], "2026-11-27T16:00:00Z", 60, { status: "cancelled", cancelledAt: "2026-11-20T10:00:00Z" });
  // A group called off at Olly's request (Noah's family): still planned for Maya, not for Noah.
  await session("s9", tinaId, [maya, noah], "2026-11-30T16:00:00Z", 60, { status: "cancelled", cancelledAt: "2026-11-20T10:00:00Z" });
  const accepted = { organizationId: org, state: "accepted" as const, decidedAt: new Date("2026-11-20T10:00:00Z"), decidedByUserId: cast.admin.user.id };
  await t.db.insert(cancellationRequest).values([
    { ...accepted, sessionId: ids.s8!, requestedByUserId: cast.parent.user.id, requesterRole: "parent", reason: "Holiday" },
    { ...accepted, sessionId: ids.s9!, requestedByUserId: cast.otherParent.user.id, requesterRole: "parent", reason: "Exams" },
  ]);
  // 31 October 23:30 in London is before November: the previous period's.
  await session("october", theoId, [maya], "2026-10-31T23:30:00Z", 60);
  await insertReport(t, org, ids.october!, "2026-11-01T09:00:00Z", [{ studentId: maya, attendance: "absent", previousHomework: "not_done" }]);

  // Earnings, through the API: Theo (30.00 an hour) teaches Maya in September, Tina (20.00) Noah.
  await setTutorProfile(cast.admin.client, theoId, { payRateMinor: 3_000 });
  await setTutorProfile(cast.admin.client, tinaId, { payRateMinor: 2_000 });
  const theoLessons = lessonMaker(cast.admin.client, clock, theoId);
  const taught = await theoLessons.make([maya], 60);
  const corrected = await theoLessons.make([maya], 90);
  const unreported = await theoLessons.make([maya], 60);
  theoLessons.after(taught, corrected, unreported);
  await reportLesson(cast.admin.client, taught.id, { [maya]: "present" });
  await reportLesson(cast.admin.client, corrected.id, { [maya]: "present" });
  // Corrected to absent: a no-show (paid at the policy's share, 100% by default) after the reversal of the first earning.
  await reportLesson(cast.admin.client, corrected.id, { [maya]: "absent" });
  const adjusted = await cast.admin.client.post(`/api/admin/pay/tutors/${theoId}/adjustments`, {
    category: "correction",
    amountMinor: -500,
    reason: "Overpaid travel",
    earnedOn: "2026-09-15",
    idempotencyKey: "progress-adjustment-1",
  });
  if (adjusted.status !== 201) throw new Error(`Adjustment answered ${adjusted.status}: ${adjusted.text}`);
  const tinaLessons = lessonMaker(cast.admin.client, clock, tinaId);
  const tinaLesson = await tinaLessons.make([noah], 30);
  tinaLessons.after(tinaLesson);
  await reportLesson(cast.admin.client, tinaLesson.id, { [noah]: "present" });
  Object.assign(ids, { taught: taught.id, corrected: corrected.id, unreported: unreported.id, tinaLesson: tinaLesson.id });
}, 90_000);
afterAll(() => t?.close());

describe("the progress metrics' areas", () => {
  it("are the tutor's own work for the tutor, and the student's progress for the family (attendance for every area)", () => {
    expect(Object.fromEntries(PROGRESS_METRICS.map((metric) => [metric.key, metric.areas]))).toEqual({
      "tutor-hours": ["tutor"],
      "tutor-earnings": ["tutor"],
      attendance: ["admin", "tutor", "parent", "student"],
      engagement: ["tutor", "parent", "student"],
      understanding: ["tutor", "parent", "student"],
      "assessment-scores": ["tutor", "parent", "student"],
      homework: ["parent", "student"],
      "sessions-vs-plan": ["parent", "student"],
    });
  });

  it("are refused to other areas by the API like an unknown figure", async () => {
    const range = "from=2026-11-01&to=2026-11-30";
    expect((await cast.tina.client.get(`/api/tutor/analytics/attendance?${range}`)).status).toBe(200);
    expect((await cast.admin.client.get(`/api/admin/analytics/tutor-hours?${range}`)).status).toBe(404);
    expect((await cast.pupil.client.get(`/api/student/analytics/tutor-earnings?${range}`)).status).toBe(404);
    expect((await cast.tina.client.get(`/api/tutor/analytics/homework?${range}`)).status).toBe(404);
    const parentHomework = await cast.parent.client.get<{ value: number }>(`/api/parent/students/${cast.maya}/analytics/homework?${range}`);
    expect(parentHomework.status).toBe(200);
    expect(parentHomework.body.value).toBe(0.8333);
    expect((await cast.parent.client.get(`/api/parent/students/${cast.noah}/analytics/homework?${range}`)).status).toBe(404);
  });
});

describe("tutor hours", () => {
  it("add up the tutor's completed sessions by day, and only theirs", async () => {
    expect(await figureOf(t, tutorHours, tina(), ...NOVEMBER)).toEqual({
      value: 60 + 60 + 90,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: novemberDays,
        series: [{ name: "Hours delivered", unit: "minutes", values: onDays({ "2026-11-02": 60, "2026-11-09": 60, "2026-11-23": 90 }) }],
      },
    });
    expect(await valueOf(tutorHours, theo())).toBe(45);
    expect(await valueOf(tutorHours, { ...tina(), studentId: cast.noah })).toBe(150);
    expect(await valueOf(tutorHours, { ...tina(), subject: "Physics" })).toBe(0);
  });

  it("are nothing over a period without sessions", async () => {
    const figure = await figureOf(t, tutorHours, tina(), "2025-01-01", "2025-01-31");
    expect(figure.value).toBe(0);
    expect(figure.chart?.series[0]?.values).toEqual(Array.from({ length: 31 }, () => null));
  });

  it("list the sessions behind them, newest first, with their students", async () => {
    const { rows, total } = await rowsOf(t, tutorHours, tina(), ...NOVEMBER);
    expect(total).toBe(3);
    expect(rows).toEqual([
      { record: { kind: "session", id: ids.s5 }, cells: { date: "2026-11-23", subject: "Maths", students: "Noah Kim", minutes: 90 } },
      { record: { kind: "session", id: ids.s2 }, cells: { date: "2026-11-09", subject: "Maths", students: "Maya Lopez, Noah Kim", minutes: 60 } },
      { record: { kind: "session", id: ids.s1 }, cells: { date: "2026-11-02", subject: "Maths", students: "Maya Lopez", minutes: 60 } },
    ]);
    expect(await cellsOf(tutorHours, tina(), "2025-01-01", "2025-01-31")).toEqual([]);
  });
});

describe("tutor earnings", () => {
  const SEPTEMBER = ["2026-09-01", "2026-09-30"] as const;

  it("are the tutor's earnings dated in the period (sessions, reversals, adjustments), by day, and only theirs", async () => {
    // 60 min at 30.00, 90 min earned then reversed and earned again as a no-show, less an adjustment.
    const figure = await figureOf(t, tutorEarnings, theo(), ...SEPTEMBER);
    expect(figure.value).toBe(3_000 + 4_500 - 4_500 + 4_500 - 500);
    expect(figure.chart).toEqual({
      kind: "time",
      labelHeading: "Day",
      labels: Array.from({ length: 30 }, (_, index) => `2026-09-${String(index + 1).padStart(2, "0")}`),
      series: [
        {
          name: "Earnings",
          unit: "money",
          values: Array.from({ length: 30 }, (_, index) => ({ 1: 7_500, 14: -500 })[index] ?? null),
        },
      ],
    });
    expect(await valueOf(tutorEarnings, tina(), ...SEPTEMBER)).toBe(1_000);
    expect(await valueOf(tutorEarnings, theo())).toBe(0);
  });

  it("equal the pay statement's total for the same days", async () => {
    for (const [scope, memberId] of [
      [theo(), cast.theo.memberId],
      [tina(), cast.tina.memberId],
    ] as const) {
      const statement = await statementOf(cast.admin.client, memberId, { from: SEPTEMBER[0], to: SEPTEMBER[1] });
      expect(await valueOf(tutorEarnings, scope, ...SEPTEMBER)).toBe(statement.totals.earnedMinor);
    }
    const statement = await statementOf(cast.admin.client, cast.theo.memberId, { from: "2026-09-02", to: "2026-09-02" });
    expect(statement.items.some((item) => item.sessionId === ids.unreported && item.state === "pending")).toBe(true);
    expect(await valueOf(tutorEarnings, theo(), "2026-09-02", "2026-09-02")).toBe(statement.totals.earnedMinor);
  });

  it("list the earning lines, newest first, each session's linked", async () => {
    const { rows, total } = await rowsOf(t, tutorEarnings, theo(), ...SEPTEMBER);
    expect(total).toBe(5);
    expect(rows[0]).toEqual({ record: null, cells: { date: "2026-09-15", kind: "Adjustment", description: expect.any(String), amount: -500 } });
    const lines = rows.slice(1).map((row) => [row.record?.id, row.cells.date, row.cells.kind, row.cells.amount]);
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(
      expect.arrayContaining([
        [ids.taught, "2026-09-02", "Session", 3_000],
        [ids.corrected, "2026-09-02", "Session", 4_500],
        [ids.corrected, "2026-09-02", "Reversal", -4_500],
        [ids.corrected, "2026-09-02", "Session", 4_500],
      ]),
    );
    expect(rows.reduce((sum, row) => sum + Number(row.cells.amount), 0)).toBe(7_000);
    expect((await rowsOf(t, tutorEarnings, theo(), "2025-01-01", "2025-01-31")).total).toBe(0);
  });
});

describe("attendance", () => {
  it("is the share of reported places where the student came (late counts), by day", async () => {
    // Maya present, Maya late, Noah absent, Maya absent (the no-show), Maya present (Theo), Noah present.
    expect(await figureOf(t, attendance, admin(), ...NOVEMBER)).toEqual({
      value: 0.6667,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: novemberDays,
        series: [
          { name: "Attendance", unit: "share", values: onDays({ "2026-11-02": 1, "2026-11-09": 0.5, "2026-11-16": 0, "2026-11-20": 1, "2026-11-23": 1 }) },
        ],
      },
    });
  });

  it("is charted by week over a longer range", async () => {
    const figure = await figureOf(t, attendance, admin(), "2026-11-01", "2026-12-31");
    expect(figure.value).toBe(0.6667);
    expect(figure.chart?.labelHeading).toBe("Week of");
    expect(figure.chart?.labels.slice(0, 6)).toEqual(["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23", "2026-11-30"]);
    expect(figure.chart?.series[0]?.values.slice(0, 6)).toEqual([null, 1, 0.5, 0.5, 1, null]);
  });

  it("honours the admin's filters; a tutor's is their own sessions, a family's the one student", async () => {
    expect(await valueOf(attendance, { ...admin(), tutorMemberId: cast.theo.memberId })).toBe(1);
    expect(await valueOf(attendance, { ...admin(), subject: "Physics" })).toBe(0);
    expect(await valueOf(attendance, { ...admin(), studentId: cast.noah })).toBe(0.5);
    expect(await valueOf(attendance, tina())).toBe(0.6);
    expect(await valueOf(attendance, mayaParent())).toBe(0.75);
    expect(await valueOf(attendance, mayaSelf())).toBe(0.75);
    expect(await valueOf(attendance, noahParent())).toBe(0.5);
    // The previous period holds Maya's absence of 31 October only.
    expect(await valueOf(attendance, mayaParent(), "2026-10-01", "2026-10-31")).toBe(0);
  });

  it("is nothing (no share) over a period without reports", async () => {
    const figure = await figureOf(t, attendance, admin(), "2025-01-01", "2025-01-31");
    expect(figure.value).toBeNull();
    expect(figure.chart?.series[0]?.values.every((value) => value === null)).toBe(true);
    expect((await rowsOf(t, attendance, admin(), "2025-01-01", "2025-01-31")).total).toBe(0);
  });

  it("lists each place; a parent sees only their child's, never the group's other students", async () => {
    const { rows, total } = await rowsOf(t, attendance, mayaParent(), ...NOVEMBER);
    expect(total).toBe(4);
    expect(rows).toEqual([
      {
        record: { kind: "session", id: ids.s4 },
        cells: { date: "2026-11-20", student: "Maya Lopez", tutor: "Theo Teacher", subject: "Maths", attendance: "Present" },
      },
      {
        record: { kind: "session", id: ids.s3 },
        cells: { date: "2026-11-16", student: "Maya Lopez", tutor: "Tina Tutor", subject: "Physics", attendance: "Absent" },
      },
      {
        record: { kind: "session", id: ids.s2 },
        cells: { date: "2026-11-09", student: "Maya Lopez", tutor: "Tina Tutor", subject: "Maths", attendance: "Late" },
      },
      {
        record: { kind: "session", id: ids.s1 },
        cells: { date: "2026-11-02", student: "Maya Lopez", tutor: "Tina Tutor", subject: "Maths", attendance: "Present" },
      },
    ]);
    expect((await cellsOf(attendance, noahParent())).map((cells) => [cells.date, cells.student, cells.attendance])).toEqual([
      ["2026-11-23", "Noah Kim", "Present"],
      ["2026-11-09", "Noah Kim", "Absent"],
    ]);
    // The tutor's: every student of their own sessions, none of Theo's.
    expect((await cellsOf(attendance, tina())).map((cells) => [cells.date, cells.student, cells.tutor])).toEqual([
      ["2026-11-23", "Noah Kim", "Tina Tutor"],
      ["2026-11-16", "Maya Lopez", "Tina Tutor"],
      ["2026-11-09", "Maya Lopez", "Tina Tutor"],
      ["2026-11-09", "Noah Kim", "Tina Tutor"],
      ["2026-11-02", "Maya Lopez", "Tina Tutor"],
    ]);
    expect((await rowsOf(t, attendance, admin(), ...NOVEMBER, { limit: 2, offset: 4 })).rows.map((row) => row.cells.date)).toEqual([
      "2026-11-09",
      "2026-11-02",
    ]);
  });
});

describe("engagement and understanding", () => {
  it("average the ratings of the places where the student came, by day", async () => {
    expect(await figureOf(t, engagement, mayaParent(), ...NOVEMBER)).toEqual({
      value: 4,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: novemberDays,
        series: [{ name: "Engagement", unit: "rating", values: onDays({ "2026-11-02": 5, "2026-11-09": 4, "2026-11-20": 3 }) }],
      },
    });
    expect(await valueOf(engagement, mayaSelf())).toBe(4);
    expect(await valueOf(engagement, tina())).toBe(3.67);
    expect(await valueOf(engagement, theo())).toBe(3);
    expect(await valueOf(engagement, noahParent())).toBe(2);
    expect(await valueOf(understanding, mayaParent())).toBe(4);
    expect(await valueOf(understanding, tina())).toBe(3);
    expect(await valueOf(understanding, { ...tina(), studentId: cast.maya })).toBe(3.5);
    expect((await figureOf(t, understanding, mayaParent(), ...NOVEMBER)).chart?.series[0]?.values).toEqual(
      onDays({ "2026-11-02": 4, "2026-11-09": 3, "2026-11-20": 5 }),
    );
  });

  it("are nothing over a period without ratings (an absence is not rated)", async () => {
    expect(await valueOf(engagement, mayaParent(), "2026-10-01", "2026-10-31")).toBeNull();
    expect(await valueOf(understanding, tina(), "2025-01-01", "2025-01-31")).toBeNull();
    expect((await rowsOf(t, engagement, mayaParent(), "2026-10-01", "2026-10-31")).total).toBe(0);
  });

  it("list the rated places, the parent's child only", async () => {
    expect(await cellsOf(engagement, mayaParent())).toEqual([
      { date: "2026-11-20", student: "Maya Lopez", tutor: "Theo Teacher", subject: "Maths", engagement: 3 },
      { date: "2026-11-09", student: "Maya Lopez", tutor: "Tina Tutor", subject: "Maths", engagement: 4 },
      { date: "2026-11-02", student: "Maya Lopez", tutor: "Tina Tutor", subject: "Maths", engagement: 5 },
    ]);
    expect((await cellsOf(understanding, tina())).map((cells) => [cells.student, cells.understanding])).toEqual([
      ["Noah Kim", 2],
      ["Maya Lopez", 3],
      ["Maya Lopez", 4],
    ]);
  });
});

describe("assessment scores", () => {
  it("average the scores given, as a share, by day", async () => {
    expect(await figureOf(t, assessmentScores, mayaParent(), ...NOVEMBER)).toEqual({
      value: 0.7,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: novemberDays,
        series: [{ name: "Average score", unit: "share", values: onDays({ "2026-11-02": 0.8, "2026-11-20": 0.6 }) }],
      },
    });
    expect(await valueOf(assessmentScores, tina())).toBe(0.65);
    expect(await valueOf(assessmentScores, mayaParent(), "2025-01-01", "2025-01-31")).toBeNull();
  });

  it("list the scored places only", async () => {
    expect(await cellsOf(assessmentScores, mayaSelf())).toEqual([
      { date: "2026-11-20", student: "Maya Lopez", tutor: "Theo Teacher", subject: "Maths", score: 0.6 },
      { date: "2026-11-02", student: "Maya Lopez", tutor: "Tina Tutor", subject: "Maths", score: 0.8 },
    ]);
    expect(await cellsOf(assessmentScores, mayaSelf(), "2025-01-01", "2025-01-31")).toEqual([]);
  });
});

describe("homework", () => {
  it("is the share of homework set that was done (part-done a half), by day", async () => {
    // Completed, partly, completed; the no-show's "none set" does not count.
    expect(await figureOf(t, homework, mayaParent(), ...NOVEMBER)).toEqual({
      value: 0.8333,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: novemberDays,
        series: [{ name: "Homework completed", unit: "share", values: onDays({ "2026-11-02": 1, "2026-11-09": 0.5, "2026-11-20": 1 }) }],
      },
    });
    // Noah's one check: not done, while absent; his session of the 23rd set none.
    expect(await valueOf(homework, noahParent())).toBe(0);
    expect(await valueOf(homework, mayaParent(), "2026-10-01", "2026-10-31")).toBe(0);
    expect(await valueOf(homework, mayaParent(), "2025-01-01", "2025-01-31")).toBeNull();
  });

  it("lists the checked places, the parent's child only", async () => {
    expect((await cellsOf(homework, mayaParent())).map((cells) => [cells.date, cells.student, cells.homework])).toEqual([
      ["2026-11-20", "Maya Lopez", "Completed"],
      ["2026-11-09", "Maya Lopez", "Partly done"],
      ["2026-11-02", "Maya Lopez", "Completed"],
    ]);
    expect((await cellsOf(homework, noahParent())).map((cells) => [cells.date, cells.student, cells.homework])).toEqual([
      ["2026-11-09", "Noah Kim", "Not done"],
    ]);
  });
});

describe("sessions against plan", () => {
  it("counts the sessions received against those planned, by day; a family's own cancellation in time is no longer planned", async () => {
    const planned = { "2026-11-02": 1, "2026-11-09": 1, "2026-11-16": 1, "2026-11-20": 1, "2026-11-25": 1, "2026-11-26": 1, "2026-11-28": 1, "2026-11-30": 1 };
    const received = { "2026-11-02": 1, "2026-11-09": 1, "2026-11-16": 0, "2026-11-20": 1, "2026-11-25": 0, "2026-11-26": 0, "2026-11-28": 0, "2026-11-30": 0 };
    expect(await figureOf(t, sessionsVsPlan, mayaParent(), ...NOVEMBER)).toEqual({
      value: 3,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: novemberDays,
        series: [
          { name: "Planned", unit: "count", values: onDays(planned) },
          { name: "Received", unit: "count", values: onDays(received) },
        ],
      },
    });
    expect(await valueOf(sessionsVsPlan, mayaSelf())).toBe(3);
    const noah = await figureOf(t, sessionsVsPlan, noahParent(), ...NOVEMBER);
    expect(noah.value).toBe(1);
    expect(noah.chart?.series.map((series) => series.values.reduce<number>((sum, value) => sum + (value ?? 0), 0))).toEqual([2, 1]);
    expect(await valueOf(sessionsVsPlan, { ...mayaParent(), subject: "Physics" })).toBe(0);
    const empty = await figureOf(t, sessionsVsPlan, mayaParent(), "2025-01-01", "2025-01-31");
    expect(empty.value).toBe(0);
    expect(empty.chart?.series.every((series) => series.values.every((value) => value === null))).toBe(true);
  });

  it("lists every planned session with what became of it, for the one student", async () => {
    const { rows, total } = await rowsOf(t, sessionsVsPlan, mayaParent(), ...NOVEMBER);
    expect(total).toBe(8);
    expect(rows.map((row) => [row.record?.id, row.cells.date, row.cells.tutor, row.cells.outcome])).toEqual([
      [ids.s9, "2026-11-30", "Tina Tutor", "Cancelled, not at the family's request"],
      [ids.s10, "2026-11-28", "Tina Tutor", "Cancelled late"],
      [ids.s7, "2026-11-26", "Tina Tutor", "Cancelled, not at the family's request"],
      [ids.s6, "2026-11-25", "Tina Tutor", "Booked (no report yet)"],
      [ids.s4, "2026-11-20", "Theo Teacher", "Received"],
      [ids.s3, "2026-11-16", "Tina Tutor", "Absent"],
      [ids.s2, "2026-11-09", "Tina Tutor", "Received (arrived late)"],
      [ids.s1, "2026-11-02", "Tina Tutor", "Received"],
    ]);
    expect((await cellsOf(sessionsVsPlan, noahParent())).map((cells) => [cells.date, cells.outcome])).toEqual([
      ["2026-11-23", "Received"],
      ["2026-11-09", "Absent"],
    ]);
    expect((await rowsOf(t, sessionsVsPlan, mayaParent(), "2025-01-01", "2025-01-31")).total).toBe(0);
  });
});
