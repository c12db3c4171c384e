/**
 * Reading tutors: the admin list, one tutor's profile, and the look-up every tutor operation
 * starts with. A tutor is a member whose role is tutor and who is not pending; their
 * tutor_profile row exists only after a first save, so every read falls back to the defaults
 * (no subjects, no bio, no rates, active, the workspace's time zone).
 */
import { workspaceToday } from "../../core/workspace-time.ts";
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Assignment } from "../../../shared/schemas/students.ts";
import type { TutorDetail, TutorStatus, TutorSummary } from "../../../shared/schemas/tutors.ts";
import { assignment, member, organization, student, tutorAvailability, tutorProfile, user } from "../../db/schema.ts";
import type { Queryable } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";

/** Membership states in which a tutor is listed: pending people are in Approvals, not here. */
const LISTED_MEMBERSHIP = ["active", "suspended"];

export interface TutorListFilters {
  q?: string;
  status?: TutorStatus;
  page: number;
  pageSize: number;
}

export { workspaceToday };

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const isCurrent = (today: string) => sql`${assignment.startsOn} <= ${today}::date and (${assignment.endsOn} is null or ${assignment.endsOn} >= ${today}::date)`;

/** The columns of a tutor summary, profile defaults included. */
function summaryColumns(today: string) {
  return {
    memberId: member.id,
    userId: user.id,
    name: user.name,
    email: user.email,
    subjects: sql<string[]>`coalesce(${tutorProfile.subjects}, '{}'::text[])`,
    status: sql<TutorStatus>`coalesce(${tutorProfile.status}, 'active')`,
    membershipStatus: member.status,
    chargeRateMinor: tutorProfile.chargeRateMinor,
    // Students, not assignments: a student taught two subjects by one tutor counts once.
    currentStudentCount: sql<number>`(select count(distinct ${assignment.studentId})::int from ${assignment}
      where ${assignment.organizationId} = ${member.organizationId} and ${assignment.tutorMemberId} = ${member.id} and ${isCurrent(today)})`,
  };
}

function tutorConditions(organizationId: string, filters: Pick<TutorListFilters, "q" | "status">): SQL {
  const conditions: (SQL | undefined)[] = [eq(member.organizationId, organizationId), eq(member.role, "tutor"), inArray(member.status, LISTED_MEMBERSHIP)];
  if (filters.q) conditions.push(or(ilike(user.name, containsPattern(filters.q)), ilike(user.email, containsPattern(filters.q))));
  if (filters.status) conditions.push(sql`coalesce(${tutorProfile.status}, 'active') = ${filters.status}`);
  return and(...conditions)!;
}

const profileJoin = () => and(eq(tutorProfile.organizationId, member.organizationId), eq(tutorProfile.memberId, member.id));

/** One page of the tutor list, by name (also EXPLAINed by the query-scaling bench). */
export function tutorPageQuery(db: Queryable, organizationId: string, filters: TutorListFilters, today: string) {
  return db
    .select(summaryColumns(today))
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .leftJoin(tutorProfile, profileJoin())
    .where(tutorConditions(organizationId, filters))
    .orderBy(asc(user.name), asc(member.id))
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize);
}

export function tutorCountQuery(db: Queryable, organizationId: string, filters: Pick<TutorListFilters, "q" | "status">) {
  return db
    .select({ total: count() })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .leftJoin(tutorProfile, profileJoin())
    .where(tutorConditions(organizationId, filters));
}

export async function listTutors(db: Queryable, organizationId: string, filters: TutorListFilters, now: Date) {
  const today = await workspaceToday(db, organizationId, now);
  // One after the other: both run on the one connection of the caller's transaction.
  const items = await tutorPageQuery(db, organizationId, filters, today);
  const [counted] = await tutorCountQuery(db, organizationId, filters);
  return { items: items satisfies TutorSummary[], total: counted?.total ?? 0, page: filters.page, pageSize: filters.pageSize };
}

export interface TutorRef {
  memberId: string;
  userId: string;
  name: string;
  email: string;
  /** The zone a profile gets when it is first saved. */
  workspaceTimeZone: string;
}

/**
 * The tutor member `memberId` of this workspace, or 404: an unknown id, another workspace's
 * member, a pending one and a member of another role all answer alike, so that the answer
 * does not reveal who exists.
 */
export async function findTutor(db: Queryable, organizationId: string, memberId: string): Promise<TutorRef> {
  const [row] = await db
    .select({ memberId: member.id, userId: user.id, name: user.name, email: user.email, workspaceTimeZone: organization.timeZone })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId), eq(member.role, "tutor"), inArray(member.status, LISTED_MEMBERSHIP)));
  if (!row) throw notFound("The tutor");
  return row;
}

/** Times are stored as time (HH:MM:SS) and written as HH:MM. */
const hourMinute = (value: string) => value.slice(0, 5);

export async function tutorAvailabilitySlots(db: Queryable, organizationId: string, memberId: string) {
  const rows = await db
    .select({ weekday: tutorAvailability.weekday, startsAt: tutorAvailability.startsAt, endsAt: tutorAvailability.endsAt })
    .from(tutorAvailability)
    .where(and(eq(tutorAvailability.organizationId, organizationId), eq(tutorAvailability.memberId, memberId)))
    .orderBy(asc(tutorAvailability.weekday), asc(tutorAvailability.startsAt));
  return rows.map((row) => ({ weekday: row.weekday, startsAt: hourMinute(row.startsAt), endsAt: hourMinute(row.endsAt) }));
}

async function tutorAssignments(db: Queryable, organizationId: string, tutor: { memberId: string; name: string }, today: string): Promise<Assignment[]> {
  const current = sql<boolean>`(${isCurrent(today)})`;
  const rows = await db
    .select({
      id: assignment.id,
      studentId: assignment.studentId,
      // The anonymised row already says so; the erasure mark is the rule, not the text.
      studentName: sql<string>`case when ${student.erasedAt} is not null then 'Erased student' else ${student.name} end`,
      subject: assignment.subject,
      rateOverrideMinor: assignment.rateOverrideMinor,
      payRateOverrideMinor: assignment.payRateOverrideMinor,
      startsOn: assignment.startsOn,
      endsOn: assignment.endsOn,
      current,
    })
    .from(assignment)
    .innerJoin(student, and(eq(student.organizationId, assignment.organizationId), eq(student.id, assignment.studentId)))
    .where(and(eq(assignment.organizationId, organizationId), eq(assignment.tutorMemberId, tutor.memberId)))
    .orderBy(desc(current), desc(assignment.startsOn), asc(student.name));
  return rows.map((row) => ({ ...row, tutorMemberId: tutor.memberId, tutorName: tutor.name }));
}

/** A tutor's whole profile: summary, bio, rates, zone, weekly availability and assignments. */
export async function tutorDetail(db: Queryable, organizationId: string, memberId: string, now: Date): Promise<TutorDetail> {
  const today = await workspaceToday(db, organizationId, now);
  const [row] = await db
    .select({
      ...summaryColumns(today),
      bio: sql<string>`coalesce(${tutorProfile.bio}, '')`,
      payRateMinor: tutorProfile.payRateMinor,
      timeZone: sql<string>`coalesce(${tutorProfile.timeZone}, ${organization.timeZone})`,
    })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(tutorProfile, profileJoin())
    .where(and(tutorConditions(organizationId, {}), eq(member.id, memberId)));
  if (!row) throw notFound("The tutor");
  const availability = await tutorAvailabilitySlots(db, organizationId, memberId);
  const assignments = await tutorAssignments(db, organizationId, { memberId, name: row.name }, today);
  return { ...row, availability, assignments };
}
