/**
 * Analytics for the query-scaling benchmark: the rows the metric registry reads that the other
 * generators do not make, and a key query for every metric of the registry (its figure for a
 * year and the year before, as the API computes them, and the first page of its rows).
 *
 * Rows: a report on every completed generated session, filed 0–59 hours after it ended (4 in 5
 * within the 48 hours report completion counts), with its student's part: 1 in 25 absent, 1 in
 * 10 late, the others present; homework, understanding, engagement and a score on 1 place in 4
 * cycling through their values. The 100 session tutors each have a profile and are available
 * 15:00–21:00 on weekdays (30 hours a week, about a third of it taught).
 */
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Database } from "../src/server/db/client.ts";
import * as schema from "../src/server/db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../src/server/db/tenant.ts";
import type { AnalyticsArea, Metric, MetricScope } from "../src/server/features/analytics/metric.ts";
import { periodIn, previousPeriod } from "../src/server/features/analytics/period.ts";
import { METRICS } from "../src/server/features/analytics/registry.ts";
import { readFacts } from "../src/server/features/growth-playbook/facts.ts";

/** Rows of a metric's page, as the screens ask for them. */
const ROWS_PAGE = 20;

export async function generateAnalytics(db: Database, organizationId: string, now: Date, from: number, to: number, tutors: number): Promise<void> {
  const startsAt = sql.raw(`(timestamptz '${now.toISOString()}' - make_interval(mins => k * 10))`);
  const session = sql.raw(`md5('t' || k)::uuid`);
  await db.execute(sql`
    insert into session_report (organization_id, session_id, topics, homework_set, filed_at, updated_at)
    select ${organizationId}, ${session}, 'Quadratic equations', case when k % 3 = 0 then 'Exercise 4B' else '' end,
           ${startsAt} + interval '1 hour' + make_interval(hours => k % 60), ${startsAt} + interval '1 hour' + make_interval(hours => k % 60)
    from generate_series(${from}::int, ${to}::int) as k where k % 100 <> 0`);
  await db.execute(sql`
    insert into session_report_student (organization_id, session_id, student_id, attendance, previous_homework, understanding, engagement, score_percent)
    select ${organizationId}, ${session}, s.student_id,
           case when k % 25 = 0 then 'absent' when k % 10 = 0 then 'late' else 'present' end,
           (array['completed', 'partly', 'not_done', 'none_set'])[1 + k % 4],
           case when k % 25 <> 0 then 1 + k % 5 end, case when k % 25 <> 0 then 1 + (k / 7) % 5 end,
           case when k % 25 <> 0 and k % 4 = 0 then 40 + k % 61 end
    from generate_series(${from}::int, ${to}::int) as k
    join session_student as s on s.organization_id = ${organizationId} and s.session_id = ${session}
    where k % 100 <> 0`);
  if (from !== 1) return;
  await db.execute(sql`
    insert into tutor_profile (organization_id, member_id, subjects, time_zone)
    select ${organizationId}, 'bench-member-' || (10 * j + 1), array['Mathematics'], 'Europe/London' from generate_series(0, ${tutors - 1}::int) as j
    on conflict do nothing`);
  await db.execute(sql`
    insert into tutor_availability (organization_id, member_id, weekday, starts_at, ends_at)
    select ${organizationId}, 'bench-member-' || (10 * j + 1), d, time '15:00', time '21:00'
    from generate_series(0, ${tutors - 1}::int) as j, generate_series(1, 5) as d`);
}

/** What the query-scaling benchmark times (its KeyQuery, with every statement of a metric to EXPLAIN). */
export interface AnalyticsKeyQuery {
  name: string;
  kind: "report" | "list page";
  source: string;
  /** False for a figure: it opens its own transactions, as the API does. */
  inWorkspace: boolean;
  run(db: Queryable): Promise<unknown>;
  explain(db: Queryable): { sql: string; params: unknown[] };
  /** Every statement the metric runs, recorded from one run, to EXPLAIN each. */
  explainAll(db: Database): Promise<{ sql: string; params: unknown[] }[]>;
}

/** The statements `work` runs, recorded by a drizzle instance on the same pool with a logger. */
export async function recorded(db: Database, organizationId: string, work: (tx: Transaction) => Promise<unknown>) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const recording = drizzle(db.$client, { schema, logger: { logQuery: (text, params) => statements.push({ sql: text, params }) } }) as unknown as Database;
  await withWorkspace(recording, organizationId, work);
  // Only the reads: not the transaction's begin and commit, nor withWorkspace's set_config.
  return statements.filter((statement) => /^\s*(select|with)\b/i.test(statement.sql) && !/set_config/.test(statement.sql));
}

/**
 * Each metric's figure over the year before `now` and the year before that, and its first page
 * of rows over the year: the admin's for the admin's metrics, else the tutor's or the student's
 * (whose records the parent and the student read).
 */
export function analyticsKeyQueries(organizationId: string, now: Date, readers: { tutorMemberId: string; studentId: string }): AnalyticsKeyQuery[] {
  const day = (daysBefore: number) => new Date(now.getTime() - daysBefore * 86_400_000).toISOString().slice(0, 10);
  const scopeFor = (metric: Metric): MetricScope => {
    const area: AnalyticsArea = metric.areas.includes("admin") ? "admin" : metric.areas.includes("tutor") ? "tutor" : metric.areas[0]!;
    const base = { area, organizationId, subject: null, tutorMemberId: null, studentId: null };
    if (area === "tutor") return { ...base, tutorMemberId: readers.tutorMemberId };
    if (area === "parent" || area === "student") return { ...base, studentId: readers.studentId };
    return base;
  };
  const year = async (tx: Queryable) => {
    const period = await periodIn(tx, "Europe/London", day(365), day(1));
    return { period, previous: await previousPeriod(tx, period) };
  };
  return METRICS.flatMap((metric): AnalyticsKeyQuery[] => {
    const scope = scopeFor(metric);
    const whose = scope.area === "admin" ? "the workspace" : scope.area === "tutor" ? "a tutor" : "a student";
    const figure = async (tx: Queryable) => {
      const { period, previous } = await year(tx);
      await metric.figure(tx as Transaction, scope, period);
      await metric.figure(tx as Transaction, scope, previous);
    };
    // As the API answers a figure: the period settled, then the figure and its comparison at once, each in its own transaction.
    const answer = async (db: Queryable) => {
      const { period, previous } = await withWorkspace(db as Database, organizationId, year);
      await Promise.all([
        withWorkspace(db as Database, organizationId, (tx) => metric.figure(tx, scope, period)),
        withWorkspace(db as Database, organizationId, (tx) => metric.figure(tx, scope, previous)),
      ]);
    };
    const rows = async (tx: Queryable) => metric.rows(tx as Transaction, scope, (await year(tx)).period, { limit: ROWS_PAGE, offset: 0 });
    const none = () => ({ sql: "select 1", params: [] });
    return [
      {
        name: `analytics: ${metric.key}, a year and the year before (${whose})`,
        kind: "report",
        source: `metrics/${metric.key} figure for both years at once (GET /${scope.area}/analytics/${metric.key})`,
        inWorkspace: false,
        run: answer,
        explain: none,
        explainAll: (db) => recorded(db, organizationId, figure),
      },
      {
        name: `analytics: ${metric.key} rows, first page (${whose})`,
        kind: "list page",
        source: `metrics/${metric.key} rows (GET …/analytics/${metric.key}/rows)`,
        inWorkspace: true,
        run: rows,
        explain: none,
        explainAll: (db) => recorded(db, organizationId, rows),
      },
    ];
  });
}

/** The growth playbook's facts, as each visit of /admin/growthplaybook reads them (its checks are counts that stop early, and the 30 days of report completion). */
export function playbookKeyQuery(organizationId: string, now: Date): AnalyticsKeyQuery {
  const today = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
  const facts = (tx: Queryable) => readFacts(tx as Transaction, organizationId, today);
  return {
    name: "growth playbook: the facts of every step",
    kind: "report",
    source: "features/growth-playbook/facts.ts readFacts (GET /admin/growth-playbook)",
    inWorkspace: true,
    run: facts,
    explain: () => ({ sql: "select 1", params: [] }),
    explainAll: (db) => recorded(db, organizationId, facts),
  };
}
