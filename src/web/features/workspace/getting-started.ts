import type { Invitation } from "../../../shared/schemas/members.ts";
import type { MemberCounts } from "../../../shared/schemas/workspace.ts";

export type GettingStartedStep = "students" | "tutors" | "parents";

/**
 * Which first steps of a workspace are done, read from its data: a student record exists; a
 * tutor is a member or has an open invitation; likewise a parent. `invitations` is undefined
 * while unknown (a step the counts alone do not show done is then not done).
 */
export function gettingStartedSteps(counts: MemberCounts, invitations: Invitation[] | undefined): Record<GettingStartedStep, boolean> {
  const invited = (role: "tutor" | "parent") => (invitations ?? []).some((invitation) => invitation.role === role && invitation.state === "pending");
  return {
    students: counts.students.active + counts.students.paused + counts.students.former > 0,
    tutors: counts.byRole.tutor > 0 || invited("tutor"),
    parents: counts.byRole.parent > 0 || invited("parent"),
  };
}

/** Whether the counts alone show every step done (then the invitations need not be read). */
export const doneWithoutInvitations = (counts: MemberCounts) => Object.values(gettingStartedSteps(counts, undefined)).every(Boolean);
