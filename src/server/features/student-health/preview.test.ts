/**
 * Previewing proposed health rules: every active student scored under them and compared with
 * their stored card (a student not scored yet, with what the rules in force would give), the
 * bands' counts now and after, and who would change band, the largest change first. Nothing is
 * written. Bad rules are refused on their field; only admins may preview.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type AdminFixture } from "../../../../tests/factories.ts";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { assignTutor, createStudent } from "../../../../tests/people-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { HealthRulesPreview } from "../../../shared/schemas/student-health-preview.ts";
import { DEFAULT_HEALTH_RULES, type HealthRules } from "../../../shared/schemas/student-health.ts";
import type { Actor } from "../../core/audit.ts";
import { fixedClock } from "../../core/clock.ts";
import type { MemberContext } from "../../core/context.ts";
import { healthRuleVersion, studentHealth, studentHealthDay, studentHealthDue } from "../../db/health-schema.ts";
import { previewHealthRules } from "./preview.ts";
import { recomputeStudents } from "./recompute.ts";

// Students' records begin at the real time (student.created_at), so the clock starts there.
const clock = fixedClock(new Date());
let t: TestApp;
let cast: SessionCast;
let lessons: ReturnType<typeof lessonMaker>;
const ids: Record<"lena" | "ava" | "ben" | "uma", string> = { lena: "", ava: "", ben: "", uma: "" };

async function newStudent(name: string): Promise<string> {
  const id = (await createStudent(cast.admin.client, { name })).id;
  await assignTutor(cast.admin.client, { tutorMemberId: cast.tina.memberId, studentId: id, startsOn: "2020-01-01" });
  return id;
}

/** A 60-minute session, reported present with this engagement once the clock is past it. */
async function engagedLesson(studentId: string, engagement: number): Promise<void> {
  const made = await lessons.make([studentId], 60, 1);
  lessons.after(made);
  const entry = { studentId, attendance: "present", previousHomework: "none_set", understanding: 4, engagement };
  const filed = await cast.admin.client.put(`/api/admin/sessions/${made.id}/report`, { topics: "Fractions", students: [entry] });
  expect(filed.status, filed.text).toBe(200);
}

async function lesson(studentId: string, attendance: "present" | "absent"): Promise<void> {
  const made = await lessons.make([studentId], 60, 1);
  lessons.after(made);
  await reportLesson(cast.admin.client, made.id, { [studentId]: attendance });
}

const tuned = (change: (rules: HealthRules) => void): HealthRules => {
  const rules = structuredClone(DEFAULT_HEALTH_RULES);
  change(rules);
  return rules;
};
const preview = (rules: unknown, client = cast.admin.client) => client.post<HealthRulesPreview>("/api/admin/health/rules/preview", { rules });
/** The same, for a refusal's error body. */
const refused = (rules: unknown) => cast.admin.client.post("/api/admin/health/rules/preview", { rules });

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2020-01-01" });
  lessons = lessonMaker(cast.admin.client, clock, cast.tina.memberId);
  // Lena: engagement 1 in two reports (+10, on track); Ava: absent from her only session
  // (+35 missed share, +15 minutes: 50, act); Ben: present (0); Uma as Ava, but not scored yet.
  ids.lena = await newStudent("Lena Low");
  ids.ava = await newStudent("Ava Absent");
  ids.ben = await newStudent("Ben Present");
  ids.uma = await newStudent("Uma Unscored");
  await engagedLesson(ids.lena, 1);
  await engagedLesson(ids.lena, 1);
  await lesson(ids.ava, "absent");
  await lesson(ids.ben, "present");
  await lesson(ids.uma, "absent");
  await recomputeStudents(t.deps.db, cast.admin.organizationId, [cast.maya, cast.noah, ids.lena, ids.ava, ids.ben], clock.now());
}, 120_000);
afterAll(() => t?.close());

/** Everything a preview could have written: the cards, their trend, the due marks and the versions. */
async function healthState() {
  const organizationId = cast.admin.organizationId;
  const [cards, days, due, versions] = await Promise.all([
    t.db.select().from(studentHealth).where(eq(studentHealth.organizationId, organizationId)).orderBy(studentHealth.studentId),
    t.db.select().from(studentHealthDay).where(eq(studentHealthDay.organizationId, organizationId)).orderBy(studentHealthDay.studentId),
    t.db.select().from(studentHealthDue).where(eq(studentHealthDue.organizationId, organizationId)).orderBy(studentHealthDue.studentId),
    t.db.select().from(healthRuleVersion).where(eq(healthRuleVersion.organizationId, organizationId)).orderBy(healthRuleVersion.version),
  ]);
  return { cards, days, due, versions };
}

describe("previewing proposed health rules", () => {
  it("with the watch band from 10: Lena (10) moves from on track to watch, the counts say so, and nothing is written", async () => {
    const lena = await t.db.select().from(studentHealth).where(eq(studentHealth.studentId, ids.lena));
    expect(lena[0]).toMatchObject({ score: 10, band: "on_track" });
    const before = await healthState();

    const answer = await preview(tuned((rules) => (rules.watchFrom = 10)));
    expect(answer.status, answer.text).toBe(200);
    const body = answer.body;
    // Maya, Noah, Lena, Ava, Ben and Uma; Uma has no card yet.
    expect(body).toMatchObject({ ruleVersion: 1, students: 6, unscored: 1, changed: 1, truncated: false, limit: 200 });
    expect(body.changes).toEqual([
      {
        studentId: ids.lena,
        studentName: "Lena Low",
        scoreNow: 10,
        scoreAfter: 10,
        bandNow: "on_track",
        bandAfter: "watch",
        reasonsAfter: ["Engagement 2 or lower in 2 of the last 2 reports: +10"],
      },
    ]);
    expect(body.bandsNow).toEqual({ on_track: 4, watch: 0, act: 2 });
    expect(body.bandsAfter).toEqual({ on_track: 3, watch: 1, act: 2 });

    expect(await healthState()).toEqual(before);
  });

  it("compares a student not scored yet with what the rules in force give, and lists the largest change first", async () => {
    // Without the missed share, Ava and Uma keep only the minutes lost (15: on track); Lena's
    // engagement counted for 30 would bring her to watch (+20), a smaller change.
    const rules = tuned((rules) => {
      rules.rules.missedShare.enabled = false;
      rules.rules.lowEngagement.points = 30;
    });
    const body = (await preview(rules)).body;
    expect(body.changed).toBe(3);
    expect(body.changes.map((change) => [change.studentName, change.scoreNow, change.scoreAfter, change.bandNow, change.bandAfter])).toEqual([
      ["Ava Absent", 50, 15, "act", "on_track"],
      ["Uma Unscored", 50, 15, "act", "on_track"],
      ["Lena Low", 10, 30, "on_track", "watch"],
    ]);
    expect(body.changes[0]!.reasonsAfter).toEqual(["Received 0 of 60 planned minutes (0%) in the last 8 weeks, below 80%: +15"]);
    expect(body.bandsAfter).toEqual({ on_track: 5, watch: 1, act: 0 });
  });

  it("lists at most the limit, and says that more change band", async () => {
    const actor = { viewer: { organizationId: cast.admin.organizationId } as unknown as MemberContext, ipAddress: "127.0.0.1" } satisfies Actor;
    const rules = tuned((rules) => (rules.rules.missedShare.enabled = false));
    const capped = await previewHealthRules(t.deps.db, actor, rules, clock.now(), 1);
    expect(capped).toMatchObject({ changed: 2, limit: 1, truncated: true });
    expect(capped.changes.map((change) => change.studentName)).toEqual(["Ava Absent"]);
  });

  it("refuses rules that do not hold together or lack a field, naming it (422)", async () => {
    const crossed = await refused(tuned((rules) => (rules.actFrom = 10)));
    expect(crossed.status).toBe(422);
    expect(crossed.body.error.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: ["rules", "actFrom"], message: "The act band must start above the watch band." })]),
    );
    const { points: _points, ...withoutPoints } = DEFAULT_HEALTH_RULES.rules.dosage;
    const missing = await refused({ ...DEFAULT_HEALTH_RULES, rules: { ...DEFAULT_HEALTH_RULES.rules, dosage: withoutPoints } });
    expect(missing.status).toBe(422);
    expect(missing.body.error.issues[0].path).toEqual(["rules", "rules", "dosage", "points"]);
    expect((await cast.admin.client.post("/api/admin/health/rules/preview", {})).status).toBe(422);
  });

  it("is for admins only: a tutor and a parent are refused (403), and another workspace's admin sees only their own students", async () => {
    expect((await preview(DEFAULT_HEALTH_RULES, cast.tina.client)).status).toBe(403);
    expect((await preview(DEFAULT_HEALTH_RULES, cast.parent.client)).status).toBe(403);
    const other = await preview(DEFAULT_HEALTH_RULES, cast.otherAdmin.client);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ students: 0, changed: 0, changes: [] });
  });
});

/**
 * The preview's time for a workspace of 2,000 active students with eight weeks of weekly
 * sessions each (16,000 sessions and reports), their cards stored: printed, for the README's
 * figures. Its rows are written straight into the database: 2,000 students through the API
 * would take minutes.
 */
describe("the preview at 2,000 students", () => {
  const STUDENTS = 2_000;
  const WEEKS = 8;
  let scale: AdminFixture;

  beforeAll(async () => {
    scale = await createAdmin(t, { fullName: "Sid Scale", workspaceName: "Scale Tutoring" });
    const org = scale.organizationId;
    const now = clock.now().toISOString();
    await t.db.execute(sql`
      insert into student (organization_id, id, name, created_at)
      select ${org}, md5('preview-student-' || n)::uuid, 'Student ' || lpad(n::text, 4, '0'), ${now}::timestamptz - interval '1 year'
      from generate_series(1, ${STUDENTS}) n`);
    await t.db.execute(sql`
      insert into tutoring_session (organization_id, id, tutor_member_id, subject, starts_at, ends_at, time_zone, status)
      select ${org}, md5('preview-session-' || n || '-' || w)::uuid, ${scale.memberId}, 'Mathematics',
             ${now}::timestamptz - (w * interval '7 days') - interval '2 hours', ${now}::timestamptz - (w * interval '7 days') - interval '1 hour',
             'UTC', case when (n + w) % 9 = 0 then 'no_show' else 'completed' end
      from generate_series(1, ${STUDENTS}) n, generate_series(1, ${WEEKS}) w`);
    await t.db.execute(sql`
      insert into session_student (organization_id, session_id, student_id)
      select ${org}, md5('preview-session-' || n || '-' || w)::uuid, md5('preview-student-' || n)::uuid
      from generate_series(1, ${STUDENTS}) n, generate_series(1, ${WEEKS}) w`);
    await t.db.execute(sql`
      insert into session_report (organization_id, session_id, topics)
      select ${org}, md5('preview-session-' || n || '-' || w)::uuid, 'Fractions'
      from generate_series(1, ${STUDENTS}) n, generate_series(1, ${WEEKS}) w where (n + w) % 9 <> 0`);
    await t.db.execute(sql`
      insert into session_report_student (organization_id, session_id, student_id, attendance, previous_homework, understanding, engagement)
      select ${org}, md5('preview-session-' || n || '-' || w)::uuid, md5('preview-student-' || n)::uuid, 'present',
             case when (n * w) % 4 = 0 then 'not_done' else 'completed' end, 1 + (n + w) % 5, 1 + (n * w) % 5
      from generate_series(1, ${STUDENTS}) n, generate_series(1, ${WEEKS}) w where (n + w) % 9 <> 0`);
    const studentIds = (await t.db.execute<{ id: string }>(sql`select id from student where organization_id = ${org} order by id`)).rows.map((row) => row.id);
    // Fresh statistics, as autovacuum would gather them: without, the planner takes the new tables for empty.
    await t.db.execute(sql`analyze student, tutoring_session, session_student, session_report, session_report_student`);
    // As the due job scores them: 100 at a time.
    for (let index = 0; index < studentIds.length; index += 100) await recomputeStudents(t.deps.db, org, studentIds.slice(index, index + 100), clock.now());
  }, 180_000);

  it("scores everyone across the pages and prints its time", async () => {
    const rules = tuned((rules) => (rules.watchFrom = 10));
    const times: number[] = [];
    let body: HealthRulesPreview | undefined;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      const answer = await preview(rules, scale.client);
      times.push(performance.now() - started);
      expect(answer.status, answer.text).toBe(200);
      body = answer.body;
    }
    expect(body).toMatchObject({ students: STUDENTS, unscored: 0 });
    expect(Object.values(body!.bandsAfter).reduce((sum, count) => sum + count, 0)).toBe(STUDENTS);
    expect(body!.changed).toBeGreaterThan(0);
    const median = [...times].sort((a, b) => a - b)[1]!;
    console.log(
      `Health rules preview, ${STUDENTS} students × ${WEEKS} weekly sessions: ${times.map((time) => `${Math.round(time)} ms`).join(", ")} (median ${Math.round(median)} ms); ${body!.changed} change band`,
    );
  });
});
