/**
 * Who may see which session. Every session read and write goes through one of these conditions:
 *
 * - admin:   every session of the workspace;
 * - tutor:   the sessions the tutor teaches (their own membership);
 * - parent:  sessions attended by a student the parent is a guardian of;
 * - student: sessions attended by the student record linked to the viewer's own user.
 *
 * Parents and students see only their own children / themselves among a group's students.
 * A session outside the condition is answered 404: the viewer must not learn that it exists.
 * Writing (scheduling, moving, cancelling) is for admins and the session's tutor; a tutor
 * schedules only students with a current assignment to them (service.ts).
 */
import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import type { Viewer } from "../../core/context.ts";
import { sessionStudent, student, studentGuardian, tutoringSession } from "../../db/schema.ts";
import { qualified } from "../../core/sql.ts";
import type { Area } from "../../../shared/roles.ts";

const NOTHING = sql`false`;

/** The condition on `student` rows (joined through session_student) the viewer is shown among a session's students. */
export function shownStudents(viewer: Viewer, area: Area): SQL | undefined {
  const memberId = viewer.membership?.id;
  switch (area) {
    case "admin":
    case "tutor":
      return undefined;
    case "parent":
      return memberId
        ? sql`exists (select 1 from ${studentGuardian} where ${qualified("student_guardian", "organization_id")} = ${qualified("student", "organization_id")} and ${qualified("student_guardian", "student_id")} = ${qualified("student", "id")} and ${qualified("student_guardian", "member_id")} = ${memberId})`
        : NOTHING;
    case "student":
      return sql`${qualified("student", "user_id")} = ${viewer.user.id}`;
  }
}

/** The condition on `tutoring_session` rows the viewer may see through `area`. */
export function visibleSessions(viewer: Viewer, area: Area): SQL {
  const organizationId = viewer.organizationId;
  if (!organizationId) return NOTHING;
  const inWorkspace = eq(tutoringSession.organizationId, organizationId);
  switch (area) {
    case "admin":
      return inWorkspace;
    case "tutor":
      return viewer.membership ? and(inWorkspace, eq(tutoringSession.tutorMemberId, viewer.membership.id))! : NOTHING;
    case "parent":
    case "student":
      return and(
        inWorkspace,
        sql`exists (select 1 from ${sessionStudent} inner join ${student} on ${qualified("student", "organization_id")} = ${qualified("session_student", "organization_id")} and ${qualified("student", "id")} = ${qualified("session_student", "student_id")}
          where ${qualified("session_student", "organization_id")} = ${qualified("tutoring_session", "organization_id")} and ${qualified("session_student", "session_id")} = ${qualified("tutoring_session", "id")} and ${shownStudents(viewer, area)})`,
      )!;
  }
}

/**
 * The sessions the viewer may see through `area` that start in (after, before): visibleSessions
 * with the range. A family's (parent, student) are found from the students' side: session_student
 * keeps each session's start, so one student's range is one range of
 * session_student_student_starts_idx, whatever their history. (With visibleSessions' EXISTS the
 * planner read every session the student ever had, then kept the range's.)
 */
export function visibleSessionsStartingBetween(viewer: Viewer, area: Area, after: Date, before: Date): SQL {
  const organizationId = viewer.organizationId;
  if (!organizationId) return NOTHING;
  const inRange = and(gt(tutoringSession.startsAt, after), lt(tutoringSession.startsAt, before))!;
  if (area === "admin" || area === "tutor") return and(visibleSessions(viewer, area), inRange)!;
  return and(
    eq(tutoringSession.organizationId, organizationId),
    inRange,
    sql`${tutoringSession.id} in (select ${qualified("session_student", "session_id")} from ${sessionStudent} inner join ${student} on ${qualified("student", "organization_id")} = ${qualified("session_student", "organization_id")} and ${qualified("student", "id")} = ${qualified("session_student", "student_id")}
    where ${qualified("session_student", "organization_id")} = ${organizationId} and ${shownStudents(viewer, area)}
      and ${qualified("session_student", "starts_at")} > ${after.toISOString()}::timestamptz and ${qualified("session_student", "starts_at")} < ${before.toISOString()}::timestamptz)`,
  )!;
}

/** Whether the area may schedule, move and cancel sessions. */
export const canWrite = (area: Area): boolean => area === "admin" || area === "tutor";
