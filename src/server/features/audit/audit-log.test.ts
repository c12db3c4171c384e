import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../../../tests/client.ts";
import { countRows } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { parseCsv } from "../../../../tests/csv.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { auditLog, organization, student, user } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let tutor: MemberFixture;
let parent: MemberFixture;
let other: AdminFixture;
let nora: string;
let erased: string;
let otherStudent: string;

/** An entry written directly, at a chosen time (the API writes entries only "now"). */
async function entry(
  organizationId: string,
  values: { at: string; action?: string; userId?: string | null; studentId?: string | null; description?: string; actorRole?: string },
) {
  const [row] = await t.db
    .insert(auditLog)
    .values({
      organizationId,
      userId: values.userId === undefined ? admin.user.id : values.userId,
      actorRole: values.actorRole ?? "admin",
      action: values.action ?? "STUDENT_VIEWED",
      description: values.description ?? "Ada Admin viewed the record",
      ipAddress: "203.0.113.9",
      studentId: values.studentId ?? null,
      createdAt: sql`${values.at}::timestamptz`,
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

async function newStudent(organizationId: string, name: string, isErased = false) {
  const [row] = await t.db
    .insert(student)
    .values({ organizationId, name: isErased ? "Erased student" : name, erasedAt: isErased ? new Date() : null })
    .returning({ id: student.id });
  return row!.id;
}

/** Every page of the list, following the cursors. */
async function allPages(client: ApiClient, query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } = await client.get(
      `/api/admin/audit?${query}${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(res.status).toBe(200);
    ids.push(...res.body.items.map((item) => item.id));
    cursor = res.body.nextCursor;
    pages++;
  } while (cursor && pages < 1000);
  return { ids, pages };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
  // New York: 5 hours behind UTC in January, so a UTC date and the workspace's date differ.
  await t.db.update(organization).set({ timeZone: "America/New_York" }).where(eq(organization.id, admin.organizationId));
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Tina Tutor" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Pat Parent" });
  other = await createAdmin(t, { fullName: "Olga Other", workspaceName: "Other Tutoring" });
  nora = await newStudent(admin.organizationId, "Nora Newton");
  erased = await newStudent(admin.organizationId, "Gone Girl", true);
  otherStudent = await newStudent(other.organizationId, "Oscar Elsewhere");

  await entry(admin.organizationId, { at: "2026-01-09T15:00:00Z", action: "STUDENT_CREATED", studentId: nora, description: "Ada Admin created the record" });
  // 23:30 on 9 January in New York, 04:30 on the 10th in UTC.
  await entry(admin.organizationId, {
    at: "2026-01-10T04:30:00Z",
    studentId: nora,
    userId: tutor.user.id,
    actorRole: "tutor",
    description: "Tina Tutor viewed the record",
  });
  // 00:30 on 10 January in New York.
  await entry(admin.organizationId, { at: "2026-01-10T05:30:00Z", studentId: erased });
  await entry(admin.organizationId, {
    at: "2026-01-11T12:00:00Z",
    action: "TUTOR_PROFILE_UPDATED",
    description: "Ada Admin changed the tutor profile of Tina Tutor: bio",
  });
  await entry(other.organizationId, {
    at: "2026-01-10T12:00:00Z",
    userId: other.user.id,
    studentId: otherStudent,
    description: "Olga Other viewed the record",
  });
}, 60_000);
afterAll(() => t?.close());

describe("GET /api/admin/audit", () => {
  it("lists the workspace's entries newest first with actor and student names", async () => {
    const res = await admin.client.get("/api/admin/audit?from=2026-01-01&to=2026-01-31");
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.items.map((item: { at: string }) => item.at)).toEqual([
      "2026-01-11T12:00:00.000Z",
      "2026-01-10T05:30:00.000Z",
      "2026-01-10T04:30:00.000Z",
      "2026-01-09T15:00:00.000Z",
    ]);
    expect(res.body.items[2]).toEqual({
      id: expect.any(String),
      at: "2026-01-10T04:30:00.000Z",
      actorUserId: tutor.user.id,
      actorName: "Tina Tutor",
      actorRole: "tutor",
      action: "STUDENT_VIEWED",
      description: "Tina Tutor viewed the record",
      ipAddress: "203.0.113.9",
      studentId: nora,
      studentName: "Nora Newton",
    });
    expect(res.body.items[1]).toMatchObject({ studentId: erased, studentName: "Erased student", actorName: "Ada Admin" });
    expect(res.body.items[0]).toMatchObject({ studentId: null, studentName: null });
  });

  it("filters by actor, action and student", async () => {
    // The dates leave out the entries of today's sign-ups and approvals.
    const ids = async (query: string) =>
      (await admin.client.get(`/api/admin/audit?to=2026-06-30&${query}`)).body.items.map((item: { description: string }) => item.description);
    expect(await ids(`actorUserId=${tutor.user.id}`)).toEqual(["Tina Tutor viewed the record"]);
    expect(await ids(`studentId=${nora}`)).toEqual(["Tina Tutor viewed the record", "Ada Admin created the record"]);
    expect(await ids(`studentId=${nora}&action=STUDENT_CREATED`)).toEqual(["Ada Admin created the record"]);
    expect(await ids("action=TUTOR_PROFILE_UPDATED")).toEqual(["Ada Admin changed the tutor profile of Tina Tutor: bio"]);
  });

  it("reads from and to as whole days in the workspace's time zone", async () => {
    const at = async (query: string) => (await admin.client.get(`/api/admin/audit?${query}`)).body.items.map((item: { at: string }) => item.at);
    expect(await at("from=2026-01-09&to=2026-01-09")).toEqual(["2026-01-10T04:30:00.000Z", "2026-01-09T15:00:00.000Z"]);
    expect(await at("from=2026-01-10&to=2026-01-10")).toEqual(["2026-01-10T05:30:00.000Z"]);
    expect(await at("to=2026-01-08")).toEqual([]);
  });

  it("never shows another workspace's entries, whatever the filter", async () => {
    expect((await admin.client.get(`/api/admin/audit?studentId=${otherStudent}`)).body.items).toEqual([]);
    expect((await admin.client.get(`/api/admin/audit?actorUserId=${other.user.id}`)).body.items).toEqual([]);
    const theirs = await other.client.get("/api/admin/audit?from=2026-01-01&to=2026-01-31");
    expect(theirs.body.items.map((item: { description: string; studentName: string }) => [item.description, item.studentName])).toEqual([
      ["Olga Other viewed the record", "Oscar Elsewhere"],
    ]);
    const all = await allPages(other.client, "limit=100");
    const ours = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.organizationId, admin.organizationId));
    expect(all.ids.filter((id) => ours.some((row) => row.id === id))).toEqual([]);
  });

  it("pages with a cursor through entries of the same time (to the microsecond), each once, newest first", async () => {
    const paging = await createAdmin(t, { workspaceName: "Paging Tutoring" });
    for (let index = 0; index < 5; index++) await entry(paging.organizationId, { at: "2026-02-01T10:00:00.123456Z", userId: paging.user.id });
    // Within one millisecond: a cursor kept in JavaScript milliseconds would lose one of them.
    await entry(paging.organizationId, { at: "2026-02-01T10:00:00.123100Z", userId: paging.user.id });
    await entry(paging.organizationId, { at: "2026-02-01T10:00:00.123900Z", userId: paging.user.id });
    const expected = await t.db.execute<{ id: string }>(
      sql`select id from audit_log where organization_id = ${paging.organizationId} order by created_at desc, id desc`,
    );
    for (const limit of [1, 2, 3]) {
      const { ids, pages } = await allPages(paging.client, `limit=${limit}`);
      expect(ids).toEqual(expected.rows.map((row) => row.id));
      expect(pages).toBe(Math.ceil(ids.length / limit));
    }
  });

  it.each([
    ["a cursor that is not one", "cursor=bm90LWEtY3Vyc29y", ["cursor"], "Cursor is not valid: ask for the first page again."],
    ["a to date before the from date", "from=2026-01-10&to=2026-01-09", ["to"], "To date must not be before the from date."],
    ["an unknown action", "action=DELETE_EVERYTHING", ["action"], "Action must be one of the audit actions."],
    ["a date that does not exist", "from=2026-02-30", ["from"], "From date must be a real calendar date."],
    ["a limit over 100", "limit=101", ["limit"], "Limit must be at most 100."],
    ["a student id that is not one", "studentId=nora", ["studentId"], "Student must be a valid id."],
  ])("refuses %s, naming the field", async (_label, query, path, message) => {
    const res = await admin.client.get(`/api/admin/audit?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error.issues).toContainEqual({ path, message });
  });
});

describe("GET /api/admin/audit/export.csv", () => {
  it("is an RFC 4180 attachment with a header row, names joined, filters applied", async () => {
    const res = await admin.client.get("/api/admin/audit/export.csv?from=2026-01-09&to=2026-01-11");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="glassroom-audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    // The byte-order mark (text() drops it while decoding, as spreadsheets do).
    const raw = await t.app.request("http://localhost:3000/api/admin/audit/export.csv?to=2026-01-09", { headers: { cookie: admin.client.cookieHeader() } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, "T".charCodeAt(0)]);
    const [header, ...rows] = parseCsv(res.text);
    expect(header).toEqual([
      "Time (UTC)",
      "Time (America/New_York)",
      "Actor",
      "Actor role",
      "Action",
      "Action code",
      "Description",
      "Student",
      "Student id",
      "IP address",
      "Entry id",
    ]);
    expect(rows.map((row) => row.slice(0, 9))).toEqual([
      [
        "2026-01-11T12:00:00.000Z",
        "2026-01-11 07:00:00",
        "Ada Admin",
        "admin",
        "Tutor profile changed",
        "TUTOR_PROFILE_UPDATED",
        "Ada Admin changed the tutor profile of Tina Tutor: bio",
        "",
        "",
      ],
      [
        "2026-01-10T05:30:00.000Z",
        "2026-01-10 00:30:00",
        "Ada Admin",
        "admin",
        "Student record viewed",
        "STUDENT_VIEWED",
        "Ada Admin viewed the record",
        "Erased student",
        erased,
      ],
      [
        "2026-01-10T04:30:00.000Z",
        "2026-01-09 23:30:00",
        "Tina Tutor",
        "tutor",
        "Student record viewed",
        "STUDENT_VIEWED",
        "Tina Tutor viewed the record",
        "Nora Newton",
        nora,
      ],
      [
        "2026-01-09T15:00:00.000Z",
        "2026-01-09 10:00:00",
        "Ada Admin",
        "admin",
        "Student created",
        "STUDENT_CREATED",
        "Ada Admin created the record",
        "Nora Newton",
        nora,
      ],
    ]);
    const byStudent = parseCsv((await admin.client.get(`/api/admin/audit/export.csv?studentId=${nora}&action=STUDENT_CREATED`)).text);
    expect(byStudent.slice(1).map((row) => row[6])).toEqual(["Ada Admin created the record"]);
  });

  it("quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas", async () => {
    const sneaky = await createAdmin(t, { fullName: "Sneaky Admin", workspaceName: "Sneaky Tutoring" });
    await t.db.update(user).set({ name: '=HYPERLINK("http://evil.example","click")' }).where(eq(user.id, sneaky.user.id));
    const descriptions = ['He said "hi", then left', "line one\r\nline two", "+1 called", "-2+3", "@SUM(A1:A2)", "\tTabbed", "plain"];
    for (const [index, description] of descriptions.entries())
      await entry(sneaky.organizationId, { at: `2026-03-01T10:00:0${index}Z`, userId: sneaky.user.id, description });
    const res = await sneaky.client.get("/api/admin/audit/export.csv?from=2026-03-01&to=2026-03-01");
    expect(res.text).toContain('"He said ""hi"", then left"');
    const rows = parseCsv(res.text).slice(1);
    expect(rows.map((row) => row[6])).toEqual(["plain", "'\tTabbed", "'@SUM(A1:A2)", "'-2+3", "'+1 called", "line one\r\nline two", 'He said "hi", then left']);
    expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(['\'=HYPERLINK("http://evil.example","click")']));
  });

  it("streams every matching entry, page after page of 1,000, each once", async () => {
    const bulk = await createAdmin(t, { workspaceName: "Bulk Tutoring" });
    await t.db.execute(sql`
      insert into audit_log (organization_id, user_id, actor_role, action, description, created_at)
      select ${bulk.organizationId}, ${bulk.user.id}, 'admin', case when g % 10 = 0 then 'STUDENT_UPDATED' else 'STUDENT_VIEWED' end,
             'Entry ' || g, timestamptz '2026-04-01T00:00:00Z' + (g / 3) * interval '1 second'
      from generate_series(1, 2500) as g`);
    const rows = parseCsv((await bulk.client.get("/api/admin/audit/export.csv?from=2026-03-31&to=2026-04-30")).text).slice(1);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row[10])).size).toBe(2500);
    expect(rows.map((row) => row[0])).toEqual([...rows.map((row) => row[0]!)].sort().reverse());
    const updated = parseCsv((await bulk.client.get("/api/admin/audit/export.csv?action=STUDENT_UPDATED")).text).slice(1);
    expect(updated).toHaveLength(250);
  });

  it("puts the download itself on the record, with the filters used", async () => {
    const own = await createAdmin(t, { fullName: "Exporting Admin" });
    expect((await own.client.get("/api/admin/audit/export.csv?action=STUDENT_VIEWED")).status).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.organizationId} = ${own.organizationId} and ${auditLog.action} = 'AUDIT_LOG_EXPORTED'`);
    expect(entry).toMatchObject({ userId: own.user.id, actorRole: "admin", description: "Exporting Admin downloaded the audit log (filtered by action)" });
  });

  it("answers an empty log with the header row alone", async () => {
    const res = await admin.client.get("/api/admin/audit/export.csv?to=2000-01-01");
    expect(parseCsv(res.text)).toHaveLength(1);
  });
});

describe("refusals", () => {
  it.each(["/api/admin/audit", "/api/admin/audit/export.csv"])("%s is for admins only", async (path) => {
    const before = await countRows(t.db);
    for (const who of [tutor, parent]) {
      const res = await who.client.get(path);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain("viewed the record");
    }
    expect((await admin.client.fresh().get(path)).status).toBe(401);
    expect(await countRows(t.db)).toEqual(before);
  });
});
