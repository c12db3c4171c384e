/**
 * The library (resources and handbooks) for the query-scaling benchmark, and its key queries.
 *
 * Rows: min(N / 250, RESOURCE_CAP) resources at size N (4,000 at 1M), resource k in category
 * k mod 12 with a title, a description and two tags; 1 in 4 a link, the others a PDF or a text
 * file whose versions carry extracted text of 250 to 450 words drawn from a vocabulary with
 * Zipf's law (so "homework" is in nearly every file, and "mitochondria" in 1 file in 199).
 * Each has 1 to 3 versions; its search document is made as refreshSearchDocument makes it.
 * One in three belongs to one of the 100 session tutors (member 10·j + 1) and is shared with 2
 * to 6 students (and with student 7, whose guardian is member 77, for 1 in 20 of them); the
 * others are the workspace's, for tutors, parents or students.
 *
 * Five workspace policies ask for acknowledgement (made with the first step): the cancellation
 * policy for parents (version 2, named by billing's settings), safeguarding for tutors and
 * parents, the tutors' code of conduct (version 3), photo consent for parents and students, a
 * new privacy notice for parents. Every generated parent and tutor acknowledges some of them as
 * hashed shares say: 7 parents in 10 the cancellation policy's current version (and 1 in 10
 * only its first), 85% safeguarding, 40% photo consent, 5% the privacy notice: 750k rows at
 * 1M members (2.5 a parent), and with the tutors' (safeguarding, the code's versions) and the
 * students' (photo consent) 1.4M rows in all; the cancellation policy's are 360k of them.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Viewer } from "../src/server/core/context.ts";
import type { Database } from "../src/server/db/client.ts";
import { resource } from "../src/server/db/resources-schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../src/server/db/tenant.ts";
import { awaitingTitlesQuery } from "../src/server/features/resources/acknowledgements.ts";
import { REMINDER_BATCH_SIZE } from "../src/server/features/resources/acknowledgements.ts";
import { acknowledgementCounts, awaitingUsers, listAcknowledgements } from "../src/server/features/resources/audience.ts";
import { readResourceList } from "../src/server/features/resources/read.ts";
import { INDEXED_TEXT_CHARACTERS } from "../src/server/features/resources/search.ts";
import type { ResourceRow } from "../src/server/features/resources/shape.ts";
import type { Area } from "../src/shared/roles.ts";
import { recorded } from "./analytics-data.ts";

/** The largest library generated: a big tutoring business's few thousand documents. */
export const RESOURCE_CAP = Number(process.env.BENCH_RESOURCE_CAP ?? 4000);
const resourcesAt = (members: number) => Math.min(Math.floor(members / 250), RESOURCE_CAP);

const CATEGORIES: [category: string, noun: string][] = [
  ["Policies", "policy"],
  ["Handbooks", "handbook"],
  ["Worksheets", "worksheet"],
  ["Past papers", "past paper"],
  ["Revision guides", "revision guide"],
  ["Reading lists", "reading list"],
  ["Exam technique", "exam technique guide"],
  ["Study skills", "study skills sheet"],
  ["Forms", "form"],
  ["Timetables", "timetable"],
  ["Parent guides", "guide for parents"],
  ["Tutor training", "training notes"],
];
const SUBJECTS = ["Algebra", "Geometry", "Trigonometry", "Calculus", "Statistics", "Chemistry", "Biology", "Physics", "English literature"];
const MORE_SUBJECTS = ["Essay writing", "Grammar", "French", "Spanish", "History", "Geography"];
const TAGS = ["gcse", "a-level", "ks3", "ks2", "homework", "revision", "exam", "year 7", "year 9", "year 11", "foundation", "higher", "practice", "answers"];
/**
 * The words of the files' text, most frequent first: word j is drawn with a probability of
 * about 1 / (j · ln 201) (Zipf). The English configuration drops the stop words at the head,
 * as it would in a real document.
 */
const VOCABULARY = [
  ...["the", "and", "of", "to", "a", "in", "is", "for", "your", "on", "with", "homework", "student", "each", "question"],
  ...["answer", "lesson", "practice", "session", "work", "exam", "marks", "time", "tutor", "notes", "write", "example", "method"],
  ...["check", "revision", "topic", "read", "paper", "grade", "parent", "understand", "explain", "solve", "equation", "number"],
  ...["week", "plan", "progress", "score", "term", "school", "skills", "word", "text", "chapter", "diagram", "graph", "value"],
  ...["formula", "essay", "paragraph", "evidence", "argument", "quote", "source", "date", "map", "experiment", "result"],
  ...["reaction", "energy", "force", "cell", "atom", "element", "compound", "fraction", "percentage", "ratio", "angle"],
  ...["triangle", "circle", "area", "volume", "probability", "mean", "median", "range", "vocabulary", "verb", "tense"],
  ...["sentence", "spelling", "punctuation", "poem", "novel", "character", "theme", "context", "analysis", "summary"],
  ...["feedback", "target", "mistake", "correction", "attempt", "hint", "worked", "solution", "step", "order", "list"],
  ...["table", "column", "unit", "measure", "estimate", "calculate", "simplify", "expand", "factorise", "substitute"],
  ...["rearrange", "prove", "derive", "compare", "contrast", "describe", "evaluate", "justify", "interpret", "predict"],
  ...["observe", "record", "conclusion", "hypothesis", "variable", "control", "sample", "survey", "population", "climate"],
  ...["river", "coast", "settlement", "empire", "revolution", "treaty", "monarch", "parliament", "reform", "industry"],
  ...["migration", "photosynthesis", "respiration", "enzyme", "genetics", "inheritance", "evolution", "ecosystem"],
  ...["electricity", "circuit", "magnet", "wave", "radiation", "momentum", "acceleration", "velocity", "density"],
  ...["pressure", "temperature", "molecule", "bond", "acid", "alkali", "salt", "metal", "oxidation", "electrolysis"],
  ...["polymer", "crude", "fuel", "atmosphere", "quadratic", "simultaneous", "inequality", "sequence", "vector"],
  ...["matrix", "integral", "derivative", "logarithm", "exponential", "binomial", "histogram", "scatter", "correlation"],
  ...["subjunctive", "conjugation", "pronoun", "adjective", "adverb", "listening", "speaking", "translation", "dialogue"],
];
/** The rare word searched for: in the text of 1 file in 199, nowhere else. */
export const RARE_WORD = "mitochondria";
/** The common word searched for: near the head of the vocabulary, and a tag. */
export const COMMON_WORD = "homework";

const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]`;
/** A number in [0, 1) from the md5 of the text expression `seed`. */
const unit = (seed: string) => `(('x' || substr(md5(${seed}), 1, 8))::bit(32)::bigint / 4294967296.0)`;
/** Text of `words` words drawn from the vocabulary, seeded by `seed` (a text expression). */
const wordsSql = (seed: string, words: string) =>
  `(select string_agg((${sqlArray(VOCABULARY)})[floor(power(${VOCABULARY.length + 1}, ${unit(`${seed} || '/' || i`)}))::int], ' ') from generate_series(1, ${words}) as i)`;

/** Resource k's id, and policy p's. */
export const resourceIdSql = (k: string) => `md5('bench-resource-' || ${k})::uuid`;
const policyIdSql = (p: string) => `md5('bench-policy-' || ${p})::uuid`;
/** md5('bench-policy-1')::uuid, as PostgreSQL makes it: the cancellation policy. */
export const CANCELLATION_POLICY_SQL = policyIdSql("1");

/** The policies: title, audience, current version; each version made 250 days after the one before, the first 700 days before now. */
const POLICIES: { title: string; audience: string[]; current: number; description: string }[] = [
  { title: "Cancellation policy", audience: ["parent"], current: 2, description: "How much notice a cancellation needs, and what a late one costs." },
  { title: "Safeguarding policy", audience: ["tutor", "parent"], current: 1, description: "How we keep students safe, and whom to tell about a concern." },
  { title: "Tutor code of conduct", audience: ["tutor"], current: 3, description: "What we expect of every tutor in and around sessions." },
  { title: "Photo and recording consent", audience: ["parent", "student"], current: 1, description: "When sessions are recorded and who may watch them." },
  { title: "Privacy notice", audience: ["parent"], current: 1, description: "What we keep about your family, why, and for how long." },
];
/** Member g's role, as query-scaling makes members: parents g ≡ 7–9, tutors g ≡ 1–2 (mod 10), students the rest but the pending. */
const IS_PARENT = "g % 10 in (7, 8, 9)";
const IS_TUTOR = "g % 10 in (1, 2)";
const IS_STUDENT = "g % 10 in (0, 3, 4, 5, 6) and g % 20 <> 0";
/** Who acknowledged which version of policy p: h is a hashed bucket 0–99 of member g for policy p (of g / 10, so that it does not follow the role, g mod 10). */
const ACKNOWLEDGED: { policy: number; version: number; who: string }[] = [
  { policy: 1, version: 2, who: `${IS_PARENT} and h < 70` },
  { policy: 1, version: 1, who: `${IS_PARENT} and (h < 40 or h between 70 and 79)` },
  { policy: 2, version: 1, who: `((${IS_PARENT}) and h < 85) or ((${IS_TUTOR}) and h < 90)` },
  { policy: 3, version: 3, who: `${IS_TUTOR} and h < 60` },
  { policy: 3, version: 2, who: `${IS_TUTOR} and h < 80` },
  { policy: 3, version: 1, who: `${IS_TUTOR} and h < 50` },
  { policy: 4, version: 1, who: `((${IS_PARENT}) and h < 40) or ((${IS_STUDENT}) and h < 20)` },
  { policy: 5, version: 1, who: `${IS_PARENT} and h < 5` },
];
const POLICY_AGE_DAYS = 700;
const VERSION_EVERY_DAYS = 250;

/**
 * The library's rows for members `from`..`to` (resources in proportion, acknowledgements by
 * those members), over the `students` generated so far (shares).
 */
export async function generateLibrary(db: Database, organizationId: string, now: Date, from: number, to: number, students: number): Promise<void> {
  const at = (expression: string) => sql.raw(`(timestamptz '${now.toISOString()}' - ${expression})`);
  if (from === 1) await generatePolicies(db, organizationId, now);
  const first = resourcesAt(from - 1) + 1;
  const last = resourcesAt(to);
  if (first <= last) {
    const category = (column: number) => sql.raw(`((${sqlArray(CATEGORIES.map((entry) => entry[column]!))})[1 + k % ${CATEGORIES.length}])`);
    const subject = sql.raw(`((${sqlArray([...SUBJECTS, ...MORE_SUBJECTS])})[1 + (k / ${CATEGORIES.length}) % ${SUBJECTS.length + MORE_SUBJECTS.length}])`);
    const tag = (offset: number) => `(${sqlArray(TAGS)})[1 + (k * ${offset} + ${offset}) % ${TAGS.length}]`;
    const owned = "k % 3 = 0";
    const ownerMember = `'bench-member-' || (10 * ((k / 3) % 100) + 1)`;
    const audience = `case k % 7 when 0 then array['tutor'] when 1 then array['parent'] when 2 then array['student'] when 3 then array['parent', 'student'] when 4 then array['tutor', 'parent'] when 5 then array['student'] else array['parent'] end`;
    const versions = "(1 + (k / 3) % 3)";
    const created = at(`make_interval(hours => (k * 7) % 17000 + ${24 * 60 * 3})`);
    await db.execute(sql`
      insert into resource (organization_id, id, kind, title, description, category, tags, audience, owner_member_id, requires_acknowledgement,
                            current_version, created_by_user_id, created_at, updated_at)
      select ${organizationId}, ${sql.raw(resourceIdSql("k"))}, case when k % 4 = 1 then 'link' else 'file' end, ${subject} || ' ' || ${category(1)} || ' ' || (1 + k / 97),
             'A ' || ${category(1)} || ' on ' || lower(${subject}) || ' for ' || (array['Year 7', 'Year 9', 'Year 11', 'Year 13'])[1 + k % 4] || ' students, with worked examples and answers.',
             ${category(0)}, ${sql.raw(`array[${tag(1)}, ${tag(5)}]`)},
             case when ${sql.raw(owned)} then '{}'::text[] else ${sql.raw(audience)} end,
             case when ${sql.raw(owned)} then ${sql.raw(ownerMember)} end, false, ${sql.raw(versions)},
             case when ${sql.raw(owned)} then replace(${sql.raw(ownerMember)}, 'member', 'user') else 'bench-user-3' end,
             ${created}, ${created} + make_interval(days => 30 * (${sql.raw(versions)} - 1))
      from generate_series(${first}::int, ${last}::int) as k`);
    // Links (1 in 4) have an address and no text; files a PDF or text file with its words.
    const words = `250 + (k * 31 + v * 17) % 200`;
    await db.execute(sql`
      insert into resource_version (organization_id, resource_id, version, url, storage_key, file_name, content_type, size_bytes, note, text_state,
                                    extracted_text, created_by_user_id, created_at)
      select r.organization_id, r.id, v,
             case when k % 4 = 1 then 'https://example.com/library/' || k || '/v' || v end,
             case when k % 4 <> 1 then 'resources/bench/' || k || '/' || v end,
             case when k % 4 <> 1 then 'resource-' || k || case when k % 5 = 0 then '.txt' else '.pdf' end end,
             case when k % 4 <> 1 then case when k % 5 = 0 then 'text/plain' else 'application/pdf' end end,
             case when k % 4 <> 1 then 20000 + (k * 7919) % 2000000 end,
             case when v > 1 then 'Updated for this term' else '' end,
             case when k % 4 = 1 then 'none' else 'extracted' end,
             case when k % 4 <> 1 then ${sql.raw(wordsSql("k || '/' || v", words))} || case when k % 199 = 5 then ' Mitochondria are the powerhouse of the cell.' else '' end end,
             r.created_by_user_id, r.created_at + make_interval(days => 30 * (v - 1))
      from generate_series(${first}::int, ${last}::int) as k
      join resource as r on r.organization_id = ${organizationId} and r.id = ${sql.raw(resourceIdSql("k"))}
      cross join lateral generate_series(1, r.current_version) as v`);
    await refreshSearchDocuments(
      db,
      organizationId,
      sql`r.id in (select ${sql.raw(resourceIdSql("k"))} from generate_series(${first}::int, ${last}::int) as k)`,
    );
    // A tutor's resource: shared with 2–6 of the students, and 1 in 20 with student 7 (guardian: member 77).
    await db.execute(sql`
      insert into resource_share (organization_id, resource_id, student_id, created_at)
      select ${organizationId}, ${sql.raw(resourceIdSql("k"))}, md5('s' || s)::uuid, ${created}
      from generate_series(${first}::int, ${last}::int) as k,
           lateral (select 1 + (k::bigint * 7919 + i * 104729) % ${students} as s from generate_series(0, 1 + k % 5) as i
                    union select 7 where k % 60 = 0) as shared
      where ${sql.raw(owned)}
      on conflict do nothing`);
  }
  // The members of this step acknowledge the policies (their name as their user's).
  await db.execute(sql`
    insert into resource_acknowledgement (organization_id, resource_id, version, user_id, name, acknowledged_at)
    select ${organizationId}, ${sql.raw(policyIdSql("a.policy"))}, a.version, u.id, u.name,
           ${at(`make_interval(days => ${POLICY_AGE_DAYS} - ${VERSION_EVERY_DAYS} * (a.version - 1)) + make_interval(hours => (g * 37 + a.policy * 11) % 4000)`)}
    from generate_series(${from}::int, ${to}::int) as g
    join "user" as u on u.id = 'bench-user-' || g
    cross join (values ${sql.raw(ACKNOWLEDGED.map((entry) => `(${entry.policy}, ${entry.version})`).join(", "))}) as a(policy, version)
    cross join lateral (select ((g / 10)::bigint * 7919 + a.policy * 104729) % 100 as h) as bucket
    where case ${sql.raw(ACKNOWLEDGED.map((entry) => `when a.policy = ${entry.policy} and a.version = ${entry.version} then ${entry.who}`).join(" "))} else false end`);
}

/** The search document of the resources `which` selects (alias r), as refreshSearchDocument (features/resources/search.ts) makes it. */
async function refreshSearchDocuments(db: Database, organizationId: string, which: ReturnType<typeof sql>): Promise<void> {
  await db.execute(sql`
    update resource r set search_document =
      setweight(to_tsvector('english', r.title), 'A') ||
      setweight(to_tsvector('english', r.description || ' ' || r.category || ' ' || array_to_string(r.tags, ' ')), 'B') ||
      setweight(to_tsvector('english', left(coalesce(v.extracted_text, ''), ${INDEXED_TEXT_CHARACTERS})), 'C')
    from resource_version v
    where r.organization_id = ${organizationId} and ${which}
      and v.organization_id = r.organization_id and v.resource_id = r.id and v.version = r.current_version`);
}

/** The five policies with their versions, and billing's settings naming the cancellation policy's document. */
async function generatePolicies(db: Database, organizationId: string, now: Date): Promise<void> {
  const created = (version: string) =>
    sql.raw(`(timestamptz '${now.toISOString()}' - make_interval(days => ${POLICY_AGE_DAYS} - ${VERSION_EVERY_DAYS} * (${version} - 1)))`);
  await db.execute(sql`
    insert into resource (organization_id, id, kind, title, description, category, tags, audience, requires_acknowledgement, current_version,
                          created_by_user_id, created_at, updated_at)
    select ${organizationId}, ${sql.raw(policyIdSql("p"))}, 'file', p.title, p.description, 'Policies', array['policy'], p.audience, true, p.current,
           'bench-user-3', ${created("1")}, ${created("p.current")}
    from jsonb_to_recordset(${JSON.stringify(POLICIES.map((policy, index) => ({ ...policy, p: index + 1 })))}::jsonb)
         as p(p int, title text, description text, audience text[], current int)`);
  await db.execute(sql`
    insert into resource_version (organization_id, resource_id, version, storage_key, file_name, content_type, size_bytes, note, text_state,
                                  extracted_text, created_by_user_id, created_at)
    select r.organization_id, r.id, v, 'resources/bench/policy-' || r.title || '/' || v, lower(replace(r.title, ' ', '-')) || '.pdf', 'application/pdf', 120000,
           case when v > 1 then 'Revised for the new school year' else '' end, 'extracted',
           r.title || '. ' || r.description || ' ' || ${sql.raw(wordsSql("r.title || '/' || v", "600"))}, 'bench-user-3', ${created("v")}
    from resource as r cross join lateral generate_series(1, r.current_version) as v
    where r.organization_id = ${organizationId} and r.requires_acknowledgement`);
  await refreshSearchDocuments(db, organizationId, sql`r.requires_acknowledgement`);
  await db.execute(sql`
    insert into billing_settings (organization_id, cancellation_policy_resource_id) values (${organizationId}, ${sql.raw(CANCELLATION_POLICY_SQL)})
    on conflict (organization_id) do update set cancellation_policy_resource_id = excluded.cancellation_policy_resource_id`);
}

/** What the query-scaling benchmark times (its KeyQuery, with every statement recorded to EXPLAIN). */
export interface LibraryKeyQuery {
  name: string;
  kind: "list page" | "filtered search" | "count" | "report";
  source: string;
  index?: string;
  technique?: string;
  inWorkspace: true;
  prepare?(db: Database): Promise<void>;
  run(db: Queryable): Promise<unknown>;
  explain(db: Queryable): { sql: string; params: unknown[] };
  explainAll(db: Database): Promise<{ sql: string; params: unknown[] }[]>;
}

/** The screens' page sizes (web/features/resources: RESOURCES_PAGE_SIZE, the acknowledgements panel's 20). */
const PAGE_SIZE = 20;
/** The readers: an admin, tutor 71 (a session tutor owning 1 in 300 resources), parent 77 (student 7's guardian) and student 7. */
export const LIBRARY_READERS = {
  admin: { memberId: "bench-member-3", userId: "bench-user-3" },
  tutor: { memberId: "bench-member-71", userId: "bench-user-71" },
  parent: { memberId: "bench-member-77", userId: "bench-user-77" },
  student: { memberId: "bench-member-7", userId: "bench-user-7" },
} as const;

/**
 * The library's reads as the app runs them (inside the workspace's transaction): each area's
 * first page (readResourceList: the page, its total, the categories and what awaits the
 * viewer), the search, and the acknowledgements of the cancellation policy: its counts (the
 * resource's page), who acknowledged and who awaits (the panel), and the reminder's reads.
 */
export function libraryKeyQueries(organizationId: string): LibraryKeyQuery[] {
  const viewer = (area: Area) =>
    ({
      organizationId,
      membership: { id: LIBRARY_READERS[area as keyof typeof LIBRARY_READERS].memberId, role: area, status: "active" },
      user: { id: LIBRARY_READERS[area as keyof typeof LIBRARY_READERS].userId },
      role: area,
    }) as unknown as Viewer;
  const none = () => ({ sql: "select 1", params: [] });
  const timed = (work: (tx: Transaction) => Promise<unknown>) => ({
    inWorkspace: true as const,
    run: (db: Queryable) => work(db as Transaction),
    explain: none,
    explainAll: (db: Database) => recorded(db, organizationId, work),
  });
  const list = (area: Area, q?: string) => timed((tx) => readResourceList(tx, viewer(area), area, { page: 1, pageSize: PAGE_SIZE, q }));
  // The policy's row, read once per size as the services read it first (findVisibleResource).
  let policy: ResourceRow | undefined;
  const prepare = async (db: Database) => {
    const [row] = await withWorkspace(db, organizationId, (tx) =>
      tx
        .select()
        .from(resource)
        .where(and(eq(resource.organizationId, organizationId), sql`${resource.id} = ${sql.raw(CANCELLATION_POLICY_SQL)}`)),
    );
    policy = row;
  };
  const ofPolicy = (work: (tx: Transaction, row: ResourceRow) => Promise<unknown>) => ({ prepare, ...timed((tx) => work(tx, policy!)) });
  return [
    {
      name: "library: an admin's first page",
      kind: "list page",
      source: `readResourceList as GET /admin/resources (page of ${PAGE_SIZE} by category and title, the total, the categories)`,
      index: "resource_category_title_idx",
      ...list("admin"),
    },
    {
      name: "library: a tutor's first page",
      kind: "list page",
      source: "readResourceList as GET /tutor/resources (the tutors' and their own; what awaits them)",
      ...list("tutor"),
    },
    {
      name: "library: a parent's first page",
      kind: "list page",
      source: "readResourceList as GET /parent/resources (the parents' and those shared with their children; what awaits them)",
      ...list("parent"),
    },
    {
      name: "library: a student's first page",
      kind: "list page",
      source: "readResourceList as GET /student/resources (the students' and those shared with them; what awaits them)",
      ...list("student"),
    },
    {
      name: `library: search a common word ("${COMMON_WORD}")`,
      kind: "filtered search",
      source: "readResourceList with q as an admin (websearch_to_tsquery, ranked by ts_rank, the page's excerpts by ts_headline)",
      ...list("admin", COMMON_WORD),
    },
    {
      name: `library: search a rare word ("${RARE_WORD}")`,
      kind: "filtered search",
      source: "readResourceList with q as an admin (resource_search_idx is not used inside the workspace: @@ is not leakproof)",
      ...list("admin", RARE_WORD),
    },
    {
      name: `library: a parent's search ("${COMMON_WORD}")`,
      kind: "filtered search",
      source: "readResourceList with q as a parent",
      ...list("parent", COMMON_WORD),
    },
    {
      name: "library: a policy's acknowledgement counts",
      kind: "count",
      source: "acknowledgementCounts of the cancellation policy (GET /admin/resources/:id: its people, acknowledged, awaiting)",
      technique: "counters kept in the writing transaction (member_count for the audience, acknowledgement_count for who acknowledged: migration 0042)",
      ...ofPolicy((tx, row) => acknowledgementCounts(tx, row)),
    },
    {
      name: "library: who acknowledged a policy, first page and counts",
      kind: "list page",
      source: `listAcknowledgements of the cancellation policy, state all (page of ${PAGE_SIZE} by name, the total, the counts)`,
      index: "member_organization_status_sort_name_idx (migration 0041), the kept counts",
      ...ofPolicy((tx, row) => listAcknowledgements(tx, row, { page: 1, pageSize: PAGE_SIZE, state: "all" })),
    },
    {
      name: "library: who awaits a policy, first page and counts",
      kind: "list page",
      source: "listAcknowledgements of the cancellation policy, state awaiting",
      ...ofPolicy((tx, row) => listAcknowledgements(tx, row, { page: 1, pageSize: PAGE_SIZE, state: "awaiting" })),
    },
    {
      name: "library: awaiting users of a policy (the reminder's read)",
      kind: "report",
      source: "awaitingUsers of the cancellation policy, a first batch of the reminder job (POST …/remind counts them; the job mails each)",
      ...ofPolicy((tx, row) => awaitingUsers(tx, row, { limit: REMINDER_BATCH_SIZE })),
    },
    {
      name: "library: the reminder job, one person's awaiting titles",
      kind: "list page",
      source: "awaitingTitlesQuery for parent 77 (sendReminders runs it for each awaiting person)",
      ...timed((tx) => awaitingTitlesQuery(tx, organizationId, LIBRARY_READERS.parent.userId)),
    },
  ];
}
