import { describe, expect, it } from "vitest";
import type { Invitation } from "../../../shared/schemas/members.ts";
import type { MemberCounts } from "../../../shared/schemas/workspace.ts";
import { doneWithoutInvitations, gettingStartedSteps } from "./getting-started.ts";

const counts = (changes: { students?: number; tutors?: number; parents?: number } = {}): MemberCounts => ({
  byRole: { admin: 1, tutor: changes.tutors ?? 0, parent: changes.parents ?? 0, student: 0 },
  pending: 0,
  suspended: 0,
  students: { active: changes.students ?? 0, paused: 0, former: 0 },
  openInvitations: 0,
});
const invitation = (role: Invitation["role"], state: Invitation["state"] = "pending") => ({ role, state }) as Invitation;

describe("gettingStartedSteps", () => {
  it("a new workspace has done nothing", () => {
    expect(gettingStartedSteps(counts(), [])).toEqual({ students: false, tutors: false, parents: false });
    expect(doneWithoutInvitations(counts())).toBe(false);
  });

  it("a tutor or parent counts when a member or invited and still open", () => {
    expect(gettingStartedSteps(counts({ students: 1 }), [invitation("tutor"), invitation("parent", "expired")])).toEqual({
      students: true,
      tutors: true,
      parents: false,
    });
    expect(gettingStartedSteps(counts({ parents: 2 }), [invitation("student")])).toEqual({ students: false, tutors: false, parents: true });
  });

  it("a workspace with students, tutors and parents is done without reading invitations", () => {
    expect(doneWithoutInvitations(counts({ students: 40, tutors: 3, parents: 30 }))).toBe(true);
  });
});
