/**
 * Who sees which resource. Every read goes through visibleResources, so the rules live here:
 *
 * - admin:   every resource of the workspace;
 * - tutor:   the workspace's resources for tutors, and their own shared ones;
 * - parent:  the workspace's resources for parents, and a tutor's shared with one of their children;
 * - student: the workspace's resources for students, and a tutor's shared with them.
 *
 * Only admins manage the workspace's resources; a tutor manages their own. A resource outside
 * the condition is answered 404: the viewer must not learn that it exists.
 */
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import type { Viewer } from "../../core/context.ts";
import { student, studentGuardian } from "../../db/schema.ts";
import { resource, resourceShare } from "../../db/resources-schema.ts";

const forRole = (role: "tutor" | "parent" | "student") => and(isNull(resource.ownerMemberId), sql`${role} = any(${resource.audience})`)!;

export function visibleResources(viewer: Viewer, area: Area): SQL {
  const organizationId = viewer.organizationId;
  const memberId = viewer.membership?.id;
  if (!organizationId || !memberId) return sql`false`;
  const inWorkspace = eq(resource.organizationId, organizationId);
  const sharedWith = (studentCondition: SQL) =>
    sql`exists (select 1 from ${resourceShare} join ${student} on ${student.organizationId} = ${resourceShare.organizationId} and ${student.id} = ${resourceShare.studentId} where ${resourceShare.organizationId} = ${resource.organizationId} and ${resourceShare.resourceId} = ${resource.id} and ${studentCondition})`;
  switch (area) {
    case "admin":
      return inWorkspace;
    case "tutor":
      return and(inWorkspace, sql`(${forRole("tutor")} or ${resource.ownerMemberId} = ${memberId})`)!;
    case "parent":
      return and(
        inWorkspace,
        sql`(${forRole("parent")} or ${sharedWith(sql`exists (select 1 from ${studentGuardian} where ${studentGuardian.organizationId} = ${student.organizationId} and ${studentGuardian.studentId} = ${student.id} and ${studentGuardian.memberId} = ${memberId})`)})`,
      )!;
    case "student":
      return and(inWorkspace, sql`(${forRole("student")} or ${sharedWith(sql`${student.userId} = ${viewer.user.id}`)})`)!;
  }
}

/** Whether the viewer may change or delete a resource they see: admins the workspace's own and any tutor's; a tutor their own. */
export function canManage(viewer: Viewer, area: Area, row: { ownerMemberId: string | null }): boolean {
  if (area === "admin") return true;
  return area === "tutor" && row.ownerMemberId !== null && row.ownerMemberId === viewer.membership?.id;
}

/** The areas that manage resources at all. */
export const isManagingArea = (area: Area): area is "admin" | "tutor" => area === "admin" || area === "tutor";
