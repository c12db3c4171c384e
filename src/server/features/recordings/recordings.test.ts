import { readdirSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { assignTutor, createSession, createStudent } from "../../../../tests/people-factories.ts";
import { sampleMp3, sampleMp4, uploadRecording } from "../../../../tests/recording-factories.ts";
import { startS3Double, type S3Double } from "../../../../tests/s3-double.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { sessionRecording } from "../../db/schema.ts";
import { JOBS } from "../../jobs/registry.ts";
import { deleteExpiredRecordings, recordingRetentionJob } from "./retention.ts";

const LIMIT = 64 * 1024;

let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let theo: MemberFixture;
let parent: MemberFixture;
let otherParent: MemberFixture;
let pupil: MemberFixture;
let otherAdmin: AdminFixture;
let maya: string;
let noah: string;
let sessionId: string;
let noahSession: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RECORDING_MAX_BYTES: String(LIMIT), RATE_LIMIT_MULTIPLIER: "100" } });
  ({ admin, tina, theo, parent, otherParent, pupil, otherAdmin, maya, noah } = await createSessionCast(t, { timeZone: "UTC" }));
  sessionId = (
    await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      startsAt: "2026-12-01T16:00",
      endsAt: "2026-12-01T17:00",
      timeZone: "UTC",
    })
  ).items[0]!.id;
  noahSession = (
    await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      startsAt: "2026-12-02T16:00",
      endsAt: "2026-12-02T17:00",
      timeZone: "UTC",
    })
  ).items[0]!.id;
}, 90_000);
afterAll(() => t?.close());

const filesRoot = () => path.join(t.config.dataDir, "recordings");
/** Every stored file, as "<workspace>/<recording>". */
const storedFiles = () =>
  readdirSync(filesRoot(), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== ".tmp")
    .flatMap((dir) => readdirSync(path.join(filesRoot(), dir.name)).map((name) => `${dir.name}/${name}`));
const recordingCount = async () => (await t.db.select({ n: count() }).from(sessionRecording))[0]!.n;
const fileUrl = (area: string, recordingId: string, session = sessionId) => `/api/${area}/sessions/${session}/recordings/${recordingId}/file`;

describe("uploading and playing a file", () => {
  const bytes = sampleMp3(40_000);
  let recordingId: string;

  it("stores the tutor's upload, lists it for everyone who sees the session, and audits it on the student's record", async () => {
    const res = await uploadRecording(tina.client, "tutor", sessionId, bytes, { title: "Week 3: Algebra" });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ kind: "file", title: "Week 3: Algebra", contentType: "audio/mpeg", sizeBytes: 40_000, addedBy: "Tina Tutor", url: null });
    recordingId = res.body.id;
    expect(res.body.fileUrl).toBe(fileUrl("tutor", recordingId));
    expect(storedFiles()).toContain(`${admin.organizationId}/${recordingId}`);
    for (const [client, area] of [
      [admin.client, "admin"],
      [tina.client, "tutor"],
      [parent.client, "parent"],
      [pupil.client, "student"],
    ] as const) {
      const list = await client.get(`/api/${area}/sessions/${sessionId}/recordings`);
      expect(list.status, `${area}: ${list.text}`).toBe(200);
      expect(list.body.maxUploadBytes).toBe(LIMIT);
      expect(list.body.items.map((item: { id: string; fileUrl: string }) => [item.id, item.fileUrl])).toEqual([[recordingId, fileUrl(area, recordingId)]]);
    }
    const added = await auditEntries(t.db, { action: "RECORDING_ADDED", organizationId: admin.organizationId });
    expect(added.map((entry) => [entry.studentId, entry.userId])).toEqual([[maya, tina.user.id]]);
    expect(added[0]!.description).toMatch(/^Tina Tutor uploaded a recording of the .* session of Tue 1 Dec 2026, 16:00–17:00 \(UTC\)$/);
  });

  it("serves a byte range as 206 with Content-Range, the exact bytes, and the headers a player needs", async () => {
    const res = await parent.client.get(fileUrl("parent", recordingId), { headers: { range: "bytes=100-1099" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 100-1099/40000");
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="Week 3 Algebra.mp3"; filename*=UTF-8''Week%203%20Algebra.mp3`);
    // A title outside ASCII keeps its letters in filename*, with an ASCII fallback; path and quote characters go.
    const named = await uploadRecording(tina.client, "tutor", sessionId, sampleMp3(100), { title: 'Leçon 3 "révision" / 复习' });
    const other = await parent.client.get(fileUrl("parent", named.body.id));
    expect(other.headers.get("content-disposition")).toBe(
      `inline; filename="Lecon 3 revision.mp3"; filename*=UTF-8''${encodeURIComponent("Leçon 3 révision 复习.mp3")}`,
    );
    expect((await tina.client.delete(`/api/tutor/sessions/${sessionId}/recordings/${named.body.id}`)).status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("gives the exact bytes of a range, a suffix range and the whole file", async () => {
    const read = async (range?: string) => {
      const response = await t.app.request(`http://localhost:3000${fileUrl("student", recordingId)}`, {
        headers: { cookie: pupil.client.cookieHeader(), ...(range ? { range } : {}) },
      });
      return { status: response.status, range: response.headers.get("content-range"), bytes: new Uint8Array(await response.arrayBuffer()) };
    };
    const middle = await read("bytes=100-1099");
    expect(middle.status).toBe(206);
    expect(middle.bytes).toEqual(bytes.slice(100, 1100));
    const tail = await read("bytes=-500");
    expect([tail.status, tail.range]).toEqual([206, "bytes 39500-39999/40000"]);
    expect(tail.bytes).toEqual(bytes.slice(39_500));
    const open = await read("bytes=39990-");
    expect(open.bytes).toEqual(bytes.slice(39_990));
    const whole = await read();
    expect(whole.status).toBe(200);
    expect(whole.bytes).toEqual(bytes);
    // Not one valid byte range: ignored, the whole file.
    expect((await read("bytes=0-10,20-30")).status).toBe(200);
  });

  it("answers 416 with the file's size for a range past its end, auditing nothing", async () => {
    const before = (await auditEntries(t.db, { action: "RECORDING_PLAYED" })).length;
    const res = await admin.client.get(fileUrl("admin", recordingId), { headers: { range: "bytes=40000-" } });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */40000");
    expect(res.body.error.message).toBe("The requested range is outside the file (40000 bytes).");
    expect((await auditEntries(t.db, { action: "RECORDING_PLAYED" })).length).toBe(before);
  });

  it("audits each play once, on the student's record: a request from the first byte, not each later range", async () => {
    const before = (await auditEntries(t.db, { action: "RECORDING_PLAYED" })).length;
    expect((await parent.client.get(fileUrl("parent", recordingId), { headers: { range: "bytes=0-" } })).status).toBe(206);
    for (const range of ["bytes=20000-", "bytes=30000-39999"])
      expect((await parent.client.get(fileUrl("parent", recordingId), { headers: { range } })).status).toBe(206);
    expect((await pupil.client.get(fileUrl("student", recordingId))).status).toBe(200);
    // A file has no link to open (nothing audited for it).
    expect((await parent.client.get(`/api/parent/sessions/${sessionId}/recordings/${recordingId}/open`)).status).toBe(404);
    // A HEAD request (size and type, no content) is not a play.
    const head = await pupil.client.request("HEAD", fileUrl("student", recordingId));
    expect([head.status, head.headers.get("content-length"), head.text]).toEqual([200, "40000", ""]);
    const played = (await auditEntries(t.db, { action: "RECORDING_PLAYED" })).slice(before);
    expect(played.map((entry) => [entry.userId, entry.studentId])).toEqual([
      [parent.user.id, maya],
      [pupil.user.id, maya],
    ]);
    expect(played[1]!.description).toMatch(/^The student played a recording of the/);
    // The parent sees it in the child's access log.
    const log = await parent.client.get(`/api/parent/students/${maya}/access-log`);
    expect(log.status).toBe(200);
    expect(JSON.stringify(log.body)).toContain("RECORDING_PLAYED");
  });

  it("is hidden (404) from a parent of another student, a tutor of other sessions and another workspace: list, file and delete", async () => {
    const denied: [MemberFixture | AdminFixture, string][] = [
      [otherParent, "parent"],
      [theo, "tutor"],
      [otherAdmin, "admin"],
    ];
    for (const [who, area] of denied) {
      expect((await who.client.get(`/api/${area}/sessions/${sessionId}/recordings`)).status, area).toBe(404);
      expect((await who.client.get(fileUrl(area, recordingId))).status, area).toBe(404);
      if (area !== "parent") {
        expect((await who.client.delete(`/api/${area}/sessions/${sessionId}/recordings/${recordingId}`)).status, area).toBe(404);
        expect((await uploadRecording(who.client, area as "tutor" | "admin", sessionId, sampleMp3(100))).status, area).toBe(404);
        expect((await who.client.post(`/api/${area}/sessions/${sessionId}/recordings/links`, { title: "x", url: "https://example.com/x" })).status, area).toBe(
          404,
        );
      }
    }
    // A real recording id under another visible session is not found either.
    expect((await tina.client.get(fileUrl("tutor", recordingId, noahSession))).status).toBe(404);
    // Parents and students have no write operations; the tutor's are refused to them by permission.
    expect((await parent.client.delete(`/api/tutor/sessions/${sessionId}/recordings/${recordingId}`)).status).toBe(403);
    expect((await pupil.client.delete(`/api/parent/sessions/${sessionId}/recordings/${recordingId}`)).status).toBe(404);
    expect(await recordingCount()).toBe(1);
  });

  it("deletes the recording and its stored file, audited; the file then answers 404", async () => {
    const res = await tina.client.delete(`/api/tutor/sessions/${sessionId}/recordings/${recordingId}`);
    expect(res.status, res.text).toBe(200);
    expect(storedFiles()).not.toContain(`${admin.organizationId}/${recordingId}`);
    expect(await recordingCount()).toBe(0);
    const deleted = (await auditEntries(t.db, { action: "RECORDING_DELETED" })).filter(
      (entry) => (entry.metadata as { recordingId?: string }).recordingId === recordingId,
    );
    expect(deleted.map((entry) => [entry.userId, entry.studentId])).toEqual([[tina.user.id, maya]]);
    expect((await parent.client.get(fileUrl("parent", recordingId))).status).toBe(404);
  });
});

describe("refused uploads write nothing", () => {
  const nothingWritten = async (send: () => Promise<{ status: number; body: { error?: { message: string } } }>, status: number, message: RegExp) => {
    const files = storedFiles();
    const rows = await recordingCount();
    const audits = (await auditEntries(t.db, { action: "RECORDING_ADDED" })).length;
    const res = await send();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error?.message).toMatch(message);
    expect(storedFiles()).toEqual(files);
    expect(readdirSync(path.join(filesRoot(), ".tmp"))).toEqual([]);
    expect(await recordingCount()).toBe(rows);
    expect((await auditEntries(t.db, { action: "RECORDING_ADDED" })).length).toBe(audits);
  };

  it("an oversized file, named by its limit", async () => {
    await nothingWritten(
      () => uploadRecording(tina.client, "tutor", sessionId, sampleMp3(LIMIT + 1)),
      413,
      /^The file is too large: a recording may be at most 64 KiB\.$/,
    );
  });

  it("a body longer than its Content-Length, or shorter", async () => {
    await nothingWritten(
      () => uploadRecording(tina.client, "tutor", sessionId, sampleMp3(LIMIT), { contentLength: "1000" }),
      400,
      /did not deliver the size it stated/,
    );
    await nothingWritten(
      () => uploadRecording(tina.client, "tutor", sessionId, sampleMp3(1000), { contentLength: "5000" }),
      400,
      /did not deliver the size it stated/,
    );
  });

  it("no Content-Length, or an empty file", async () => {
    await nothingWritten(
      () => tina.client.request("POST", `/api/tutor/sessions/${sessionId}/recordings/files?title=x`, { body: sampleMp3(100), contentType: "audio/mpeg" }),
      411,
      /Content-Length/,
    );
    await nothingWritten(() => uploadRecording(tina.client, "tutor", sessionId, new Uint8Array(0)), 400, /^The file is empty\.$/);
  });

  it("a type that is not audio or video", async () => {
    await nothingWritten(
      () => uploadRecording(tina.client, "tutor", sessionId, new TextEncoder().encode("hello there, not a song"), { contentType: "text/plain" }),
      415,
      /^Files of type text\/plain cannot be uploaded\. Only audio and video files can be uploaded: MP3, M4A, .*, OGV\.$/,
    );
    await nothingWritten(
      () => tina.client.post(`/api/tutor/sessions/${sessionId}/recordings/files?title=x`, { some: "json" }),
      415,
      /application\/json cannot be uploaded/,
    );
  });

  it("a text file or a program renamed to .mp3 / .mp4 (its leading bytes)", async () => {
    await nothingWritten(
      () => uploadRecording(tina.client, "tutor", sessionId, new TextEncoder().encode("just some notes, saved as lesson.mp3"), { contentType: "audio/mpeg" }),
      415,
      /^The file's content is not MP3 \(audio\/mpeg\)\./,
    );
    const program = sampleMp3(2000);
    program.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00]);
    await nothingWritten(
      () => uploadRecording(tina.client, "tutor", sessionId, program, { contentType: "video/mp4" }),
      415,
      /^The file's content is not MP4 \(video\/mp4\)\./,
    );
    // An MP4 declared as MP3 is refused too: the content must be of the declared type.
    await nothingWritten(() => uploadRecording(tina.client, "tutor", sessionId, sampleMp4(2000), { contentType: "audio/mpeg" }), 415, /not MP3/);
  });

  it("a missing or unsafe title", async () => {
    const res = await tina.client.request("POST", `/api/tutor/sessions/${sessionId}/recordings/files`, {
      body: sampleMp3(100),
      contentType: "audio/mpeg",
      headers: { "content-length": "100" },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.issues[0].path).toEqual(["title"]);
    expect(await recordingCount()).toBe(0);
  });
});

describe("links", () => {
  it("adds a link (http or https only) that everyone who sees the session can open, audited", async () => {
    const bad = await admin.client.post(`/api/admin/sessions/${sessionId}/recordings/links`, { title: "Zoom", url: "javascript:alert(1)" });
    expect(bad.status).toBe(422);
    expect(bad.body.error.issues[0]).toEqual({ path: ["url"], message: "Link must be a web address starting with http:// or https://." });
    const res = await admin.client.post(`/api/admin/sessions/${sessionId}/recordings/links`, {
      title: "Zoom cloud recording",
      url: "https://zoom.example/rec/abc",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ kind: "link", url: "https://zoom.example/rec/abc", fileUrl: null, sizeBytes: null, addedBy: "Ada Admin" });
    const list = await pupil.client.get(`/api/student/sessions/${sessionId}/recordings`);
    expect(list.body.items.map((item: { title: string }) => item.title)).toEqual(["Zoom cloud recording"]);
    expect((await pupil.client.get(fileUrl("student", res.body.id))).status).toBe(404);
    const added = await auditEntries(t.db, { action: "RECORDING_ADDED", userId: admin.user.id });
    expect(added.map((entry) => entry.description)).toEqual([expect.stringMatching(/^Ada Admin added a recording link of the/)]);

    // Opening it through the app is audited on the student's record, then sends the browser on.
    const openUrl = `/api/student/sessions/${sessionId}/recordings/${res.body.id}/open`;
    expect(list.body.items[0].openUrl).toBe(openUrl);
    const before = (await auditEntries(t.db, { action: "RECORDING_PLAYED" })).length;
    const opened = await pupil.client.get(openUrl);
    expect([opened.status, opened.headers.get("location"), opened.headers.get("cache-control")]).toEqual([
      302,
      "https://zoom.example/rec/abc",
      "private, no-store",
    ]);
    const audited = (await auditEntries(t.db, { action: "RECORDING_PLAYED" })).slice(before);
    expect(audited.map((entry) => [entry.userId, entry.studentId])).toEqual([[pupil.user.id, maya]]);
    expect(audited[0]!.description).toMatch(/^The student opened a recording link of the/);
    // Hidden from those who may not see the session.
    expect((await otherParent.client.get(`/api/parent/sessions/${sessionId}/recordings/${res.body.id}/open`)).status).toBe(404);
    expect((await otherAdmin.client.get(`/api/admin/sessions/${sessionId}/recordings/${res.body.id}/open`)).status).toBe(404);
    expect((await auditEntries(t.db, { action: "RECORDING_PLAYED" })).length).toBe(before + 1);
    expect((await admin.client.delete(`/api/admin/sessions/${sessionId}/recordings/${res.body.id}`)).status).toBe(200);
  });
});

describe("retention", () => {
  it("deletes only the expired files of workspaces that set a retention, each audited; links and younger files stay", async () => {
    const other = await createAdmin(t);
    const otherStudent = (await createStudent(other.client)).id;
    const otherTutor = await createMember(t, { admin: other, role: "tutor" });
    await assignTutor(other.client, { tutorMemberId: otherTutor.memberId, studentId: otherStudent });
    const otherSession = (
      await createSession(other.client, {
        tutorMemberId: otherTutor.memberId,
        studentIds: [otherStudent],
        startsAt: "2026-12-01T16:00",
        endsAt: "2026-12-01T17:00",
        timeZone: "UTC",
      })
    ).items[0]!.id;

    const upload = async (client: typeof admin.client, session: string) => (await uploadRecording(client, "admin", session, sampleMp3(500))).body.id as string;
    const old = await upload(admin.client, sessionId);
    const young = await upload(admin.client, sessionId);
    const oldLink = (await admin.client.post(`/api/admin/sessions/${sessionId}/recordings/links`, { title: "Old link", url: "https://example.com/a" })).body
      .id as string;
    const keptElsewhere = await upload(other.client, otherSession);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    for (const [id, age] of [
      [old, 31],
      [young, 29],
      [oldLink, 400],
      [keptElsewhere, 400],
    ] as const) {
      await t.db
        .update(sessionRecording)
        .set({ createdAt: daysAgo(age) })
        .where(eq(sessionRecording.id, id));
    }
    // Workspace A keeps recordings 30 days; the other workspace keeps them (no policy).
    expect((await admin.client.put("/api/admin/session-policy", { recordingRetentionDays: 30 })).status).toBe(200);

    const result = await deleteExpiredRecordings(t.deps, new Date(), 2);
    expect(result).toEqual({ deleted: 1, failedWorkspaces: [] });
    const left = await t.db.select({ id: sessionRecording.id }).from(sessionRecording);
    expect(left.map((row) => row.id).sort()).toEqual([young, oldLink, keptElsewhere].sort());
    expect(storedFiles()).not.toContain(`${admin.organizationId}/${old}`);
    expect(storedFiles()).toContain(`${admin.organizationId}/${young}`);
    expect(storedFiles()).toContain(`${other.organizationId}/${keptElsewhere}`);
    const expired = await auditEntries(t.db, { action: "RECORDING_EXPIRED" });
    expect(expired.map((entry) => [entry.organizationId, entry.studentId, entry.userId])).toEqual([[admin.organizationId, maya, null]]);
    expect(expired[0]!.description).toMatch(/was deleted: the workspace keeps recordings 30 days$/);

    // A second run finds nothing more.
    expect(await deleteExpiredRecordings(t.deps)).toEqual({ deleted: 0, failedWorkspaces: [] });
  });

  it("runs daily as a registered background job", async () => {
    expect(JOBS).toContain(recordingRetentionJob);
    expect(recordingRetentionJob.cron).toBe("17 3 * * *");
    const [young] = await t.db
      .select({ id: sessionRecording.id })
      .from(sessionRecording)
      .where(and(eq(sessionRecording.organizationId, admin.organizationId), eq(sessionRecording.kind, "file")));
    await t.db
      .update(sessionRecording)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(sessionRecording.id, young!.id));
    await recordingRetentionJob.run(t.deps);
    expect(await t.db.select().from(sessionRecording).where(eq(sessionRecording.id, young!.id))).toEqual([]);
  });
});

describe("with S3 storage (STORAGE=s3, against the S3 double)", () => {
  let double: S3Double;
  let s3App: TestApp;
  afterAll(async () => {
    await s3App?.close();
    await double?.close();
  });

  it("uploads to the bucket, plays ranges from it, and deletes from it", async () => {
    double = await startS3Double();
    s3App = await createTestApp({
      env: {
        STORAGE: "s3",
        S3_ENDPOINT: double.url,
        S3_BUCKET: double.bucket,
        S3_REGION: double.region,
        S3_ACCESS_KEY_ID: double.accessKeyId,
        S3_SECRET_ACCESS_KEY: double.secretAccessKey,
        S3_FORCE_PATH_STYLE: "true",
        RECORDING_MAX_BYTES: String(LIMIT),
      },
    });
    const boss = await createAdmin(s3App);
    const kid = (await createStudent(boss.client)).id;
    const teacher = await createMember(s3App, { admin: boss, role: "tutor" });
    await assignTutor(boss.client, { tutorMemberId: teacher.memberId, studentId: kid });
    const session = (
      await createSession(boss.client, {
        tutorMemberId: teacher.memberId,
        studentIds: [kid],
        startsAt: "2026-12-01T16:00",
        endsAt: "2026-12-01T17:00",
        timeZone: "UTC",
      })
    ).items[0]!.id;

    const bytes = sampleMp4(30_000);
    const uploaded = await uploadRecording(teacher.client, "tutor", session, bytes, { contentType: "video/mp4", title: "Geometry" });
    expect(uploaded.status, uploaded.text).toBe(201);
    const key = `recordings/${boss.organizationId}/${uploaded.body.id}`;
    expect(double.objects.get(key)?.body.length).toBe(30_000);

    const response = await s3App.app.request(`http://localhost:3000/api/admin/sessions/${session}/recordings/${uploaded.body.id}/file`, {
      headers: { cookie: boss.client.cookieHeader(), range: "bytes=1000-1999" },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 1000-1999/30000");
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(1000, 2000));

    const refused = await uploadRecording(teacher.client, "tutor", session, sampleMp4(LIMIT + 1), { contentType: "video/mp4" });
    expect(refused.status).toBe(413);
    expect(double.objects.size).toBe(1);

    expect((await teacher.client.delete(`/api/tutor/sessions/${session}/recordings/${uploaded.body.id}`)).status).toBe(200);
    expect(double.objects.has(key)).toBe(false);
  });
});
