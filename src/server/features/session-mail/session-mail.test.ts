/**
 * Session reminders and change mails, with pg-boss running for real: two app instances on one
 * database, each with its job workers, as two servers would run.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { assignTutor, createSession, createStudent, linkGuardian, setTutorProfile } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { Session, SessionBatch } from "../../../shared/schemas/sessions.ts";
import { organization, student, tutoringSession } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { fixedClock } from "../../core/clock.ts";
import { describeTime, localTimeOf } from "../../core/time.ts";
import { queueSessionChangeMails } from "./changes.ts";
import { sendDueReminders } from "./reminders.ts";

let a: TestApp;
let b: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let parent: MemberFixture;
let otherParent: MemberFixture;
let pupil: MemberFixture;
let maya: string;

const ZONE = "Europe/London";

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ databaseUrl: a.databaseUrl });
  admin = await createAdmin(a, { fullName: "Ada Admin", workspaceName: "Ada Tutoring" });
  await a.db.update(organization).set({ timeZone: ZONE }).where(eq(organization.id, admin.organizationId));
  tina = await createMember(a, { admin, role: "tutor", fullName: "Tina Tutor" });
  parent = await createMember(a, { admin, role: "parent", fullName: "Pat Parent" });
  otherParent = await createMember(a, { admin, role: "parent", fullName: "Olly Parent" });
  pupil = await createMember(a, { admin, role: "student", fullName: "Maya Login" });
  await setTutorProfile(admin.client, tina.memberId, { timeZone: ZONE });
  maya = (await createStudent(admin.client, { name: "Maya Lopez" })).id;
  const noah = (await createStudent(admin.client, { name: "Noah Kim" })).id;
  await linkGuardian(admin.client, maya, parent.memberId);
  await linkGuardian(admin.client, noah, otherParent.memberId);
  await a.db.update(student).set({ userId: pupil.user.id }).where(eq(student.id, maya));
  for (const id of [maya, noah]) await assignTutor(admin.client, { tutorMemberId: tina.memberId, studentId: id });
  // Two job runners on one database, as two app instances.
  await a.deps.jobs.startWorkers(a.deps);
  await b.deps.jobs.startWorkers(b.deps);
}, 120_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A half-hour slot starting `hours` from now (on the minute), as local London times. */
function slot(hours: number) {
  const start = new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000);
  const end = new Date(start.getTime() + 30 * 60_000);
  const local = (instant: Date) => `${localTimeOf(instant, ZONE).date}T${localTimeOf(instant, ZONE).time}`;
  return { startsAt: local(start), endsAt: local(end), start, end };
}

type Slot = ReturnType<typeof slot>;

/** Schedules a session of Tina's with Maya at `at` (a slot, or hours from now). */
async function schedule(
  subject: string,
  at: number | Slot,
  extra: { repeat?: { frequency: "weekly"; count: number }; location?: string } = {},
): Promise<SessionBatch> {
  const { startsAt, endsAt } = typeof at === "number" ? slot(at) : at;
  return createSession(admin.client, { tutorMemberId: tina.memberId, studentIds: [maya], subject, startsAt, endsAt, ...extra });
}

/** Waits until no mail job is waiting or running (both instances' workers deliver them). */
async function mailDelivered(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await a.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
    );
    if (rows[0]!.waiting === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.waiting} mail jobs still waiting after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The session mails (reminders, changes, cancellations) to `email`. */
async function sessionMailsTo(email: string) {
  return (await mailsTo(a.db, email)).filter((mail) => /^(Reminder|Changed|Cancelled): /.test(mail.subject));
}

async function mailsAbout(email: string, subject: string) {
  return (await sessionMailsTo(email)).filter((mail) => mail.subject.includes(` ${subject} `));
}

const everyone = () => [tina.user.email, parent.user.email, pupil.user.email];

describe("reminders", () => {
  it("are a job the workers run every minute (UTC)", async () => {
    const { rows } = await a.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule where name = 'session-reminders'`,
    );
    expect(rows).toEqual([{ name: "session-reminders", cron: "* * * * *", timezone: "UTC" }]);
  });

  it("go out once per recipient per session with two job runners racing, to that session's people only", async () => {
    const subjects = ["Algebra", "Botany", "Calculus", "Drawing", "Ecology", "Fractions"];
    const algebra = slot(2);
    await schedule("Algebra", algebra);
    for (const [index, subject] of subjects.slice(1).entries()) await schedule(subject, 3 + index);
    const runs = await Promise.all([sendDueReminders(a.deps), sendDueReminders(b.deps), sendDueReminders(a.deps), sendDueReminders(b.deps)]);
    // The cron run may have claimed some first; no session is ever claimed twice.
    expect(runs.reduce((sum, run) => sum + run.sessions, 0)).toBeLessThanOrEqual(subjects.length);
    await mailDelivered();
    for (const subject of subjects) {
      for (const email of everyone()) expect(await mailsAbout(email, subject), `${subject} to ${email}`).toHaveLength(1);
    }
    // A guardian of another student of the workspace, and the admin, are not this session's people.
    expect(await sessionMailsTo(otherParent.user.email)).toEqual([]);
    expect(await sessionMailsTo(admin.user.email)).toEqual([]);
    const claimed = await a.db.select({ sentAt: tutoringSession.reminderSentAt }).from(tutoringSession).where(inArray(tutoringSession.subject, subjects));
    expect(claimed.every((row) => row.sentAt !== null)).toBe(true);

    const [mail] = await mailsAbout(parent.user.email, "Algebra");
    expect(mail!.subject).toBe(`Reminder: Algebra on ${describeTime(algebra.start, algebra.end, ZONE)}`);
    expect(mail!.body).toContain("Maya Lopez's Algebra session with Tina Tutor in Ada Tutoring");
    expect(mail!.body).toContain(`(${ZONE})`);
    expect(mail!.body).toContain(`/parent/students/${maya}`);
    expect((await mailsAbout(tina.user.email, "Algebra"))[0]!.body).toContain("your Algebra session with Maya Lopez");
  });

  it("skip cancelled and past sessions and those beyond the lead time, and honour the workspace's lead time", async () => {
    const cancelled = await schedule("Geology", 13);
    expect((await admin.client.post(`/api/admin/sessions/${cancelled.items[0]!.id}/cancel`, { reason: "Closed" })).status).toBe(200);
    await schedule("History", -2);
    await schedule("Italian", 30);
    await sendDueReminders(a.deps);
    await mailDelivered();
    for (const email of everyone()) {
      expect((await mailsAbout(email, "Geology")).filter((mail) => mail.subject.startsWith("Reminder"))).toEqual([]);
      expect(await mailsAbout(email, "History")).toEqual([]);
      expect(await mailsAbout(email, "Italian")).toEqual([]);
    }

    expect((await admin.client.put("/api/admin/session-policy", { reminderLeadHours: 48 })).status).toBe(200);
    try {
      await sendDueReminders(a.deps);
      await mailDelivered();
      for (const email of everyone()) expect(await mailsAbout(email, "Italian")).toHaveLength(1);
    } finally {
      expect((await admin.client.put("/api/admin/session-policy", { reminderLeadHours: 24 })).status).toBe(200);
    }
  });

  it("go out again, for the new time, after a session moves", async () => {
    const first = slot(9);
    const [session] = (await schedule("Japanese", first)).items as [Session];
    await sendDueReminders(a.deps);
    await mailDelivered();
    const moved = slot(11);
    const res = await admin.client.patch(`/api/admin/sessions/${session.id}`, {
      startsAt: moved.startsAt,
      endsAt: moved.endsAt,
      confirmOutsideAvailability: true,
    });
    expect(res.status).toBe(200);
    await sendDueReminders(b.deps);
    await mailDelivered();
    const newTime = describeTime(moved.start, moved.end, ZONE);
    for (const email of everyone()) {
      const reminders = (await mailsAbout(email, "Japanese")).filter((mail) => mail.subject.startsWith("Reminder"));
      expect(reminders.map((mail) => mail.subject)).toEqual([
        `Reminder: Japanese on ${describeTime(first.start, first.end, ZONE)}`,
        `Reminder: Japanese on ${newTime}`,
      ]);
    }
  });

  it("are due by the app's clock: not a millisecond before the lead time, then once", async () => {
    const korean = slot(40);
    const [session] = (await schedule("Korean", korean)).items as [Session];
    const reminderSentAt = async () =>
      (await a.db.select({ sentAt: tutoringSession.reminderSentAt }).from(tutoringSession).where(eq(tutoringSession.id, session.id)))[0]!.sentAt;
    // The real time's runs (the cron) see it 40 hours away; this app's clock moves on.
    const clock = fixedClock(new Date(korean.start.getTime() - 24 * 3_600_000 - 1));
    const clocked = await createTestApp({ databaseUrl: a.databaseUrl, clock });
    try {
      await sendDueReminders(clocked.deps);
      expect(await reminderSentAt()).toBeNull();

      clock.advance(1);
      await sendDueReminders(clocked.deps);
      expect(await reminderSentAt()).toEqual(clock.now());
      clock.advance(3_600_000);
      await sendDueReminders(clocked.deps);
      await mailDelivered();
      for (const email of everyone()) expect(await mailsAbout(email, "Korean"), email).toHaveLength(1);
    } finally {
      await clocked.close();
    }
  });
});

describe("change mails", () => {
  it("tell each person once that a session moved or changed place, and once that it was cancelled", async () => {
    const before = slot(50);
    const [session] = (await schedule("Latin", before, { location: "Room 2" })).items as [Session];
    const after = slot(52);
    expect(
      (
        await admin.client.patch(`/api/admin/sessions/${session.id}`, {
          startsAt: after.startsAt,
          endsAt: after.endsAt,
          location: "Room 3",
          confirmOutsideAvailability: true,
        })
      ).status,
    ).toBe(200);
    // A change that is not of time or place mails nobody.
    expect((await admin.client.patch(`/api/admin/sessions/${session.id}`, { notes: "Bring a dictionary." })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/sessions/${session.id}/cancel`, { reason: "Tutor ill" })).status).toBe(200);
    await mailDelivered();
    for (const email of everyone()) {
      const latin = await mailsAbout(email, "Latin");
      expect(latin.map((mail) => mail.subject)).toEqual([
        `Changed: Latin on ${describeTime(before.start, before.end, ZONE)}`,
        `Cancelled: Latin on ${describeTime(after.start, after.end, ZONE)}`,
      ]);
      expect(latin[0]!.body).toContain(`Time: now ${describeTime(after.start, after.end, ZONE)} (was ${describeTime(before.start, before.end, ZONE)})`);
      expect(latin[0]!.body).toContain("Where: now Room 3 (was Room 2)");
      expect(latin[0]!.body).toContain("Ada Admin changed");
      expect(latin[1]!.body).toContain("The reason given: Tutor ill");
    }
    expect(await sessionMailsTo(otherParent.user.email)).toEqual([]);
  });

  it("summarise a series change in one mail per person, not one per session", async () => {
    const batch = await schedule("Music", 60, { repeat: { frequency: "weekly", count: 4 } });
    const moved = slot(61);
    expect(
      (
        await admin.client.patch(`/api/admin/sessions/${batch.items[0]!.id}`, {
          scope: "following",
          startsAt: moved.startsAt,
          endsAt: moved.endsAt,
          confirmOutsideAvailability: true,
        })
      ).status,
    ).toBe(200);
    expect((await admin.client.post(`/api/admin/sessions/${batch.items[1]!.id}/cancel`, { scope: "following" })).status).toBe(200);
    await mailDelivered();
    for (const email of everyone()) {
      const music = await mailsAbout(email, "Music");
      expect(music.map((mail) => mail.subject.split(" from ")[0])).toEqual(["Changed: 4 Music sessions", "Cancelled: 3 Music sessions"]);
      expect(music[0]!.body).toContain("the others move the same way, weekly");
    }
    expect((await mailsAbout(parent.user.email, "Music"))[0]!.body).toContain("Maya Lopez's weekly Music sessions with Tina Tutor");
  });

  it("are not sent when the change rolls back", async () => {
    const [session] = (await schedule("Doomed", 70)).items as [Session];
    // The move fails at COMMIT, after its mails were queued: a deferred check the test adds.
    await a.db.execute(sql`create function refuse_doomed() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$`);
    await a.db.execute(
      sql`create constraint trigger refuse_doomed after update on tutoring_session deferrable initially deferred for each row when (new.subject = 'Doomed') execute function refuse_doomed()`,
    );
    try {
      const moved = slot(72);
      const res = await admin.client.patch(`/api/admin/sessions/${session.id}`, {
        startsAt: moved.startsAt,
        endsAt: moved.endsAt,
        confirmOutsideAvailability: true,
      });
      expect(res.status).toBe(500);
    } finally {
      await a.db.execute(sql`drop trigger refuse_doomed on tutoring_session`);
      await a.db.execute(sql`drop function refuse_doomed()`);
    }
    const [row] = await a.db.select({ startsAt: tutoringSession.startsAt }).from(tutoringSession).where(eq(tutoringSession.id, session.id));
    expect(row!.startsAt.toISOString()).toBe(session.startsAt);
    const { rows } = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'subject' like '%Doomed%'`);
    expect(rows[0]!.n).toBe(0);

    // The same queueing, committed, does queue them (the check above can fail).
    await withWorkspace(a.db, admin.organizationId, async (tx) => {
      const [current] = await tx.select().from(tutoringSession).where(eq(tutoringSession.id, session.id));
      await queueSessionChangeMails(a.deps, tx, admin.organizationId, { kind: "cancelled", by: "Ada Admin", before: [current!], after: [current!] });
    });
    await mailDelivered();
    for (const email of everyone()) expect(await mailsAbout(email, "Doomed")).toHaveLength(1);
  });
});
