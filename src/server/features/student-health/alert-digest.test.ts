/**
 * The daily alert digest: one mail per person per day, from 07:00 in the workspace's zone,
 * listing the alerts opened since their last digest that they may see, as their notification
 * preferences ask; nothing when nothing is new.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../../../../tests/db.ts";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { JOBS } from "../../jobs/registry.ts";
import { alertDigestJob, sendAlertDigests } from "./alert-digest-job.ts";
import { recomputeStudents } from "./recompute.ts";

const HOUR = 3_600_000;
const clock = fixedClock(new Date("2026-12-01T05:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2020-01-01" });
  const lessons = lessonMaker(cast.admin.client, clock, cast.tina.memberId);
  const made = [await lessons.make([cast.maya], 60), await lessons.make([cast.maya], 60)];
  lessons.after(...made);
  for (const lesson of made) await reportLesson(cast.admin.client, lesson.id, { [cast.maya]: "absent" });
  // London is on UTC in December: 06:30 there, before the digest's hour.
  clock.set(new Date("2026-12-10T06:30:00.000Z"));
  await recomputeStudents(t.deps.db, cast.admin.organizationId, [cast.maya], clock.now());
}, 90_000);
afterAll(() => t?.close());

const digestsTo = async (email: string) => (await mailsTo(t.db, email)).filter((mail) => /alert/i.test(mail.subject));

describe("the alert digest", () => {
  it("waits for the workspace's morning", async () => {
    expect(await sendAlertDigests(t.deps)).toEqual({ mails: 0 });
  });

  it("refuses preferences that are not ones, and keeps those given", async () => {
    const wrong = await cast.tina.client.put("/api/tutor/settings/notifications", { alertDigest: true, topics: ["gossip"] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.issues[0].path).toEqual(["topics", 0]);
    expect((await cast.tina.client.get("/api/tutor/settings/notifications")).body).toEqual({ alertDigest: true, topics: ["learning", "billing", "reports"] });
    const off = await cast.tina.client.put("/api/tutor/settings/notifications", { alertDigest: false, topics: [] });
    expect(off.status, off.text).toBe(200);
    expect((await cast.tina.client.get("/api/tutor/settings/notifications")).body).toEqual({ alertDigest: false, topics: [] });
  });

  it("from 07:00 sends each reader one mail listing their alerts; the tutor who turned it off and those outside get none", async () => {
    clock.set(new Date("2026-12-10T07:23:00.000Z"));
    expect(await sendAlertDigests(t.deps)).toEqual({ mails: 2 });
    const [toAdmin] = await digestsTo(cast.admin.user.email);
    expect(toAdmin!.subject).toBe("3 new alerts in Ada Tutoring");
    expect(toAdmin!.body).toContain("- Maya Lopez: Missed 2 of 2 sessions (100%) in the last 8 weeks: +35 (act)");
    expect(toAdmin!.body).toContain("/admin/health/alerts");
    const [toParent] = await digestsTo(cast.parent.user.email);
    expect(toParent!.body).toContain("/parent/alerts");
    for (const someone of [cast.tina, cast.theo, cast.otherParent]) expect(await digestsTo(someone.user.email)).toEqual([]);

    // The same day again: nothing more.
    clock.advance(HOUR);
    expect(await sendAlertDigests(t.deps)).toEqual({ mails: 0 });
  });

  it("the next day names only what is new, and nothing when nothing is", async () => {
    clock.set(new Date("2026-12-11T07:23:00.000Z"));
    expect(await sendAlertDigests(t.deps)).toEqual({ mails: 0 });
    // A report missing for Noah, two days after his session.
    const lessons = lessonMaker(cast.admin.client, clock, cast.tina.memberId);
    const made = await lessons.make([cast.noah], 60, 1);
    clock.set(new Date(made.endsAt.getTime() + 49 * HOUR));
    await recomputeStudents(t.deps.db, cast.admin.organizationId, [cast.noah], clock.now());
    expect(await sendAlertDigests(t.deps)).toEqual({ mails: 1 });
    const mails = await digestsTo(cast.admin.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Alert in Ada Tutoring: Noah Kim: No report for the session of/);
    // Families never hear of staff-only alerts.
    expect(await digestsTo(cast.otherParent.user.email)).toEqual([]);
    await reportLesson(cast.admin.client, made.id, { [cast.noah]: "present" });
  });

  it("is registered hourly", () => {
    expect(JOBS).toContain(alertDigestJob);
    expect(alertDigestJob.cron).toBe("23 * * * *");
  });
});
