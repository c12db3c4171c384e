/**
 * Health recompute at scale: one workspace of N students (BENCH_HEALTH_STUDENTS, 100k unless
 * told; 2,000 makes a smoke run) with ten weekly sessions each going back from the run's "now"
 * (1M at 100k) and a report for each one that took place, in a throw-away PostgreSQL migrated
 * like production. Then the nightly job's mark (markEveryoneDue) and the due job's
 * recomputeDueStudents over and over, as its every-minute schedule would call it, until nothing
 * is due: students scored per second, the runs (each stops at MAX_PER_RUN students, so each is
 * a minute of the schedule) and the total time, and where a batch's time goes.
 *
 * The data is made with INSERT … SELECT generate_series, without the loaded tables' secondary
 * indexes (made again afterwards from their own definitions), as bench/query-scaling.ts does.
 * The jobs run as the app runs them: the owner connection, each batch inside withWorkspace
 * (glassroom_app, row-level security on), on the fixed clock of the data.
 *
 * Students follow profiles so that every rule and band is exercised: by k mod 20, 0 stopped
 * coming (the last two weeks no-shows), 1 cancels late every third week, 2 struggles (low
 * engagement, understanding falling), 3 does no homework every other week, 4 was away (the last
 * four weeks cancelled in good time); the others miss now and then (1.5% no-shows, 0.5%
 * cancelled late, 2% in time) and leave 2% of their latest sessions unreported. 2% are paused,
 * 1% former.
 */
import { asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { fixedClock } from "../src/server/core/clock.ts";
import { createDatabase, migrateDatabase, type Database } from "../src/server/db/client.ts";
import { studentHealthDue } from "../src/server/db/health-schema.ts";
import * as schema from "../src/server/db/schema.ts";
import { organization } from "../src/server/db/schema.ts";
import { withWorkspace } from "../src/server/db/tenant.ts";
import { recomputeDueStudents } from "../src/server/features/student-health/due-job.ts";
import { loadHealthFacts } from "../src/server/features/student-health/facts.ts";
import { markEveryoneDue } from "../src/server/features/student-health/nightly-job.ts";
import { recomputeWithin } from "../src/server/features/student-health/recompute.ts";
import { createLogger } from "../src/server/lib/logger.ts";
import { startTestPostgres } from "../tests/test-postgres.ts";
import type { Benchmark, BenchmarkReport } from "./support/report.ts";
import { formatInt, median, round } from "./support/stats.ts";

const STUDENTS = Number(process.env.BENCH_HEALTH_STUDENTS ?? 100_000);
const WEEKS = Number(process.env.BENCH_HEALTH_WEEKS ?? 10);
/**
 * BENCH_HEALTH_CLAIM_INDEX=1 measures with an index the claim could read in order instead of
 * sorting every due row of the workspace for each batch of 100 (not in the migrations).
 */
const CLAIM_INDEX = process.env.BENCH_HEALTH_CLAIM_INDEX === "1";
const CLAIM_INDEX_SQL = "create index if not exists student_health_due_claim_idx on student_health_due (organization_id, due_since, student_id)";
/** The due job's limit per run (due-job.ts): one run a minute scores at most this many. */
const MAX_PER_RUN = 5_000;
const BATCH = 100;
const ORGANIZATION_ID = "bench-health";
/** The data's "now": every session began before it. */
const NOW = new Date("2026-11-21T03:00:00Z");
/** One tutor per hundred students. */
const TUTORS = Math.max(10, Math.ceil(STUDENTS / 100));
/** How a profile's students fare: k mod 20 (see the file's comment). */
const PROFILES = 20;

const LOADED_TABLES = ["user", "member", "payer_account", "student", "tutoring_session", "session_student", "session_report", "session_report_student"];

/** As query-scaling's: the load without the tables' secondary indexes, which are then made again from their definitions. */
async function withoutSecondaryIndexes(db: Database, load: () => Promise<void>): Promise<void> {
  const { rows } = await db.execute<{ name: string; definition: string }>(sql`
    select indexname as name, indexdef as definition from pg_indexes as i
    where i.schemaname = 'public' and i.tablename in (${sql.join(
      LOADED_TABLES.map((table) => sql`${table}`),
      sql`, `,
    )})
      and i.indexdef not like 'CREATE UNIQUE%'
      and not exists (select 1 from pg_constraint as c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`);
  for (const row of rows) await db.execute(sql.raw(`drop index "${row.name}"`));
  try {
    await load();
  } finally {
    for (const row of rows) await db.execute(sql.raw(row.definition));
  }
}

const plural = (count: number, word: string) => `${formatInt(count)} ${word}${count === 1 ? "" : "s"}`;
const studentId = (k: string) => sql.raw(`md5('hs' || ${k})::uuid`);
const accountId = (k: string) => sql.raw(`md5('ha' || ${k})::uuid`);
/** Session w of student k (w = 0 the latest week). */
const sessionId = sql.raw(`md5('ht' || k || ':' || w)::uuid`);
/** A fixed pseudo-random 0–999 per session. */
const ROLL = `((k * 317 + w * 173 + (k / 7) * 131) % 1000)`;
const PROFILE = `(k % ${PROFILES})`;
/** What became of session w of student k. */
const STATUS = `case
  when ${PROFILE} = 0 and w < 2 then 'no_show'
  when ${PROFILE} = 1 and w % 3 = 1 then 'late_cancelled'
  when ${PROFILE} = 4 and w < 4 then 'cancelled'
  when ${PROFILE} < 5 then 'completed'
  when ${ROLL} < 15 then 'no_show'
  when ${ROLL} < 35 then 'cancelled'
  when ${ROLL} < 40 then 'late_cancelled'
  when w = 0 and ${ROLL} < 60 then 'scheduled'
  else 'completed' end`;

async function generate(db: Database): Promise<void> {
  const now = sql.raw(`timestamptz '${NOW.toISOString()}'`);
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-health-tutor-' || g, 'Tutor ' || g, 'tutor-' || g || '@health.example.com', true, ${now}, ${now} from generate_series(1, ${TUTORS}::int) as g`);
  await db.execute(sql`
    insert into member (id, organization_id, user_id, role, status, created_at)
    select 'bench-health-tutor-' || g, ${ORGANIZATION_ID}, 'bench-health-tutor-' || g, 'tutor', 'active', ${now} from generate_series(1, ${TUTORS}::int) as g`);
  await db.execute(sql`
    insert into payer_account (organization_id, id, name, created_at)
    select ${ORGANIZATION_ID}, ${accountId("k")}, 'Family ' || k, ${now} from generate_series(1, ${STUDENTS}::int) as k`);
  await db.execute(sql`
    insert into student (organization_id, id, payer_account_id, name, subjects, status, created_at, updated_at)
    select ${ORGANIZATION_ID}, ${studentId("k")}, ${accountId("k")}, 'Student ' || k, array['Mathematics'],
           case when k % 97 = 0 then 'former' when k % 50 = 0 then 'paused' else 'active' end, ${now} - interval '200 days', ${now}
    from generate_series(1, ${STUDENTS}::int) as k`);
  // Session w of student k: w weeks before now, at a time of the week of its own, over two hours ago.
  const startsAt = sql.raw(`(timestamptz '${NOW.toISOString()}' - make_interval(days => w * 7, mins => 120 + (k * 37) % 10000))`);
  const roll = sql.raw(ROLL);
  const profile = sql.raw(PROFILE);
  // Every (student, week), with what became of the session.
  const sessions = sql`from generate_series(1, ${STUDENTS}::int) as k cross join generate_series(0, ${WEEKS - 1}::int) as w cross join lateral (select ${sql.raw(STATUS)} as status) as s`;
  await db.execute(sql`
    insert into tutoring_session (organization_id, id, tutor_member_id, subject, starts_at, ends_at, time_zone, status, cancelled_at, created_at, updated_at)
    select ${ORGANIZATION_ID}, ${sessionId}, 'bench-health-tutor-' || (1 + k % ${TUTORS}::int), 'Mathematics', ${startsAt}, ${startsAt} + interval '1 hour', 'UTC',
           s.status, case when s.status in ('cancelled', 'late_cancelled') then ${startsAt} - interval '3 hours' end, ${startsAt} - interval '60 days', ${startsAt}
    ${sessions}`);
  await db.execute(sql`
    insert into session_student (organization_id, session_id, student_id)
    select ${ORGANIZATION_ID}, ${sessionId}, ${studentId("k")} ${sessions}`);
  // A report for each session that took place (completed, or a no-show: the student absent).
  await db.execute(sql`
    insert into session_report (organization_id, session_id, topics, filed_at, updated_at)
    select ${ORGANIZATION_ID}, ${sessionId}, 'Linear equations', ${startsAt} + interval '3 hours', ${startsAt} + interval '3 hours'
    ${sessions} where s.status in ('completed', 'no_show')`);
  await db.execute(sql`
    insert into session_report_student (organization_id, session_id, student_id, attendance, previous_homework, understanding, engagement, score_percent)
    select ${ORGANIZATION_ID}, ${sessionId}, ${studentId("k")}, a.attendance,
           case when a.attendance = 'absent' or w = ${WEEKS - 1}::int then 'none_set'
                when ${profile} = 3 and w % 2 = 0 then 'not_done'
                else (array['completed', 'completed', 'partly', 'completed', 'not_done'])[1 + (k + w) % 5] end,
           case when a.attendance = 'absent' then null when ${profile} = 2 then least(5, 2 + w / 3) else 3 + ${roll} % 3 end,
           case when a.attendance = 'absent' then null when ${profile} = 2 then 2 else 3 + (${roll} / 3) % 3 end,
           case when a.attendance = 'absent' or w % 3 <> 2 then null else 50 + ${roll} % 50 end
    ${sessions}
    cross join lateral (select case when s.status = 'no_show' then 'absent' when ${roll} % 10 = 9 then 'late' else 'present' end as attendance) as a
    where s.status in ('completed', 'no_show')`);
}

/** Rows of each loaded table of the workspace. */
async function counts(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ sessions: number; reports: number; active: number }>(sql`
    select (select count(*) from tutoring_session where organization_id = ${ORGANIZATION_ID})::int as sessions,
           (select count(*) from session_report_student where organization_id = ${ORGANIZATION_ID})::int as reports,
           (select count(*) from student where organization_id = ${ORGANIZATION_ID} and status = 'active')::int as active`);
  return rows[0]!;
}

interface PlannedStatement {
  /** What the statement is, in words. */
  name: string;
  executionMs: number;
  /** The plan's nodes that read rows, e.g. "Index Scan using session_student_student_idx on session_student". */
  plan: string;
}

interface BatchProfile {
  claimMs: number;
  factsMs: number;
  recomputeMs: number;
  plans: PlannedStatement[];
}

/** The SQL with its parameters written in as literals, for EXPLAIN inside the transaction (the values are the bench's own). */
function inline(text: string, params: unknown[]): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return "null";
    if (typeof value === "number" || typeof value === "bigint") return String(value);
    if (value instanceof Date) return `'${value.toISOString()}'`;
    if (Array.isArray(value)) return `array[${value.map(literal).join(",")}]`;
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  return text.replace(/\$(\d+)/g, (_, index: string) => literal(params[Number(index) - 1]));
}

/**
 * Where one batch's time goes, with every active student due again: the claim, the facts of a
 * batch alone (facts.ts), and recomputeWithin (facts, billing, alerts, the card and the day's
 * point) for the same batch; and the plans of the claim and the facts queries, captured as
 * drizzle sends them and EXPLAIN ANALYZEd in the same transaction (row-level security on).
 * Rolled back: nothing is kept.
 */
async function profileBatch(db: Database): Promise<BatchProfile> {
  const deps = { db, logger: createLogger("silent"), clock: fixedClock(NOW) };
  await markEveryoneDue(deps);
  const sent: { sql: string; params: unknown[] }[] = [];
  const logging = drizzle(db.$client, { schema, logger: { logQuery: (query, params) => sent.push({ sql: query, params }) } }) as Database;
  const rollback = new Error("rollback");
  let profile: BatchProfile | undefined;
  await withWorkspace(logging, ORGANIZATION_ID, async (tx) => {
    sent.length = 0;
    let started = performance.now();
    const claimed = await tx
      .select({ studentId: studentHealthDue.studentId })
      .from(studentHealthDue)
      .where(eq(studentHealthDue.organizationId, ORGANIZATION_ID))
      .orderBy(asc(studentHealthDue.dueSince), asc(studentHealthDue.studentId))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const claimMs = performance.now() - started;
    const claim = sent.at(-1)!;
    const ids = claimed.map((row) => row.studentId);
    sent.length = 0;
    started = performance.now();
    await loadHealthFacts(tx, ORGANIZATION_ID, ids, NOW, 8);
    const factsMs = performance.now() - started;
    const [students, sessions, lastAttended] = sent.filter((statement) => /^select/i.test(statement.sql));
    const plans: PlannedStatement[] = [];
    for (const [name, statement] of [
      ["the claim (due-job.ts)", claim],
      ["facts: the active students among the batch", students],
      ["facts: the sessions and report entries in the window", sessions],
      ["facts: when each last attended", lastAttended],
    ] as const) {
      if (!statement) continue;
      const explained = await tx.execute<{ "QUERY PLAN": string }>(sql.raw(`explain (analyze, costs off) ${inline(statement.sql, statement.params)}`));
      const lines = explained.rows.map((row) => row["QUERY PLAN"].trim());
      plans.push({
        name,
        executionMs: Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? "")?.[1] ?? Number.NaN),
        plan: lines
          .filter((line) => /Scan|Sort |Nested Loop|Hash Join|Merge Join/.test(line))
          .map((line) => line.replace(/^->\s*/, "").replace(/\s*\(actual.*$/, ""))
          .join(" / "),
      });
    }
    started = performance.now();
    await recomputeWithin(tx, ORGANIZATION_ID, ids, NOW);
    const recomputeMs = performance.now() - started;
    profile = { claimMs, factsMs, recomputeMs, plans };
    throw rollback;
  }).catch((error: unknown) => {
    if (error !== rollback) throw error;
  });
  return profile!;
}

interface StatementFigures extends Record<string, unknown> {
  query: string;
  calls: number;
  total_ms: number;
  mean_ms: number;
}

/** The statements the recompute spent the most time in (pg_stat_statements), each query shortened to a line. */
async function topStatements(admin: Database, limit: number): Promise<StatementFigures[]> {
  const { rows } = await admin.execute<StatementFigures>(sql`
    select regexp_replace(query, '[[:space:]]+', ' ', 'g') as query, calls::int, round(total_exec_time::numeric, 1)::float as total_ms, round(mean_exec_time::numeric, 3)::float as mean_ms
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
    order by total_exec_time desc limit ${limit}`);
  return rows.map((row) => ({ ...row, query: row.query.length > 160 ? `${row.query.slice(0, 157)}…` : row.query }));
}

async function run(): Promise<BenchmarkReport> {
  const postgres = await startTestPostgres();
  // pg_stat_statements, to tell where the recompute's time goes: loaded at start, so a restart.
  const setup = createDatabase(postgres.adminUrl, { max: 1 });
  await setup.execute(sql`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await setup.$client.end();
  await postgres.stop();
  await postgres.start();
  const db = createDatabase(postgres.url, { max: 4 });
  const admin = createDatabase(postgres.adminUrl, { max: 2 });
  try {
    await admin.execute(sql`create extension if not exists pg_stat_statements`);
    await migrateDatabase(db);
    await admin
      .insert(organization)
      .values({ id: ORGANIZATION_ID, name: "Health Benchmark Tutoring", slug: "health-benchmark", createdAt: NOW, joinCode: "HEALTH01" });
    let started = performance.now();
    await withoutSecondaryIndexes(admin, () => generate(admin));
    await admin.execute(sql.raw(`analyze ${LOADED_TABLES.map((table) => `"${table}"`).join(", ")}`));
    if (CLAIM_INDEX) await admin.execute(sql.raw(CLAIM_INDEX_SQL));
    const generationSeconds = (performance.now() - started) / 1000;
    const rows = await counts(admin);
    process.stdout.write(
      `  ${formatInt(STUDENTS)} students (${formatInt(rows.active!)} active), ${formatInt(rows.sessions!)} sessions, ${formatInt(rows.reports!)} report entries (generated in ${generationSeconds.toFixed(1)} s)\n`,
    );

    // The app's deps as the jobs get them: the owner's pool, a fixed clock, a silent logger.
    const deps = { db, logger: createLogger("silent"), clock: fixedClock(NOW) };
    started = performance.now();
    const marked = await markEveryoneDue(deps);
    const markSeconds = (performance.now() - started) / 1000;
    process.stdout.write(`  nightly mark: ${formatInt(marked.students)} students due in ${markSeconds.toFixed(1)} s\n`);

    const runs: { students: number; seconds: number }[] = [];
    await admin.execute(sql`select pg_stat_statements_reset()`);
    started = performance.now();
    for (;;) {
      const runStarted = performance.now();
      const { students } = await recomputeDueStudents(deps);
      if (students === 0) break;
      runs.push({ students, seconds: (performance.now() - runStarted) / 1000 });
      const done = runs.reduce((sum, item) => sum + item.students, 0);
      process.stdout.write(`  run ${runs.length}: ${formatInt(students)} students in ${runs.at(-1)!.seconds.toFixed(1)} s (${formatInt(done)} done)\n`);
    }
    const recomputeSeconds = (performance.now() - started) / 1000;
    const statements = await topStatements(admin, 10);
    const scored = runs.reduce((sum, item) => sum + item.students, 0);
    const { rows: left } = await admin.execute<{ due: number; cards: number }>(sql`
      select (select count(*) from student_health_due where organization_id = ${ORGANIZATION_ID})::int as due,
             (select count(*) from student_health where organization_id = ${ORGANIZATION_ID})::int as cards`);
    const { rows: bands } = await admin.execute<{ band: string; n: number }>(
      sql`select band, count(*)::int as n from student_health where organization_id = ${ORGANIZATION_ID} group by band order by band`,
    );
    const { rows: alerts } = await admin.execute<{ n: number }>(sql`select count(*)::int as n from health_alert where organization_id = ${ORGANIZATION_ID}`);
    const profile = await profileBatch(db);
    const longest = Math.max(...runs.map((item) => item.seconds));
    // A run a minute while each run takes less than a minute; else the runs follow each other.
    const scheduleMinutes = runs.reduce((sum, item) => sum + Math.max(1, Math.ceil(item.seconds / 60)), 0);
    const perSecond = scored / recomputeSeconds;
    const bandText = bands.map((row) => `${row.band} ${formatInt(row.n)}`).join(", ");
    return {
      tables: [
        {
          title: `Health recompute: ${formatInt(STUDENTS)} students, ${formatInt(rows.sessions!)} sessions, ${formatInt(rows.reports!)} report entries`,
          columns: ["step", "students", "seconds", "students/s"],
          rows: [
            ["nightly mark (markEveryoneDue)", formatInt(marked.students), round(markSeconds, 1), formatInt(marked.students / markSeconds)],
            [
              `due job, ${plural(runs.length, "run")} of recomputeDueStudents until none is due`,
              formatInt(scored),
              round(recomputeSeconds, 1),
              formatInt(perSecond),
            ],
            ["mark and recompute", formatInt(scored), round(markSeconds + recomputeSeconds, 1), formatInt(scored / (markSeconds + recomputeSeconds))],
          ],
          notes: [
            "Throw-away embedded PostgreSQL (tests/test-postgres.ts: fsync off, default memory settings) migrated with migrateDatabase; rows made with INSERT … SELECT generate_series without the secondary indexes, then ANALYZE. The jobs' own functions on the owner's pool, each batch inside withWorkspace (row-level security on), one instance.",
            CLAIM_INDEX
              ? `With the claim's index (BENCH_HEALTH_CLAIM_INDEX=1): ${CLAIM_INDEX_SQL}.`
              : "Without an index for the claim's order (BENCH_HEALTH_CLAIM_INDEX=1 adds one).",
            `Data: ${WEEKS} weekly sessions per student going back from ${NOW.toISOString().slice(0, 16)}Z (the 8-week window holds 8), a report entry for each one held; profiles by k mod ${PROFILES} (see bench/health-recompute.ts). Generated in ${generationSeconds.toFixed(1)} s.`,
            `Runs: ${runs.length} (at most ${formatInt(MAX_PER_RUN)} students each, in batches of ${BATCH}); the longest ${longest.toFixed(1)} s, the median ${median(runs.map((item) => item.seconds)).toFixed(1)} s. On the every-minute schedule that is about ${plural(scheduleMinutes, "minute")} from the nightly mark to the last card (a run a minute while runs take under a minute).`,
            `Cards: ${formatInt(left[0]!.cards)} (${bandText}); ${formatInt(alerts[0]!.n)} alerts opened; due left: ${left[0]!.due}.`,
            `One batch of ${BATCH} with every active student due again (rolled back): claim ${profile.claimMs.toFixed(1)} ms, facts ${profile.factsMs.toFixed(1)} ms, recomputeWithin ${profile.recomputeMs.toFixed(1)} ms.`,
            ...profile.plans.map((plan) => `Plan of ${plan.name}: ${plan.executionMs.toFixed(1)} ms; ${plan.plan}.`),
          ],
        },
        {
          title: "Where the recompute's database time went (pg_stat_statements, the runs above)",
          columns: ["statement", "calls", "total ms", "mean ms"],
          rows: statements.map((row) => [row.query, formatInt(row.calls), formatInt(row.total_ms), row.mean_ms.toFixed(2)]),
        },
      ],
      data: {
        students: STUDENTS,
        claimIndex: CLAIM_INDEX,
        active: rows.active,
        sessions: rows.sessions,
        reportEntries: rows.reports,
        generationSeconds: round(generationSeconds, 1),
        markSeconds: round(markSeconds, 2),
        recomputeSeconds: round(recomputeSeconds, 2),
        studentsPerSecond: round(perSecond, 1),
        runs: runs.map((item) => ({ students: item.students, seconds: round(item.seconds, 2) })),
        scheduleMinutes,
        bands: Object.fromEntries(bands.map((row) => [row.band, row.n])),
        alerts: alerts[0]!.n,
        dueLeft: left[0]!.due,
        statements,
        batchProfile: { ...profile, claimMs: round(profile.claimMs, 2), factsMs: round(profile.factsMs, 2), recomputeMs: round(profile.recomputeMs, 2) },
      },
    };
  } finally {
    await db.$client.end();
    await admin.$client.end();
    await postgres.destroy();
  }
}

export const healthRecompute: Benchmark = { name: "health-recompute", title: "Health recompute at scale", run };
