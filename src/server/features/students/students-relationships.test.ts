/**
 * The relationship rules of policy.ts, allow and deny, through each area's operations: a tutor
 * sees students with a not-ended assignment, a parent their children, a student their own
 * record. Every denial is a 404 that writes nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { countRows } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { assignTutor, createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { StudentDetail } from "../../../shared/schemas/students.ts";
import { fixedClock } from "../../core/clock.ts";
import { zonedInstant } from "../../core/time.ts";
import { auditLog, organization, student } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tutor: MemberFixture;
let otherTutor: MemberFixture;
let parent: MemberFixture;
let otherParent: MemberFixture;
let studentMember: MemberFixture;
let otherStudentMember: MemberFixture;
/** Assigned to tutor (current), child of parent, linked to studentMember's login. */
let maya: StudentDetail;
/** Assigned to otherTutor, child of otherParent, linked to otherStudentMember's login. */
let noah: StudentDetail;
/** Was assigned to tutor, ended last year. */
let ended: StudentDetail;
/** Assigned to tutor from next year on: not ended, so visible. */
let future: StudentDetail;
let workspaceB: StudentDetail;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin" });
  otherAdmin = await createAdmin(t, { fullName: "Bob Other" });
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Tina Tutor" });
  otherTutor = await createMember(t, { admin, role: "tutor", fullName: "Otto Tutor" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Paula Parent" });
  otherParent = await createMember(t, { admin, role: "parent", fullName: "Quinn Parent" });
  studentMember = await createMember(t, { admin, role: "student", fullName: "Maya Login" });
  otherStudentMember = await createMember(t, { admin, role: "student", fullName: "Noah Login" });

  maya = await createStudent(admin.client, { name: "Maya Lopez", notes: "Maya's notes" });
  noah = await createStudent(admin.client, { name: "Noah Nash" });
  ended = await createStudent(admin.client, { name: "Ed Ended" });
  future = await createStudent(admin.client, { name: "Fay Future" });
  workspaceB = await createStudent(otherAdmin.client, { name: "Bea of B" });
  await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: maya.id, subject: "Maths" });
  await assignTutor(admin.client, { tutorMemberId: otherTutor.memberId, studentId: noah.id });
  await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: ended.id, startsOn: day(-400), endsOn: day(-30) });
  await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: future.id, startsOn: day(365) });
  await linkGuardian(admin.client, maya.id, parent.memberId);
  await linkGuardian(admin.client, noah.id, otherParent.memberId);
  // Linking a login is the invitations' job; here it is set directly.
  await t.db.update(student).set({ userId: studentMember.user.id }).where(eq(student.id, maya.id));
  await t.db.update(student).set({ userId: otherStudentMember.user.id }).where(eq(student.id, noah.id));
}, 90_000);
afterAll(() => t?.close());

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

async function viewsOf(studentId: string, userId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.studentId, studentId), eq(auditLog.userId, userId), eq(auditLog.action, "STUDENT_VIEWED")));
}

/** Expects a 404 that reveals nothing and writes nothing. */
async function expectHidden(client: ApiClient, path: string) {
  const before = await countRows(t.db);
  const res = await client.get(path);
  expect(res.status, path).toBe(404);
  expect(res.body.error.code).toBe("NOT_FOUND");
  expect(res.text).not.toContain("Noah");
  expect(res.text).not.toContain("Ed Ended");
  expect(await countRows(t.db)).toEqual(before);
}

describe("tutor", () => {
  it("lists only students with a not-ended assignment to them", async () => {
    const res = await tutor.client.get("/api/tutor/students");
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Fay Future", "Maya Lopez"]);
    expect(res.body.items[1].tutors).toEqual([{ memberId: tutor.memberId, name: "Tina Tutor" }]);
    expect(names((await otherTutor.client.get("/api/tutor/students")).body)).toEqual(["Noah Nash"]);
  });

  it("reads an assigned student's record, audited", async () => {
    const res = await tutor.client.get(`/api/tutor/students/${maya.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: maya.id, name: "Maya Lopez", notes: "Maya's notes" });
    const [entry] = await viewsOf(maya.id, tutor.user.id);
    expect(entry).toMatchObject({ actorRole: "tutor", description: "Tina Tutor viewed the record" });
  });

  it("gets 404 for an unassigned student, one whose assignment ended, and one of another workspace", async () => {
    await expectHidden(tutor.client, `/api/tutor/students/${noah.id}`);
    await expectHidden(tutor.client, `/api/tutor/students/${ended.id}`);
    await expectHidden(tutor.client, `/api/tutor/students/${workspaceB.id}`);
  });

  it("loses access once the assignment is ended", async () => {
    const lesson = await createStudent(admin.client, { name: "Lou Later" });
    const assignment = await assignTutor(admin.client, { tutorMemberId: otherTutor.memberId, studentId: lesson.id, startsOn: day(-10) });
    expect((await otherTutor.client.get(`/api/tutor/students/${lesson.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/admin/assignments/${assignment.id}`)).status).toBe(200);
    await expectHidden(otherTutor.client, `/api/tutor/students/${lesson.id}`);
    expect(names((await otherTutor.client.get("/api/tutor/students")).body)).not.toContain("Lou Later");
  });

  it("keeps access through the end date, judged in the workspace's time zone", async () => {
    // Pago Pago is UTC-11 and Kiritimati UTC+14: their dates always differ. An assignment ending
    // "today in Pago Pago" is current there, and already ended in Kiritimati.
    const lesson = await createStudent(admin.client, { name: "Zed Zone" });
    const result = await t.db.execute<{ today: string }>(sql`select ((now() at time zone 'Pacific/Pago_Pago')::date)::text as today`);
    await assignTutor(admin.client, { tutorMemberId: otherTutor.memberId, studentId: lesson.id, startsOn: day(-30), endsOn: result.rows[0]!.today });
    const setZone = (timeZone: string) => t.db.update(organization).set({ timeZone }).where(eq(organization.id, admin.organizationId));
    try {
      await setZone("Pacific/Pago_Pago");
      expect((await otherTutor.client.get(`/api/tutor/students/${lesson.id}`)).status).toBe(200);
      expect(names((await otherTutor.client.get("/api/tutor/students")).body)).toContain("Zed Zone");
      await setZone("Pacific/Kiritimati");
      await expectHidden(otherTutor.client, `/api/tutor/students/${lesson.id}`);
      expect(names((await otherTutor.client.get("/api/tutor/students")).body)).not.toContain("Zed Zone");
    } finally {
      await setZone("UTC");
    }
  });

  it("keeps access until the end date is over in the workspace's zone, by the app's clock", async () => {
    const lesson = await createStudent(admin.client, { name: "Clem Clock" });
    await assignTutor(admin.client, { tutorMemberId: otherTutor.memberId, studentId: lesson.id, startsOn: day(-30), endsOn: day(10) });
    const over = zonedInstant(`${day(11)}T00:00`, "Asia/Tokyo");
    const clock = fixedClock(new Date(over.getTime() - 1));
    const clocked = await createTestApp({ databaseUrl: t.databaseUrl, clock });
    // Otto's session, on the app whose clock the test moves.
    const otto = new ApiClient(clocked.app);
    for (const [name, value] of otherTutor.client.cookies) otto.cookies.set(name, value);
    await t.db.update(organization).set({ timeZone: "Asia/Tokyo" }).where(eq(organization.id, admin.organizationId));
    try {
      expect((await otto.get(`/api/tutor/students/${lesson.id}`)).status).toBe(200);
      expect(names((await otto.get("/api/tutor/students")).body)).toContain("Clem Clock");
      clock.advance(1);
      await expectHidden(otto, `/api/tutor/students/${lesson.id}`);
      expect(names((await otto.get("/api/tutor/students")).body)).not.toContain("Clem Clock");
    } finally {
      await t.db.update(organization).set({ timeZone: "UTC" }).where(eq(organization.id, admin.organizationId));
      await clocked.close();
    }
  });

  it("is refused the parent's and the student's operations", async () => {
    expect((await tutor.client.get("/api/parent/students")).status).toBe(403);
    expect((await tutor.client.get(`/api/parent/students/${maya.id}/export`)).status).toBe(403);
    expect((await tutor.client.get("/api/student/profile")).status).toBe(403);
  });
});

describe("parent", () => {
  it("lists only their children", async () => {
    expect(names((await parent.client.get("/api/parent/students")).body)).toEqual(["Maya Lopez"]);
    expect(names((await otherParent.client.get("/api/parent/students")).body)).toEqual(["Noah Nash"]);
  });

  it("reads their child's record, audited", async () => {
    const res = await parent.client.get(`/api/parent/students/${maya.id}`);
    expect(res.status).toBe(200);
    expect(res.body.guardians.map((guardian: { name: string }) => guardian.name)).toEqual(["Paula Parent"]);
    expect(res.body.assignments).toMatchObject([{ tutorName: "Tina Tutor", subject: "Maths", current: true }]);
    expect((await viewsOf(maya.id, parent.user.id))[0]).toMatchObject({ actorRole: "parent", description: "Paula Parent viewed the record" });
  });

  it("sees their child's access log, and nobody else's", async () => {
    const res = await parent.client.get(`/api/parent/students/${maya.id}/access-log`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((entry: { action: string }) => entry.action)).toContain("GUARDIAN_LINKED");
    expect(res.body.items.at(-1)).toMatchObject({ action: "STUDENT_CREATED", actorName: "Ada Admin", actorRole: "admin" });
    await expectHidden(parent.client, `/api/parent/students/${noah.id}/access-log`);
  });

  it("gets 404 for another family's child, an unlinked record and another workspace's", async () => {
    await expectHidden(parent.client, `/api/parent/students/${noah.id}`);
    await expectHidden(parent.client, `/api/parent/students/${ended.id}`);
    await expectHidden(parent.client, `/api/parent/students/${workspaceB.id}`);
    await expectHidden(parent.client, `/api/parent/students/${noah.id}/export`);
  });

  it("loses access when unlinked", async () => {
    const child = await createStudent(admin.client, { name: "Uma Unlinked" });
    await linkGuardian(admin.client, child.id, otherParent.memberId);
    expect((await otherParent.client.get(`/api/parent/students/${child.id}`)).status).toBe(200);
    await admin.client.delete(`/api/admin/students/${child.id}/guardians/${otherParent.memberId}`);
    await expectHidden(otherParent.client, `/api/parent/students/${child.id}`);
  });

  it("is refused the tutor's operations", async () => {
    expect((await parent.client.get("/api/tutor/students")).status).toBe(403);
    expect((await parent.client.get(`/api/tutor/students/${maya.id}`)).status).toBe(403);
  });
});

describe("student", () => {
  it("reads their own record, audited without their name", async () => {
    const res = await studentMember.client.get("/api/student/profile");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: maya.id,
      name: "Maya Lopez",
      login: { userId: studentMember.user.id, name: "Maya Login", email: studentMember.user.email },
    });
    const [entry] = await viewsOf(maya.id, studentMember.user.id);
    expect(entry).toMatchObject({ actorRole: "student", description: "The student viewed the record" });
    const log = await studentMember.client.get("/api/student/profile/access-log?limit=1");
    expect(log.body.items).toEqual([expect.objectContaining({ action: "STUDENT_VIEWED", actorName: "Maya Login" })]);
    expect(log.body.nextCursor).toEqual(expect.any(String));
  });

  it("cannot read another student's record through any area", async () => {
    expect((await otherStudentMember.client.get("/api/student/profile")).body.id).toBe(noah.id);
    for (const path of [`/api/parent/students/${maya.id}`, `/api/tutor/students/${maya.id}`, `/api/admin/students/${maya.id}`]) {
      expect((await otherStudentMember.client.get(path)).status, path).toBe(403);
    }
  });

  it("gets the not-linked-yet 404 without a record", async () => {
    const unlinked = await createMember(t, { admin, role: "student" });
    for (const path of ["/api/student/profile", "/api/student/profile/access-log"]) {
      const res = await unlinked.client.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: "NOT_FOUND", message: "No student record is linked to your account yet." });
    }
  });
});

describe("email addresses on the record", () => {
  it("a tutor sees the guardians' but not the student's login address; a parent only their own; the student their own and the guardians'", async () => {
    const shared = await createStudent(admin.client, { name: "Cora Contacts" });
    await linkGuardian(admin.client, shared.id, parent.memberId);
    await linkGuardian(admin.client, shared.id, otherParent.memberId);
    await assignTutor(admin.client, { tutorMemberId: otherTutor.memberId, studentId: shared.id });
    const login = await createMember(t, { admin, role: "student", fullName: "Cora Login" });
    await t.db.update(student).set({ userId: login.user.id }).where(eq(student.id, shared.id));
    const emails = (body: StudentDetail) => ({ login: body.login?.email, guardians: body.guardians.map((guardian) => guardian.email) });

    expect(emails((await admin.client.get(`/api/admin/students/${shared.id}`)).body)).toEqual({
      login: login.user.email,
      guardians: [parent.user.email, otherParent.user.email],
    });
    expect(emails((await otherTutor.client.get(`/api/tutor/students/${shared.id}`)).body)).toEqual({
      login: null,
      guardians: [parent.user.email, otherParent.user.email],
    });
    expect(emails((await parent.client.get(`/api/parent/students/${shared.id}`)).body)).toEqual({ login: null, guardians: [parent.user.email, null] });
    expect(emails((await login.client.get("/api/student/profile")).body)).toEqual({
      login: login.user.email,
      guardians: [parent.user.email, otherParent.user.email],
    });
  });
});

describe("admin of another workspace", () => {
  it("gets 404 for every record of this one", async () => {
    for (const path of [`/api/admin/students/${maya.id}`, `/api/admin/students/${maya.id}/access-log`]) await expectHidden(otherAdmin.client, path);
  });
});
