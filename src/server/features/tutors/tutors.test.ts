import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, countRows } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { assignment, member, organization, student, tutorAvailability, tutorProfile } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let theo: MemberFixture;
let parent: MemberFixture;
let pupil: MemberFixture;
let otherAdmin: AdminFixture;
let otherTutor: MemberFixture;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
  // The default zone of a new profile is the workspace's, whatever it is.
  await t.db.update(organization).set({ timeZone: "Europe/London" }).where(eq(organization.id, admin.organizationId));
  tina = await createMember(t, { admin, role: "tutor", fullName: "Tina Tutor" });
  theo = await createMember(t, { admin, role: "tutor", fullName: "Theo Teacher" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Pat Parent" });
  pupil = await createMember(t, { admin, role: "student", fullName: "Stu Student" });
  otherAdmin = await createAdmin(t, { fullName: "Olga Other", workspaceName: "Other Tutoring" });
  otherTutor = await createMember(t, { admin: otherAdmin, role: "tutor", fullName: "Oscar Elsewhere" });
}, 60_000);
afterAll(() => t?.close());

const profileRow = async (memberId: string) => (await t.db.select().from(tutorProfile).where(eq(tutorProfile.memberId, memberId)))[0];
const auditOf = async (action: string, memberId: string) =>
  (await auditEntries(t.db, { action, organizationId: admin.organizationId })).filter(
    (entry) => (entry.metadata as { memberId?: string }).memberId === memberId,
  );

/** A student taught by the tutor: rows written directly, as the students API is not this feature's. */
async function teach(tutorMemberId: string, name: string, dates: { startsOn: string; endsOn?: string | null; subject?: string }[], erased = false) {
  const [row] = await t.db
    .insert(student)
    .values({
      organizationId: admin.organizationId,
      name: erased ? "Erased student" : name,
      erasedAt: erased ? new Date() : null,
      status: erased ? "former" : "active",
    })
    .returning({ id: student.id });
  for (const date of dates) {
    await t.db.insert(assignment).values({
      organizationId: admin.organizationId,
      tutorMemberId,
      studentId: row!.id,
      subject: date.subject ?? "Mathematics",
      startsOn: date.startsOn,
      endsOn: date.endsOn ?? null,
    });
  }
  return row!.id;
}

describe("GET /api/admin/tutors", () => {
  it("lists the workspace's tutors by name with profile defaults, and nobody else", async () => {
    const res = await admin.client.get("/api/admin/tutors");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(res.body.items.map((item: { name: string }) => item.name)).toEqual(["Theo Teacher", "Tina Tutor"]);
    expect(res.body.items[1]).toEqual({
      memberId: tina.memberId,
      userId: tina.user.id,
      name: "Tina Tutor",
      email: tina.user.email,
      subjects: [],
      status: "active",
      membershipStatus: "active",
      chargeRateMinor: null,
      currentStudentCount: 0,
    });
  });

  it("searches by any part of the name or email, filters by status and pages", async () => {
    expect((await admin.client.get("/api/admin/tutors?q=INA")).body.items.map((item: { memberId: string }) => item.memberId)).toEqual([tina.memberId]);
    const byEmail = await admin.client.get(`/api/admin/tutors?q=${encodeURIComponent(theo.user.email.slice(0, 12))}`);
    expect(byEmail.body.items.map((item: { memberId: string }) => item.memberId)).toEqual([theo.memberId]);
    // LIKE wildcards are taken literally.
    expect((await admin.client.get("/api/admin/tutors?q=%25")).body.total).toBe(0);
    const page2 = await admin.client.get("/api/admin/tutors?pageSize=1&page=2");
    expect(page2.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.body.items.map((item: { name: string }) => item.name)).toEqual(["Tina Tutor"]);
    expect((await admin.client.get("/api/admin/tutors?status=inactive")).body.total).toBe(0);
    expect((await admin.client.get("/api/admin/tutors?status=active")).body.total).toBe(2);
    const bad = await admin.client.get("/api/admin/tutors?status=retired&pageSize=500");
    expect(bad.status).toBe(422);
  });

  it("shows a suspended tutor with the membership status", async () => {
    const sam = await createMember(t, { admin, role: "tutor", fullName: "Sam Suspended" });
    await t.db.update(member).set({ status: "suspended" }).where(eq(member.id, sam.memberId));
    const res = await admin.client.get("/api/admin/tutors?q=Sam%20Susp");
    expect(res.body.items).toEqual([expect.objectContaining({ memberId: sam.memberId, membershipStatus: "suspended" })]);
    await t.db.delete(member).where(eq(member.id, sam.memberId));
  });
});

describe("GET /api/admin/tutors/{memberId}", () => {
  it("answers the defaults before the first save, without writing a profile", async () => {
    const res = await admin.client.get(`/api/admin/tutors/${theo.memberId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      memberId: theo.memberId,
      name: "Theo Teacher",
      bio: "",
      payRateMinor: null,
      timeZone: "Europe/London",
      availability: [],
      assignments: [],
    });
    expect(await profileRow(theo.memberId)).toBeUndefined();
  });

  it("lists assignments, current first, and counts current students once each", async () => {
    const dan = await createMember(t, { admin, role: "tutor", fullName: "Dan Dates" });
    await teach(dan.memberId, "Alice Current", [{ startsOn: "2020-01-01" }, { startsOn: "2020-01-01", subject: "Physics" }]);
    await teach(dan.memberId, "Bob Former", [{ startsOn: "2020-01-01", endsOn: "2020-06-30" }]);
    await teach(dan.memberId, "Cleo Future", [{ startsOn: "2999-01-01" }]);
    await teach(dan.memberId, "anyone", [{ startsOn: "2021-01-01" }], true);
    const res = await admin.client.get(`/api/admin/tutors/${dan.memberId}`);
    expect(res.body.currentStudentCount).toBe(2);
    expect(res.body.assignments.map((item: { studentName: string; current: boolean }) => [item.studentName, item.current])).toEqual([
      ["Erased student", true],
      ["Alice Current", true],
      ["Alice Current", true],
      ["Cleo Future", false],
      ["Bob Former", false],
    ]);
    expect(res.body.assignments[1]).toMatchObject({
      tutorMemberId: dan.memberId,
      tutorName: "Dan Dates",
      subject: expect.any(String),
      rateOverrideMinor: null,
      startsOn: "2020-01-01",
      endsOn: null,
    });
    const listed = (await admin.client.get("/api/admin/tutors?q=Dan%20Dates")).body.items[0];
    expect(listed.currentStudentCount).toBe(2);
  });

  it.each([
    ["a parent", () => parent.memberId],
    ["the admin", () => admin.memberId],
    ["another workspace's tutor", () => otherTutor.memberId],
    ["an unknown id", () => "no-such-member"],
  ])("answers 404 for %s", async (_label, memberId) => {
    const res = await admin.client.get(`/api/admin/tutors/${memberId()}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: "NOT_FOUND", message: "The tutor was not found." });
  });
});

describe("PATCH /api/admin/tutors/{memberId}", () => {
  it("creates the profile on first save with the workspace's zone, and audits the field names only", async () => {
    const res = await admin.client.patch(`/api/admin/tutors/${tina.memberId}`, {
      subjects: ["Mathematics", "Physics", "mathematics"],
      bio: "Ten years of A-level maths.",
      payRateMinor: 3000,
      chargeRateMinor: 5500,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      subjects: ["Mathematics", "Physics"],
      bio: "Ten years of A-level maths.",
      payRateMinor: 3000,
      chargeRateMinor: 5500,
      timeZone: "Europe/London",
      status: "active",
    });
    expect(await profileRow(tina.memberId)).toMatchObject({ organizationId: admin.organizationId, timeZone: "Europe/London", payRateMinor: 3000 });
    const [entry] = await auditOf("TUTOR_PROFILE_UPDATED", tina.memberId);
    expect(entry).toMatchObject({
      userId: admin.user.id,
      actorRole: "admin",
      description: "Ada Admin changed the tutor profile of Tina Tutor: subjects, bio, pay rate, default charge rate",
    });
    expect(entry!.metadata).toEqual({ memberId: tina.memberId, fields: ["subjects", "bio", "payRateMinor", "chargeRateMinor"] });
    // The entry's words, not its random ids (a uuid may hold "3000").
    expect(JSON.stringify({ description: entry!.description, metadata: entry!.metadata })).not.toMatch(/3000|5500|A-level/);
  });

  it("writes and audits only what changed; saving the same values is not a change", async () => {
    const before = (await auditOf("TUTOR_PROFILE_UPDATED", tina.memberId)).length;
    const same = await admin.client.patch(`/api/admin/tutors/${tina.memberId}`, { payRateMinor: 3000, bio: "Ten years of A-level maths." });
    expect(same.status).toBe(200);
    expect(await auditOf("TUTOR_PROFILE_UPDATED", tina.memberId)).toHaveLength(before);
    const changed = await admin.client.patch(`/api/admin/tutors/${tina.memberId}`, {
      payRateMinor: null,
      status: "inactive",
      bio: "Ten years of A-level maths.",
    });
    expect(changed.body).toMatchObject({ payRateMinor: null, status: "inactive" });
    expect((await auditOf("TUTOR_PROFILE_UPDATED", tina.memberId)).at(-1)!.metadata).toEqual({ memberId: tina.memberId, fields: ["payRateMinor", "status"] });
    expect((await admin.client.get("/api/admin/tutors?status=inactive")).body.items.map((item: { memberId: string }) => item.memberId)).toEqual([
      tina.memberId,
    ]);
    await admin.client.patch(`/api/admin/tutors/${tina.memberId}`, { status: "active", payRateMinor: 3000 });
  });

  it.each([
    ["a negative rate", { payRateMinor: -1 }, ["payRateMinor"], "Pay rate must not be negative."],
    ["a fractional rate", { chargeRateMinor: 12.5 }, ["chargeRateMinor"], "Default charge rate must be a whole number of minor units (cents, pence)."],
    ["a rate past the largest", { chargeRateMinor: 10_000_001 }, ["chargeRateMinor"], "Default charge rate must be at most 100,000.00."],
    [
      "a rate past what any integer column holds",
      { payRateMinor: 2 ** 63 },
      ["payRateMinor"],
      "Pay rate must be a whole number of minor units (cents, pence).",
    ],
    ["a wrong time zone", { timeZone: "Mars/Olympus" }, ["timeZone"], "Time zone must be a region name such as Europe/London (or UTC)."],
    ["an unknown status", { status: "retired" }, ["status"], "Status must be active or inactive."],
    ["nothing to change", {}, [], "Give at least one field to change."],
    ["a bio with control characters", { bio: "a\u0007b" }, ["bio"], "Bio must not contain control characters."],
  ])("refuses %s with a message naming the field, and changes nothing", async (_label, body, path, message) => {
    const before = await countRows(t.db);
    const row = await profileRow(tina.memberId);
    const res = await admin.client.patch(`/api/admin/tutors/${tina.memberId}`, body);
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toContainEqual({ path, message });
    expect(await countRows(t.db)).toEqual(before);
    expect(await profileRow(tina.memberId)).toEqual(row);
  });

  it("answers 404 for a member who is not a tutor of this workspace, writing nothing", async () => {
    const before = await countRows(t.db);
    for (const memberId of [parent.memberId, otherTutor.memberId]) {
      expect((await admin.client.patch(`/api/admin/tutors/${memberId}`, { bio: "x" })).status).toBe(404);
      expect((await admin.client.put(`/api/admin/tutors/${memberId}/availability`, { slots: [] })).status).toBe(404);
    }
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("PUT /api/admin/tutors/{memberId}/availability", () => {
  const week = [
    { weekday: 3, startsAt: "16:00", endsAt: "19:30" },
    { weekday: 1, startsAt: "15:00", endsAt: "18:00" },
    { weekday: 1, startsAt: "09:00", endsAt: "12:00" },
  ];

  it("replaces the week in one go and audits it", async () => {
    const res = await admin.client.put(`/api/admin/tutors/${theo.memberId}/availability`, { slots: week });
    expect(res.status).toBe(200);
    expect(res.body.availability).toEqual([
      { weekday: 1, startsAt: "09:00", endsAt: "12:00" },
      { weekday: 1, startsAt: "15:00", endsAt: "18:00" },
      { weekday: 3, startsAt: "16:00", endsAt: "19:30" },
    ]);
    // First save of the profile, with the workspace's zone.
    expect(await profileRow(theo.memberId)).toMatchObject({ timeZone: "Europe/London", subjects: [] });
    const replaced = await admin.client.put(`/api/admin/tutors/${theo.memberId}/availability`, { slots: [{ weekday: 7, startsAt: "10:00", endsAt: "11:00" }] });
    expect(replaced.body.availability).toEqual([{ weekday: 7, startsAt: "10:00", endsAt: "11:00" }]);
    const rows = await t.db
      .select()
      .from(tutorAvailability)
      .where(and(eq(tutorAvailability.organizationId, admin.organizationId), eq(tutorAvailability.memberId, theo.memberId)));
    expect(rows).toHaveLength(1);
    const entries = await auditOf("TUTOR_AVAILABILITY_UPDATED", theo.memberId);
    expect(entries.map((entry) => entry.description)).toEqual([
      "Ada Admin changed the availability of Theo Teacher: 3 slots a week",
      "Ada Admin changed the availability of Theo Teacher: 1 slot a week",
    ]);
    // The same week again is not a change.
    await admin.client.put(`/api/admin/tutors/${theo.memberId}/availability`, { slots: [{ weekday: 7, startsAt: "10:00", endsAt: "11:00" }] });
    expect(await auditOf("TUTOR_AVAILABILITY_UPDATED", theo.memberId)).toHaveLength(2);
    expect((await admin.client.put(`/api/admin/tutors/${theo.memberId}/availability`, { slots: [] })).body.availability).toEqual([]);
  });

  it("applies saves made at the same moment one after the other, never mixing them", async () => {
    // Each week is one slot on Tuesday, all overlapping: a mix of two would hold several.
    const weeks = Array.from({ length: 6 }, (_, index) => [{ weekday: 2, startsAt: `0${index + 1}:00`, endsAt: "10:00" }]);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(weeks.map((slots) => admin.client.put(`/api/admin/tutors/${theo.memberId}/availability`, { slots })));
      expect(answers.map((answer) => answer.status)).toEqual(weeks.map(() => 200));
      const { availability } = (await admin.client.get(`/api/admin/tutors/${theo.memberId}`)).body;
      expect(weeks).toContainEqual(availability);
    }
  });

  it.each([
    [
      "overlapping slots",
      [
        { weekday: 2, startsAt: "09:00", endsAt: "11:00" },
        { weekday: 2, startsAt: "10:30", endsAt: "12:00" },
      ],
      ["slots", 1, "startsAt"],
      "Slots on Tuesday overlap.",
    ],
    ["an end before the start", [{ weekday: 2, startsAt: "11:00", endsAt: "09:00" }], ["slots", 0, "endsAt"], "End must be after start."],
    ["a time that is not HH:MM", [{ weekday: 2, startsAt: "9am", endsAt: "10:00" }], ["slots", 0, "startsAt"], "Start must be a time written HH:MM (24-hour)."],
    ["a day out of range", [{ weekday: 8, startsAt: "09:00", endsAt: "10:00" }], ["slots", 0, "weekday"], "Day must be from 1 (Monday) to 7 (Sunday)."],
  ])("refuses %s with a message naming the slot's field", async (_label, slots, path, message) => {
    const before = await countRows(t.db);
    const res = await admin.client.put(`/api/admin/tutors/${theo.memberId}/availability`, { slots });
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toContainEqual({ path, message });
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("a tutor's own profile: /api/tutor/profile and /api/tutor/availability", () => {
  it("reads and edits their own subjects, bio, time zone and availability", async () => {
    const own = await theo.client.get("/api/tutor/profile");
    expect(own.status).toBe(200);
    expect(own.body.memberId).toBe(theo.memberId);
    const res = await theo.client.patch("/api/tutor/profile", { subjects: ["Chemistry"], bio: "Organic chemistry.", timeZone: "America/New_York" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subjects: ["Chemistry"], bio: "Organic chemistry.", timeZone: "America/New_York" });
    expect((await auditOf("TUTOR_PROFILE_UPDATED", theo.memberId)).at(-1)).toMatchObject({
      userId: theo.user.id,
      actorRole: "tutor",
      description: "Theo Teacher changed their tutor profile: subjects, bio, time zone",
    });
    const week = await theo.client.put("/api/tutor/availability", { slots: [{ weekday: 5, startsAt: "17:00", endsAt: "20:00" }] });
    expect(week.status).toBe(200);
    expect(week.body.availability).toEqual([{ weekday: 5, startsAt: "17:00", endsAt: "20:00" }]);
    expect((await auditOf("TUTOR_AVAILABILITY_UPDATED", theo.memberId)).at(-1)!.description).toBe("Theo Teacher changed their availability: 1 slot a week");
    // Nothing of another tutor changed.
    expect((await profileRow(tina.memberId))!.subjects).toEqual(["Mathematics", "Physics"]);
  });

  it.each([
    ["pay rate", { payRateMinor: 9999 }, "payRateMinor"],
    ["charge rate", { chargeRateMinor: 9999 }, "chargeRateMinor"],
    ["status", { status: "inactive" }, "status"],
  ])("cannot change their own %s", async (_label, body, field) => {
    const before = await profileRow(theo.memberId);
    const res = await theo.client.patch("/api/tutor/profile", { bio: "sneaky", ...body });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.error.issues)).toContain(field);
    expect(await profileRow(theo.memberId)).toEqual(before);
  });

  it("cannot read or edit another tutor, nor their own rates, through the admin operations", async () => {
    const before = await countRows(t.db);
    const row = await profileRow(tina.memberId);
    expect((await theo.client.get("/api/admin/tutors")).status).toBe(403);
    expect((await theo.client.get(`/api/admin/tutors/${tina.memberId}`)).status).toBe(403);
    expect((await theo.client.patch(`/api/admin/tutors/${tina.memberId}`, { bio: "mine now" })).status).toBe(403);
    expect((await theo.client.patch(`/api/admin/tutors/${theo.memberId}`, { payRateMinor: 99999 })).status).toBe(403);
    expect((await theo.client.put(`/api/admin/tutors/${tina.memberId}/availability`, { slots: [] })).status).toBe(403);
    expect(await profileRow(tina.memberId)).toEqual(row);
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("refusals", () => {
  it("refuses parents, students and tutors on the admin operations and others on the tutor's own", async () => {
    const before = await countRows(t.db);
    for (const who of [parent, pupil]) {
      expect((await who.client.get("/api/admin/tutors")).status).toBe(403);
      expect((await who.client.get(`/api/admin/tutors/${tina.memberId}`)).status).toBe(403);
      expect((await who.client.patch(`/api/admin/tutors/${tina.memberId}`, { bio: "x" })).status).toBe(403);
      expect((await who.client.get("/api/tutor/profile")).status).toBe(403);
      expect((await who.client.put("/api/tutor/availability", { slots: [] })).status).toBe(403);
    }
    expect((await admin.client.get("/api/tutor/profile")).status).toBe(403);
    expect((await admin.client.fresh().get("/api/admin/tutors")).status).toBe(401);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("gives an admin of another workspace nothing of this one", async () => {
    const before = await countRows(t.db);
    const list = await otherAdmin.client.get("/api/admin/tutors");
    expect(list.body.items.map((item: { memberId: string }) => item.memberId)).toEqual([otherTutor.memberId]);
    expect((await otherAdmin.client.get(`/api/admin/tutors/${tina.memberId}`)).status).toBe(404);
    expect((await otherAdmin.client.patch(`/api/admin/tutors/${tina.memberId}`, { payRateMinor: 1 })).status).toBe(404);
    expect((await otherAdmin.client.put(`/api/admin/tutors/${tina.memberId}/availability`, { slots: [] })).status).toBe(404);
    expect(await countRows(t.db)).toEqual(before);
    expect((await profileRow(tina.memberId))!.payRateMinor).toBe(3000);
  });
});
