import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiClient } from "../../../../tests/client.ts";
import { countRows, mailsTo } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { assignTutor, createSession, createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { sampleMp3, uploadRecording } from "../../../../tests/recording-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { exportDisposition } from "./export.ts";
import { auditLog, sessionRecording, sessionReport, sessionSummary, student, studentGuardian, workspaceInvitation } from "../../db/schema.ts";

let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tutor: MemberFixture;
let parent: MemberFixture;
let otherParent: MemberFixture;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
  otherAdmin = await createAdmin(t, { fullName: "Bob Other" });
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Tina Tutor" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Paula Parent" });
  otherParent = await createMember(t, { admin, role: "parent", fullName: "Quinn Parent" });
}, 60_000);
afterAll(() => t?.close());

/** A GET whose answer is read as bytes (ApiClient reads answers as text, which breaks a zip). */
async function download(client: ApiClient, path: string) {
  const response = await t.app.request(`http://localhost:3000${path}`, { headers: { cookie: client.cookieHeader(), "x-test-client-ip": client.ip } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The zip's files as text. */
function unzip(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));
}

describe("the export's file name", () => {
  const noon = new Date("2026-11-25T12:00:00Z");

  it("is the child's name as an ASCII slug and the day", () => {
    expect(exportDisposition("Ada Lovelace", noon, "UTC")).toEqual({
      fileName: "glassroom-ada-lovelace-2026-11-25.zip",
      disposition: 'attachment; filename="glassroom-ada-lovelace-2026-11-25.zip"',
    });
    expect(exportDisposition("  O'Brien,  Seán  ", noon, "UTC").fileName).toBe("glassroom-o-brien-sean-2026-11-25.zip");
  });

  it("takes the day in the workspace's zone", () => {
    expect(exportDisposition("Ada Lovelace", noon, "Pacific/Kiritimati").fileName).toBe("glassroom-ada-lovelace-2026-11-26.zip");
    expect(exportDisposition("Ada Lovelace", noon, "Pacific/Pago_Pago").fileName).toBe("glassroom-ada-lovelace-2026-11-25.zip");
    expect(exportDisposition("Ada Lovelace", noon, "Mars/Olympus").fileName).toBe("glassroom-ada-lovelace-2026-11-25.zip");
  });

  it("gives the name in UTF-8 too where it has other letters (RFC 6266), and a fallback when none is ASCII", () => {
    expect(exportDisposition("Zoë Ørsted", noon, "UTC").disposition).toBe(
      "attachment; filename=\"glassroom-zoe-rsted-2026-11-25.zip\"; filename*=UTF-8''glassroom-zo%C3%AB-%C3%B8rsted-2026-11-25.zip",
    );
    expect(exportDisposition("李小龍", noon, "UTC").disposition).toBe(
      `attachment; filename="glassroom-student-2026-11-25.zip"; filename*=UTF-8''${encodeURIComponent("glassroom-李小龍-2026-11-25.zip")}`,
    );
    expect(exportDisposition('"; evil=1', noon, "UTC").disposition).toBe('attachment; filename="glassroom-evil-1-2026-11-25.zip"');
  });
});

describe("GET /api/parent/students/{studentId}/export", () => {
  it("downloads a zip of the record, guardians, assignments and the whole access log, audited", async () => {
    const child = await createStudent(admin.client, { name: "Maya Lopez", school: 'Hill, "North" School', goals: '=HYPERLINK("x")', subjects: ["Maths"] });
    await linkGuardian(admin.client, child.id, parent.memberId);
    await linkGuardian(admin.client, child.id, otherParent.memberId);
    await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id, subject: "Maths", rateOverrideMinor: 4500 });
    await tutor.client.get(`/api/tutor/students/${child.id}`);
    const ended = new Date(Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000);
    const local = (date: Date) => date.toISOString().slice(0, 16);
    const session = (
      await createSession(admin.client, {
        tutorMemberId: tutor.memberId,
        studentIds: [child.id],
        subject: "Maths",
        startsAt: local(new Date(ended.getTime() - 3_600_000)),
        endsAt: local(ended),
        timeZone: "UTC",
      })
    ).items[0]!;
    const report = {
      topics: "Ratios",
      homeworkSet: "Sheet 2",
      privateNotes: "Tutor-only remark.",
      students: [{ studentId: child.id, attendance: "late", previousHomework: "partly", understanding: 4, engagement: 3, scorePercent: 71 }],
    };
    expect((await admin.client.put(`/api/admin/sessions/${session.id}/report`, report)).status).toBe(200);
    expect((await admin.client.post(`/api/admin/sessions/${session.id}/summaries/${child.id}/share`)).status).toBe(200);

    const res = await download(parent.client, `/api/parent/students/${child.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    // Named after the child and the day, not by an id the family cannot read.
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="glassroom-maya-lopez-\d{4}-\d\d-\d\d\.zip"$/);
    const files = unzip(res.bytes);
    expect(Object.keys(files).sort()).toEqual(["access-log.csv", "assignments.csv", "guardians.csv", "sessions.csv", "student.csv", "student.json"]);

    const json = JSON.parse(files["student.json"]!);
    expect(json.student).toMatchObject({ id: child.id, name: "Maya Lopez", school: 'Hill, "North" School', subjects: ["Maths"] });
    expect(json.student.assignments).toMatchObject([{ tutorName: "Tina Tutor", subject: "Maths", rateOverrideMinor: 4500 }]);
    // The co-guardian's address is theirs to share.
    expect(json.student.guardians.map((guardian: { email: string | null }) => guardian.email)).toEqual([parent.user.email, null]);
    const actions = json.accessLog.map((entry: { action: string }) => entry.action);
    expect(actions[0]).toBe("STUDENT_EXPORTED");
    expect(actions).toEqual(expect.arrayContaining(["STUDENT_CREATED", "GUARDIAN_LINKED", "ASSIGNMENT_CREATED", "STUDENT_VIEWED"]));
    expect(json.accessLog.find((entry: { action: string }) => entry.action === "STUDENT_VIEWED")).toMatchObject({
      actorName: "Tina Tutor",
      description: "Tina Tutor viewed the record",
    });

    expect(files["student.csv"]!.split("\r\n")[1]).toContain(`${child.id},Maya Lopez,,,"Hill, ""North"" School",Maths,"'=HYPERLINK(""x"")"`);
    expect(files["guardians.csv"]).toContain(`${parent.memberId},Paula Parent,${parent.user.email}`);
    expect(files["assignments.csv"]).toContain("Tina Tutor,Maths,4500,");
    // Sessions: the child's part of the report and the shared summary; never the private notes.
    expect(json.sessions).toMatchObject([
      {
        sessionId: session.id,
        subject: "Maths",
        tutorName: "Tina Tutor",
        status: "completed",
        attendance: "late",
        understanding: 4,
        engagement: 3,
        scorePercent: 71,
        topics: "Ratios",
      },
    ]);
    expect(json.sessions[0].summary).toContain("Maya arrived late to the Maths session");
    expect(files["sessions.csv"]).toContain(`${session.id},Maths,Tina Tutor,`);
    expect(JSON.stringify(files)).not.toContain("Tutor-only remark.");
    const logLines = files["access-log.csv"]!.trim().split("\r\n");
    expect(logLines[0]).toBe("at,actorName,actorRole,action,description");
    expect(logLines).toHaveLength(json.accessLog.length + 1);
    expect(logLines[1]).toContain("Paula Parent,parent,STUDENT_EXPORTED,Paula Parent downloaded the record's data");

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.studentId, child.id), eq(auditLog.action, "STUDENT_EXPORTED")));
    expect(entry).toMatchObject({ userId: parent.user.id, actorRole: "parent", description: "Paula Parent downloaded the record's data" });
  });

  it("answers 404 for another family's child and writes nothing", async () => {
    const child = await createStudent(admin.client);
    await linkGuardian(admin.client, child.id, otherParent.memberId);
    const before = await countRows(t.db);
    const res = await parent.client.get(`/api/parent/students/${child.id}/export`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("POST /api/admin/students/{studentId}/erase", () => {
  it("anonymises the record, unlinks and mails the guardians and login, revokes invitations, and audits", async () => {
    const child = await createStudent(admin.client, {
      name: "Maya Lopez",
      preferredName: "May",
      grade: "9",
      school: "Hill School",
      subjects: ["Maths"],
      goals: "GCSE",
      notes: "Allergic to nuts",
    });
    await linkGuardian(admin.client, child.id, parent.memberId);
    const assignment = await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: child.id });
    const login = await createMember(t, { admin, role: "student", fullName: "Maya Login" });
    await t.db.update(student).set({ userId: login.user.id }).where(eq(student.id, child.id));
    await admin.client.patch(`/api/admin/students/${child.id}`, { notes: "Allergic to nuts and dust" });
    await parent.client.get(`/api/parent/students/${child.id}`);
    await login.client.get("/api/student/profile");
    // A pending invitation for the record (the invitations API is H2's; the row is made directly).
    await t.db.insert(workspaceInvitation).values({
      organizationId: admin.organizationId,
      email: "aunt@example.com",
      role: "parent",
      studentId: child.id,
      tokenHash: `hash-${child.id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const res = await admin.client.post(`/api/admin/students/${child.id}/erase`, { confirmName: "Maya Lopez" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Erased student",
      preferredName: null,
      grade: null,
      school: null,
      subjects: [],
      goals: "",
      notes: "",
      status: "former",
      login: null,
      guardians: [],
      erasedAt: expect.stringMatching(/^\d{4}-/),
    });
    // Assignments stay, as history, under the anonymised name.
    expect(res.body.assignments).toMatchObject([{ id: assignment.id, studentName: "Erased student" }]);

    const [row] = await t.db.select().from(student).where(eq(student.id, child.id));
    expect(JSON.stringify(row)).not.toMatch(/Maya|May"|Hill|GCSE|nuts|Maths/);
    expect(row!.userId).toBeNull();
    expect(await t.db.select().from(studentGuardian).where(eq(studentGuardian.studentId, child.id))).toEqual([]);
    const [invitation] = await t.db.select().from(workspaceInvitation).where(eq(workspaceInvitation.studentId, child.id));
    expect(invitation!.status).toBe("revoked");

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.studentId, child.id));
    expect(entries.length).toBeGreaterThanOrEqual(7);
    for (const entry of entries) expect(JSON.stringify([entry.description, entry.metadata])).not.toContain("Maya Lopez");
    expect(entries.find((entry) => entry.action === "STUDENT_ERASED")).toMatchObject({
      userId: admin.user.id,
      description: "Ada Admin erased the record's personal data",
      metadata: { guardiansUnlinked: [parent.memberId], invitationsRevoked: 1, loginUnlinked: true },
    });

    const guardianMail = (await mailsTo(t.db, parent.user.email)).at(-1)!;
    expect(guardianMail.subject).toBe("Personal data erased in Ada Tutoring");
    expect(guardianMail.body).toContain("the student record of Maya Lopez");
    expect(guardianMail.body).toContain("you are no longer linked to it as a guardian");
    const loginMail = (await mailsTo(t.db, login.user.email)).at(-1)!;
    expect(loginMail.body).toContain("your account is no longer linked to it");

    // The family no longer sees it; the tutor neither; the admin sees the anonymised row.
    expect((await parent.client.get(`/api/parent/students/${child.id}`)).status).toBe(404);
    expect((await login.client.get("/api/student/profile")).status).toBe(404);
    expect((await tutor.client.get(`/api/tutor/students/${child.id}`)).status).toBe(404);
    const listed = await admin.client.get("/api/admin/students?q=Erased");
    expect(listed.body.items.find((item: { id: string }) => item.id === child.id)).toMatchObject({ erased: true, guardians: [], status: "former" });
    expect((await admin.client.get("/api/admin/students?q=Maya")).body.items.map((item: { id: string }) => item.id)).not.toContain(child.id);
  });

  it("refuses the wrong name on confirmName, and changes nothing", async () => {
    const child = await createStudent(admin.client, { name: "Noah Nash" });
    await linkGuardian(admin.client, child.id, parent.memberId);
    const before = await countRows(t.db);
    for (const confirmName of ["noah nash", "Noah", "Someone Else"]) {
      const res = await admin.client.post(`/api/admin/students/${child.id}/erase`, { confirmName });
      expect(res.status).toBe(422);
      expect(res.body.error.issues).toEqual([
        { path: ["confirmName"], message: "Type the student's name exactly as it appears on the record to confirm the erasure." },
      ]);
    }
    const missing = await admin.client.post(`/api/admin/students/${child.id}/erase`, {});
    expect(missing.body.error.issues).toEqual([{ path: ["confirmName"], message: "Type the student's name to confirm." }]);
    expect(await countRows(t.db)).toEqual(before);
    expect((await admin.client.get(`/api/admin/students/${child.id}`)).body).toMatchObject({ name: "Noah Nash", guardians: [{ memberId: parent.memberId }] });
  });

  it("refuses a second erasure and any later edit with 409", async () => {
    const child = await createStudent(admin.client, { name: "Ivy Once" });
    expect((await admin.client.post(`/api/admin/students/${child.id}/erase`, { confirmName: "Ivy Once" })).status).toBe(200);
    const again = await admin.client.post(`/api/admin/students/${child.id}/erase`, { confirmName: "Erased student" });
    expect(again.status).toBe(409);
    const edit = await admin.client.patch(`/api/admin/students/${child.id}`, { name: "Ivy Back" });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe("This student's personal data was erased; the record can no longer be edited.");
    expect((await admin.client.post(`/api/admin/students/${child.id}/guardians`, { memberId: parent.memberId })).status).toBe(409);
    const assign = await admin.client.post("/api/admin/assignments", {
      tutorMemberId: tutor.memberId,
      studentId: child.id,
      subject: "Maths",
      startsOn: "2024-01-01",
    });
    expect(assign.status).toBe(422);
    expect(assign.body.error.issues[0].path).toEqual(["studentId"]);
  });

  it("answers 404 to another workspace's admin and erases nothing", async () => {
    const child = await createStudent(admin.client, { name: "Kept Safe" });
    const res = await otherAdmin.client.post(`/api/admin/students/${child.id}/erase`, { confirmName: "Kept Safe" });
    expect(res.status).toBe(404);
    expect((await admin.client.get(`/api/admin/students/${child.id}`)).body.name).toBe("Kept Safe");
  });
});

describe("erasure of a student's session data", () => {
  const inHours = (hours: number) => new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000).toISOString().slice(0, 16);
  const attended = (studentId: string) => ({ studentId, attendance: "present", previousHomework: "none_set", understanding: 3, engagement: 4 });

  it("deletes their summaries, and for the sessions they attended alone the private notes and recordings (files too); a group's stay", async () => {
    const erased = await createStudent(admin.client, { name: "Pip Erase" });
    const other = await createStudent(admin.client, { name: "Quin Stay" });
    for (const id of [erased.id, other.id]) await assignTutor(admin.client, { tutorMemberId: tutor.memberId, studentId: id, startsOn: "2020-01-01" });
    const solo = (
      await createSession(admin.client, {
        tutorMemberId: tutor.memberId,
        studentIds: [erased.id],
        startsAt: inHours(-30),
        endsAt: inHours(-29),
        timeZone: "UTC",
      })
    ).items[0]!.id;
    const group = (
      await createSession(admin.client, {
        tutorMemberId: tutor.memberId,
        studentIds: [erased.id, other.id],
        startsAt: inHours(-27),
        endsAt: inHours(-26),
        timeZone: "UTC",
      })
    ).items[0]!.id;
    expect(
      (
        await admin.client.put(`/api/admin/sessions/${solo}/report`, {
          topics: "Fractions",
          privateNotes: "Pip was upset about school.",
          students: [attended(erased.id)],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.client.put(`/api/admin/sessions/${group}/report`, {
          topics: "Decimals",
          privateNotes: "Good group.",
          students: [attended(erased.id), attended(other.id)],
        })
      ).status,
    ).toBe(200);
    const soloFile = await uploadRecording(admin.client, "admin", solo, sampleMp3(2000));
    expect(soloFile.status).toBe(201);
    const groupLink = await admin.client.post(`/api/admin/sessions/${group}/recordings/links`, { title: "Group call", url: "https://example.com/group.mp4" });
    expect(groupLink.status).toBe(201);
    const storageKey = (await t.db.select({ key: sessionRecording.storageKey }).from(sessionRecording).where(eq(sessionRecording.id, soloFile.body.id)))[0]!
      .key!;
    expect(await t.deps.recordings.size(storageKey)).toBe(2000);

    expect((await admin.client.post(`/api/admin/students/${erased.id}/erase`, { confirmName: "Pip Erase" })).status).toBe(200);

    const summaries = await t.db
      .select({ studentId: sessionSummary.studentId })
      .from(sessionSummary)
      .where(eq(sessionSummary.organizationId, admin.organizationId));
    expect(summaries.map((row) => row.studentId)).not.toContain(erased.id);
    expect(summaries.map((row) => row.studentId)).toContain(other.id);
    const notes = Object.fromEntries(
      (await t.db.select({ sessionId: sessionReport.sessionId, notes: sessionReport.privateNotes }).from(sessionReport)).map((row) => [
        row.sessionId,
        row.notes,
      ]),
    );
    expect(notes[solo]).toBe("");
    expect(notes[group]).toBe("Good group.");
    const recordings = (await t.db.select({ id: sessionRecording.id }).from(sessionRecording)).map((row) => row.id);
    expect(recordings).not.toContain(soloFile.body.id);
    expect(recordings).toContain(groupLink.body.id);
    expect(await t.deps.recordings.size(storageKey)).toBeNull();
    const [entry] = await t.db
      .select({ metadata: auditLog.metadata })
      .from(auditLog)
      .where(and(eq(auditLog.studentId, erased.id), eq(auditLog.action, "STUDENT_ERASED")));
    expect(entry!.metadata).toMatchObject({ summariesDeleted: 2, privateNotesCleared: 1, recordingsDeleted: [soloFile.body.id] });
  });
});
