import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows } from "../../../../tests/db.ts";
import { createAdmin, createMember, createPendingJoiner, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { assignTutor, createStudent } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { assignment, auditLog } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tutor: MemberFixture;
let parent: MemberFixture;
let otherTutor: MemberFixture;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin" });
  otherAdmin = await createAdmin(t, { fullName: "Bob Other" });
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Tina Tutor" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Paula Parent" });
  otherTutor = await createMember(t, { admin: otherAdmin, role: "tutor", fullName: "Otto Elsewhere" });
}, 60_000);
afterAll(() => t?.close());

async function latestEntry(studentId: string, action: string) {
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.studentId, studentId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return entry;
}

describe("POST /api/admin/assignments", () => {
  it("assigns a tutor, audited on the student's record", async () => {
    const child = await createStudent(admin.client);
    const res = await admin.client.post("/api/admin/assignments", {
      tutorMemberId: tutor.memberId,
      studentId: child.id,
      subject: "Physics",
      rateOverrideMinor: 5000,
      payRateOverrideMinor: 2800,
      startsOn: day(-7),
      endsOn: day(60),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      tutorMemberId: tutor.memberId,
      tutorName: "Tina Tutor",
      studentId: child.id,
      studentName: child.name,
      subject: "Physics",
      rateOverrideMinor: 5000,
      payRateOverrideMinor: 2800,
      startsOn: day(-7),
      endsOn: day(60),
      current: true,
    });
    expect(await latestEntry(child.id, "ASSIGNMENT_CREATED")).toMatchObject({
      userId: admin.user.id,
      description: "Ada Admin assigned Tina Tutor for Physics",
      metadata: { assignmentId: res.body.id, tutorMemberId: tutor.memberId },
    });
    const detail = await admin.client.get(`/api/admin/students/${child.id}`);
    expect(detail.body.assignments).toEqual([res.body]);
  });

  it("marks an assignment that has not started, or has ended, as not current", async () => {
    const child = await createStudent(admin.client);
    expect((await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Art", startsOn: day(30) })).current).toBe(false);
    expect(
      (await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Music", startsOn: day(-60), endsOn: day(-30) })).current,
    ).toBe(false);
  });

  it.each([
    ["a parent", () => parent.memberId, "tutorMemberId", () => "Paula Parent is not a tutor in this workspace."],
    ["the admin", () => admin.memberId, "tutorMemberId", () => "Ada Admin is not a tutor in this workspace."],
    ["a tutor of another workspace", () => otherTutor.memberId, "tutorMemberId", () => "No such member in this workspace."],
  ])("refuses %s as the tutor, naming tutorMemberId, writing nothing", async (_label, memberId, field, message) => {
    const child = await createStudent(admin.client);
    const before = await countRows(t.db);
    const res = await admin.client.post("/api/admin/assignments", { tutorMemberId: memberId(), studentId: child.id, subject: "Maths", startsOn: day(0) });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([{ path: [field], message: message() }]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses a pending member as the tutor", async () => {
    const child = await createStudent(admin.client);
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode, fullName: "Penny Pending" });
    const res = await admin.client.post("/api/admin/assignments", { tutorMemberId: pending.memberId, studentId: child.id, subject: "Maths", startsOn: day(0) });
    expect(res.body.error.issues).toEqual([
      { path: ["tutorMemberId"], message: "Penny Pending is still waiting for approval; approve them as a tutor first." },
    ]);
  });

  it("refuses a student of another workspace (or none), naming studentId", async () => {
    const elsewhere = await createStudent(otherAdmin.client);
    const before = await countRows(t.db);
    for (const studentId of [elsewhere.id, "00000000-0000-4000-8000-000000000000"]) {
      const res = await admin.client.post("/api/admin/assignments", { tutorMemberId: tutor.memberId, studentId, subject: "Maths", startsOn: day(0) });
      expect(res.status).toBe(422);
      expect(res.body.error.issues).toEqual([{ path: ["studentId"], message: "No such student in this workspace." }]);
    }
    expect(await countRows(t.db)).toEqual(before);
  });

  it.each([
    [{ endsOn: day(-1) }, ["endsOn"], "End date must not be before the start date."],
    [{ startsOn: "2024-02-30" }, ["startsOn"], "Start date must be a real calendar date."],
    [{ subject: "" }, ["subject"], "Subject is required."],
    [{ rateOverrideMinor: -5 }, ["rateOverrideMinor"], "Rate must not be negative."],
    [{ rateOverrideMinor: 12.5 }, ["rateOverrideMinor"], "Rate must be a whole number of minor units (cents, pence)."],
  ])("refuses %j naming the field", async (override, path, message) => {
    const child = await createStudent(admin.client);
    const before = await countRows(t.db);
    const res = await admin.client.post("/api/admin/assignments", {
      tutorMemberId: tutor.memberId,
      studentId: child.id,
      subject: "Maths",
      startsOn: day(0),
      ...override,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toContainEqual({ path, message });
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses the same tutor, student and subject over overlapping dates with 409", async () => {
    const child = await createStudent(admin.client);
    await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Maths", startsOn: day(-30), endsOn: day(30) });
    const clash = await admin.client.post("/api/admin/assignments", {
      tutorMemberId: tutor.memberId,
      studentId: child.id,
      subject: "maths",
      startsOn: day(10),
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe("Tina Tutor is already assigned to this student for maths over some of these dates.");
    // After the end, or another subject, is fine.
    expect(
      (await admin.client.post("/api/admin/assignments", { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Maths", startsOn: day(31) })).status,
    ).toBe(201);
    expect(
      (await admin.client.post("/api/admin/assignments", { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Chemistry", startsOn: day(0) }))
        .status,
    ).toBe(201);
  });
});

describe("PATCH /api/admin/assignments/{assignmentId}", () => {
  it("changes the given fields, audited with their names", async () => {
    const child = await createStudent(admin.client);
    const created = await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Maths", startsOn: day(-10) });
    const res = await admin.client.patch(`/api/admin/assignments/${created.id}`, { rateOverrideMinor: 3000, endsOn: day(20), subject: "Maths" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, rateOverrideMinor: 3000, endsOn: day(20), current: true });
    expect(await latestEntry(child.id, "ASSIGNMENT_UPDATED")).toMatchObject({
      description: "Ada Admin changed the Maths assignment of Tina Tutor: rate, end date",
      metadata: { assignmentId: created.id, fields: ["rateOverrideMinor", "endsOn"] },
    });
    const cleared = await admin.client.patch(`/api/admin/assignments/${created.id}`, { endsOn: null, rateOverrideMinor: null });
    expect(cleared.body).toMatchObject({ endsOn: null, rateOverrideMinor: null });
  });

  it("changes the tutor's pay rate for the student apart from the charge rate; a pay rate holds the workspace currency like any amount", async () => {
    const own = await createAdmin(t, { fullName: "Pia Pay" });
    const payTutor = await createMember(t, { admin: own, role: "tutor", fullName: "Pete Paid" });
    const child = await createStudent(own.client);
    const created = await assignTutor(own.client, { tutorMemberId: payTutor.memberId, studentId: child.id, subject: "Maths", startsOn: day(-10) });
    expect(created).toMatchObject({ rateOverrideMinor: null, payRateOverrideMinor: null });
    const res = await own.client.patch(`/api/admin/assignments/${created.id}`, { payRateOverrideMinor: 2500 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rateOverrideMinor: null, payRateOverrideMinor: 2500 });
    expect(await latestEntry(child.id, "ASSIGNMENT_UPDATED")).toMatchObject({
      description: "Pia Pay changed the Maths assignment of Pete Paid: pay rate",
      metadata: { assignmentId: created.id, fields: ["payRateOverrideMinor"] },
    });
    expect((await own.client.get(`/api/admin/students/${child.id}`)).body.assignments[0].payRateOverrideMinor).toBe(2500);
    expect((await own.client.patch(`/api/admin/assignments/${created.id}`, { payRateOverrideMinor: -1 })).status).toBe(422);

    const refused = await own.client.patch("/api/admin/workspace", { currency: "EUR" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^The currency stays USD: 1 assignment has a student rate in USD/);
    expect((await own.client.patch(`/api/admin/assignments/${created.id}`, { payRateOverrideMinor: null })).body.payRateOverrideMinor).toBeNull();
    expect((await own.client.patch("/api/admin/workspace", { currency: "EUR" })).status).toBe(200);
  });

  it("checks the dates against the stored ones, naming the field given", async () => {
    const child = await createStudent(admin.client);
    const created = await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id, startsOn: day(-10), endsOn: day(10) });
    const before = await countRows(t.db);
    const end = await admin.client.patch(`/api/admin/assignments/${created.id}`, { endsOn: day(-20) });
    expect(end.status).toBe(422);
    expect(end.body.error.issues).toEqual([{ path: ["endsOn"], message: "End date must not be before the start date." }]);
    const start = await admin.client.patch(`/api/admin/assignments/${created.id}`, { startsOn: day(11) });
    expect(start.body.error.issues).toEqual([{ path: ["startsOn"], message: `Start date must not be after the end date (${day(10)}).` }]);
    const both = await admin.client.patch(`/api/admin/assignments/${created.id}`, { startsOn: day(5), endsOn: day(1) });
    expect(both.body.error.issues).toEqual([{ path: ["endsOn"], message: "End date must not be before the start date." }]);
    expect(await countRows(t.db)).toEqual(before);
    const [row] = await t.db.select().from(assignment).where(eq(assignment.id, created.id));
    expect(row).toMatchObject({ startsOn: day(-10), endsOn: day(10) });
  });

  it("answers 404 to another workspace's admin and for an unknown or malformed id", async () => {
    const child = await createStudent(admin.client);
    const created = await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id });
    for (const [client, id] of [
      [otherAdmin.client, created.id],
      [admin.client, "00000000-0000-4000-8000-000000000000"],
      [admin.client, "nope"],
    ] as const) {
      expect((await client.patch(`/api/admin/assignments/${id}`, { subject: "Taken" })).status).toBe(404);
      expect((await client.delete(`/api/admin/assignments/${id}`)).status).toBe(404);
    }
    expect((await admin.client.get(`/api/admin/students/${child.id}`)).body.assignments[0]).toMatchObject({ subject: "Mathematics", endsOn: null });
  });
});

describe("DELETE /api/admin/assignments/{assignmentId}", () => {
  it("ends a running assignment yesterday, keeping it as history, audited", async () => {
    const child = await createStudent(admin.client);
    const created = await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Maths", startsOn: day(-30) });
    const res = await admin.client.delete(`/api/admin/assignments/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const [row] = await t.db.select().from(assignment).where(eq(assignment.id, created.id));
    expect(row!.endsOn).toBe(day(-1));
    expect(await latestEntry(child.id, "ASSIGNMENT_ENDED")).toMatchObject({
      description: "Ada Admin ended the Maths assignment of Tina Tutor",
      metadata: { assignmentId: created.id, removed: false },
    });
    const again = await admin.client.delete(`/api/admin/assignments/${created.id}`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`This assignment already ended on ${day(-1)}.`);
  });

  it("removes one that has not started", async () => {
    const child = await createStudent(admin.client);
    const created = await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Art", startsOn: day(10) });
    expect((await admin.client.delete(`/api/admin/assignments/${created.id}`)).status).toBe(200);
    expect(await t.db.select().from(assignment).where(eq(assignment.id, created.id))).toEqual([]);
    expect(await latestEntry(child.id, "ASSIGNMENT_ENDED")).toMatchObject({
      description: "Ada Admin removed the Art assignment of Tina Tutor, before it started",
      metadata: { removed: true },
    });
  });

  it("is refused to the other roles", async () => {
    const child = await createStudent(admin.client);
    const created = await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id });
    for (const client of [tutor.client, parent.client]) {
      expect((await client.patch(`/api/admin/assignments/${created.id}`, { subject: "X" })).status).toBe(403);
      expect((await client.delete(`/api/admin/assignments/${created.id}`)).status).toBe(403);
    }
    expect((await t.db.select().from(assignment).where(eq(assignment.id, created.id)))[0]).toMatchObject({ endsOn: null, subject: "Mathematics" });
  });
});
