/**
 * Makes the demo workspace of scripts/demo-data.ts through the real API, with the factories
 * the tests use (sign-up, the mailed confirmation link, approval, the admin operations), so
 * that every row, audit entry and mail is what the product itself would write. Used by
 * `npm run demo` (scripts/demo.ts) and by tests/demo-seed.test.ts.
 */
import type { ApiClient } from "../tests/client.ts";
import { createAdmin, createPendingJoiner, type FactoryContext } from "../tests/factories.ts";
import { assignTutor, createStudent, inviteMember, linkGuardian, setTutorAvailability, setTutorProfile, signUpWithInvitation } from "../tests/people-factories.ts";
import {
  DEMO_ADMIN,
  DEMO_ADULT_LEARNERS,
  DEMO_FAMILIES,
  DEMO_JOIN_REQUEST,
  DEMO_PASSWORD,
  DEMO_PENDING_INVITATION,
  DEMO_TUTORS,
  DEMO_WORKSPACE,
  familyEmail,
  type DemoStudent,
} from "./demo-data.ts";

export interface DemoAccount {
  role: "admin" | "tutor" | "parent" | "student";
  name: string;
  email: string;
  note: string;
}

export interface DemoSummary {
  workspaceName: string;
  organizationId: string;
  password: string;
  accounts: DemoAccount[];
  students: number;
  assignments: number;
}

const DAY = 86_400_000;
/** A date `days` before today (UTC), YYYY-MM-DD: the demo stays current whenever it is made. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

async function approve(admin: ApiClient, memberId: string, role: "tutor" | "parent"): Promise<void> {
  const response = await admin.post(`/api/admin/approvals/${memberId}/approve`, { role });
  if (response.status !== 200) throw new Error(`Approving ${memberId} as ${role} failed with ${response.status}: ${response.text}`);
}

/** A confirmed, approved member; no session is kept (the demo's people sign in themselves). */
async function addMember(ctx: FactoryContext, admin: { client: ApiClient; joinCode: string }, role: "tutor" | "parent", name: string, email: string) {
  const joiner = await createPendingJoiner(ctx, { joinCode: admin.joinCode, fullName: name, email, password: DEMO_PASSWORD });
  await approve(admin.client, joiner.memberId, role);
  return joiner.memberId;
}

export async function seedDemoWorkspace(ctx: FactoryContext): Promise<DemoSummary> {
  const admin = await createAdmin(ctx, { fullName: DEMO_ADMIN.name, email: DEMO_ADMIN.email, password: DEMO_PASSWORD, workspaceName: DEMO_WORKSPACE.name });
  const settings = await admin.client.patch("/api/admin/workspace", { timeZone: DEMO_WORKSPACE.timeZone, currency: DEMO_WORKSPACE.currency });
  if (settings.status !== 200) throw new Error(`Workspace settings failed with ${settings.status}: ${settings.text}`);
  const accounts: DemoAccount[] = [{ role: "admin", name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, note: "runs the workspace" }];

  const tutorBySubject = new Map<string, string>();
  for (const tutor of DEMO_TUTORS) {
    const memberId = await addMember(ctx, admin, "tutor", tutor.name, tutor.email);
    await setTutorProfile(admin.client, memberId, { subjects: tutor.subjects, bio: tutor.bio, payRateMinor: tutor.payRate, chargeRateMinor: tutor.chargeRate });
    await setTutorAvailability(admin.client, memberId, tutor.week.map(([weekday, startsAt, endsAt]) => ({ weekday, startsAt, endsAt })));
    for (const subject of tutor.subjects) if (!tutorBySubject.has(subject)) tutorBySubject.set(subject, memberId);
    accounts.push({ role: "tutor", name: tutor.name, email: tutor.email, note: tutor.subjects.join(", ") });
  }

  let studentCount = 0;
  let assignmentCount = 0;
  const addStudent = async (child: DemoStudent) => {
    const record = await createStudent(admin.client, {
      name: child.name,
      preferredName: child.preferredName ?? null,
      grade: child.grade,
      school: child.school,
      subjects: child.subjects,
      goals: child.goals,
      status: child.status ?? "active",
    });
    const index = studentCount++;
    // Started on different days over the last months; a former student's lessons ended.
    const startsOn = daysAgo(30 + ((index * 17) % 150));
    for (const subject of child.subjects) {
      const tutorMemberId = tutorBySubject.get(subject);
      if (!tutorMemberId) throw new Error(`No demo tutor teaches ${subject}`);
      await assignTutor(admin.client, {
        tutorMemberId,
        studentId: record.id,
        subject,
        startsOn,
        endsOn: child.status === "former" ? daysAgo(20) : null,
        rateOverrideMinor: child.grade === "Adult learner" ? 6000 : null,
      });
      assignmentCount++;
    }
    // Every fifth student also had a tutor last school year: history on the tutor's page.
    if (index % 5 === 0) {
      await assignTutor(admin.client, { tutorMemberId: tutorBySubject.get(child.subjects[0]!)!, studentId: record.id, subject: child.subjects[0]!, startsOn: daysAgo(400), endsOn: daysAgo(220) });
      assignmentCount++;
    }
    return record.id;
  };

  for (const family of DEMO_FAMILIES) {
    const childIds: string[] = [];
    for (const child of family.children) childIds.push(await addStudent(child));
    for (const guardian of family.guardians) {
      const memberId = await addMember(ctx, admin, "parent", guardian, familyEmail(guardian));
      for (const childId of childIds) await linkGuardian(admin.client, childId, memberId);
      accounts.push({ role: "parent", name: guardian, email: familyEmail(guardian), note: `guardian of ${family.children.map((child) => child.preferredName ?? child.name.split(" ")[0]).join(" and ")}` });
    }
    for (const [index, child] of family.children.entries()) {
      if (!child.loginEmail) continue;
      const { token } = await inviteMember(ctx, admin.client, { email: child.loginEmail, role: "student", studentId: childIds[index]! });
      await signUpWithInvitation(ctx, { token, email: child.loginEmail, fullName: child.name, password: DEMO_PASSWORD });
      accounts.push({ role: "student", name: child.name, email: child.loginEmail, note: `${child.grade}, own login` });
    }
  }
  for (const learner of DEMO_ADULT_LEARNERS) await addStudent(learner);

  // Something waiting for the admin: a join request in Approvals and an unanswered invitation.
  await createPendingJoiner(ctx, { joinCode: admin.joinCode, fullName: DEMO_JOIN_REQUEST.name, email: DEMO_JOIN_REQUEST.email, password: DEMO_PASSWORD });
  await inviteMember(ctx, admin.client, { email: DEMO_PENDING_INVITATION.email, role: DEMO_PENDING_INVITATION.role });

  return { workspaceName: DEMO_WORKSPACE.name, organizationId: admin.organizationId, password: DEMO_PASSWORD, accounts, students: studentCount, assignments: assignmentCount };
}
