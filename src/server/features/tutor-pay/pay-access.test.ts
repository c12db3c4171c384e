import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { lessonMaker, reportLesson } from "../../../../tests/pay-factories.ts";
import { assignTutor, setTutorProfile } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";

const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tina: MemberFixture;
let theo: MemberFixture;
let parent: MemberFixture;
let pupil: MemberFixture;
let tinaLesson: string;
let theoLesson: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  let maya: string;
  ({ admin, otherAdmin, tina, theo, parent, pupil, maya } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
  await assignTutor(admin.client, { tutorMemberId: theo.memberId, studentId: maya, startsOn: "2020-01-01" });
  for (const tutor of [tina, theo]) await setTutorProfile(admin.client, tutor.memberId, { payRateMinor: 3_000 });
  const tinas = lessonMaker(admin.client, clock, tina.memberId);
  const theos = lessonMaker(admin.client, clock, theo.memberId);
  const first = await tinas.make([maya], 60);
  const second = await theos.make([maya], 60, 30);
  tinas.after(first, second);
  await reportLesson(admin.client, first.id, { [maya]: "present" });
  await reportLesson(admin.client, second.id, { [maya]: "present" });
  tinaLesson = first.id;
  theoLesson = second.id;
}, 90_000);
afterAll(() => t?.close());

describe("who sees tutor pay", () => {
  it("a tutor sees their own statement, with none of another tutor's lessons", async () => {
    const own = await tina.client.get("/api/tutor/pay/statement");
    expect(own.status, own.text).toBe(200);
    expect(own.body.tutorMemberId).toBe(tina.memberId);
    const sessions = own.body.items.map((item: { sessionId: string }) => item.sessionId);
    expect(sessions).toContain(tinaLesson);
    expect(sessions).not.toContain(theoLesson);
  });

  it("a tutor may not read another tutor's statement, nor any admin pay operation: 403", async () => {
    for (const path of [
      `/api/admin/pay/tutors/${theo.memberId}/statement`,
      `/api/admin/pay/tutors/${tina.memberId}/statement`,
      "/api/admin/pay/runs",
      "/api/admin/pay/settings",
    ]) {
      expect((await tina.client.get(path)).status, path).toBe(403);
    }
    const adjust = await tina.client.post(`/api/admin/pay/tutors/${tina.memberId}/adjustments`, {
      category: "travel",
      amountMinor: 100_000,
      reason: "Generous",
      earnedOn: "2026-11-02",
      idempotencyKey: "self-adjust-1",
    });
    expect(adjust.status).toBe(403);
  });

  it("parents and students see no pay at all: 403", async () => {
    for (const person of [parent, pupil]) {
      expect((await person.client.get("/api/tutor/pay/statement")).status).toBe(403);
      expect((await person.client.get(`/api/admin/pay/tutors/${tina.memberId}/statement`)).status).toBe(403);
    }
  });

  it("an admin sees every tutor's; another workspace's admin finds neither (404)", async () => {
    for (const tutor of [tina, theo]) {
      const statement = await admin.client.get(`/api/admin/pay/tutors/${tutor.memberId}/statement`);
      expect(statement.status).toBe(200);
      expect(statement.body.totals.earnedMinor).toBe(3_000);
    }
    expect((await otherAdmin.client.get(`/api/admin/pay/tutors/${tina.memberId}/statement`)).status).toBe(404);
    expect((await admin.client.get(`/api/admin/pay/tutors/${parent.memberId}/statement`)).status).toBe(404);
    // The admin's own view of the tutor area has no pay of its own.
    expect((await admin.client.get("/api/tutor/pay/statement")).status).toBe(403);
  });
});

describe("the workspace currency", () => {
  it("stays once tutors' pay is recorded in it, like the ledger's amounts", async () => {
    const refused = await admin.client.patch("/api/admin/workspace", { currency: "EUR" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^The currency stays USD: tutors' pay is recorded in USD/);
  });
});
