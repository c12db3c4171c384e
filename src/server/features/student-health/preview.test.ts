/**
 * Previewing proposed health rules: every active student scored under them and compared with
 * their stored card (a student not scored yet, with what the rules in force would give), the
 * bands' counts now and after, and who would change band, the largest change first. The
 * request queues the preview (202) and the preview job scores it, run here directly on the
 * test's clock; the screen's poll reads it done or failed. No card is written. Bad rules are
 * refused on their field; only admins may preview, and only their workspace's previews.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type AdminFixture } from "../../../../tests/factories.ts";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { assignTutor, createStudent } from "../../../../tests/people-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { HealthRulesPreview, HealthRulesPreviewQueued, HealthRulesPreviewState } from "../../../shared/schemas/student-health-preview.ts";
import { DEFAULT_HEALTH_RULES, type HealthRules } from "../../../shared/schemas/student-health.ts";
import { fixedClock } from "../../core/clock.ts";
import { healthRulesPreview, healthRuleVersion, studentHealth, studentHealthDay, studentHealthDue } from "../../db/health-schema.ts";
import { JOBS } from "../../jobs/registry.ts";
import { healthRulesPreviewQueue, PREVIEW_FAILED_MESSAGE, runHealthRulesPreview } from "./preview-job.ts";
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
const ask = (rules: unknown, client = cast.admin.client) => client.post<HealthRulesPreviewQueued>("/api/admin/health/rules/preview", { rules });
const poll = (id: string, client = cast.admin.client) => client.get<HealthRulesPreviewState>(`/api/admin/health/rules/previews/${id}`);
/** The same, for a refusal's error body. */
const refused = (rules: unknown) => cast.admin.client.post("/api/admin/health/rules/preview", { rules });

/** The preview job as a worker runs it, for the workspace that asked. */
const runJob = (organizationId: string, previewId: string) => runHealthRulesPreview(t.deps, { organizationId, previewId });

/** Asks for a preview (202, queued), runs its job, and reads it done: its result. */
async function preview(rules: unknown, fixture: { client: typeof cast.admin.client; organizationId: string } = cast.admin): Promise<HealthRulesPreview> {
  const asked = await ask(rules, fixture.client);
  expect(asked.status, asked.text).toBe(202);
  await runJob(fixture.organizationId, asked.body.id);
  const read = await poll(asked.body.id, fixture.client);
  expect(read.status, read.text).toBe(200);
  expect(read.body).toMatchObject({ id: asked.body.id, status: "done" });
  return read.body.result!;
}

/** The workspace's previews as stored, and the preview jobs queued. */
async function previewRows(organizationId = cast.admin.organizationId) {
  return t.db.select().from(healthRulesPreview).where(eq(healthRulesPreview.organizationId, organizationId)).orderBy(healthRulesPreview.requestedAt);
}
async function queuedJobs(): Promise<{ data: { organizationId: string; previewId: string } }[]> {
  return (
    await t.db.execute<{ data: { organizationId: string; previewId: string } }>(sql`select data from pgboss.job where name = ${healthRulesPreviewQueue.name}`)
  ).rows;
}

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

    const body = await preview(tuned((rules) => (rules.watchFrom = 10)));
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
    const body = await preview(rules);
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
    const rules = tuned((rules) => (rules.rules.missedShare.enabled = false));
    const capped = await previewHealthRules(t.deps.db, cast.admin.organizationId, rules, clock.now(), 1);
    expect(capped).toMatchObject({ changed: 2, limit: 1, truncated: true });
    expect(capped.changes.map((change) => change.studentName)).toEqual(["Ava Absent"]);
  });

  it("refuses rules that do not hold together or lack a field, naming it (422), and queues nothing", async () => {
    const [rowsBefore, jobsBefore] = [await previewRows(), await queuedJobs()];
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
    expect(await previewRows()).toEqual(rowsBefore);
    expect(await queuedJobs()).toEqual(jobsBefore);
  });

  it("is for admins only: a tutor and a parent are refused (403), and another workspace's admin sees only their own students and previews", async () => {
    const mine = await ask(DEFAULT_HEALTH_RULES);
    expect(mine.status, mine.text).toBe(202);
    for (const someone of [cast.tina, cast.parent]) {
      expect((await ask(DEFAULT_HEALTH_RULES, someone.client)).status).toBe(403);
      expect((await poll(mine.body.id, someone.client)).status).toBe(403);
    }
    const other = await preview(DEFAULT_HEALTH_RULES, cast.otherAdmin);
    expect(other).toMatchObject({ students: 0, changed: 0, changes: [] });
    // The admin's preview is not theirs: the same 404 as one that never was.
    expect((await poll(mine.body.id, cast.otherAdmin.client)).status).toBe(404);
    expect((await poll(randomUUID())).status).toBe(404);
    expect((await poll("not-a-preview")).status).toBe(404);
    // Nor does a job named with their workspace reach the admin's row.
    await runJob(cast.otherAdmin.organizationId, mine.body.id);
    expect((await poll(mine.body.id)).body).toMatchObject({ status: "queued", finishedAt: null });
  });
});

describe("the preview as a job", () => {
  it("is queued: 202 with its id, a queued row and a pg-boss job carrying the workspace and the preview, polled as queued until the job runs", async () => {
    expect(JOBS).toContain(healthRulesPreviewQueue);
    const rules = tuned((rules) => (rules.watchFrom = 10));
    const asked = await ask(rules);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body).toEqual({ id: expect.any(String), status: "queued", requestedAt: clock.now().toISOString() });
    const [row] = (await previewRows()).filter((row) => row.id === asked.body.id);
    expect(row).toMatchObject({ status: "queued", rules, result: null, requestedByUserId: cast.admin.user.id, finishedAt: null });
    expect((await queuedJobs()).map((job) => job.data)).toContainEqual({ organizationId: cast.admin.organizationId, previewId: asked.body.id });
    expect((await poll(asked.body.id)).body).toEqual({ id: asked.body.id, status: "queued", requestedAt: asked.body.requestedAt, finishedAt: null });

    clock.advance(5_000);
    await runJob(cast.admin.organizationId, asked.body.id);
    const done = (await poll(asked.body.id)).body;
    expect(done).toMatchObject({ status: "done", finishedAt: clock.now().toISOString() });
    expect(done.error).toBeUndefined();
    expect(done.result).toMatchObject({ students: 6, changed: 1, bandsAfter: { on_track: 3, watch: 1, act: 2 } });

    // A second run (a retry, or a duplicate) leaves a done preview as it is.
    clock.advance(5_000);
    await runJob(cast.admin.organizationId, asked.body.id);
    expect((await poll(asked.body.id)).body).toEqual(done);
  });

  it("records a failed run in plain words, and a later run that succeeds replaces it", async () => {
    const asked = await ask(DEFAULT_HEALTH_RULES);
    // Rules the scorer cannot read make the scoring throw.
    await t.db
      .update(healthRulesPreview)
      .set({ rules: { windowWeeks: 8 } as never })
      .where(and(eq(healthRulesPreview.organizationId, cast.admin.organizationId), eq(healthRulesPreview.id, asked.body.id)));
    await runJob(cast.admin.organizationId, asked.body.id);
    const failed = (await poll(asked.body.id)).body;
    expect(failed).toEqual({
      id: asked.body.id,
      status: "failed",
      requestedAt: asked.body.requestedAt,
      finishedAt: clock.now().toISOString(),
      error: PREVIEW_FAILED_MESSAGE,
    });

    await t.db
      .update(healthRulesPreview)
      .set({ rules: DEFAULT_HEALTH_RULES })
      .where(and(eq(healthRulesPreview.organizationId, cast.admin.organizationId), eq(healthRulesPreview.id, asked.body.id)));
    await runJob(cast.admin.organizationId, asked.body.id);
    const done = (await poll(asked.body.id)).body;
    expect(done).toMatchObject({ status: "done", result: { students: 6, changed: 0 } });
    expect(done.error).toBeUndefined();
  });

  it("does nothing for a preview that is gone", async () => {
    await expect(runJob(cast.admin.organizationId, randomUUID())).resolves.toBeUndefined();
  });

  it("deletes the workspace's previews asked for more than a day ago when the next is asked for, and no other workspace's", async () => {
    const start = clock.now();
    const old = await ask(DEFAULT_HEALTH_RULES);
    const othersOld = await ask(DEFAULT_HEALTH_RULES, cast.otherAdmin.client);
    clock.advance(23 * 3_600_000);
    const recent = await ask(DEFAULT_HEALTH_RULES);
    clock.advance(2 * 3_600_000);
    const next = await ask(DEFAULT_HEALTH_RULES);
    expect(next.status).toBe(202);
    expect((await poll(old.body.id)).status).toBe(404);
    expect((await poll(recent.body.id)).status).toBe(200);
    expect((await poll(othersOld.body.id, cast.otherAdmin.client)).status).toBe(200);
    // Every earlier preview of the workspace went too.
    expect((await previewRows()).map((row) => row.id)).toEqual([recent.body.id, next.body.id]);
    clock.set(start);
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

  it("scores everyone across the pages and prints its time (asked, run by the job, read)", async () => {
    const rules = tuned((rules) => (rules.watchFrom = 10));
    const times: number[] = [];
    let body: HealthRulesPreview | undefined;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      body = await preview(rules, scale);
      times.push(performance.now() - started);
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
