import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../../tests/db.ts";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createSession, createStudent, setTutorAvailability, setTutorProfile } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { Session } from "../../../shared/schemas/sessions.ts";
import { sessionSeries, tutoringSession } from "../../db/schema.ts";

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
let zed: string;
let elsewhere: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, tina, theo, parent, otherParent, pupil, otherAdmin, maya, noah } = await createSessionCast(t, { theoTeachesMaya: true }));
  await setTutorProfile(admin.client, tina.memberId, { timeZone: "Europe/London" });
  await setTutorProfile(admin.client, theo.memberId, { timeZone: "America/New_York" });
  zed = (await createStudent(admin.client, { name: "Zed Unassigned" })).id;
  elsewhere = (await createStudent(otherAdmin.client, { name: "Elsa Elsewhere" })).id;
}, 90_000);
afterAll(() => t?.close());

const sessionCount = async () => (await t.db.select({ n: count() }).from(tutoringSession))[0]!.n;
const seriesCount = async () => (await t.db.select({ n: count() }).from(sessionSeries))[0]!.n;
const utcHours = (items: Session[]) => items.map((item) => new Date(item.startsAt).getUTCHours());
/** A local date-time (YYYY-MM-DDTHH:MM) in UTC, `hours` from now, on the minute. */
const inHours = (hours: number) => new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000).toISOString().slice(0, 16);

describe("scheduling one session", () => {
  it("creates it in the planning zone, stores UTC, audits it on the student's record and lists it", async () => {
    const res = await admin.client.post("/api/admin/sessions", {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      subject: "Physics",
      startsAt: "2026-12-01T16:00",
      endsAt: "2026-12-01T17:00",
      location: "Room 2",
      onlineUrl: "https://meet.example.com/abc",
      notes: "Bring the worksheet.",
      confirmOutsideAvailability: true,
    });
    expect(res.status).toBe(201);
    const [created] = res.body.items as Session[];
    expect(res.body.seriesId).toBeNull();
    expect(created).toMatchObject({
      tutor: { memberId: tina.memberId, name: "Tina Tutor" },
      students: [{ id: maya, name: "Maya Lopez" }],
      subject: "Physics",
      startsAt: "2026-12-01T16:00:00.000Z",
      endsAt: "2026-12-01T17:00:00.000Z",
      timeZone: "Europe/London",
      local: { timeZone: "Europe/London", date: "2026-12-01", startTime: "16:00", endTime: "17:00" },
      location: "Room 2",
      onlineUrl: "https://meet.example.com/abc",
      status: "scheduled",
    });
    const entries = (await auditEntries(t.db, { action: "SESSION_SCHEDULED", organizationId: admin.organizationId })).filter((entry) =>
      (entry.metadata as { sessionIds: string[] }).sessionIds.includes(created!.id),
    );
    expect(entries).toEqual([
      expect.objectContaining({
        studentId: maya,
        userId: admin.user.id,
        description: "Ada Admin scheduled a Physics session on Tue 1 Dec 2026, 16:00–17:00 (Europe/London)",
      }),
    ]);

    const list = await admin.client.get(`/api/admin/sessions?from=2026-12-01&to=2026-12-02&tutorMemberId=${tina.memberId}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, items: [{ id: created!.id }] });
    expect((await admin.client.get(`/api/admin/sessions?from=2026-12-01&to=2026-12-02&studentId=${noah}`)).body.total).toBe(0);
    const one = await admin.client.get(`/api/admin/sessions/${created!.id}?timeZone=Asia/Tokyo`);
    expect(one.body.local).toEqual({ timeZone: "Asia/Tokyo", date: "2026-12-02", startTime: "01:00", endTime: "02:00" });
  });

  it("lists a session that began before the range and ends inside it; refuses one longer than 12 hours", async () => {
    const late = await admin.client.post("/api/admin/sessions", {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      subject: "Night revision",
      startsAt: "2026-12-09T20:00",
      endsAt: "2026-12-10T07:00",
      confirmOutsideAvailability: true,
    });
    expect(late.status, late.text).toBe(201);
    const list = await admin.client.get(`/api/admin/sessions?from=2026-12-10&to=2026-12-11&studentId=${noah}`);
    expect(list.body.items.map((item: Session) => item.subject)).toEqual(["Night revision"]);

    const [row] = await t.db
      .select()
      .from(tutoringSession)
      .where(eq(tutoringSession.id, (late.body.items as Session[])[0]!.id));
    // The database holds the 12-hour rule too: the calendars' lower bound on starts_at relies on it.
    await expect(
      t.db
        .update(tutoringSession)
        .set({ endsAt: new Date(row!.startsAt.getTime() + 13 * 3_600_000) })
        .where(eq(tutoringSession.id, row!.id)),
    ).rejects.toThrow();
  });

  it("refuses bad input with a clear message and writes nothing", async () => {
    const before = [await sessionCount(), await seriesCount()];
    const base = {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      subject: "Maths",
      startsAt: "2026-12-02T16:00",
      endsAt: "2026-12-02T17:00",
      confirmOutsideAvailability: true,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, endsAt: "2026-12-02T15:00" }, "End must be after start."],
      [{ ...base, studentIds: ["00000000-0000-4000-8000-000000000000"] }, "No such student in this workspace."],
      [{ ...base, studentIds: [elsewhere] }, "No such student in this workspace."],
      [{ ...base, studentIds: [zed] }, "Zed Unassigned has no current assignment to this tutor; assign the tutor first."],
      [{ ...base, tutorMemberId: parent.memberId }, "Pat Parent is not an active tutor in this workspace."],
      [{ ...base, repeat: { frequency: "weekly" } }, "Give either an end date or a number of sessions for the series."],
      [{ ...base, repeat: { frequency: "weekly", count: 500 } }, "A series has at most 104 sessions."],
      [{ ...base, repeat: { frequency: "weekly", until: "2030-01-01" } }, "A series has at most 104 sessions; choose an earlier end date."],
      [{ ...base, repeat: { frequency: "weekly", until: "2026-12-05" } }, "This series would have only one session; schedule a single session instead."],
      [{ ...base, timeZone: "Mars/Olympus" }, expect.stringContaining("zone") as unknown as string],
    ];
    for (const [body, message] of cases) {
      const res = await admin.client.post("/api/admin/sessions", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.message).toEqual(message);
    }
    const wide = await admin.client.get("/api/admin/sessions?from=2026-01-01&to=2026-04-01");
    expect(wide.status).toBe(422);
    expect(wide.body.error.message).toBe("Ask for at most 62 days at a time.");
    expect((await admin.client.get("/api/admin/sessions?from=2026-02-01&to=2026-01-01")).body.error.message).toBe("To must be after from.");
    expect([await sessionCount(), await seriesCount()]).toEqual(before);
  });
});

describe("weekly series", () => {
  it("with a count keeps 17:00 in Europe/London across the October change (UTC moves by an hour)", async () => {
    const res = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      startsAt: "2026-10-13T17:00",
      endsAt: "2026-10-13T18:00",
      repeat: { frequency: "weekly", count: 4 },
    });
    expect(res.seriesId).toEqual(expect.any(String));
    expect(res.items.map((item) => item.local.date)).toEqual(["2026-10-13", "2026-10-20", "2026-10-27", "2026-11-03"]);
    expect(res.items.map((item) => item.local.startTime)).toEqual(["17:00", "17:00", "17:00", "17:00"]);
    expect(utcHours(res.items)).toEqual([16, 16, 17, 17]);
    expect(res.items.map((item) => item.occurrenceDate)).toEqual(["2026-10-13", "2026-10-20", "2026-10-27", "2026-11-03"]);
    const [series] = await t.db.select().from(sessionSeries).where(eq(sessionSeries.id, res.seriesId!));
    expect(series).toMatchObject({
      rule: "FREQ=WEEKLY;COUNT=4",
      dtstartLocal: "2026-10-13T17:00",
      timeZone: "Europe/London",
      durationMinutes: 60,
      count: 4,
      untilDate: null,
    });

    // A viewer in New York: 12:00 EDT, then 13:00 while only London has changed, then 12:00 EST.
    const list = await parent.client.get("/api/parent/sessions?from=2026-10-12&to=2026-11-05&timeZone=America/New_York");
    expect(list.status).toBe(200);
    const ours = (list.body.items as Session[]).filter((item) => item.seriesId === res.seriesId);
    expect(ours.map((item) => `${item.local.date} ${item.local.startTime}`)).toEqual([
      "2026-10-13 12:00",
      "2026-10-20 12:00",
      "2026-10-27 13:00",
      "2026-11-03 12:00",
    ]);
    expect(ours[0]!.local.timeZone).toBe("America/New_York");
  });

  it("until a date keeps 17:00 in America/New_York across the November change", async () => {
    const res = await createSession(admin.client, {
      tutorMemberId: theo.memberId,
      studentIds: [maya],
      startsAt: "2026-10-22T17:00",
      endsAt: "2026-10-22T18:00",
      repeat: { frequency: "weekly", until: "2026-11-12" },
    });
    expect(res.items.map((item) => item.timeZone)).toEqual(Array(4).fill("America/New_York"));
    expect(res.items.map((item) => item.local.date)).toEqual(["2026-10-22", "2026-10-29", "2026-11-05", "2026-11-12"]);
    expect(res.items.map((item) => item.local.startTime)).toEqual(["17:00", "17:00", "17:00", "17:00"]);
    expect(utcHours(res.items)).toEqual([21, 21, 22, 22]);
    const [series] = await t.db.select().from(sessionSeries).where(eq(sessionSeries.id, res.seriesId!));
    expect(series).toMatchObject({ rule: "FREQ=WEEKLY;UNTIL=20261112T235959", untilDate: "2026-11-12", count: null });
  });

  it("edits one occurrence without touching the others", async () => {
    const { items } = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      startsAt: "2027-01-05T10:00",
      endsAt: "2027-01-05T11:00",
      repeat: { frequency: "weekly", count: 3 },
    });
    const res = await tina.client.patch(`/api/tutor/sessions/${items[1]!.id}`, {
      startsAt: "2027-01-13T12:00",
      endsAt: "2027-01-13T13:30",
      location: "Library",
      confirmOutsideAvailability: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        id: items[1]!.id,
        startsAt: "2027-01-13T12:00:00.000Z",
        endsAt: "2027-01-13T13:30:00.000Z",
        location: "Library",
        seriesId: items[1]!.seriesId,
      }),
    ]);
    const after = await admin.client.get(`/api/admin/sessions?from=2027-01-01&to=2027-01-31&studentId=${noah}`);
    expect((after.body.items as Session[]).map((item) => [item.startsAt, item.location])).toEqual([
      ["2027-01-05T10:00:00.000Z", null],
      ["2027-01-13T12:00:00.000Z", "Library"],
      ["2027-01-19T10:00:00.000Z", null],
    ]);
    const [entry] = (await auditEntries(t.db, { action: "SESSION_UPDATED", organizationId: admin.organizationId })).filter((e) =>
      (e.metadata as { sessionIds: string[] }).sessionIds.includes(items[1]!.id),
    );
    expect(entry).toMatchObject({ studentId: noah, userId: tina.user.id, actorRole: "tutor" });
  });

  it("edits this and the following occurrences, splitting the series", async () => {
    const { items, seriesId } = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      startsAt: "2027-02-02T10:00",
      endsAt: "2027-02-02T11:00",
      repeat: { frequency: "weekly", count: 4 },
    });
    const res = await admin.client.patch(`/api/admin/sessions/${items[2]!.id}`, {
      scope: "following",
      startsAt: "2027-02-16T15:00",
      endsAt: "2027-02-16T16:00",
      subject: "Chemistry",
      confirmOutsideAvailability: true,
    });
    expect(res.status).toBe(200);
    const newSeries = res.body.seriesId as string;
    expect(newSeries).not.toBe(seriesId);
    expect((res.body.items as Session[]).map((item) => [item.local.date, item.local.startTime, item.subject, item.seriesId])).toEqual([
      ["2027-02-16", "15:00", "Chemistry", newSeries],
      ["2027-02-23", "15:00", "Chemistry", newSeries],
    ]);
    const all = await admin.client.get(`/api/admin/sessions?from=2027-02-01&to=2027-03-01&studentId=${noah}`);
    expect((all.body.items as Session[]).map((item) => [item.local.startTime, item.subject, item.seriesId])).toEqual([
      ["10:00", "Mathematics", seriesId],
      ["10:00", "Mathematics", seriesId],
      ["15:00", "Chemistry", newSeries],
      ["15:00", "Chemistry", newSeries],
    ]);
    const [old] = await t.db.select().from(sessionSeries).where(eq(sessionSeries.id, seriesId!));
    expect(old).toMatchObject({ untilDate: "2027-02-15", count: null, rule: "FREQ=WEEKLY;UNTIL=20270215T235959" });
    const [split] = await t.db.select().from(sessionSeries).where(eq(sessionSeries.id, newSeries));
    expect(split).toMatchObject({ dtstartLocal: "2027-02-16T15:00", untilDate: "2027-02-23" });
  });
});

describe("conflicts", () => {
  it("refuse double booking a tutor, naming the clashing session, and write nothing", async () => {
    await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      subject: "Biology",
      startsAt: "2027-03-02T16:00",
      endsAt: "2027-03-02T17:00",
    });
    const before = [await sessionCount(), await seriesCount()];
    const res = await admin.client.post("/api/admin/sessions", {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      subject: "Maths",
      startsAt: "2027-02-23T16:30",
      endsAt: "2027-02-23T17:30",
      repeat: { frequency: "weekly", count: 3 },
      confirmOutsideAvailability: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "CONFLICT",
      message: "Tina Tutor already has a session then: Biology on Tue 2 Mar 2027, 16:00–17:00 (Europe/London).",
    });
    expect([await sessionCount(), await seriesCount()]).toEqual(before);
    // Back to back is not a clash.
    await createSession(admin.client, { tutorMemberId: tina.memberId, studentIds: [noah], startsAt: "2027-03-02T17:00", endsAt: "2027-03-02T18:00" });
  });

  it("refuse double booking a student with another tutor, in the viewer's zone", async () => {
    const before = await sessionCount();
    const res = await theo.client.post("/api/tutor/sessions", {
      studentIds: [maya],
      subject: "French",
      startsAt: "2027-03-02T11:30",
      endsAt: "2027-03-02T12:30",
      confirmOutsideAvailability: true,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("Maya Lopez already has a session then: Biology on Tue 2 Mar 2027, 11:00–12:00 (America/New_York).");
    expect(await sessionCount()).toBe(before);
  });

  it("ignore cancelled sessions, and moving a session checks the other sessions only", async () => {
    const { items } = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      startsAt: "2027-03-09T16:00",
      endsAt: "2027-03-09T17:00",
    });
    const moved = await admin.client.patch(`/api/admin/sessions/${items[0]!.id}`, {
      startsAt: "2027-03-09T16:30",
      endsAt: "2027-03-09T17:30",
      confirmOutsideAvailability: true,
    });
    expect(moved.status).toBe(200);
    expect((await admin.client.post(`/api/admin/sessions/${items[0]!.id}/cancel`, { reason: "Ill" })).status).toBe(200);
    await createSession(admin.client, { tutorMemberId: tina.memberId, studentIds: [maya], startsAt: "2027-03-09T16:00", endsAt: "2027-03-09T17:00" });
  });

  it("outside the tutor's availability needs a confirmation", async () => {
    await setTutorAvailability(admin.client, tina.memberId, [{ weekday: 4, startsAt: "15:00", endsAt: "19:00" }]);
    const body = { studentIds: [maya], subject: "Maths", startsAt: "2027-04-01T19:00", endsAt: "2027-04-01T20:00" };
    const before = await sessionCount();
    const refused = await tina.client.post("/api/tutor/sessions", body);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      "Thu 1 Apr 2027, 19:00–20:00 (Europe/London) is outside the tutor's availability (Thursdays in Europe/London). Send confirmOutsideAvailability: true to schedule it anyway.",
    );
    expect(refused.body.error.issues[0].path).toEqual(["confirmOutsideAvailability"]);
    expect(await sessionCount()).toBe(before);
    const inside = await tina.client.post("/api/tutor/sessions", { ...body, startsAt: "2027-04-01T17:00", endsAt: "2027-04-01T18:00" });
    expect(inside.status).toBe(201);
    const confirmed = await tina.client.post("/api/tutor/sessions", { ...body, confirmOutsideAvailability: true });
    expect(confirmed.status).toBe(201);
    const [entry] = (await auditEntries(t.db, { action: "SESSION_SCHEDULED", organizationId: admin.organizationId })).filter((e) =>
      (e.metadata as { sessionIds: string[] }).sessionIds.includes(confirmed.body.items[0].id),
    );
    expect(entry?.metadata).toMatchObject({ outsideAvailabilityConfirmed: true });
  });
});

describe("cancelling", () => {
  it("inside the notice period is a late cancellation; outside it is not; the period is a workspace setting", async () => {
    const soon = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      startsAt: inHours(10),
      endsAt: inHours(11),
      timeZone: "UTC",
    });
    const later = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      startsAt: inHours(72),
      endsAt: inHours(73),
      timeZone: "UTC",
    });
    const late = await tina.client.post(`/api/tutor/sessions/${soon.items[0]!.id}/cancel`, { reason: "Tutor ill" });
    expect(late.status).toBe(200);
    expect(late.body.items[0]).toMatchObject({ status: "late_cancelled", cancellationReason: "Tutor ill", cancelledAt: expect.any(String) });
    // Who did what is part of the session, for everyone who may see it.
    expect(late.body.items[0]).toMatchObject({ createdBy: "Ada Admin", updatedBy: "Tina Tutor", cancelledBy: "Tina Tutor" });
    const scheduled = await admin.client.get(`/api/admin/sessions/${later.items[0]!.id}`);
    expect(scheduled.body).toMatchObject({ createdBy: "Ada Admin", cancelledBy: null });
    expect((await admin.client.post(`/api/admin/sessions/${later.items[0]!.id}/cancel`, {})).body.items[0].status).toBe("cancelled");
    const entries = (await auditEntries(t.db, { action: "SESSION_CANCELLED", organizationId: admin.organizationId })).filter((e) =>
      (e.metadata as { sessionIds: string[] }).sessionIds.includes(soon.items[0]!.id),
    );
    expect(entries).toEqual([expect.objectContaining({ studentId: noah, metadata: expect.objectContaining({ late: true, noticeHours: 24 }) })]);
    // Cancelling twice is refused.
    expect((await admin.client.post(`/api/admin/sessions/${later.items[0]!.id}/cancel`, {})).status).toBe(409);

    const policy = await admin.client.put("/api/admin/session-policy", { lateCancellationHours: 2 });
    expect(policy.body).toMatchObject({ lateCancellationHours: 2, reminderLeadHours: 24, summaryRequiresReview: false, recordingRetentionDays: null });
    expect((await admin.client.get("/api/admin/session-policy")).body).toMatchObject({ lateCancellationHours: 2 });
    const again = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      startsAt: inHours(10),
      endsAt: inHours(11),
      timeZone: "UTC",
    });
    expect((await admin.client.post(`/api/admin/sessions/${again.items[0]!.id}/cancel`, {})).body.items[0].status).toBe("cancelled");
    await admin.client.put("/api/admin/session-policy", { lateCancellationHours: 24 });
  });

  it("this and following cancels the rest of the series", async () => {
    const { items } = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      startsAt: "2027-05-04T10:00",
      endsAt: "2027-05-04T11:00",
      repeat: { frequency: "weekly", count: 3 },
    });
    const res = await admin.client.post(`/api/admin/sessions/${items[1]!.id}/cancel`, { scope: "following" });
    expect((res.body.items as Session[]).map((item) => [item.id, item.status])).toEqual([
      [items[1]!.id, "cancelled"],
      [items[2]!.id, "cancelled"],
    ]);
    expect((await admin.client.get(`/api/admin/sessions/${items[0]!.id}`)).body.status).toBe("scheduled");
  });
});

describe("who may", () => {
  let mayaSession: Session;
  let noahSession: Session;
  let theoSession: Session;
  let group: Session;
  beforeAll(async () => {
    mayaSession = (
      await createSession(admin.client, { tutorMemberId: tina.memberId, studentIds: [maya], startsAt: "2027-06-01T10:00", endsAt: "2027-06-01T11:00" })
    ).items[0]!;
    noahSession = (
      await createSession(admin.client, { tutorMemberId: tina.memberId, studentIds: [noah], startsAt: "2027-06-02T10:00", endsAt: "2027-06-02T11:00" })
    ).items[0]!;
    theoSession = (
      await createSession(admin.client, { tutorMemberId: theo.memberId, studentIds: [maya], startsAt: "2027-06-03T10:00", endsAt: "2027-06-03T11:00" })
    ).items[0]!;
    group = (
      await createSession(admin.client, { tutorMemberId: tina.memberId, studentIds: [maya, noah], startsAt: "2027-06-04T10:00", endsAt: "2027-06-04T11:00" })
    ).items[0]!;
  });
  const ids = (res: { body: { items: Session[] } }) => res.body.items.map((item) => item.id);
  const june = "from=2027-06-01&to=2027-06-08";

  it("a tutor sees and changes only their own sessions, and schedules only their assigned students", async () => {
    expect(ids(await tina.client.get(`/api/tutor/sessions?${june}`))).toEqual([mayaSession.id, noahSession.id, group.id]);
    expect((await tina.client.get(`/api/tutor/sessions/${theoSession.id}`)).status).toBe(404);
    expect((await tina.client.patch(`/api/tutor/sessions/${theoSession.id}`, { notes: "x" })).status).toBe(404);
    expect((await tina.client.post(`/api/tutor/sessions/${theoSession.id}/cancel`, {})).status).toBe(404);
    const before = await sessionCount();
    const unassigned = await theo.client.post("/api/tutor/sessions", {
      studentIds: [noah],
      subject: "Maths",
      startsAt: "2027-06-05T10:00",
      endsAt: "2027-06-05T11:00",
      confirmOutsideAvailability: true,
    });
    expect(unassigned.status).toBe(422);
    expect(unassigned.body.error.message).toBe("No such student among yours (a student with a current assignment to you).");
    const foreign = await theo.client.post("/api/tutor/sessions", {
      studentIds: [elsewhere],
      subject: "Maths",
      startsAt: "2027-06-05T10:00",
      endsAt: "2027-06-05T11:00",
      confirmOutsideAvailability: true,
    });
    expect(foreign.body.error.message).toBe("No such student among yours (a student with a current assignment to you).");
    const asOther = await theo.client.post("/api/tutor/sessions", {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      subject: "Maths",
      startsAt: "2027-06-05T10:00",
      endsAt: "2027-06-05T11:00",
      confirmOutsideAvailability: true,
    });
    expect(asOther.body.error.message).toBe("Tutors schedule their own sessions only.");
    expect(await sessionCount()).toBe(before);
  });

  it("a parent sees their children's sessions only, and only their own child in a group", async () => {
    const res = await parent.client.get(`/api/parent/sessions?${june}`);
    expect(ids(res)).toEqual([mayaSession.id, theoSession.id, group.id]);
    expect(res.body.items[2].students).toEqual([{ id: maya, name: "Maya Lopez" }]);
    expect(res.text).not.toContain("Noah Kim");
    expect((await parent.client.get(`/api/parent/sessions/${noahSession.id}`)).status).toBe(404);
    expect((await parent.client.post(`/api/parent/sessions/${noahSession.id}/cancellation-requests`, { reason: "x" })).status).toBe(404);
    expect(ids(await otherParent.client.get(`/api/parent/sessions?${june}`))).toEqual([noahSession.id, group.id]);
    expect((await parent.client.post("/api/admin/sessions", {})).status).toBe(403);
    expect((await parent.client.post("/api/tutor/sessions", {})).status).toBe(403);
  });

  it("a student sees their own sessions only", async () => {
    expect(ids(await pupil.client.get(`/api/student/sessions?${june}`))).toEqual([mayaSession.id, theoSession.id, group.id]);
    expect((await pupil.client.get(`/api/student/sessions/${noahSession.id}`)).status).toBe(404);
    expect((await pupil.client.get(`/api/parent/sessions?${june}`)).status).toBe(403);
  });

  it("another workspace's admin sees none of them and cannot use this workspace's students", async () => {
    expect((await otherAdmin.client.get(`/api/admin/sessions?${june}`)).body.total).toBe(0);
    for (const session of [mayaSession, group]) {
      expect((await otherAdmin.client.get(`/api/admin/sessions/${session.id}`)).status).toBe(404);
      expect((await otherAdmin.client.patch(`/api/admin/sessions/${session.id}`, { notes: "x" })).status).toBe(404);
      expect((await otherAdmin.client.post(`/api/admin/sessions/${session.id}/cancel`, {})).status).toBe(404);
    }
    const res = await otherAdmin.client.post("/api/admin/sessions", {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      subject: "Maths",
      startsAt: "2027-06-05T10:00",
      endsAt: "2027-06-05T11:00",
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe("No such member in this workspace.");
    expect((await admin.client.get(`/api/admin/sessions/${mayaSession.id}`)).body.notes).toBe("");
  });
});
