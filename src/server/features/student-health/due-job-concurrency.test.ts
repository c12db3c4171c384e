/**
 * Two app instances running the health jobs at the same time: each has a database pool of its
 * own (as two servers would), both run the nightly mark and then the due job at once over a
 * thousand students, and every student is scored exactly once, by one instance or the other.
 *
 * Who scored whom is read from the database, not from the code under test: a trigger (set up as
 * the superuser, for this test only) logs every write of a student's card with the
 * application_name of the connection that wrote it, which each instance's pool sets to its name.
 *
 * And the schedule: two pg-boss instances configured as the app's workers (src/server/jobs/
 * runner.ts) on pg-boss's test clock send the nightly job's occurrence once a day, to one of them.
 */
import { sql } from "drizzle-orm";
import { PgBoss, TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type AdminFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { createDatabase, type Database } from "../../db/client.ts";
import { createLogger } from "../../lib/logger.ts";
import { recomputeDueStudents } from "./due-job.ts";
import { healthNightlyJob, markEveryoneDue } from "./nightly-job.ts";

const STUDENTS = 1_000;
const WEEKS = 4;
const clock = fixedClock(new Date());
let t: TestApp;
let admin: AdminFixture;
const instances: { name: string; db: Database }[] = [];

/** An app instance's jobs' dependencies: its own pool, named, on the shared clock. */
function instance(name: string) {
  const url = new URL(t.databaseUrl);
  url.searchParams.set("application_name", name);
  const db = createDatabase(url.toString(), { max: 5 });
  instances.push({ name, db });
  return { name, db, logger: createLogger("silent"), clock };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t, { workspaceName: "Twin Instances Tutoring" });
  const org = admin.organizationId;
  const now = clock.now().toISOString();
  // A thousand students with a month of weekly sessions and their reports, written in bulk (the
  // API would take minutes for this many); every fifth one missed, so the cards differ.
  await t.db.execute(sql`
    insert into student (organization_id, id, name, created_at)
    select ${org}, md5('twin-student-' || n)::uuid, 'Student ' || lpad(n::text, 4, '0'), ${now}::timestamptz - interval '1 year'
    from generate_series(1, ${STUDENTS}) n`);
  await t.db.execute(sql`
    insert into tutoring_session (organization_id, id, tutor_member_id, subject, starts_at, ends_at, time_zone, status)
    select ${org}, md5('twin-session-' || n || '-' || w)::uuid, ${admin.memberId}, 'Mathematics',
           ${now}::timestamptz - (w * interval '7 days') - interval '2 hours', ${now}::timestamptz - (w * interval '7 days') - interval '1 hour',
           'UTC', case when (n + w) % 5 = 0 then 'no_show' else 'completed' end
    from generate_series(1, ${STUDENTS}) n, generate_series(1, ${WEEKS}) w`);
  await t.db.execute(sql`
    insert into session_student (organization_id, session_id, student_id)
    select ${org}, md5('twin-session-' || n || '-' || w)::uuid, md5('twin-student-' || n)::uuid from generate_series(1, ${STUDENTS}) n, generate_series(1, ${WEEKS}) w`);
  await t.db.execute(sql`
    insert into session_report (organization_id, session_id, topics)
    select ${org}, md5('twin-session-' || n || '-' || w)::uuid, 'Fractions' from generate_series(1, ${STUDENTS}) n, generate_series(1, ${WEEKS}) w`);
  await t.db.execute(sql`
    insert into session_report_student (organization_id, session_id, student_id, attendance, previous_homework, understanding, engagement)
    select ${org}, md5('twin-session-' || n || '-' || w)::uuid, md5('twin-student-' || n)::uuid,
           case when (n + w) % 5 = 0 then 'absent' else 'present' end, 'none_set',
           case when (n + w) % 5 = 0 then null else 3 end, case when (n + w) % 5 = 0 then null else 4 end
    from generate_series(1, ${STUDENTS}) n, generate_series(1, ${WEEKS}) w`);
  // Statistics, as a database in use has them (the planner would otherwise read these tables as empty).
  await t.db.execute(sql`analyze student, tutoring_session, session_student, session_report, session_report_student`);
  // The log of every card written, and by which connection (security definer: the jobs write as
  // glassroom_app, which may not write this table).
  await t.db.execute(
    sql`create table health_card_writes (student_id uuid not null, instance text not null, written_at timestamptz not null default clock_timestamp())`,
  );
  await t.db.execute(sql`
    create function log_health_card_write() returns trigger language plpgsql security definer set search_path = public as $$
    begin
      insert into health_card_writes (student_id, instance) values (new.student_id, current_setting('application_name'));
      return new;
    end $$`);
  await t.db.execute(sql`create trigger health_card_written after insert or update on student_health for each row execute function log_health_card_write()`);
}, 120_000);

afterAll(async () => {
  for (const { db } of instances) await db.$client.end();
  await t?.close();
});

const writes = async () =>
  (await t.db.execute<{ student_id: string; instance: string }>(sql`select student_id, instance from health_card_writes order by written_at`)).rows;
const dueLeft = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from student_health_due where organization_id = ${admin.organizationId}`)).rows[0]!.n;

describe("two app instances running the health jobs at once", () => {
  it("mark everyone due once, and score every student exactly once between them, each a share of the batches, none left due", async () => {
    const a = instance("instance-a");
    const b = instance("instance-b");
    // Both pools connected before the race, so that neither starts late for want of a connection.
    await Promise.all([a.db.execute(sql`select 1`), b.db.execute(sql`select 1`)]);

    for (const round of [1, 2]) {
      await t.db.execute(sql`truncate health_card_writes`);
      // The nightly mark on both at once (pg-boss runs one occurrence, but a mark run twice must be harmless too).
      const marked = await Promise.all([markEveryoneDue(a), markEveryoneDue(b)]);
      expect(marked.map((result) => result.students)).toEqual([STUDENTS, STUDENTS]);
      expect(await dueLeft()).toBe(STUDENTS);

      const [runA, runB] = await Promise.all([recomputeDueStudents(a), recomputeDueStudents(b)]);
      const log = await writes();
      const by = (name: string) => log.filter((write) => write.instance === name).map((write) => write.student_id);
      // Every student's card written once, by exactly one of the two.
      expect(log).toHaveLength(STUDENTS);
      expect(new Set(log.map((write) => write.student_id)).size).toBe(STUDENTS);
      expect(new Set(log.map((write) => write.instance))).toEqual(new Set(["instance-a", "instance-b"]));
      const fromA = new Set(by("instance-a"));
      expect(by("instance-b").filter((id) => fromA.has(id))).toEqual([]);
      // What each instance says it scored is what it wrote, and the two add up to everyone.
      expect({ round, a: runA.students, b: runB.students }).toEqual({ round, a: by("instance-a").length, b: by("instance-b").length });
      expect(runA.students + runB.students).toBe(STUDENTS);
      expect(await dueLeft()).toBe(0);
    }

    const cards = await t.db.execute<{ n: number; day: number }>(sql`
      select (select count(*) from student_health where organization_id = ${admin.organizationId})::int as n,
             (select count(*) from student_health_day where organization_id = ${admin.organizationId})::int as day`);
    expect(cards.rows[0]).toEqual({ n: STUDENTS, day: STUDENTS });
    // A third pair of runs finds nothing to do.
    expect(await Promise.all([recomputeDueStudents(a), recomputeDueStudents(b)])).toEqual([{ students: 0 }, { students: 0 }]);
  }, 120_000);
});

describe("the nightly job's schedule with two app instances", () => {
  it("pg-boss sends one occurrence a day at 02:41 UTC, and one instance runs it", async () => {
    // Each instance runs pg-boss's cron pass; one claims each pass, and an occurrence is filed in a
    // singleton slot, so it becomes one job, which one worker fetches. (Were it ever run twice, the
    // mark is harmless and the due job's SKIP LOCKED claims still score each student once: above.)
    // pg-boss's own test clock drives both instances' timers and, in their schema, the database's "now".
    const time = new TestClock(new Date("2030-01-07T02:00:00Z"));
    const runs: { instance: string; at: string }[] = [];
    const errors: unknown[] = [];
    const bosses: PgBoss[] = [];
    try {
      for (const name of ["instance-a", "instance-b"]) {
        // As the app's workers: scheduling and supervision on, the cron job polled every 5 s, one at a time.
        const boss = new PgBoss({
          connectionString: t.databaseUrl,
          schema: "pgboss_twins",
          clock: time,
          schedule: true,
          supervise: true,
          migrate: true,
          max: 3,
        });
        boss.on("error", (error) => errors.push(error));
        await boss.start();
        bosses.push(boss);
        await boss.createQueue(healthNightlyJob.name, { retryLimit: 0, expireInSeconds: 1_800, deleteAfterSeconds: 86_400 });
        await boss.work(healthNightlyJob.name, { localConcurrency: 1, pollingIntervalSeconds: 5 }, async ([job]) => {
          if (job) runs.push({ instance: name, at: new Date(time.now()).toISOString().slice(0, 16) });
        });
        await boss.schedule(healthNightlyJob.name, healthNightlyJob.cron, null, { tz: "UTC" });
      }
      for (const day of ["2030-01-07", "2030-01-08", "2030-01-09"]) {
        await time.setTime(`${day}T02:39:00Z`);
        await time.tick(4 * 60_000);
      }
      expect(errors).toEqual([]);
      expect(runs.map((run) => run.at.slice(0, 10))).toEqual(["2030-01-07", "2030-01-08", "2030-01-09"]);
      expect(runs.every((run) => run.at.slice(11) >= "02:41")).toBe(true);
      // Nothing else queued or running: no second job for any of the days (completed jobs are deleted a day on).
      const left = await t.db.execute<{ state: string }>(
        sql`select state from pgboss_twins.job where name = ${healthNightlyJob.name} and state <> 'completed'`,
      );
      expect(left.rows).toEqual([]);
    } finally {
      for (const boss of bosses) await boss.stop({ graceful: false });
    }
  }, 60_000);
});
