/**
 * Who may see which student record. Every student read and write goes through one of these
 * conditions, so the area rules live here and nowhere else:
 *
 * - admin:   every record of the workspace;
 * - tutor:   records with a not-ended assignment (no end date, or ending today or later in the
 *            workspace's time zone) to the tutor's own membership, and not erased;
 * - parent:  records the parent's membership is a guardian of;
 * - student: the record linked to the student's own user.
 *
 * The area is chosen by the route (the /admin, /tutor, /parent or /student area),
 * whose permission label has already admitted the viewer's role. A record outside the
 * condition is answered 404 by the caller: the viewer must not learn that it exists.
 */
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { StudentDetail } from "../../../shared/schemas/students.ts";
import type { Viewer } from "../../core/context.ts";
import { assignment, student, studentGuardian } from "../../db/schema.ts";
import { notEnded } from "../assignments/index.ts";
import type { Area } from "../../../shared/roles.ts";

const NOTHING = sql`false`;

/** Who is looking: a signed-in viewer, or a member a job acts for (an alert digest's reader). */
export interface StudentReader {
  organizationId: string | null;
  memberId: string | null;
  userId: string;
}

/** The condition on `student` rows the viewer may see through `area` at `now` (deps.clock). */
export function visibleStudents(viewer: Viewer, area: Area, now: Date): SQL {
  return studentsVisibleTo({ organizationId: viewer.organizationId, memberId: viewer.membership?.id ?? null, userId: viewer.user.id }, area, now);
}

/** The same condition for a reader given by their membership. */
export function studentsVisibleTo(reader: StudentReader, area: Area, now: Date): SQL {
  const organizationId = reader.organizationId;
  if (!organizationId) return NOTHING;
  const inWorkspace = eq(student.organizationId, organizationId);
  switch (area) {
    case "admin":
      return inWorkspace;
    case "tutor": {
      const memberId = reader.memberId;
      if (!memberId) return NOTHING;
      // An erased record holds nothing a tutor needs; its assignments stay only as history.
      return and(
        inWorkspace,
        isNull(student.erasedAt),
        sql`exists (select 1 from ${assignment} where ${assignment.organizationId} = ${student.organizationId} and ${assignment.studentId} = ${student.id} and ${assignment.tutorMemberId} = ${memberId} and ${notEnded(organizationId, now)})`,
      )!;
    }
    case "parent": {
      const memberId = reader.memberId;
      if (!memberId) return NOTHING;
      return and(
        inWorkspace,
        sql`exists (select 1 from ${studentGuardian} where ${studentGuardian.organizationId} = ${student.organizationId} and ${studentGuardian.studentId} = ${student.id} and ${studentGuardian.memberId} = ${memberId})`,
      )!;
    }
    case "student":
      return and(inWorkspace, eq(student.userId, reader.userId))!;
  }
}

/**
 * Email addresses on a record, by area: admins see all; the people around a student
 * see the guardians' addresses (to reach the family), except that a parent sees only their
 * own (guardians may be separated parents who have not shared theirs); the student's login
 * address is shown to admins and the student only. A hidden address is null.
 */
export function withVisibleContacts(detail: StudentDetail, viewer: Viewer, area: Area): StudentDetail {
  if (area === "admin") return detail;
  const ownLogin = area === "student" && detail.login?.userId === viewer.user.id;
  return {
    ...detail,
    login: detail.login && !ownLogin ? { ...detail.login, email: null } : detail.login,
    guardians: detail.guardians.map((guardian) => (area === "parent" && guardian.userId !== viewer.user.id ? { ...guardian, email: null } : guardian)),
  };
}
