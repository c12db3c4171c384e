/**
 * Who a scheduling write is for: the tutor (a tutor schedules only their own sessions), the
 * students (each with a current assignment to that tutor) and the zone the times are planned in.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Area } from "../../../shared/roles.ts";
import type { Actor } from "../../core/audit.ts";
import { qualified } from "../../core/sql.ts";
import { assignment, member, student, tutorProfile, user } from "../../db/schema.ts";
import type { Transaction } from "../../db/tenant.ts";
import { AppError, invalidField } from "../../lib/app-error.ts";
import { notEnded, workspaceToday } from "../assignments/index.ts";
import { workspaceZone } from "./read-model.ts";

/** The tutor a write is for: the viewer's own membership for a tutor, an active tutor member for an admin. */
export async function resolveTutor(tx: Transaction, actor: Actor, area: Area, requested: string | undefined): Promise<string> {
  const organizationId = actor.viewer.organizationId;
  if (area === "tutor") {
    const own = actor.viewer.membership.id;
    if (requested !== undefined && requested !== own) throw invalidField("tutorMemberId", "Tutors schedule their own sessions only.");
    return own;
  }
  if (!requested) throw invalidField("tutorMemberId", "Choose the tutor.");
  const [row] = await tx
    .select({ role: member.role, status: member.status, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, requested)));
  if (!row) throw invalidField("tutorMemberId", "No such member in this workspace.");
  if (row.role !== "tutor" || row.status !== "active") throw invalidField("tutorMemberId", `${row.name} is not an active tutor in this workspace.`);
  return requested;
}

/**
 * The students, each a record of the workspace (not erased) with a current assignment to the
 * tutor on `now`'s date in the workspace. A tutor is told only "not among your students"
 * (they must not learn other records exist).
 */
export async function requireStudents(tx: Transaction, actor: Actor, area: Area, tutorMemberId: string, studentIds: string[], now: Date): Promise<void> {
  const organizationId = actor.viewer.organizationId;
  const rows = await tx
    .select({
      id: student.id,
      name: student.name,
      erasedAt: student.erasedAt,
      assigned: sql<boolean>`exists (select 1 from ${assignment} where ${qualified("assignment", "organization_id")} = ${qualified("student", "organization_id")} and ${qualified("assignment", "student_id")} = ${qualified("student", "id")}
        and ${qualified("assignment", "tutor_member_id")} = ${tutorMemberId} and ${qualified("assignment", "starts_on")} <= ${workspaceToday(organizationId, now)} and ${notEnded(organizationId, now)})`,
    })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), inArray(student.id, studentIds)))
    .for("share", { of: student });
  for (const [index, id] of studentIds.entries()) {
    const row = rows.find((candidate) => candidate.id === id);
    const field = (message: string) => new AppError("VALIDATION_FAILED", 422, message, [{ path: ["studentIds", index], message }]);
    if (area === "tutor" && (!row || row.erasedAt || !row.assigned)) throw field("No such student among yours (a student with a current assignment to you).");
    if (!row) throw field("No such student in this workspace.");
    if (row.erasedAt) throw field("This student's personal data was erased; no session can be scheduled.");
    if (!row.assigned) throw field(`${row.name} has no current assignment to this tutor; assign the tutor first.`);
  }
}

export async function planningZone(tx: Transaction, organizationId: string, tutorMemberId: string, requested: string | undefined): Promise<string> {
  if (requested) return requested;
  const [profile] = await tx
    .select({ timeZone: tutorProfile.timeZone })
    .from(tutorProfile)
    .where(and(eq(tutorProfile.organizationId, organizationId), eq(tutorProfile.memberId, tutorMemberId)));
  return profile?.timeZone ?? (await workspaceZone(tx, organizationId));
}
