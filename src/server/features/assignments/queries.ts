import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Assignment } from "../../../shared/schemas/students.ts";
import { assignment, member, organization, student, user } from "../../db/schema.ts";
import type { Queryable } from "../../db/tenant.ts";

/**
 * The date of `now` (deps.clock) in the workspace's time zone, as a SQL date. An uncorrelated
 * subquery, so PostgreSQL evaluates it once per statement (an InitPlan), not once per row.
 */
export function workspaceToday(organizationId: string, now: Date): SQL {
  return sql`(${now.toISOString()}::timestamptz at time zone (select ${organization.timeZone} from ${organization} where ${organization.id} = ${organizationId}))::date`;
}

/** An assignment is "not ended" while it has no end date or ends on `now`'s date or later (workspace time). */
export function notEnded(organizationId: string, now: Date): SQL {
  return sql`(${assignment.endsOn} is null or ${assignment.endsOn} >= ${workspaceToday(organizationId, now)})`;
}

/**
 * Assignments as the API shows them (tutor and student names joined), newest start first.
 * `where` narrows them (to one student, a set of ids, …); the workspace condition is always
 * added, behind the row-level security of withWorkspace.
 */
export async function assignmentsWhere(tx: Queryable, organizationId: string, where: SQL | undefined, now: Date): Promise<Assignment[]> {
  const today = workspaceToday(organizationId, now);
  return tx
    .select({
      id: assignment.id,
      tutorMemberId: assignment.tutorMemberId,
      tutorName: user.name,
      studentId: assignment.studentId,
      studentName: student.name,
      subject: assignment.subject,
      rateOverrideMinor: assignment.rateOverrideMinor,
      payRateOverrideMinor: assignment.payRateOverrideMinor,
      startsOn: assignment.startsOn,
      endsOn: assignment.endsOn,
      current: sql<boolean>`(${assignment.startsOn} <= ${today} and (${assignment.endsOn} is null or ${assignment.endsOn} >= ${today}))`,
    })
    .from(assignment)
    .innerJoin(student, and(eq(student.organizationId, assignment.organizationId), eq(student.id, assignment.studentId)))
    .innerJoin(member, and(eq(member.organizationId, assignment.organizationId), eq(member.id, assignment.tutorMemberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(assignment.organizationId, organizationId), where))
    .orderBy(desc(assignment.startsOn), asc(assignment.id));
}

/** Today's date (YYYY-MM-DD) in the workspace's time zone. */
export async function todayIn(tx: Queryable, organizationId: string, now: Date): Promise<string> {
  const [row] = await tx
    .select({ today: sql<string>`(${workspaceToday(organizationId, now)})::text` })
    .from(organization)
    .where(eq(organization.id, organizationId));
  return row!.today;
}
