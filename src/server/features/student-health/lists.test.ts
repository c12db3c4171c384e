/**
 * The health lists: the workspace's active students by their stored card (filters, sorting,
 * paging, the week's trend), a tutor's caseload of their own students, and a family's children
 * with the score and the top reason of the rules families see, never a staff-only one.
 * Maya's card is computed from her sessions; the others are written as the recompute stores
 * them, with snapshots in the past for the trend.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { assignTutor, createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { DEFAULT_HEALTH_RULES, type HealthFigures, type HealthListItem, type HealthRuleKey } from "../../../shared/schemas/student-health.ts";
import { fixedClock } from "../../core/clock.ts";
import { studentHealth, studentHealthDay } from "../../db/health-schema.ts";
import { recomputeStudents } from "./recompute.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { sql } from "drizzle-orm";

const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
const DAY = 86_400_000;
let t: TestApp;
let cast: SessionCast;
let today: string;
const ids: Record<"ava" | "ben" | "cleo" | "dora" | "olive", string> = { ava: "", ben: "", cleo: "", dora: "", olive: "" };

const dayBefore = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * DAY).toISOString().slice(0, 10);
const bandOf = (score: number) => (score >= 40 ? "act" : score >= 20 ? "watch" : "on_track");

/** A card as the recompute stores it: its reasons highest points first, the family's score over the rules they see. */
async function writeCard(
  organizationId: string,
  ruleVersion: number,
  studentId: string,
  reasons: [HealthRuleKey, number, boolean][],
  snapshots: [number, number][] = [],
) {
  const score = reasons.reduce((sum, [, points]) => sum + points, 0);
  const familyScore = reasons.filter(([, , familyVisible]) => familyVisible).reduce((sum, [, points]) => sum + points, 0);
  // The latest snapshot at least a week old, as the recompute stores it on the card.
  const weekOld = snapshots.filter(([daysAgo]) => daysAgo >= 7).sort(([a], [b]) => a - b)[0];
  await t.db.insert(studentHealth).values({
    organizationId,
    studentId,
    ruleVersion,
    score,
    band: bandOf(score),
    pointsTotal: score,
    familyScore,
    familyBand: bandOf(familyScore),
    topReason: reasons.length > 0 ? `The ${reasons[0]![0]} reason: +${reasons[0]![1]}` : null,
    figures: {} as HealthFigures,
    reasons: reasons.map(([rule, points, familyVisible]) => ({ rule, points, reason: `The ${rule} reason: +${points}`, familyVisible, evidence: [] })),
    computedAt: clock.now(),
    weekOldDay: weekOld ? dayBefore(weekOld[0]) : null,
    weekOldScore: weekOld?.[1] ?? null,
    weekOldFamilyScore: weekOld?.[1] ?? null,
  });
  for (const [daysAgo, earlier] of snapshots)
    await t.db.insert(studentHealthDay).values({
      organizationId,
      studentId,
      day: dayBefore(daysAgo),
      score: earlier,
      band: bandOf(earlier),
      familyScore: earlier,
      familyBand: bandOf(earlier),
      ruleVersion,
    });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2020-01-01" });
  const { admin } = cast;
  // Families do not see the missed share: Maya's top reason is staff-only.
  const rules = structuredClone(DEFAULT_HEALTH_RULES);
  rules.rules.missedShare.familyVisible = false;
  const published = await admin.client.put("/api/admin/health/rules", { baseVersion: 1, rules });
  expect(published.status, published.text).toBe(200);
  // Maya misses her last two sessions of three: missed share 67% (+35, staff only), two in a row (+15), minutes (+15).
  const lessons = lessonMaker(admin.client, clock, cast.tina.memberId);
  const made = [await lessons.make([cast.maya], 60), await lessons.make([cast.maya], 60), await lessons.make([cast.maya], 60)];
  lessons.after(...made);
  await reportLesson(admin.client, made[0]!.id, { [cast.maya]: "present" });
  await reportLesson(admin.client, made[1]!.id, { [cast.maya]: "absent" });
  await reportLesson(admin.client, made[2]!.id, { [cast.maya]: "absent" });
  await recomputeStudents(t.deps.db, admin.organizationId, [cast.maya], clock.now());
  today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(clock.now());

  ids.ava = (await createStudent(admin.client, { name: "Ava Archer" })).id;
  ids.ben = (await createStudent(admin.client, { name: "Ben Brook" })).id;
  ids.cleo = (await createStudent(admin.client, { name: "Cleo Calm" })).id;
  ids.dora = (await createStudent(admin.client, { name: "Dora Paused", status: "paused" })).id;
  for (const studentId of [ids.ava, ids.ben, ids.dora])
    await assignTutor(admin.client, { tutorMemberId: cast.theo.memberId, studentId, startsOn: "2020-01-01" });
  await linkGuardian(admin.client, ids.cleo, cast.parent.memberId);
  const version = (await admin.client.get("/api/admin/health/rules")).body.version as number;
  const id = admin.organizationId;
  // Ava: 20 ten days ago, 55 three days ago (too recent to compare with), 60 now.
  await writeCard(
    id,
    version,
    ids.ava,
    [
      ["missedShare", 35, false],
      ["noRecentSession", 15, true],
      ["homeworkNotDone", 10, true],
    ],
    [
      [10, 20],
      [3, 55],
    ],
  );
  await writeCard(
    id,
    version,
    ids.ben,
    [
      ["dosage", 15, true],
      ["lowEngagement", 10, true],
    ],
    [[8, 40]],
  );
  await writeCard(id, version, ids.cleo, []);
  await writeCard(id, version, ids.dora, [["noRecentSession", 80, true]]);
  // Maya's card a week ago (exactly seven days: old enough), as it is now.
  const maya = (await admin.client.get(`/api/admin/students/${cast.maya}/health`)).body;
  await t.db.insert(studentHealthDay).values({
    organizationId: id,
    studentId: cast.maya,
    day: dayBefore(7),
    score: maya.score,
    band: maya.band,
    familyScore: 30,
    familyBand: "watch",
    ruleVersion: version,
  });
  // The recompute stores that snapshot on her card as the week-old one.
  await recomputeStudents(t.deps.db, id, [cast.maya], clock.now());
  // Another workspace's student with a card: never in Ada's lists.
  ids.olive = (await createStudent(cast.otherAdmin.client, { name: "Olive Other" })).id;
  const otherVersion = (await cast.otherAdmin.client.get("/api/admin/health/rules")).body.version as number;
  await writeCard(cast.otherAdmin.organizationId, otherVersion, ids.olive, [["dosage", 90, true]]);
}, 120_000);
afterAll(() => t?.close());

const list = async (client: SessionCast["admin"]["client"], path: string) => {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body as { items: HealthListItem[]; total: number; page: number; pageSize: number };
};
const names = (page: { items: HealthListItem[] }) => page.items.map((item) => item.name);
const admin = (query = "") => list(cast.admin.client, `/api/admin/health/students${query}`);

describe("the workspace's health list", () => {
  it("lists the active students by risk, the unscored last, with their card, tutors and the week's trend", async () => {
    const page = await admin();
    expect(names(page)).toEqual(["Maya Lopez", "Ava Archer", "Ben Brook", "Cleo Calm", "Noah Kim"]);
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    const [maya, ava, ben, cleo, noah] = page.items;
    expect(maya).toMatchObject({ score: 65, band: "act", tutors: [{ memberId: cast.tina.memberId, name: "Tina Tutor" }] });
    expect(maya!.topReason).toBe("Missed 2 of 3 sessions (67%) in the last 8 weeks: +35");
    expect(maya!.trend).toEqual({ since: dayBefore(7), score: 65, change: 0, direction: "flat" });
    expect(ava).toMatchObject({
      studentId: ids.ava,
      score: 60,
      band: "act",
      topReason: "The missedShare reason: +35",
      ruleVersion: 2,
      computedAt: clock.now().toISOString(),
      tutors: [{ memberId: cast.theo.memberId, name: "Theo Teacher" }],
      trend: { since: dayBefore(10), score: 20, change: 40, direction: "up" },
    });
    expect(ben!.trend).toEqual({ since: dayBefore(8), score: 40, change: -15, direction: "down" });
    expect(cleo).toMatchObject({ score: 0, band: "on_track", topReason: null, tutors: [], trend: null });
    expect(noah).toEqual({
      studentId: cast.noah,
      name: "Noah Kim",
      score: null,
      band: null,
      topReason: null,
      ruleVersion: null,
      computedAt: null,
      tutors: [{ memberId: cast.tina.memberId, name: "Tina Tutor" }],
      trend: null,
    });
  });

  it("filters by band, tutor, rule and name (a card filter leaves the unscored out)", async () => {
    expect(names(await admin("?band=act"))).toEqual(["Maya Lopez", "Ava Archer"]);
    expect(await admin("?band=watch")).toMatchObject({ total: 1, items: [{ name: "Ben Brook" }] });
    expect(names(await admin("?band=on_track"))).toEqual(["Cleo Calm"]);
    expect(names(await admin(`?tutorId=${cast.theo.memberId}`))).toEqual(["Ava Archer", "Ben Brook"]);
    expect(names(await admin(`?tutorId=${cast.tina.memberId}`))).toEqual(["Maya Lopez", "Noah Kim"]);
    expect((await admin("?tutorId=nobody-of-ours")).total).toBe(0);
    expect(names(await admin("?rule=missedShare"))).toEqual(["Maya Lopez", "Ava Archer"]);
    expect(names(await admin("?rule=consecutiveMisses"))).toEqual(["Maya Lopez"]);
    expect(names(await admin(`?rule=homeworkNotDone&tutorId=${cast.theo.memberId}`))).toEqual(["Ava Archer"]);
    expect((await admin("?rule=understandingFalling")).total).toBe(0);
    expect(names(await admin("?q=brook"))).toEqual(["Ben Brook"]);
    expect(names(await admin("?q=noah"))).toEqual(["Noah Kim"]);
    expect((await admin("?q=Olive")).total).toBe(0);
  });

  it("sorts by score, name or change either way, the unscored always last", async () => {
    expect(names(await admin("?sort=score&direction=asc"))).toEqual(["Cleo Calm", "Ben Brook", "Ava Archer", "Maya Lopez", "Noah Kim"]);
    expect(names(await admin("?sort=name"))).toEqual(["Ava Archer", "Ben Brook", "Cleo Calm", "Maya Lopez", "Noah Kim"]);
    expect(names(await admin("?sort=name&direction=desc"))).toEqual(["Maya Lopez", "Cleo Calm", "Ben Brook", "Ava Archer", "Noah Kim"]);
    // Cleo has no snapshot a week old: no change to compare, after those with one.
    expect(names(await admin("?sort=change"))).toEqual(["Ava Archer", "Maya Lopez", "Ben Brook", "Cleo Calm", "Noah Kim"]);
    expect(names(await admin("?sort=change&direction=asc"))).toEqual(["Ben Brook", "Maya Lopez", "Ava Archer", "Cleo Calm", "Noah Kim"]);
  });

  it("pages through the scored and then the unscored", async () => {
    const pages = [await admin("?pageSize=2"), await admin("?pageSize=2&page=2"), await admin("?pageSize=2&page=3"), await admin("?pageSize=2&page=4")];
    expect(pages.map(names)).toEqual([["Maya Lopez", "Ava Archer"], ["Ben Brook", "Cleo Calm"], ["Noah Kim"], []]);
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5, 5]);
    expect(names(await admin("?pageSize=3&page=2&sort=name"))).toEqual(["Maya Lopez", "Noah Kim"]);
  });

  it("refuses bad parameters, naming each", async () => {
    for (const [query, path] of [
      ["band=red", "band"],
      ["rule=nope", "rule"],
      ["sort=age", "sort"],
      ["direction=sideways", "direction"],
      ["tutorId=not%20an%20id", "tutorId"],
      ["page=0", "page"],
      ["pageSize=101", "pageSize"],
      [`q=${"x".repeat(101)}`, "q"],
    ]) {
      const res = await cast.admin.client.get(`/api/admin/health/students?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.error.issues.map((issue: { path: string[] }) => issue.path[0])).toContain(path);
    }
  });

  it("is for admins: tutors, parents and another workspace's admin are refused or see none of it", async () => {
    expect((await cast.tina.client.get("/api/admin/health/students")).status).toBe(403);
    expect((await cast.parent.client.get("/api/admin/health/students")).status).toBe(403);
    const other = await list(cast.otherAdmin.client, "/api/admin/health/students");
    expect(names(other)).toEqual(["Olive Other"]);
  });

  it("pages on through several unscored students, by name", async () => {
    for (const name of ["Quin New", "Pia New"]) await createStudent(cast.admin.client, { name });
    const pages = [await admin("?pageSize=2&page=3"), await admin("?pageSize=2&page=4"), await admin("?pageSize=3&page=2")];
    expect(pages.map(names)).toEqual([["Noah Kim", "Pia New"], ["Quin New"], ["Cleo Calm", "Noah Kim", "Pia New"]]);
    expect(pages.map((page) => page.total)).toEqual([7, 7, 7]);
    expect((await admin("?band=on_track")).total).toBe(1);
  });
});

describe("a tutor's caseload", () => {
  it("lists only the tutor's current students, by risk", async () => {
    expect(names(await list(cast.tina.client, "/api/tutor/health/students"))).toEqual(["Maya Lopez", "Noah Kim"]);
    const theo = await list(cast.theo.client, "/api/tutor/health/students?pageSize=5");
    expect(names(theo)).toEqual(["Ava Archer", "Ben Brook"]);
    expect(theo.items[0]!.trend).toMatchObject({ change: 40, direction: "up" });
    // There is no tutor filter here: another tutor's id changes nothing.
    expect(names(await list(cast.tina.client, `/api/tutor/health/students?tutorId=${cast.theo.memberId}`))).toEqual(["Maya Lopez", "Noah Kim"]);
    expect(names(await list(cast.theo.client, "/api/tutor/health/students?band=watch"))).toEqual(["Ben Brook"]);
    expect((await cast.tina.client.get("/api/tutor/health/students?sort=risk")).status).toBe(422);
    expect((await cast.parent.client.get("/api/tutor/health/students")).status).toBe(403);
  });

  it("leaves out a student once the tutor's assignment has ended", async () => {
    const assignment = await assignTutor(cast.admin.client, { tutorMemberId: cast.tina.memberId, studentId: ids.cleo, startsOn: "2020-01-01" });
    expect(names(await list(cast.tina.client, "/api/tutor/health/students"))).toEqual(["Maya Lopez", "Cleo Calm", "Noah Kim"]);
    const ended = await cast.admin.client.patch(`/api/admin/assignments/${assignment.id}`, { endsOn: "2020-06-30" });
    expect(ended.status, ended.text).toBe(200);
    expect(names(await list(cast.tina.client, "/api/tutor/health/students"))).toEqual(["Maya Lopez", "Noah Kim"]);
  });
});

describe("a family's health summary", () => {
  it("lists the parent's children with the family's score and band and a top reason families may read", async () => {
    const family = await list(cast.parent.client, "/api/parent/health/students");
    expect(names(family)).toEqual(["Cleo Calm", "Maya Lopez"]);
    const maya = family.items[1]!;
    // Staff see 65 (act) with the missed share on top; the family 30 (watch) without it.
    expect(maya).toMatchObject({ studentId: cast.maya, score: 30, band: "watch", ruleVersion: 2 });
    expect(maya.trend).toEqual({ since: dayBefore(7), score: 30, change: 0, direction: "flat" });
    const card = (await cast.parent.client.get(`/api/parent/students/${cast.maya}/health`)).body;
    expect(maya.topReason).toBe(card.reasons[0].reason);
    expect(maya.topReason).not.toMatch(/^Missed \d+ of/);
    expect(JSON.stringify(family)).not.toMatch(/Missed \d+ of|missedShare|tutors/);
    expect(family.items[0]).toMatchObject({ name: "Cleo Calm", score: 0, band: "on_track", topReason: null, trend: null });
  });

  it("shows another family only their own child, not scored yet; staff cannot call it", async () => {
    const other = await list(cast.otherParent.client, "/api/parent/health/students");
    expect(other.items).toEqual([
      { studentId: cast.noah, name: "Noah Kim", score: null, band: null, topReason: null, ruleVersion: null, computedAt: null, trend: null },
    ]);
    expect((await cast.tina.client.get("/api/parent/health/students")).status).toBe(403);
  });
});

describe("a filtered list of more than 1,000 students", () => {
  it("counts up to 1,000 and says 'more than', and still pages past it; the whole list's total stays exact", async () => {
    const organizationId = cast.otherAdmin.organizationId;
    await withWorkspace(t.db, organizationId, (tx) =>
      tx.execute(
        sql`insert into student (organization_id, name) select ${organizationId}, 'Bulk ' || lpad(k::text, 4, '0') from generate_series(1, 1003) as k`,
      ),
    );
    const otherList = (query: string) => list(cast.otherAdmin.client, `/api/admin/health/students${query}`);
    const first = await otherList("?q=Bulk&pageSize=25");
    expect(first).toMatchObject({ total: 1001, totalIsAtLeast: true });
    expect(names(first).slice(0, 2)).toEqual(["Bulk 0001", "Bulk 0002"]);
    // Page 41 starts at the 1,001st: past the counted limit, the page is read all the same.
    expect(names(await otherList("?q=Bulk&pageSize=25&page=41"))).toEqual(["Bulk 1001", "Bulk 1002", "Bulk 1003"]);
    expect(await otherList("?q=Bulk&pageSize=25&page=42")).toMatchObject({ items: [], totalIsAtLeast: true });
    // Unfiltered, the total is the kept count of active students: exact.
    expect(await otherList("?pageSize=1")).toMatchObject({ total: 1004, totalIsAtLeast: false });
    expect(await otherList("?q=Olive")).toMatchObject({ total: 1, totalIsAtLeast: false });
  });
});
