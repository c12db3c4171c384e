import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  figureOf,
  insertAvailability,
  insertHealth,
  insertLead,
  insertReport,
  insertSession,
  insertStages,
  insertStudent,
  rowsOf,
  scopeFor,
  type FixtureSession,
} from "../../../../../tests/analytics-fixture.ts";
import { eq } from "drizzle-orm";
import { createAdmin, createMember } from "../../../../../tests/factories.ts";
import { createSessionCast, type SessionCast } from "../../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../../core/clock.ts";
import { organization } from "../../../db/schema.ts";
import type { Metric, MetricScope } from "../metric.ts";
import { activeStudents } from "./active-students.ts";
import { cancellationsAndNoShows } from "./cancellations-and-no-shows.ts";
import { healthDistribution } from "./health-distribution.ts";
import { hoursBySubject } from "./hours-by-subject.ts";
import { hoursByTutor } from "./hours-by-tutor.ts";
import { leadConversion } from "./lead-conversion.ts";
import { newStudents } from "./new-students.ts";
import { reportCompletion } from "./report-completion.ts";
import { retention } from "./retention.ts";
import { studentChurn } from "./student-churn.ts";
import { TEACHING_METRICS } from "./teaching.ts";
import { tutorUtilisation } from "./tutor-utilisation.ts";

const clock = fixedClock(new Date("2026-11-20T12:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let org: string;
/** A second workspace (in UTC) for the students' life cycle in 2024: new students, churn, retention, utilisation, leads, health. */
let life: Pick<SessionCast, "admin" | "tina" | "theo">;
let lifeOrg: string;
const people: Record<string, string> = {};

/** The days from..to (both included), YYYY-MM-DD. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}
/** A daily series of the month: null everywhere but the given days. */
const daily = (from: string, to: string, values: Record<string, number>) => daysOf(from, to).map((day) => values[day] ?? null);
const valueOf = async (metric: Metric, from: string, to: string, narrow: Partial<MetricScope> = {}, organizationId = org) =>
  (await figureOf(t, metric, scopeFor(organizationId, "admin", narrow), from, to)).value;

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
  org = cast.admin.organizationId;
  const { tina, theo, maya, noah } = cast;
  const session = (fixture: Omit<FixtureSession, "organizationId">) => insertSession(t, { organizationId: org, ...fixture });
  // The workspace is in London (GMT in November): 1 November 00:30 local is in the month; 31 October 23:30 is not.
  const first = await session({ tutorMemberId: tina.memberId, studentIds: [maya], startsAt: "2026-11-01T00:30:00Z", minutes: 60 });
  const physics = await session({ tutorMemberId: tina.memberId, studentIds: [noah], startsAt: "2026-11-10T15:00:00Z", minutes: 90, subject: "Physics" });
  const theos = await session({ tutorMemberId: theo.memberId, studentIds: [maya], startsAt: "2026-11-12T15:00:00Z", minutes: 45 });
  const october = await session({ tutorMemberId: theo.memberId, studentIds: [maya], startsAt: "2026-10-31T23:30:00Z", minutes: 60 });
  await session({ tutorMemberId: theo.memberId, studentIds: [noah], startsAt: "2026-11-13T15:00:00Z", minutes: 60, status: "no_show" });
  await session({ tutorMemberId: tina.memberId, studentIds: [noah], startsAt: "2026-11-14T15:00:00Z", minutes: 60, status: "cancelled" });
  await session({ tutorMemberId: tina.memberId, studentIds: [maya], startsAt: "2026-11-25T15:00:00Z", minutes: 60, status: "scheduled" });
  await session({ tutorMemberId: tina.memberId, studentIds: [noah], startsAt: "2026-11-20T15:00:00Z", minutes: 60, status: "late_cancelled" });
  await session({ tutorMemberId: theo.memberId, studentIds: [maya], startsAt: "2026-10-15T15:00:00Z", minutes: 60, status: "late_cancelled" });
  // Reports: on time 32.5 hours after the end, late at 72 hours, on time after 15 minutes; October's on time.
  await insertReport(t, org, first, "2026-11-02T10:00:00Z", []);
  await insertReport(t, org, physics, "2026-11-13T16:30:00Z", []);
  await insertReport(t, org, theos, "2026-11-12T16:00:00Z", []);
  await insertReport(t, org, october, "2026-11-01T08:00:00Z", []);
  // Another workspace's session never counts.
  const other = await createSessionCast(t);
  await insertSession(t, {
    organizationId: other.admin.organizationId,
    tutorMemberId: other.tina.memberId,
    studentIds: [other.maya],
    startsAt: "2026-11-05T15:00:00Z",
    minutes: 600,
  });

  // Only the people the life cycle needs: an admin and two tutors, in UTC.
  const lifeAdmin = await createAdmin(t, { fullName: "Lena Lead", workspaceName: "Life Tutoring" });
  lifeOrg = lifeAdmin.organizationId;
  await t.db.update(organization).set({ timeZone: "UTC" }).where(eq(organization.id, lifeOrg));
  life = {
    admin: lifeAdmin,
    tina: await createMember(t, { admin: lifeAdmin, role: "tutor", fullName: "Tina Tutor" }),
    theo: await createMember(t, { admin: lifeAdmin, role: "tutor", fullName: "Theo Teacher" }),
  };
  const student = (name: string, createdAt: string, status: "active" | "paused" | "former" = "active") =>
    insertStudent(t, { organizationId: lifeOrg, name, createdAt, status });
  people.ava = await student("Ava Adams", "2024-03-05T10:00:00Z");
  people.ben = await student("Ben Brown", "2024-03-20T23:30:00Z");
  people.cal = await student("Cal Cole", "2024-04-02T09:00:00Z", "former");
  people.dee = await student("Dee Dunn", "2024-02-28T12:00:00Z", "paused");
  people.eve = await student("Eve Evans", "2024-01-10T12:00:00Z");
  people.fay = await student("Fay Ford", "2024-07-01T12:00:00Z");
  const lesson = (tutor: "tina" | "theo", who: string, startsAt: string, extra: Partial<FixtureSession> = {}) =>
    insertSession(t, { organizationId: lifeOrg, tutorMemberId: life[tutor].memberId, studentIds: [people[who]!], startsAt, minutes: 60, ...extra });
  await lesson("tina", "cal", "2024-04-20T10:00:00Z");
  await lesson("theo", "ben", "2024-04-05T10:00:00Z", { status: "no_show" });
  await lesson("tina", "ava", "2024-05-10T10:00:00Z");
  await lesson("theo", "ben", "2024-05-20T10:00:00Z");
  await lesson("tina", "dee", "2024-05-31T23:00:00Z");
  await lesson("tina", "cal", "2024-06-05T10:00:00Z");
  await lesson("tina", "eve", "2024-06-10T10:00:00Z");
  await lesson("tina", "ava", "2024-06-15T10:00:00Z");
  await lesson("theo", "ava", "2024-06-20T10:00:00Z", { minutes: 90 });
  await lesson("tina", "eve", "2024-07-03T10:00:00Z");
  await lesson("tina", "fay", "2024-07-20T10:00:00Z");

  // Tina: Mondays 09:00–12:00 and Wednesdays 14:00–16:00; Theo none; the admin an inactive tutor with a slot.
  await insertAvailability(t, lifeOrg, life.tina.memberId, [
    { weekday: 1, startsAt: "09:00", endsAt: "12:00" },
    { weekday: 3, startsAt: "14:00", endsAt: "16:00" },
  ]);
  await insertAvailability(t, lifeOrg, life.admin.memberId, [{ weekday: 2, startsAt: "09:00", endsAt: "17:00" }], { status: "inactive" });

  const stages = await insertStages(t, lifeOrg);
  const newLead = (guardianName: string, source: "referral" | "enquiry_page" | "phone", stage: string, createdAt: string, convertedAt?: string) =>
    insertLead(t, { organizationId: lifeOrg, guardianName, source, stageId: stages[stage]!, createdAt, ...(convertedAt ? { convertedAt } : {}) });
  await newLead("Gina Green", "referral", "Won", "2024-06-03T10:00:00Z", "2024-06-10T10:00:00Z");
  await newLead("Hal Hughes", "referral", "New", "2024-06-05T10:00:00Z");
  await newLead("Ida Irwin", "enquiry_page", "Won", "2024-06-07T10:00:00Z", "2024-07-01T10:00:00Z");
  await newLead("Jo Jones", "enquiry_page", "Lost", "2024-06-08T10:00:00Z");
  await newLead("Kit King", "phone", "New", "2024-06-30T23:30:00Z");
  await newLead("Lou Lane", "phone", "Won", "2024-05-20T10:00:00Z", "2024-05-25T10:00:00Z");

  // Health: the history of 30 June (1 July exists after it), and the current cards.
  const health = (who: string, band: "on_track" | "watch" | "act", score: number, day?: string) =>
    insertHealth(t, { organizationId: lifeOrg, studentId: people[who]!, band, score, ...(day ? { day } : {}) });
  await health("ava", "act", 80, "2024-06-30");
  await health("ben", "watch", 40, "2024-06-30");
  await health("cal", "on_track", 10, "2024-06-30");
  await health("ava", "watch", 50, "2024-07-01");
  await health("ava", "watch", 50);
  await health("ben", "on_track", 5);
  await health("cal", "act", 90);
  await health("dee", "act", 70);
  await health("eve", "act", 60);
  await health("fay", "act", 75);
}, 120_000);
afterAll(() => t?.close());

describe("the teaching metrics", () => {
  it("are listed in order, each with its own key", () => {
    expect(TEACHING_METRICS.map((metric) => metric.key)).toEqual([
      "hours-by-tutor",
      "hours-by-subject",
      "active-students",
      "new-students",
      "student-churn",
      "retention",
      "tutor-utilisation",
      "lead-conversion",
      "health-distribution",
      "report-completion",
      "cancellations-and-no-shows",
    ]);
  });
});

describe("hours delivered by tutor", () => {
  it("adds up the completed sessions starting in the period, per tutor, the most first", async () => {
    const figure = await figureOf(t, hoursByTutor, scopeFor(org), "2026-11-01", "2026-11-30");
    expect(figure.value).toBe(60 + 90 + 45);
    expect(figure.chart).toEqual({
      kind: "category",
      labelHeading: "Tutor",
      labels: ["Tina Tutor", "Theo Teacher"],
      series: [{ name: "Hours delivered", unit: "minutes", values: [150, 45] }],
    });
  });

  it("is narrowed by tutor, subject and student", async () => {
    expect((await figureOf(t, hoursByTutor, scopeFor(org, "admin", { tutorMemberId: cast.theo.memberId }), "2026-11-01", "2026-11-30")).value).toBe(45);
    expect((await figureOf(t, hoursByTutor, scopeFor(org, "admin", { subject: "Physics" }), "2026-11-01", "2026-11-30")).value).toBe(90);
    expect((await figureOf(t, hoursByTutor, scopeFor(org, "admin", { studentId: cast.maya }), "2026-11-01", "2026-11-30")).value).toBe(105);
  });

  it("is nothing over a period without sessions", async () => {
    expect(await figureOf(t, hoursByTutor, scopeFor(org), "2025-01-01", "2025-01-31")).toEqual({
      value: 0,
      chart: { kind: "category", labelHeading: "Tutor", labels: [], series: [{ name: "Hours delivered", unit: "minutes", values: [] }] },
    });
  });

  it("lists the sessions behind the figure, newest first, and their count equals the figure's sessions", async () => {
    const { rows, total } = await rowsOf(t, hoursByTutor, scopeFor(org), "2026-11-01", "2026-11-30");
    expect(total).toBe(3);
    expect(rows.map((row) => row.cells)).toEqual([
      { date: "2026-11-12", tutor: "Theo Teacher", subject: "Maths", minutes: 45 },
      { date: "2026-11-10", tutor: "Tina Tutor", subject: "Physics", minutes: 90 },
      { date: "2026-11-01", tutor: "Tina Tutor", subject: "Maths", minutes: 60 },
    ]);
    expect(rows.every((row) => row.record?.kind === "session")).toBe(true);
    const sum = rows.reduce((total, row) => total + Number(row.cells.minutes), 0);
    expect(sum).toBe((await figureOf(t, hoursByTutor, scopeFor(org), "2026-11-01", "2026-11-30")).value);
  });
});

describe("hours delivered by subject", () => {
  it("adds up the same completed sessions per subject, the most first", async () => {
    const figure = await figureOf(t, hoursBySubject, scopeFor(org), "2026-11-01", "2026-11-30");
    expect(figure).toEqual({
      value: 195,
      chart: {
        kind: "category",
        labelHeading: "Subject",
        labels: ["Maths", "Physics"],
        series: [{ name: "Hours delivered", unit: "minutes", values: [105, 90] }],
      },
    });
    expect(await valueOf(hoursBySubject, "2026-10-02", "2026-10-31")).toBe(60);
    expect(await valueOf(hoursBySubject, "2026-11-01", "2026-11-30", { tutorMemberId: cast.tina.memberId })).toBe(150);
    expect(await figureOf(t, hoursBySubject, scopeFor(org), "2025-01-01", "2025-01-31")).toEqual({
      value: 0,
      chart: { kind: "category", labelHeading: "Subject", labels: [], series: [{ name: "Hours delivered", unit: "minutes", values: [] }] },
    });
  });

  it("delivers the hours the completed sessions last: by tutor, by subject and the rows agree", async () => {
    const byTutor = await valueOf(hoursByTutor, "2026-11-01", "2026-11-30");
    const bySubject = await valueOf(hoursBySubject, "2026-11-01", "2026-11-30");
    const { rows, total } = await rowsOf(t, hoursBySubject, scopeFor(org), "2026-11-01", "2026-11-30");
    expect(total).toBe(3);
    expect(byTutor).toBe(60 + 90 + 45);
    expect(bySubject).toBe(byTutor);
    expect(rows.reduce((sum, row) => sum + Number(row.cells.minutes), 0)).toBe(byTutor);
  });
});

describe("active students", () => {
  it("counts the distinct students of the completed sessions, and per day those of the day", async () => {
    expect(await figureOf(t, activeStudents, scopeFor(org), "2026-11-01", "2026-11-30")).toEqual({
      value: 2,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: daysOf("2026-11-01", "2026-11-30"),
        series: [{ name: "Active students", unit: "count", values: daily("2026-11-01", "2026-11-30", { "2026-11-01": 1, "2026-11-10": 1, "2026-11-12": 1 }) }],
      },
    });
    // October's last evening (23:30 GMT) is Maya's only completed session of the previous period.
    expect(await valueOf(activeStudents, "2026-10-02", "2026-10-31")).toBe(1);
    expect(await valueOf(activeStudents, "2026-11-01", "2026-11-30", { tutorMemberId: cast.theo.memberId })).toBe(1);
    expect(await valueOf(activeStudents, "2026-11-01", "2026-11-30", { subject: "Physics" })).toBe(1);
    const empty = await figureOf(t, activeStudents, scopeFor(org), "2025-01-01", "2025-01-31");
    expect(empty.value).toBe(0);
    expect(empty.chart?.series[0]?.values.every((value) => value === null)).toBe(true);
  });

  it("lists the students with their sessions, as many as the figure counts", async () => {
    const { rows, total } = await rowsOf(t, activeStudents, scopeFor(org), "2026-11-01", "2026-11-30");
    expect(rows).toEqual([
      { record: { kind: "student", id: cast.maya }, cells: { student: "Maya Lopez", sessions: 2, lastSession: "2026-11-12" } },
      { record: { kind: "student", id: cast.noah }, cells: { student: "Noah Kim", sessions: 1, lastSession: "2026-11-10" } },
    ]);
    expect(total).toBe(rows.length);
    expect(total).toBe(await valueOf(activeStudents, "2026-11-01", "2026-11-30"));
    expect((await rowsOf(t, activeStudents, scopeFor(org), "2026-11-01", "2026-11-30", { limit: 1, offset: 1 })).rows.map((row) => row.record?.id)).toEqual([
      cast.noah,
    ]);
  });
});

describe("new students", () => {
  it("counts the records created in the period, per day, and the period before", async () => {
    expect(await figureOf(t, newStudents, scopeFor(lifeOrg), "2024-03-01", "2024-03-31")).toEqual({
      value: 2,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: daysOf("2024-03-01", "2024-03-31"),
        series: [{ name: "New students", unit: "count", values: daily("2024-03-01", "2024-03-31", { "2024-03-05": 1, "2024-03-20": 1 }) }],
      },
    });
    expect(await valueOf(newStudents, "2024-01-31", "2024-02-29", {}, lifeOrg)).toBe(1);
    expect(await valueOf(newStudents, "2023-01-01", "2023-01-31", {}, lifeOrg)).toBe(0);
  });

  it("steps by week over a quarter, and lists the students, paused and former ones too", async () => {
    const quarter = await figureOf(t, newStudents, scopeFor(lifeOrg), "2024-01-01", "2024-03-31");
    expect(quarter.value).toBe(4);
    expect(quarter.chart?.labelHeading).toBe("Week of");
    const labels = quarter.chart!.labels;
    expect(labels).toHaveLength(13);
    expect(
      Object.fromEntries(labels.flatMap((label, index) => (quarter.chart!.series[0]!.values[index] ? [[label, quarter.chart!.series[0]!.values[index]]] : []))),
    ).toEqual({
      "2024-01-08": 1,
      "2024-02-26": 1,
      "2024-03-04": 1,
      "2024-03-18": 1,
    });
    const { rows, total } = await rowsOf(t, newStudents, scopeFor(lifeOrg), "2024-01-01", "2024-03-31");
    expect(total).toBe(4);
    expect(rows.map((row) => row.cells)).toEqual([
      { student: "Ben Brown", added: "2024-03-20", status: "Active" },
      { student: "Ava Adams", added: "2024-03-05", status: "Active" },
      { student: "Dee Dunn", added: "2024-02-28", status: "Paused" },
      { student: "Eve Evans", added: "2024-01-10", status: "Active" },
    ]);
  });
});

describe("student churn", () => {
  it("is the share of the students active at the start who are not at the end", async () => {
    // Active on 1 June (a session 2–31 May): Ava, Ben, Dee; on 1 July (a session in June): Ava still, Ben and Dee not.
    expect(await figureOf(t, studentChurn, scopeFor(lifeOrg), "2024-06-01", "2024-06-30")).toEqual({
      value: 0.6667,
      chart: {
        kind: "category",
        labelHeading: "Students",
        labels: ["Active at the start", "Still active at the end", "Churned"],
        series: [{ name: "Students", unit: "count", values: [3, 1, 2] }],
      },
    });
    // The month before: Cal (20 April) was active on 2 May and had no session in May.
    expect(await valueOf(studentChurn, "2024-05-02", "2024-05-31", {}, lifeOrg)).toBe(1);
    expect(await valueOf(studentChurn, "2024-06-01", "2024-06-30", { tutorMemberId: life.tina.memberId }, lifeOrg)).toBe(0.5);
    expect(await figureOf(t, studentChurn, scopeFor(lifeOrg), "2023-01-01", "2023-01-31")).toMatchObject({
      value: null,
      chart: { series: [{ values: [0, 0, 0] }] },
    });
  });

  it("lists the churned students with their last session", async () => {
    const { rows, total } = await rowsOf(t, studentChurn, scopeFor(lifeOrg), "2024-06-01", "2024-06-30");
    expect(total).toBe(2);
    expect(rows).toEqual([
      { record: { kind: "student", id: people.ben }, cells: { student: "Ben Brown", lastSession: "2024-05-20" } },
      { record: { kind: "student", id: people.dee }, cells: { student: "Dee Dunn", lastSession: "2024-05-31" } },
    ]);
  });
});

describe("retention by monthly cohort", () => {
  it("follows each cohort month by month, and shares the cohorts still active in the last month", async () => {
    // May: Ava, Ben, Dee (Cal's first session was in April; Ben's April no-show is no session); June: Eve; July: Fay.
    expect(await figureOf(t, retention, scopeFor(lifeOrg), "2024-05-01", "2024-07-31")).toEqual({
      value: 0.4,
      chart: {
        kind: "category",
        labelHeading: "Months since the first session",
        labels: ["Month 0", "Month 1", "Month 2"],
        series: [
          { name: "Started 2024-05", unit: "share", values: [1, 0.3333, 0] },
          { name: "Started 2024-06", unit: "share", values: [1, 1, null] },
          { name: "Started 2024-07", unit: "share", values: [1, null, null] },
        ],
      },
    });
    // The period before (30 January – 30 April): Cal's cohort of April.
    expect(await valueOf(retention, "2024-01-30", "2024-04-30", {}, lifeOrg)).toBe(1);
    // Theo's: Ben started with him in May, Ava in June; neither had a session with him in July.
    expect(await valueOf(retention, "2024-05-01", "2024-07-31", { tutorMemberId: life.theo.memberId }, lifeOrg)).toBe(0);
    expect(await figureOf(t, retention, scopeFor(lifeOrg), "2023-01-01", "2023-02-28")).toEqual({
      value: null,
      chart: { kind: "category", labelHeading: "Months since the first session", labels: ["Month 0", "Month 1"], series: [] },
    });
  });

  it("lists the cohorts' students with their months active", async () => {
    const { rows, total } = await rowsOf(t, retention, scopeFor(lifeOrg), "2024-05-01", "2024-07-31");
    expect(total).toBe(5);
    expect(rows.map((row) => [row.record?.id, row.cells])).toEqual([
      [people.ava, { student: "Ava Adams", cohort: "2024-05", firstSession: "2024-05-10", monthsActive: 2, activeInLastMonth: "No" }],
      [people.ben, { student: "Ben Brown", cohort: "2024-05", firstSession: "2024-05-20", monthsActive: 1, activeInLastMonth: "No" }],
      [people.dee, { student: "Dee Dunn", cohort: "2024-05", firstSession: "2024-05-31", monthsActive: 1, activeInLastMonth: "No" }],
      [people.eve, { student: "Eve Evans", cohort: "2024-06", firstSession: "2024-06-10", monthsActive: 2, activeInLastMonth: "Yes" }],
      [people.fay, { student: "Fay Ford", cohort: "2024-07", firstSession: "2024-07-20", monthsActive: 1, activeInLastMonth: "Yes" }],
    ]);
  });
});

describe("tutor utilisation", () => {
  it("shares hours taught over the weekly availability on the period's days", async () => {
    // June 2024: four Mondays (3 h) and four Wednesdays (2 h) for Tina: 20 h; she taught three hours. Theo has no availability.
    expect(await figureOf(t, tutorUtilisation, scopeFor(lifeOrg), "2024-06-01", "2024-06-30")).toEqual({
      value: 0.15,
      chart: {
        kind: "category",
        labelHeading: "Tutor",
        labels: ["Tina Tutor", "Theo Teacher"],
        series: [{ name: "Utilisation", unit: "share", values: [0.15, null] }],
      },
    });
    // 2–31 May: four Mondays and four Wednesdays again; Tina taught Ava (10 May) and Dee (31 May).
    expect(await valueOf(tutorUtilisation, "2024-05-02", "2024-05-31", {}, lifeOrg)).toBe(0.1);
    expect(await valueOf(tutorUtilisation, "2024-06-01", "2024-06-30", { tutorMemberId: life.theo.memberId }, lifeOrg)).toBeNull();
    expect(await figureOf(t, tutorUtilisation, scopeFor(lifeOrg), "2023-01-02", "2023-01-08")).toEqual({
      value: 0,
      chart: { kind: "category", labelHeading: "Tutor", labels: ["Tina Tutor"], series: [{ name: "Utilisation", unit: "share", values: [0] }] },
    });
  });

  it("lists the tutors with hours taught and available", async () => {
    const { rows, total } = await rowsOf(t, tutorUtilisation, scopeFor(lifeOrg), "2024-06-01", "2024-06-30");
    expect(total).toBe(2);
    expect(rows).toEqual([
      { record: { kind: "tutor", id: life.tina.memberId }, cells: { tutor: "Tina Tutor", taught: 180, available: 1200, utilisation: 0.15 } },
      { record: { kind: "tutor", id: life.theo.memberId }, cells: { tutor: "Theo Teacher", taught: 90, available: 0, utilisation: null } },
    ]);
  });
});

describe("lead conversion", () => {
  it("shares the leads created in the period that converted, by source", async () => {
    expect(await figureOf(t, leadConversion, scopeFor(lifeOrg), "2024-06-01", "2024-06-30")).toEqual({
      value: 0.4,
      chart: {
        kind: "category",
        labelHeading: "Source",
        labels: ["Enquiry page", "Referral", "Phone"],
        series: [{ name: "Converted", unit: "share", values: [0.5, 0.5, 0] }],
      },
    });
    expect(await valueOf(leadConversion, "2024-05-02", "2024-05-31", {}, lifeOrg)).toBe(1);
    expect(await figureOf(t, leadConversion, scopeFor(lifeOrg), "2023-01-01", "2023-01-31")).toEqual({
      value: null,
      chart: { kind: "category", labelHeading: "Source", labels: [], series: [{ name: "Converted", unit: "share", values: [] }] },
    });
  });

  it("lists the leads with source, stage and whether they converted", async () => {
    const { rows, total } = await rowsOf(t, leadConversion, scopeFor(lifeOrg), "2024-06-01", "2024-06-30");
    expect(total).toBe(5);
    expect(rows.every((row) => row.record?.kind === "lead")).toBe(true);
    expect(rows.map((row) => row.cells)).toEqual([
      { lead: "Kit King", created: "2024-06-30", source: "Phone", stage: "New", converted: "No" },
      { lead: "Jo Jones", created: "2024-06-08", source: "Enquiry page", stage: "Lost", converted: "No" },
      { lead: "Ida Irwin", created: "2024-06-07", source: "Enquiry page", stage: "Won", converted: "Yes, on 2024-07-01" },
      { lead: "Hal Hughes", created: "2024-06-05", source: "Referral", stage: "New", converted: "No" },
      { lead: "Gina Green", created: "2024-06-03", source: "Referral", stage: "Won", converted: "Yes, on 2024-06-10" },
    ]);
  });
});

describe("students by health band", () => {
  it("reads a day that is over from the history, and a period reaching today from the current cards", async () => {
    const chart = (values: number[]) => ({
      kind: "category",
      labelHeading: "Band",
      labels: ["On track", "Watch", "Act"],
      series: [{ name: "Students", unit: "count", values }],
    });
    expect(await figureOf(t, healthDistribution, scopeFor(lifeOrg), "2024-06-01", "2024-06-30")).toEqual({ value: 1, chart: chart([1, 1, 1]) });
    // No snapshot after 31 July: the current cards of the active students (Cal is former, Dee paused).
    expect(await figureOf(t, healthDistribution, scopeFor(lifeOrg), "2024-07-01", "2024-07-31")).toEqual({ value: 2, chart: chart([1, 1, 2]) });
    expect(await figureOf(t, healthDistribution, scopeFor(lifeOrg), "2023-01-01", "2023-01-31")).toEqual({ value: 0, chart: chart([0, 0, 0]) });
  });

  it("lists the students with band and score, the riskiest first", async () => {
    const past = await rowsOf(t, healthDistribution, scopeFor(lifeOrg), "2024-06-01", "2024-06-30");
    expect(past.total).toBe(3);
    expect(past.rows).toEqual([
      { record: { kind: "student", id: people.ava }, cells: { student: "Ava Adams", band: "Act", score: 80 } },
      { record: { kind: "student", id: people.ben }, cells: { student: "Ben Brown", band: "Watch", score: 40 } },
      { record: { kind: "student", id: people.cal }, cells: { student: "Cal Cole", band: "On track", score: 10 } },
    ]);
    const now = await rowsOf(t, healthDistribution, scopeFor(lifeOrg), "2024-07-01", "2024-07-31");
    expect(now.rows.map((row) => [row.cells.student, row.cells.band, row.cells.score])).toEqual([
      ["Fay Ford", "Act", 75],
      ["Eve Evans", "Act", 60],
      ["Ava Adams", "Watch", 50],
      ["Ben Brown", "On track", 5],
    ]);
  });
});

describe("reports filed on time", () => {
  it("shares the completed sessions whose report came within 48 hours of the end, per day", async () => {
    expect(await figureOf(t, reportCompletion, scopeFor(org), "2026-11-01", "2026-11-30")).toEqual({
      value: 0.6667,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: daysOf("2026-11-01", "2026-11-30"),
        series: [
          { name: "Filed within 48 hours", unit: "share", values: daily("2026-11-01", "2026-11-30", { "2026-11-01": 1, "2026-11-10": 0, "2026-11-12": 1 }) },
        ],
      },
    });
    expect(await valueOf(reportCompletion, "2026-10-02", "2026-10-31")).toBe(1);
    expect(await valueOf(reportCompletion, "2025-01-01", "2025-01-31")).toBeNull();
  });

  it("lists the completed sessions with when their report came; the rows make the figure", async () => {
    const { rows, total } = await rowsOf(t, reportCompletion, scopeFor(org), "2026-11-01", "2026-11-30");
    expect(rows.map((row) => row.cells)).toEqual([
      { date: "2026-11-12", tutor: "Theo Teacher", subject: "Maths", filedAt: "2026-11-12 16:00", timeToFile: 15, onTime: "Yes" },
      { date: "2026-11-10", tutor: "Tina Tutor", subject: "Physics", filedAt: "2026-11-13 16:30", timeToFile: 72 * 60, onTime: "Late" },
      { date: "2026-11-01", tutor: "Tina Tutor", subject: "Maths", filedAt: "2026-11-02 10:00", timeToFile: 32 * 60 + 30, onTime: "Yes" },
    ]);
    const onTime = rows.filter((row) => row.cells.onTime === "Yes").length;
    expect(total).toBe(3);
    expect(Math.round((onTime / total) * 10_000) / 10_000).toBe(await valueOf(reportCompletion, "2026-11-01", "2026-11-30"));
  });

  it("shows a tutor only their own sessions", async () => {
    const tina = scopeFor(org, "tutor", { tutorMemberId: cast.tina.memberId });
    expect((await figureOf(t, reportCompletion, tina, "2026-11-01", "2026-11-30")).value).toBe(0.5);
    const { rows, total } = await rowsOf(t, reportCompletion, tina, "2026-11-01", "2026-11-30");
    expect(total).toBe(2);
    expect(rows.every((row) => row.cells.tutor === "Tina Tutor")).toBe(true);
    expect((await figureOf(t, reportCompletion, scopeFor(org, "tutor", { tutorMemberId: cast.theo.memberId }), "2026-11-01", "2026-11-30")).value).toBe(1);
  });
});

describe("late cancellations and no-shows", () => {
  it("counts the sessions cancelled late or missed, per day in two series, not those cancelled in time", async () => {
    expect(await figureOf(t, cancellationsAndNoShows, scopeFor(org), "2026-11-01", "2026-11-30")).toEqual({
      value: 2,
      chart: {
        kind: "time",
        labelHeading: "Day",
        labels: daysOf("2026-11-01", "2026-11-30"),
        series: [
          { name: "Late cancellations", unit: "count", values: daily("2026-11-01", "2026-11-30", { "2026-11-20": 1 }) },
          { name: "No-shows", unit: "count", values: daily("2026-11-01", "2026-11-30", { "2026-11-13": 1 }) },
        ],
      },
    });
    expect(await valueOf(cancellationsAndNoShows, "2026-10-02", "2026-10-31")).toBe(1);
    expect(await valueOf(cancellationsAndNoShows, "2026-11-01", "2026-11-30", { tutorMemberId: cast.theo.memberId })).toBe(1);
    expect(await valueOf(cancellationsAndNoShows, "2025-01-01", "2025-01-31")).toBe(0);
  });

  it("lists those sessions", async () => {
    const { rows, total } = await rowsOf(t, cancellationsAndNoShows, scopeFor(org), "2026-11-01", "2026-11-30");
    expect(total).toBe(2);
    expect(rows.map((row) => row.cells)).toEqual([
      { date: "2026-11-20", tutor: "Tina Tutor", subject: "Maths", what: "Late cancellation", reason: null },
      { date: "2026-11-13", tutor: "Theo Teacher", subject: "Maths", what: "No-show", reason: null },
    ]);
  });
});
