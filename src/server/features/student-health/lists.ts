/**
 * Health lists: the workspace's active students by risk (admins), a tutor's caseload, and a
 * family's children. Each row is the student's stored card (never recomputed here) with its
 * trend: the score against the latest daily snapshot at least a week old, which the recompute
 * stores on the card.
 *
 * Who is listed is the students' own visibility (visibleStudents) as a SQL condition, so a
 * student outside it is simply not there. Students whose card is not computed yet (new since
 * last night's run) come after every scored one, by name, with their card fields null; a band
 * or rule filter leaves them out. The scored rows are read from student_health in the order
 * asked (its (organization_id, score desc, student_id) index gives the risk order), and the
 * unscored from student, so that neither page query sorts the whole workspace to order by risk.
 */
import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import {
  type CaseloadQuery,
  type FamilyHealthList,
  type HealthListItem,
  type HealthListPage,
  type HealthListQuery,
  type HealthListTrend,
} from "../../../shared/schemas/student-health.ts";
import type { Actor } from "../../core/audit.ts";
import { qualified } from "../../core/sql.ts";
import { keptStudentTotal } from "../../core/kept-counts.ts";
import { cappedTotal, type ListTotal } from "../../core/list-total.ts";
import type { Database } from "../../db/client.ts";
import { cardFiresRule, studentHealth } from "../../db/health-schema.ts";
import { assignment, student } from "../../db/schema.ts";
import { type Queryable, withWorkspace } from "../../db/tenant.ts";
import { notEnded } from "../assignments/index.ts";
import { studentSearch, tutorsOf, visibleStudents } from "../students/index.ts";

/** What a list is narrowed by: conditions on the student (who, search, tutor) and on the card (band, rule). */
export interface HealthListWhere {
  students: SQL;
  cards: SQL | undefined;
}

type Sort = Pick<HealthListQuery, "sort" | "direction">;

/** The conditions of a list query: the viewer's students through `area`, active ones only, then the filters. */
export function healthListWhere(
  viewerCondition: SQL,
  organizationId: string,
  query: Partial<Pick<HealthListQuery, "q" | "band" | "rule" | "tutorId">>,
  now: Date,
): HealthListWhere {
  const tutor = query.tutorId
    ? sql`exists (select 1 from ${assignment} where ${assignment.organizationId} = ${student.organizationId} and ${assignment.studentId} = ${student.id} and ${assignment.tutorMemberId} = ${query.tutorId} and ${notEnded(organizationId, now)})`
    : undefined;
  return {
    students: and(viewerCondition, eq(student.status, "active"), studentSearch(query.q, undefined), tutor)!,
    cards: and(
      query.band ? eq(studentHealth.band, query.band) : undefined,
      // jsonb containment: the card's reasons hold one of this rule (its partial index).
      query.rule ? cardFiresRule(query.rule) : undefined,
    ),
  };
}

const cardJoin = and(eq(student.organizationId, studentHealth.organizationId), eq(student.id, studentHealth.studentId));
const cardFields = {
  studentId: student.id,
  name: student.name,
  score: studentHealth.score,
  band: studentHealth.band,
  topReason: studentHealth.topReason,
  ruleVersion: studentHealth.ruleVersion,
  computedAt: studentHealth.computedAt,
  previousDay: studentHealth.weekOldDay,
  previousScore: studentHealth.weekOldScore,
};

/**
 * The order by name, or by score. Equal scores follow the student's id, not their name: the
 * order of the (organization_id, score desc nulls last, student_id) index, read forwards or
 * backwards (the nulls spelled out: a score is never null, but PostgreSQL matches an index's
 * order only as written), so that a page by risk reads its cards from the index instead of
 * sorting the workspace's.
 */
function orderBy({ sort, direction }: Sort, score: SQLWrapper, name: SQLWrapper, id: SQLWrapper) {
  if (sort === "name") return direction === "desc" ? [desc(name), desc(id)] : [asc(name), asc(id)];
  return direction === "asc" ? [sql`${score} asc nulls first`, desc(id)] : [sql`${score} desc nulls last`, asc(id)];
}

/** The week's change, the order of the student_health_change_{desc,asc}_idx indexes. */
const weekChange = sql`(${studentHealth.score} - ${studentHealth.weekOldScore})`;

/**
 * A page of the scored students matching `where`, in the order asked, each with its trend (the
 * snapshot a week old stored on the card). Every order reads an index of student_health: by
 * score (or a band's score), by name through the students', by the week's change through its
 * expression's (those without a week-old snapshot last). Exported for the query-scaling
 * benchmark, which EXPLAINs the list's own builder.
 */
export function healthPageQuery(tx: Queryable, organizationId: string, where: HealthListWhere, sort: Sort, limit: number, offset: number) {
  const matching = and(eq(studentHealth.organizationId, organizationId), where.students, where.cards);
  const order =
    sort.sort === "change"
      ? [sql`${weekChange} ${sql.raw(sort.direction === "asc" ? "asc" : "desc")} nulls last`, asc(studentHealth.studentId)]
      : orderBy(sort, studentHealth.score, student.name, studentHealth.studentId);
  return tx
    .select(cardFields)
    .from(studentHealth)
    .innerJoin(student, cardJoin)
    .where(matching)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** The students matching `where` without a card yet, by name: the list's tail. */
export function unscoredPageQuery(tx: Queryable, organizationId: string, where: HealthListWhere, limit: number, offset: number) {
  return tx
    .select({ studentId: student.id, name: student.name })
    .from(student)
    .where(
      and(
        eq(student.organizationId, organizationId),
        where.students,
        sql`not exists (select 1 from ${studentHealth} where ${studentHealth.organizationId} = ${qualified("student", "organization_id")} and ${studentHealth.studentId} = ${qualified("student", "id")})`,
      ),
    )
    .orderBy(asc(student.name), asc(student.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The students matching `where`, to be counted: without a card filter, scored or not, read on
 * student alone (a card is wide: joining every one would read them all); with one, the
 * matching cards.
 */
export function healthMatchingQuery(tx: Queryable, organizationId: string, where: HealthListWhere) {
  if (!where.cards)
    return tx
      .select({ id: student.id })
      .from(student)
      .where(and(eq(student.organizationId, organizationId), where.students));
  return tx
    .select({ id: student.id })
    .from(studentHealth)
    .innerJoin(student, cardJoin)
    .where(and(eq(studentHealth.organizationId, organizationId), where.students, where.cards));
}

/** How many of the students matching `where` have a card matching it (the last pages only: where the unscored tail starts). */
function scoredCountQuery(tx: Queryable, organizationId: string, where: HealthListWhere) {
  return tx
    .select({ total: count() })
    .from(studentHealth)
    .innerJoin(student, cardJoin)
    .where(and(eq(studentHealth.organizationId, organizationId), where.students, where.cards));
}

function trendOf(score: number | null, previousDay: string | null, previousScore: number | null): HealthListTrend | null {
  if (score === null || previousDay === null || previousScore === null) return null;
  const change = score - previousScore;
  return { since: previousDay, score: previousScore, change, direction: change > 0 ? "up" : change < 0 ? "down" : "flat" };
}

/**
 * The list's total. The admin's list without a filter is every active student of the
 * workspace: the count the database keeps (core/kept-counts.ts). A filtered list (a band, a
 * rule, a search, a tutor, a tutor's own caseload) is counted up to COUNTED_TOTAL_LIMIT, then
 * "more than" (core/list-total.ts): a band of a large workspace holds hundreds of thousands.
 */
export async function healthTotal(tx: Queryable, organizationId: string, where: HealthListWhere, isWholeWorkspace: boolean): Promise<ListTotal> {
  if (isWholeWorkspace) return { total: await keptStudentTotal(tx, organizationId, "active"), totalIsAtLeast: false };
  return cappedTotal(tx, healthMatchingQuery(tx, organizationId, where));
}

async function healthPage(
  tx: Queryable,
  organizationId: string,
  where: HealthListWhere,
  query: CaseloadQuery,
  now: Date,
  isWholeWorkspace = false,
): Promise<HealthListPage> {
  const { page, pageSize } = query;
  const offset = (page - 1) * pageSize;
  const { total, totalIsAtLeast } = await healthTotal(tx, organizationId, where, isWholeWorkspace);
  // Past a counted total's limit, whether a page has rows is known only by reading it.
  const mayHaveMore = (position: number) => totalIsAtLeast || position < total;
  const rows = mayHaveMore(offset) ? await healthPageQuery(tx, organizationId, where, query, pageSize, offset) : [];
  let unscored: Awaited<ReturnType<typeof unscoredPageQuery>> = [];
  if (!where.cards && rows.length < pageSize && mayHaveMore(offset + rows.length)) {
    // The page reaches past the scored students: the unscored follow from where those end (a
    // short page says where; a page wholly past them counts them, the last pages only).
    const scored = rows.length > 0 ? offset + rows.length : ((await scoredCountQuery(tx, organizationId, where))[0]?.total ?? 0);
    unscored = await unscoredPageQuery(tx, organizationId, where, pageSize - rows.length, offset + rows.length - scored);
  }
  const ids = [...rows.map((row) => row.studentId), ...unscored.map((row) => row.studentId)];
  const tutors = await tutorsOf(tx, organizationId, ids, now);
  const items: HealthListItem[] = [
    ...rows.map(({ previousDay, previousScore, computedAt, ...row }) => ({
      ...row,
      computedAt: computedAt.toISOString(),
      tutors: tutors.get(row.studentId) ?? [],
      trend: trendOf(row.score, previousDay, previousScore),
    })),
    ...unscored.map((row) => ({
      ...row,
      score: null,
      band: null,
      topReason: null,
      ruleVersion: null,
      computedAt: null,
      tutors: tutors.get(row.studentId) ?? [],
      trend: null,
    })),
  ];
  return { items, total, totalIsAtLeast, page, pageSize };
}

/** GET /admin/health/students and /tutor/health/students: the viewer's active students by risk, a page at a time. */
export async function listStudentHealth(
  db: Database,
  actor: Actor,
  area: Extract<Area, "admin" | "tutor">,
  query: HealthListQuery,
  now: Date,
): Promise<HealthListPage> {
  const organizationId = actor.viewer.organizationId;
  const isWholeWorkspace = area === "admin" && !query.q && !query.band && !query.rule && !query.tutorId;
  return withWorkspace(db, organizationId, (tx) =>
    healthPage(tx, organizationId, healthListWhere(visibleStudents(actor.viewer, area, now), organizationId, query, now), query, now, isWholeWorkspace),
  );
}

/**
 * The family's top reason: the first of the reasons families may read (they are stored
 * highest points first). Read in SQL, so that a staff-only reason never leaves the database.
 */
const familyTopReason = sql<
  string | null
>`(select r.value ->> 'reason' from jsonb_array_elements(${studentHealth.reasons}) with ordinality as r (value, position)
  where (r.value ->> 'familyVisible')::boolean order by r.position limit 1)`;

/** The family's list, by name (a family has a few children: no paging). Exported for the benchmark. */
export function familyHealthQuery(tx: Queryable, organizationId: string, viewerCondition: SQL) {
  return tx
    .select({
      studentId: student.id,
      name: student.name,
      score: studentHealth.familyScore,
      band: studentHealth.familyBand,
      topReason: familyTopReason,
      ruleVersion: studentHealth.ruleVersion,
      computedAt: studentHealth.computedAt,
      previousDay: studentHealth.weekOldDay,
      previousScore: studentHealth.weekOldFamilyScore,
    })
    .from(student)
    .leftJoin(studentHealth, cardJoin)
    .where(and(eq(student.organizationId, organizationId), viewerCondition, eq(student.status, "active")))
    .orderBy(asc(student.name), asc(student.id));
}

/** GET /parent/health/students: the guardian's children with the score of the rules families see. */
export async function listFamilyHealth(db: Database, actor: Actor, now: Date): Promise<FamilyHealthList> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const rows = await familyHealthQuery(tx, organizationId, visibleStudents(actor.viewer, "parent", now));
    return {
      items: rows.map(({ previousDay, previousScore, computedAt, ...row }) => ({
        ...row,
        computedAt: computedAt?.toISOString() ?? null,
        trend: trendOf(row.score, previousDay, previousScore),
      })),
    };
  });
}
