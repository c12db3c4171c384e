import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession } from "../../../../tests/analytics-fixture.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { METRICS, metricsOf } from "./registry.ts";

const clock = fixedClock(new Date("2026-11-20T12:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
  const organizationId = cast.admin.organizationId;
  const { tina, theo, maya, noah } = cast;
  // November: Tina 60 + 90 minutes, Theo 45. October (the period before): Tina 30.
  await insertSession(t, { organizationId, tutorMemberId: tina.memberId, studentIds: [maya], startsAt: "2026-11-03T15:00:00Z", minutes: 60 });
  await insertSession(t, { organizationId, tutorMemberId: tina.memberId, studentIds: [noah], startsAt: "2026-11-10T15:00:00Z", minutes: 90 });
  await insertSession(t, {
    organizationId,
    tutorMemberId: theo.memberId,
    studentIds: [maya],
    startsAt: "2026-11-12T15:00:00Z",
    minutes: 45,
    subject: "Physics",
  });
  await insertSession(t, { organizationId, tutorMemberId: tina.memberId, studentIds: [maya], startsAt: "2026-10-20T15:00:00Z", minutes: 30 });
  // The other workspace's hours never reach Ada's figures.
  await insertSession(t, {
    organizationId: cast.otherAdmin.organizationId,
    tutorMemberId: cast.otherAdmin.memberId,
    studentIds: [],
    startsAt: "2026-11-05T15:00:00Z",
    minutes: 600,
  });
}, 90_000);
afterAll(() => t?.close());

const NOVEMBER = "from=2026-11-01&to=2026-11-30";

describe("the metric registry", () => {
  it("gives every metric a unique key, a name, a definition in words and at least one area", () => {
    expect(new Set(METRICS.map((metric) => metric.key)).size).toBe(METRICS.length);
    for (const metric of METRICS) {
      expect(metric.key, metric.key).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(metric.name.length, metric.key).toBeGreaterThan(3);
      expect(metric.definition.length, metric.key).toBeGreaterThan(40);
      expect(metric.areas.length, metric.key).toBeGreaterThan(0);
      expect(metric.columns.length, metric.key).toBeGreaterThan(0);
    }
  });

  it("lists to each area exactly the metrics it may see, with their definitions", async () => {
    const admin = await cast.admin.client.get("/api/admin/analytics");
    expect(admin.status).toBe(200);
    expect(admin.body.metrics.map((metric: { key: string }) => metric.key)).toEqual(metricsOf("admin").map((metric) => metric.key));
    expect(admin.body.metrics).toContainEqual(
      expect.objectContaining({ key: "hours-by-tutor", unit: "minutes", definition: expect.stringContaining("completed") }),
    );
    const tutor = await cast.tina.client.get("/api/tutor/analytics");
    expect(tutor.body.metrics.map((metric: { key: string }) => metric.key)).toEqual(metricsOf("tutor").map((metric) => metric.key));
    const student = await cast.pupil.client.get("/api/student/analytics");
    expect(student.body.metrics.map((metric: { key: string }) => metric.key)).toEqual(metricsOf("student").map((metric) => metric.key));
    const parent = await cast.parent.client.get(`/api/parent/students/${cast.maya}/analytics`);
    expect(parent.body.metrics.map((metric: { key: string }) => metric.key)).toEqual(metricsOf("parent").map((metric) => metric.key));
  });
});

describe("a figure", () => {
  it("is the range's number, the previous period's, and a chart with the previous period beside it", async () => {
    const res = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor?${NOVEMBER}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: "hours-by-tutor",
      period: { from: "2026-11-01", to: "2026-11-30" },
      previousPeriod: { from: "2026-10-02", to: "2026-10-31" },
      currency: "USD",
      value: 195,
      previous: 30,
      chart: {
        kind: "category",
        labels: ["Tina Tutor", "Theo Teacher"],
        series: [
          { name: "Hours delivered", values: [150, 45] },
          { name: "Previous period", values: [30, null] },
        ],
      },
    });
  });

  it("honours the admin's filters", async () => {
    const byTutor = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor?${NOVEMBER}&tutorId=${cast.theo.memberId}`);
    expect(byTutor.body.value).toBe(45);
    const bySubject = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor?${NOVEMBER}&subject=Physics`);
    expect(bySubject.body.value).toBe(45);
    const byStudent = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor?${NOVEMBER}&studentId=${cast.noah}`);
    expect(byStudent.body.value).toBe(90);
  });

  it("refuses a range that is not one, naming the field", async () => {
    const cases: [string, string, string][] = [
      ["from=2026-11-30&to=2026-11-01", "to", "must not be before"],
      ["from=2026-02-30&to=2026-03-01", "from", "real calendar date"],
      ["from=yesterday&to=2026-03-01", "from", "YYYY-MM-DD"],
      ["to=2026-03-01", "from", "required"],
      ["from=2020-01-01&to=2026-01-01", "from", "at most 731 days"],
      [`${NOVEMBER}&tutorId=${"x".repeat(65)}`, "tutorId", "too long"],
      [`${NOVEMBER}&studentId=nope`, "studentId", "valid id"],
      [`${NOVEMBER}&subject=${"s".repeat(101)}`, "subject", "at most 100"],
    ];
    for (const [query, field, message] of cases) {
      const res = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.error.issues, query).toContainEqual(expect.objectContaining({ path: [field], message: expect.stringContaining(message) }));
    }
  });

  it("is not found when the key is unknown or the area may not see it", async () => {
    expect((await cast.admin.client.get(`/api/admin/analytics/nothing-here?${NOVEMBER}`)).status).toBe(404);
    const tutorOnly = metricsOf("tutor").find((metric) => !metric.areas.includes("admin"));
    if (tutorOnly) expect((await cast.admin.client.get(`/api/admin/analytics/${tutorOnly.key}?${NOVEMBER}`)).status).toBe(404);
    expect((await cast.tina.client.get(`/api/tutor/analytics/hours-by-tutor?${NOVEMBER}`)).status).toBe(404);
    expect((await cast.pupil.client.get(`/api/student/analytics/hours-by-tutor?${NOVEMBER}`)).status).toBe(404);
    expect((await cast.parent.client.get(`/api/parent/students/${cast.maya}/analytics/hours-by-tutor?${NOVEMBER}`)).status).toBe(404);
  });

  it("is refused to roles without the area's permission", async () => {
    expect((await cast.tina.client.get(`/api/admin/analytics/hours-by-tutor?${NOVEMBER}`)).status).toBe(403);
    expect((await cast.parent.client.get(`/api/admin/analytics`)).status).toBe(403);
    expect((await cast.admin.client.get(`/api/student/analytics`)).status).toBe(403);
  });
});

describe("a parent's figures", () => {
  it("are only about their own children: another family's child is not found", async () => {
    expect((await cast.parent.client.get(`/api/parent/students/${cast.maya}/analytics`)).status).toBe(200);
    expect((await cast.parent.client.get(`/api/parent/students/${cast.noah}/analytics`)).status).toBe(404);
    expect((await cast.parent.client.get(`/api/parent/students/not-an-id/analytics`)).status).toBe(404);
    const family = metricsOf("parent")[0];
    if (family) {
      expect((await cast.parent.client.get(`/api/parent/students/${cast.noah}/analytics/${family.key}?${NOVEMBER}`)).status).toBe(404);
      expect((await cast.parent.client.get(`/api/parent/students/${cast.noah}/analytics/${family.key}/rows?${NOVEMBER}`)).status).toBe(404);
    }
  });
});

describe("the rows behind a figure", () => {
  it("are the records the figure counts, a page at a time, for the range or the period before", async () => {
    const first = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor/rows?${NOVEMBER}&pageSize=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ key: "hours-by-tutor", total: 3, page: 1, pageSize: 2, period: { from: "2026-11-01", to: "2026-11-30" } });
    expect(first.body.columns.map((column: { key: string }) => column.key)).toEqual(["date", "tutor", "subject", "minutes"]);
    expect(first.body.rows).toHaveLength(2);
    const second = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor/rows?${NOVEMBER}&pageSize=2&page=2`);
    expect(second.body.rows).toHaveLength(1);
    const all = [...first.body.rows, ...second.body.rows];
    expect(all.reduce((total: number, row: { cells: { minutes: number } }) => total + row.cells.minutes, 0)).toBe(195);
    const before = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor/rows?${NOVEMBER}&previous=true`);
    expect(before.body).toMatchObject({ total: 1, period: { from: "2026-10-02", to: "2026-10-31" } });
    expect(before.body.rows[0].cells).toMatchObject({ date: "2026-10-20", minutes: 30 });
  });

  it("refuses a page that is not one", async () => {
    const res = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor/rows?${NOVEMBER}&pageSize=500`);
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toContainEqual(expect.objectContaining({ path: ["pageSize"] }));
    const previous = await cast.admin.client.get(`/api/admin/analytics/hours-by-tutor/rows?${NOVEMBER}&previous=maybe`);
    expect(previous.status).toBe(422);
  });
});
