import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figureOf, insertSession, rowsOf, scopeFor } from "../../../../../tests/analytics-fixture.ts";
import { createSessionCast, type SessionCast } from "../../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../../core/clock.ts";
import { hoursByTutor } from "./hours-by-tutor.ts";

const clock = fixedClock(new Date("2026-11-20T12:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let org: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
  org = cast.admin.organizationId;
  const { tina, theo, maya, noah } = cast;
  // The workspace is in London (GMT in November): 1 November 00:30 local is in the month; 31 October 23:30 is not.
  await insertSession(t, { organizationId: org, tutorMemberId: tina.memberId, studentIds: [maya], startsAt: "2026-11-01T00:30:00Z", minutes: 60 });
  await insertSession(t, {
    organizationId: org,
    tutorMemberId: tina.memberId,
    studentIds: [noah],
    startsAt: "2026-11-10T15:00:00Z",
    minutes: 90,
    subject: "Physics",
  });
  await insertSession(t, { organizationId: org, tutorMemberId: theo.memberId, studentIds: [maya], startsAt: "2026-11-12T15:00:00Z", minutes: 45 });
  await insertSession(t, { organizationId: org, tutorMemberId: theo.memberId, studentIds: [maya], startsAt: "2026-10-31T23:30:00Z", minutes: 60 });
  await insertSession(t, {
    organizationId: org,
    tutorMemberId: theo.memberId,
    studentIds: [noah],
    startsAt: "2026-11-13T15:00:00Z",
    minutes: 60,
    status: "no_show",
  });
  await insertSession(t, {
    organizationId: org,
    tutorMemberId: tina.memberId,
    studentIds: [noah],
    startsAt: "2026-11-14T15:00:00Z",
    minutes: 60,
    status: "cancelled",
  });
  await insertSession(t, {
    organizationId: org,
    tutorMemberId: tina.memberId,
    studentIds: [maya],
    startsAt: "2026-11-25T15:00:00Z",
    minutes: 60,
    status: "scheduled",
  });
  // Another workspace's session never counts.
  const other = await createSessionCast(t);
  await insertSession(t, {
    organizationId: other.admin.organizationId,
    tutorMemberId: other.tina.memberId,
    studentIds: [other.maya],
    startsAt: "2026-11-05T15:00:00Z",
    minutes: 600,
  });
}, 90_000);
afterAll(() => t?.close());

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
