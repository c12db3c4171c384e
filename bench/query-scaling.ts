/**
 * Query scaling: one workspace grown to 1k, 10k, 100k and 1M members (each with a user) and
 * audit entries in a throw-away PostgreSQL migrated like production; at each size the key
 * queries run several times and the median is kept. A query whose time grows about 10× per
 * 10× of data is linear: if an index would make it flat, that index is missing.
 */
import { and, asc, desc, eq, gte, ilike, like, lt, sql, type SQL } from "drizzle-orm";
import { createDatabase, migrateDatabase, type Database } from "../src/server/db/client.ts";
import { auditLog, member, organization, user } from "../src/server/db/schema.ts";
import { listPendingMembers, pendingMembersQuery } from "../src/server/features/approvals/service.ts";
import { countMembers, memberCountsQuery } from "../src/server/features/workspaces/service.ts";
import { startTestPostgres } from "../tests/test-postgres.ts";
import type { Benchmark, BenchmarkReport } from "./support/report.ts";
import { formatInt, median, ms, round } from "./support/stats.ts";

const SIZES = (process.env.BENCH_QUERY_SIZES ?? "1000,10000,100000,1000000").split(",").map(Number);
const RUNS = 7;
const ORGANIZATION_ID = "bench-workspace";
/** Every generated row is older than this; the newest are closest to it. */
const NOW = new Date("2026-11-21T00:00:00Z");
/** One row every 30 s going back from NOW: 1M rows span almost a year. */
const STEP_SECONDS = 30;

const FIRST_NAMES = ["Ada", "Ben", "Chloe", "Dev", "Elif", "Femi", "Grace", "Hugo", "Ines", "Jon", "Kemi", "Liam", "Mei", "Nia", "Omar", "Priya", "Quinn", "Rosa", "Sami", "Tariq"];
/** Audit actions with their share of the log; MEMBER_REJECTED (1%) is the one searched for. */
const ACTIONS: [string, number][] = [["SESSION_REPORTED", 40], ["USER_SIGNIN", 25], ["INVOICE_SENT", 15], ["MEMBER_APPROVED", 10], ["SETTINGS_CHANGED", 5], ["ROLE_SWITCH", 4], ["MEMBER_REJECTED", 1]];
const SEARCHED_ACTION = "MEMBER_REJECTED";
/** Emails are "m" + 10 hex digits: this prefix matches about 1 in 65,536. */
const EMAIL_PREFIX = "mab1";
/** Surnames are random letters a–p: this matches about 1 in 13,000 names. */
const NAME_TERM = "kplm";

async function generate(db: Database, from: number, to: number): Promise<void> {
  const at = (offset: string) => sql.raw(`(timestamptz '${NOW.toISOString()}' - make_interval(secs => (g * ${STEP_SECONDS})${offset}))`);
  const firstNames = sql.raw(`(array[${FIRST_NAMES.map((name) => `'${name}'`).join(",")}])[1 + g % ${FIRST_NAMES.length}]`);
  const surname = sql.raw(`initcap(translate(substr(md5('n' || g), 1, 9), '0123456789', 'ghijklmnop'))`);
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-user-' || g, ${firstNames} || ' ' || ${surname}, 'm' || substr(md5('e' || g), 1, 10) || '-' || g || '@example.com', true, ${at("")}, ${at("")}
    from generate_series(${from}::int, ${to}::int) as g`);
  // 5% pending, 2% suspended, the rest active: mostly students and parents, some tutors.
  await db.execute(sql`
    insert into member (id, organization_id, user_id, role, status, created_at)
    select 'bench-member-' || g, ${ORGANIZATION_ID}, 'bench-user-' || g,
           case when g % 20 = 0 then 'pending' when g % 10 in (1, 2) then 'tutor' when g % 10 < 7 then 'student' else 'parent' end,
           case when g % 20 = 0 then 'pending' when g % 50 = 1 then 'suspended' else 'active' end,
           ${at("")}
    from generate_series(${from}::int, ${to}::int) as g`);
  const total = ACTIONS.reduce((sum, [, share]) => sum + share, 0);
  let cumulative = 0;
  const actionCase = ACTIONS.map(([action, share]) => `when g % ${total} < ${(cumulative += share)} then '${action}'`).join(" ");
  await db.execute(sql`
    insert into audit_log (organization_id, user_id, actor_role, action, description, ip_address, created_at)
    select ${ORGANIZATION_ID}, 'bench-user-' || (1 + (g::bigint * 7919) % ${to}::int), 'admin', ${sql.raw(`case ${actionCase} end`)},
           'Benchmark entry ' || g, '10.0.' || (g % 256) || '.' || (g / 256 % 256), ${at(" + 7")}
    from generate_series(${from}::int, ${to}::int) as g`);
  await db.execute(sql`analyze "user"; analyze member; analyze audit_log`);
}

interface KeyQuery {
  name: string;
  kind: "list page" | "filtered search" | "dashboard count";
  /** The real service function, or the query's shape where the product has none yet. */
  source: string;
  /** An index added because this query read every row without it. */
  index?: string;
  run(db: Database): Promise<unknown>;
  /** The same query as SQL, for EXPLAIN (drizzle's toSQL of the same builder). */
  explain(db: Database): { sql: string; params: unknown[] };
}


const auditPage = (db: Database) => db.select().from(auditLog).where(eq(auditLog.organizationId, ORGANIZATION_ID)).orderBy(desc(auditLog.createdAt)).limit(50);
const auditSearch = (db: Database) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, ORGANIZATION_ID), eq(auditLog.action, SEARCHED_ACTION), gte(auditLog.createdAt, new Date(NOW.getTime() - 30 * 86_400_000)), lt(auditLog.createdAt, NOW)))
    .orderBy(desc(auditLog.createdAt))
    .limit(50);
const memberSearch = (db: Database, condition: SQL) =>
  db
    .select({ memberId: member.id, name: user.name, email: user.email, role: member.role, status: member.status })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, ORGANIZATION_ID), condition))
    .orderBy(asc(user.name))
    .limit(50);
const QUERIES: KeyQuery[] = [
  { name: "pending members, oldest first", kind: "list page", source: "listPendingMembers (approvals service; its page is 500)", index: "member_organization_status_created_idx (added)", run: (db) => listPendingMembers(db, ORGANIZATION_ID), explain: (db) => pendingMembersQuery(db, ORGANIZATION_ID).toSQL() },
  { name: "audit entries, newest first, 50", kind: "list page", source: "shape of the coming audit-log screen", run: (db) => auditPage(db), explain: (db) => auditPage(db).toSQL() },
  { name: `audit entries: ${SEARCHED_ACTION} in the last 30 days, 50`, kind: "filtered search", source: "shape of the audit-log filters", run: (db) => auditSearch(db), explain: (db) => auditSearch(db).toSQL() },
  { name: `members by email prefix '${EMAIL_PREFIX}', 50`, kind: "filtered search", source: "shape of a member search (no screen yet)", index: "user_email_pattern_idx (added)", run: (db) => memberSearch(db, like(user.email, `${EMAIL_PREFIX}%`)), explain: (db) => memberSearch(db, like(user.email, `${EMAIL_PREFIX}%`)).toSQL() },
  { name: `members by name ilike '%${NAME_TERM}%', 50`, kind: "filtered search", source: "shape of a member search (no screen yet)", index: "user_name_trgm_idx (added, pg_trgm)", run: (db) => memberSearch(db, ilike(user.name, `%${NAME_TERM}%`)), explain: (db) => memberSearch(db, ilike(user.name, `%${NAME_TERM}%`)).toSQL() },
  { name: "members by role and status", kind: "dashboard count", source: "countMembers (workspaces service): counts every member of the workspace, linear by nature", run: (db) => countMembers(db, ORGANIZATION_ID), explain: (db) => memberCountsQuery(db, ORGANIZATION_ID).toSQL() },
];

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  Plans?: PlanNode[];
}

/** The plan as a short line: its scan nodes, e.g. "Index Scan member_org_status_created_idx + Seq Scan user". */
async function planSummary(db: Database, query: { sql: string; params: unknown[] }): Promise<string> {
  const result = await db.$client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`explain (format json) ${query.sql}`, query.params);
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (/Scan/.test(node["Node Type"])) scans.push(`${node["Node Type"]} ${node["Index Name"] ?? node["Relation Name"] ?? ""}`.trim());
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(result.rows[0]!["QUERY PLAN"][0].Plan);
  return scans.join(" + ");
}

async function timeQuery(db: Database, query: KeyQuery): Promise<{ medianMs: number; runs: number[] }> {
  await query.run(db); // warm the cache and the plan
  const runs: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await query.run(db);
    runs.push(performance.now() - started);
  }
  return { medianMs: median(runs), runs: runs.map((value) => round(value, 2)) };
}

export interface QueryFigures {
  name: string;
  kind: KeyQuery["kind"];
  source: string;
  /** Median ms at each size, in SIZES order. */
  medianMs: number[];
  /** Growth of the median per 10× of data, between consecutive sizes. */
  growth: number[];
  /** Scan nodes of the plan at each size. */
  plans: string[];
}

async function run(): Promise<BenchmarkReport> {
  const postgres = await startTestPostgres();
  const db = createDatabase(postgres.url, { max: 2 });
  const generation: { rows: number; seconds: number }[] = [];
  const figures: QueryFigures[] = QUERIES.map((query) => ({ name: query.name, kind: query.kind, source: query.source, medianMs: [], growth: [], plans: [] }));
  try {
    await migrateDatabase(db);
    await db.insert(organization).values({ id: ORGANIZATION_ID, name: "Benchmark Tutoring", slug: "benchmark-tutoring", createdAt: NOW, joinCode: "BENCH123" });
    let rows = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await generate(db, rows + 1, size);
      rows = size;
      const seconds = (performance.now() - started) / 1000;
      generation.push({ rows: size, seconds: round(seconds, 1) });
      process.stdout.write(`  ${formatInt(size)} members, users and audit entries (generated in ${seconds.toFixed(1)} s)\n`);
      for (const [index, query] of QUERIES.entries()) {
        const { medianMs } = await timeQuery(db, query);
        figures[index]!.medianMs.push(medianMs);
        figures[index]!.plans.push(await planSummary(db, query.explain(db)));
      }
    }
  } finally {
    await db.$client.end();
    await postgres.destroy();
  }
  for (const row of figures) row.growth = row.medianMs.slice(1).map((value, index) => value / row.medianMs[index]!);

  const sizeLabel = (size: number) => (size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`);
  // Judged by the plan, not the clock: a sequential scan at the largest size reads every row.
  const linear = figures.filter((row) => /Seq Scan/.test(row.plans[row.plans.length - 1] ?? ""));
  return {
    tables: [
      {
        title: `Query scaling: median of ${RUNS} runs (ms) in one workspace of N members (each with a user) and N audit entries`,
        columns: ["query", "kind", ...SIZES.map(sizeLabel), ...SIZES.slice(1).map((size, index) => `×${sizeLabel(SIZES[index]!)}→${sizeLabel(size)}`)],
        rows: figures.map((row) => [row.name, row.kind, ...row.medianMs.map((value) => ms(value, 2)), ...row.growth.map((value) => `${value.toFixed(1)}×`)]),
        notes: [
          "Throw-away embedded PostgreSQL (tests/test-postgres.ts: fsync off, default memory settings) migrated with migrateDatabase; rows made with INSERT … SELECT generate_series, then ANALYZE. Timed through drizzle and node-postgres, as the app queries.",
          `Data: 5% of members pending, 2% suspended; one audit entry and one member every ${STEP_SECONDS} s going back from ${NOW.toISOString().slice(0, 10)}; ${SEARCHED_ACTION} is 1% of the log.`,
          `Generation: ${generation.map((step) => `${sizeLabel(step.rows)} in ${step.seconds} s`).join(", ")} (each step adds to the one before).`,
          "Growth per 10× of data: about 1× is flat (an index finds the page), about 10× is linear (every row is read). Below a millisecond the clock is noisy; the searches grow with their matches (more rows match at 1M).",
          ...figures.map((row, index) => `${row.name}: ${row.source}${QUERIES[index]!.index ? `; index ${QUERIES[index]!.index}` : ""}; plan at ${sizeLabel(SIZES[SIZES.length - 1]!)}: ${row.plans[row.plans.length - 1] || "–"}.`),
          linear.length ? `Reading every row at ${sizeLabel(SIZES[SIZES.length - 1]!)} (a sequential scan): ${linear.map((row) => row.name).join("; ")}.` : "No query reads every row: each is served by an index.",
        ],
      },
    ],
    data: { sizes: SIZES, runs: RUNS, generation, queries: figures.map((row) => ({ ...row, medianMs: row.medianMs.map((value) => round(value, 3)), growth: row.growth.map((value) => round(value, 2)) })) },
  };
}

export const queryScaling: Benchmark = { name: "query-scaling", title: "Query scaling", run };
