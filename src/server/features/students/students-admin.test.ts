import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows } from "../../../../tests/db.ts";
import { createAdmin, createMember, createPendingJoiner, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { assignTutor, createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { auditLog } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tutor: MemberFixture;
let parent: MemberFixture;
let secondParent: MemberFixture;
let studentMember: MemberFixture;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
  otherAdmin = await createAdmin(t, { fullName: "Bob Other", workspaceName: "Other Tutoring" });
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Tina Tutor" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Paula Parent" });
  secondParent = await createMember(t, { admin, role: "parent", fullName: "Pete Parent" });
  studentMember = await createMember(t, { admin, role: "student", fullName: "Sid Student" });
}, 60_000);
afterAll(() => t?.close());

/** Audit entries about one student, newest first (read as the owner, past the row-level security). */
async function entriesAbout(studentId: string, action?: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.studentId, studentId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(desc(auditLog.createdAt));
}

describe("POST /api/admin/students", () => {
  it("creates a record with every field, audited without the student's name", async () => {
    const res = await admin.client.post("/api/admin/students", {
      name: "  Maya Lopez ",
      preferredName: "May",
      grade: "Year 9",
      school: "Hill School",
      subjects: ["Maths", "maths", "Physics"],
      goals: "GCSE prep",
      notes: "Prefers mornings",
      status: "paused",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Maya Lopez",
      preferredName: "May",
      grade: "Year 9",
      school: "Hill School",
      subjects: ["Maths", "Physics"],
      goals: "GCSE prep",
      notes: "Prefers mornings",
      status: "paused",
      login: null,
      guardians: [],
      assignments: [],
      erasedAt: null,
    });
    const [entry] = await entriesAbout(res.body.id, "STUDENT_CREATED");
    expect(entry).toMatchObject({
      organizationId: admin.organizationId,
      userId: admin.user.id,
      actorRole: "admin",
      description: "Ada Admin created the record",
    });
    expect(entry!.description).not.toContain("Maya");
    expect(JSON.stringify(entry!.metadata)).not.toContain("Maya");
  });

  it("defaults: active, no optional fields; empty optional text means none", async () => {
    const res = await admin.client.post("/api/admin/students", { name: "Noor Quinn", school: "" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "active", preferredName: null, school: null, subjects: [], goals: "", notes: "" });
  });

  it.each([
    [{}, "name", "Name is required."],
    [{ name: "   " }, "name", "Name is required."],
    [{ name: "Al", status: "gone" }, "status", "Status must be active, paused or former."],
    [{ name: "Al", subjects: "Maths" }, "subjects", "Subjects must be a list of subject names."],
    [{ name: "<b>Al</b>" }, "name", "Name must not contain < > or control characters."],
    [{ name: "Al", notes: "x".repeat(5001) }, "notes", "Notes must be at most 5000 characters."],
    [{ name: "Al", owner: "me" }, "", undefined],
  ])("refuses %j naming %s, and writes nothing", async (body, field, message) => {
    const before = await countRows(t.db);
    const res = await admin.client.post("/api/admin/students", body);
    expect(res.status).toBe(422);
    if (field) expect(res.body.error.issues).toContainEqual({ path: [field], message });
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("GET /api/admin/students", () => {
  let ids: Record<string, string>;
  let searchAdmin: AdminFixture;

  beforeAll(async () => {
    // A workspace of its own, so that the counts are exact.
    searchAdmin = await createAdmin(t, { workspaceName: "Search Tutoring" });
    const tutorHere = await createMember(t, { admin: searchAdmin, role: "tutor", fullName: "Tom Teach" });
    const parentHere = await createMember(t, { admin: searchAdmin, role: "parent", fullName: "Pam Guardian" });
    ids = {};
    for (const [name, status, preferredName] of [
      ["Zoe Zimmer", "active", null],
      ["Adam Abbot", "active", "Ace"],
      ["Bea Brown", "paused", null],
      ["Cal Carter", "former", null],
      ["Dana 50%_off", "active", null],
      ["Eve Evans", "active", null],
    ] as const) {
      ids[name] = (await createStudent(searchAdmin.client, { name, status, preferredName })).id;
    }
    await linkGuardian(searchAdmin.client, ids["Adam Abbot"]!, parentHere.memberId);
    await assignTutor(searchAdmin.client, { tutorMemberId: tutorHere.memberId, studentId: ids["Adam Abbot"]! });
    await assignTutor(searchAdmin.client, { tutorMemberId: tutorHere.memberId, studentId: ids["Bea Brown"]!, startsOn: "2020-01-01", endsOn: "2020-06-30" });
  });

  it("pages through the workspace's records ordered by name, with guardians and current tutors", async () => {
    const first = await searchAdmin.client.get("/api/admin/students?pageSize=4");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(first.body.items.map((item: { name: string }) => item.name)).toEqual(["Adam Abbot", "Bea Brown", "Cal Carter", "Dana 50%_off"]);
    const second = await searchAdmin.client.get("/api/admin/students?pageSize=4&page=2");
    expect(second.body.items.map((item: { name: string }) => item.name)).toEqual(["Eve Evans", "Zoe Zimmer"]);
    const adam = first.body.items[0];
    expect(adam).toEqual({
      id: ids["Adam Abbot"],
      name: "Adam Abbot",
      preferredName: "Ace",
      grade: null,
      school: null,
      subjects: [],
      status: "active",
      guardians: [{ memberId: expect.any(String), name: "Pam Guardian" }],
      tutors: [{ memberId: expect.any(String), name: "Tom Teach" }],
      erased: false,
    });
    // An ended assignment does not make a current tutor.
    expect(first.body.items[1].tutors).toEqual([]);
    expect((await searchAdmin.client.get("/api/admin/students?page=3&pageSize=4")).body).toMatchObject({ items: [], total: 6 });
  });

  it("searches any part of the name or preferred name, case-insensitively; % and _ are literal", async () => {
    const names = async (query: string) => (await searchAdmin.client.get(`/api/admin/students?${query}`)).body.items.map((item: { name: string }) => item.name);
    expect(await names("q=EVAN")).toEqual(["Eve Evans"]);
    expect(await names("q=ace")).toEqual(["Adam Abbot"]);
    expect(await names("q=%25")).toEqual(["Dana 50%_off"]);
    expect(await names("q=_")).toEqual(["Dana 50%_off"]);
    expect(await names("q=nobody")).toEqual([]);
    expect((await searchAdmin.client.get("/api/admin/students?q=a&status=active")).body.total).toBe(3);
  });

  it("filters by status", async () => {
    const res = await searchAdmin.client.get("/api/admin/students?status=paused");
    expect(res.body).toMatchObject({ total: 1, items: [{ name: "Bea Brown", status: "paused" }] });
  });

  it("refuses bad paging and filters, naming the parameter", async () => {
    const status = await searchAdmin.client.get("/api/admin/students?status=lost");
    expect(status.status).toBe(422);
    expect(status.body.error.issues[0].path).toEqual(["status"]);
    const size = await searchAdmin.client.get("/api/admin/students?pageSize=500");
    expect(size.status).toBe(422);
    expect(size.body.error.issues[0]).toEqual({ path: ["pageSize"], message: "Page size must be at most 100." });
  });

  it("shows nothing of another workspace", async () => {
    const res = await otherAdmin.client.get("/api/admin/students?q=Adam%20Abbot");
    expect(res.body).toMatchObject({ total: 0, items: [] });
  });
});

describe("GET /api/admin/students/{studentId}", () => {
  it("answers the record and audits the read", async () => {
    const created = await createStudent(admin.client, { name: "Vera Viewed" });
    const res = await admin.client.get(`/api/admin/students/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    const [entry] = await entriesAbout(created.id, "STUDENT_VIEWED");
    expect(entry).toMatchObject({ userId: admin.user.id, actorRole: "admin", description: "Ada Admin viewed the record", ipAddress: admin.client.ip });
  });

  it("answers 404 for a record of another workspace, an unknown id or a malformed one, and audits nothing", async () => {
    const created = await createStudent(admin.client, { name: "Wendy Walled" });
    const before = await countRows(t.db);
    for (const id of [created.id, "00000000-0000-0000-0000-000000000000", "not-an-id"]) {
      const res = await otherAdmin.client.get(`/api/admin/students/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ code: "NOT_FOUND", message: "The student was not found." });
    }
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("PATCH /api/admin/students/{studentId}", () => {
  it("changes the given fields, audits their names only, and skips unchanged ones", async () => {
    const created = await createStudent(admin.client, { name: "Ola Change", goals: "Old goal", notes: "Old note", grade: "7" });
    const res = await admin.client.patch(`/api/admin/students/${created.id}`, { goals: "Pass the exam", notes: "Secret note", grade: "7" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ goals: "Pass the exam", notes: "Secret note", grade: "7" });
    const [entry] = await entriesAbout(created.id, "STUDENT_UPDATED");
    expect(entry).toMatchObject({ description: "Ada Admin changed goals, notes", metadata: { fields: ["goals", "notes"] } });
    expect(JSON.stringify(entry)).not.toContain("Secret note");

    const same = await admin.client.patch(`/api/admin/students/${created.id}`, { goals: "Pass the exam" });
    expect(same.status).toBe(200);
    expect(await entriesAbout(created.id, "STUDENT_UPDATED")).toHaveLength(1);
  });

  it("pauses and archives", async () => {
    const created = await createStudent(admin.client);
    expect((await admin.client.patch(`/api/admin/students/${created.id}`, { status: "paused" })).body.status).toBe("paused");
    const archived = await admin.client.patch(`/api/admin/students/${created.id}`, { status: "former" });
    expect(archived.body.status).toBe("former");
    expect((await entriesAbout(created.id, "STUDENT_UPDATED"))[0]!.description).toBe("Ada Admin changed status (now former)");
  });

  it.each([
    [{}, [], "Give at least one field to change."],
    [{ status: "deleted" }, ["status"], "Status must be active, paused or former."],
    [{ name: "" }, ["name"], "Name is required."],
  ])("refuses %j and writes nothing", async (body, path, message) => {
    const created = await createStudent(admin.client);
    const before = await countRows(t.db);
    const res = await admin.client.patch(`/api/admin/students/${created.id}`, body);
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toContainEqual({ path, message });
    expect(await countRows(t.db)).toEqual(before);
    expect((await admin.client.get(`/api/admin/students/${created.id}`)).body.name).toBe(created.name);
  });

  it("answers 404 to another workspace's admin and changes nothing", async () => {
    const created = await createStudent(admin.client, { name: "Kept Name" });
    const res = await otherAdmin.client.patch(`/api/admin/students/${created.id}`, { name: "Taken Over" });
    expect(res.status).toBe(404);
    expect((await admin.client.get(`/api/admin/students/${created.id}`)).body.name).toBe("Kept Name");
  });
});

describe("guardians", () => {
  it("links and unlinks a parent, audited on the record", async () => {
    const created = await createStudent(admin.client);
    const linked = await admin.client.post(`/api/admin/students/${created.id}/guardians`, { memberId: parent.memberId });
    expect(linked.status).toBe(200);
    expect(linked.body.guardians).toEqual([{ memberId: parent.memberId, userId: parent.user.id, name: "Paula Parent", email: parent.user.email }]);
    const both = await linkGuardian(admin.client, created.id, secondParent.memberId);
    expect(both.guardians.map((guardian) => guardian.name)).toEqual(["Paula Parent", "Pete Parent"]);
    expect((await entriesAbout(created.id, "GUARDIAN_LINKED"))[1]).toMatchObject({
      description: "Ada Admin linked Paula Parent as a guardian",
      metadata: { memberId: parent.memberId },
    });

    const unlinked = await admin.client.delete(`/api/admin/students/${created.id}/guardians/${parent.memberId}`);
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.guardians.map((guardian: { name: string }) => guardian.name)).toEqual(["Pete Parent"]);
    expect((await entriesAbout(created.id, "GUARDIAN_UNLINKED"))[0]).toMatchObject({
      description: "Ada Admin unlinked Paula Parent as a guardian",
      metadata: { memberId: parent.memberId },
    });
    expect((await admin.client.delete(`/api/admin/students/${created.id}/guardians/${parent.memberId}`)).status).toBe(404);
  });

  it("refuses one already linked with 409", async () => {
    const created = await createStudent(admin.client);
    await linkGuardian(admin.client, created.id, parent.memberId);
    const before = await countRows(t.db);
    const again = await admin.client.post(`/api/admin/students/${created.id}/guardians`, { memberId: parent.memberId });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("Paula Parent is already a guardian of this student.");
    expect(await countRows(t.db)).toEqual(before);
  });

  it("refuses a member who is not a parent of this workspace, naming memberId", async () => {
    const created = await createStudent(admin.client);
    const pending = await createPendingJoiner(t, { joinCode: admin.joinCode, fullName: "Penny Pending" });
    const cases: [string, string][] = [
      [tutor.memberId, "Tina Tutor is not a parent in this workspace."],
      [studentMember.memberId, "Sid Student is not a parent in this workspace."],
      [admin.memberId, "Ada Admin is not a parent in this workspace."],
      [pending.memberId, "Penny Pending is still waiting for approval; approve them as a parent first."],
      [otherAdmin.memberId, "No such member in this workspace."],
      ["no-such-member", "No such member in this workspace."],
    ];
    const before = await countRows(t.db);
    for (const [memberId, message] of cases) {
      const res = await admin.client.post(`/api/admin/students/${created.id}/guardians`, { memberId });
      expect(res.status, memberId).toBe(422);
      expect(res.body.error.issues).toEqual([{ path: ["memberId"], message }]);
    }
    const malformed = await admin.client.post(`/api/admin/students/${created.id}/guardians`, { memberId: "bad id!" });
    expect(malformed.body.error.issues).toEqual([{ path: ["memberId"], message: "Guardian must be a valid id." }]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("answers 404 for a student of another workspace, linking nothing", async () => {
    const created = await createStudent(otherAdmin.client);
    const before = await countRows(t.db);
    expect((await admin.client.post(`/api/admin/students/${created.id}/guardians`, { memberId: parent.memberId })).status).toBe(404);
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("GET /api/admin/students/{studentId}/access-log", () => {
  it("lists the record's entries newest first, a page at a time, with the actor's name and role", async () => {
    const created = await createStudent(admin.client);
    for (let i = 0; i < 5; i++) await admin.client.get(`/api/admin/students/${created.id}`);
    await admin.client.patch(`/api/admin/students/${created.id}`, { goals: "More" });
    // 1 created + 5 viewed + 1 changed; the log read itself is not an entry.
    const first = await admin.client.get(`/api/admin/students/${created.id}/access-log?limit=3`);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    expect(first.body.items[0]).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actorName: "Ada Admin",
      actorRole: "admin",
      action: "STUDENT_UPDATED",
      description: "Ada Admin changed goals",
    });
    const seen = [...first.body.items];
    let cursor = first.body.nextCursor;
    while (cursor) {
      const next = await admin.client.get(`/api/admin/students/${created.id}/access-log?limit=3&cursor=${cursor}`);
      seen.push(...next.body.items);
      cursor = next.body.nextCursor;
    }
    expect(seen.map((entry) => entry.action)).toEqual(["STUDENT_UPDATED", ...Array(5).fill("STUDENT_VIEWED"), "STUDENT_CREATED"]);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(7);
    const times = seen.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("refuses a cursor it did not make, naming it", async () => {
    const created = await createStudent(admin.client);
    const res = await admin.client.get(`/api/admin/students/${created.id}/access-log?cursor=bogus`);
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toEqual([{ path: ["cursor"], message: "Cursor is not valid." }]);
  });

  it("answers 404 to another workspace's admin", async () => {
    const created = await createStudent(admin.client);
    expect((await otherAdmin.client.get(`/api/admin/students/${created.id}/access-log`)).status).toBe(404);
  });
});

describe("admin operations refuse the other roles", () => {
  it.each(["tutor", "parent", "student"] as const)("a %s gets 403 and nothing is written", async (role) => {
    const client = { tutor, parent, student: studentMember }[role].client;
    const created = await createStudent(admin.client);
    const before = await countRows(t.db);
    const calls = [
      client.get("/api/admin/students"),
      client.post("/api/admin/students", { name: "Intruder" }),
      client.get(`/api/admin/students/${created.id}`),
      client.patch(`/api/admin/students/${created.id}`, { name: "Intruder" }),
      client.post(`/api/admin/students/${created.id}/guardians`, { memberId: parent.memberId }),
      client.delete(`/api/admin/students/${created.id}/guardians/${parent.memberId}`),
      client.post(`/api/admin/students/${created.id}/erase`, { confirmName: created.name }),
      client.get(`/api/admin/students/${created.id}/access-log`),
      client.post("/api/admin/assignments", { tutorMemberId: tutor.memberId, studentId: created.id, subject: "Maths", startsOn: "2024-01-01" }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(403);
    expect(await countRows(t.db)).toEqual(before);
  });
});
