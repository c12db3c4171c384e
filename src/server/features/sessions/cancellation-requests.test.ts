/**
 * Cancellation requests through the API: asked by a parent or student, listed for the tutor
 * and the admins, accepted (the session cancelled under the late-cancellation policy) or
 * declined with a reason, closed when the session is cancelled otherwise; audited and mailed
 * (the mail workers run, so the queued mails are delivered); and who may do what.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, countRows, mailsTo } from "../../../../tests/db.ts";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createSession } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { CancellationRequestList, CancellationRequestView } from "../../../shared/schemas/cancellation-requests.ts";
import type { Session } from "../../../shared/schemas/sessions.ts";
import { tutoringSession } from "../../db/schema.ts";

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

beforeAll(async () => {
  t = await createTestApp();
  await t.deps.jobs.startWorkers(t.deps);
  ({ admin, tina, theo, parent, otherParent, pupil, otherAdmin, maya, noah } = await createSessionCast(t, { theoTeachesMaya: true }));
}, 120_000);
afterAll(() => t?.close());

/** A local date-time (YYYY-MM-DDTHH:MM) in UTC, `hours` from now, on the minute. */
const inHours = (hours: number) => new Date(Math.floor((Date.now() + hours * 3_600_000) / 60_000) * 60_000).toISOString().slice(0, 16);

async function schedule(subject: string, hours: number, studentIds = [maya], tutorMemberId = tina.memberId): Promise<Session> {
  return (await createSession(admin.client, { tutorMemberId, studentIds, subject, startsAt: inHours(hours), endsAt: inHours(hours + 1), timeZone: "UTC" }))
    .items[0]!;
}

const ask = (who: MemberFixture, area: "parent" | "student", sessionId: string, reason: string) =>
  who.client.post<CancellationRequestView & { error: { message: string } }>(`/api/${area}/sessions/${sessionId}/cancellation-requests`, { reason });
const requestsOn = (who: MemberFixture | AdminFixture, area: string, sessionId: string) =>
  who.client.get<CancellationRequestList>(`/api/${area}/sessions/${sessionId}/cancellation-requests`);
const openFor = (who: MemberFixture | AdminFixture, area: "admin" | "tutor") => who.client.get<CancellationRequestList>(`/api/${area}/cancellation-requests`);

async function mailDelivered(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await t.db.execute<{ waiting: number }>(
      sql`select count(*)::int as waiting from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')`,
    );
    if (rows[0]!.waiting === 0) return;
    if (Date.now() > deadline) throw new Error("mail jobs still waiting after 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const mailAbout = async (to: string, prefix: string) => {
  await mailDelivered();
  return (await mailsTo(t.db, to)).filter((mail) => mail.subject.startsWith(prefix));
};

describe("asking and declining", () => {
  it("a parent asks: the request is open, listed for the tutor and the admins, audited and mailed to them with the session's page", async () => {
    const session = await schedule("History", 120);
    const res = await ask(parent, "parent", session.id, "Family holiday");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      state: "requested",
      reason: "Family holiday",
      requester: { name: "Pat Parent", role: "parent" },
      decidedAt: null,
      decidedBy: null,
      declineReason: null,
    });
    expect(res.body.session).toMatchObject({ id: session.id, subject: "History", tutorName: "Tina Tutor", studentNames: ["Maya Lopez"], status: "scheduled" });
    expect((await admin.client.get(`/api/admin/sessions/${session.id}`)).body.status).toBe("scheduled");

    for (const [who, area] of [
      [tina, "tutor"],
      [admin, "admin"],
    ] as const) {
      expect(
        (await openFor(who, area)).body.items.map((item) => item.id),
        area,
      ).toContain(res.body.id);
      expect((await requestsOn(who, area, session.id)).body.items.map((item) => item.id)).toEqual([res.body.id]);
    }
    const [entry] = (await auditEntries(t.db, { action: "SESSION_CANCELLATION_REQUESTED", organizationId: admin.organizationId })).filter(
      (e) => (e.metadata as { requestId?: string }).requestId === res.body.id,
    );
    expect(entry).toMatchObject({ studentId: maya, userId: parent.user.id, actorRole: "parent" });
    for (const [to, area] of [
      [tina.user.email, "tutor"],
      [admin.user.email, "admin"],
    ] as const) {
      const [mail] = await mailAbout(to, "Cancellation requested: History");
      expect(mail?.body, to).toContain("Pat Parent (parent) asked to cancel the History session");
      expect(mail?.body).toContain("Family holiday");
      expect(mail?.body).toContain(`/${area}/sessions/${session.id}`);
    }
  });

  it("one open request per requester per session: a second is refused with 409; the student asks on their own; each family member reads only their own", async () => {
    const session = await schedule("Latin", 96);
    const first = await ask(parent, "parent", session.id, "Dentist");
    expect(first.status).toBe(201);
    await mailDelivered();
    const before = await countRows(t.db);
    const again = await ask(parent, "parent", session.id, "Dentist, again");
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe("You already asked to cancel this session; the tutor or an admin has not decided yet.");
    expect(await countRows(t.db)).toEqual(before);
    const own = await ask(pupil, "student", session.id, "Exam week");
    expect(own.status).toBe(201);
    expect(own.body.requester).toEqual({ name: "Maya Login", role: "student" });
    expect((await requestsOn(parent, "parent", session.id)).body.items.map((item) => item.id)).toEqual([first.body.id]);
    expect((await requestsOn(pupil, "student", session.id)).body.items.map((item) => item.id)).toEqual([own.body.id]);
    expect((await requestsOn(tina, "tutor", session.id)).body.items.map((item) => item.id)).toEqual([own.body.id, first.body.id]);
  });

  it("the tutor declines with a reason (required, at most 500 characters): recorded, audited, mailed to the requester; the session stays; the parent may ask again", async () => {
    const session = await schedule("Geography", 100);
    const request = (await ask(parent, "parent", session.id, "Football match")).body;
    for (const [body, message] of [
      [{}, "Reason is required: the family reads it."],
      [{ reason: "  " }, "Reason is required: the family reads it."],
      [{ reason: "x".repeat(501) }, "Reason must be at most 500 characters."],
    ] as const) {
      const refused = await tina.client.post(`/api/tutor/cancellation-requests/${request.id}/decline`, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error.issues[0].message).toBe(message);
    }
    const declined = await tina.client.post<CancellationRequestView>(`/api/tutor/cancellation-requests/${request.id}/decline`, {
      reason: "The match is on Sunday",
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ state: "declined", decidedBy: "Tina Tutor", declineReason: "The match is on Sunday", decidedAt: expect.any(String) });
    expect((await requestsOn(parent, "parent", session.id)).body.items[0]).toMatchObject({ state: "declined", declineReason: "The match is on Sunday" });
    expect((await admin.client.get(`/api/admin/sessions/${session.id}`)).body.status).toBe("scheduled");
    expect((await openFor(tina, "tutor")).body.items.map((item) => item.id)).not.toContain(request.id);
    const [entry] = (await auditEntries(t.db, { action: "SESSION_CANCELLATION_DECLINED", organizationId: admin.organizationId })).filter(
      (e) => (e.metadata as { requestId?: string }).requestId === request.id,
    );
    expect(entry).toMatchObject({ studentId: maya, userId: tina.user.id, actorRole: "tutor" });
    const [mail] = await mailAbout(parent.user.email, "Cancellation declined: Geography");
    expect(mail?.body).toContain("Tina Tutor declined your request to cancel the Geography session");
    expect(mail?.body).toContain("The match is on Sunday");
    expect(mail?.body).toContain(`/parent/sessions/${session.id}`);

    const decidedAgain = await admin.client.post(`/api/admin/cancellation-requests/${request.id}/accept`);
    expect(decidedAgain.status).toBe(409);
    expect(decidedAgain.body.error.message).toBe("This cancellation request is already declined.");
    expect((await ask(parent, "parent", session.id, "The match moved to Saturday")).status).toBe(201);
  });
});

describe("accepting", () => {
  it("cancels the session through the cancel path: late inside the notice period, the reason kept, the session's other open requests closed, audited and mailed", async () => {
    const session = await schedule("Biology", 10);
    const request = (await ask(parent, "parent", session.id, "Sick")).body;
    const other = (await ask(pupil, "student", session.id, "Feeling ill")).body;
    const accepted = await admin.client.post<CancellationRequestView>(`/api/admin/cancellation-requests/${request.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: "accepted", decidedBy: "Ada Admin", session: { status: "late_cancelled" } });
    const cancelled = (await admin.client.get<Session>(`/api/admin/sessions/${session.id}`)).body;
    expect(cancelled).toMatchObject({ status: "late_cancelled", cancelledBy: "Ada Admin", cancellationReason: "Requested by Pat Parent: Sick" });
    expect((await requestsOn(pupil, "student", session.id)).body.items[0]).toMatchObject({ id: other.id, state: "closed", decidedBy: "Ada Admin" });
    for (const action of ["SESSION_CANCELLED", "SESSION_CANCELLATION_ACCEPTED"]) {
      const entries = (await auditEntries(t.db, { action, organizationId: admin.organizationId })).filter((e) =>
        JSON.stringify(e.metadata).includes(session.id),
      );
      expect(entries, action).toHaveLength(1);
    }
    const [mail] = await mailAbout(parent.user.email, "Cancelled: Biology");
    expect(mail?.body).toContain("Ada Admin cancelled");
    expect(mail?.body).toContain("Requested by Pat Parent: Sick");
    expect((await admin.client.post(`/api/admin/cancellation-requests/${other.id}/accept`)).body.error.message).toBe(
      "This cancellation request is closed: the session was cancelled.",
    );
  });

  it("outside the notice period the tutor's acceptance is an ordinary cancellation", async () => {
    const session = await schedule("Chemistry", 72);
    const request = (await ask(pupil, "student", session.id, "School trip")).body;
    const accepted = await tina.client.post<CancellationRequestView>(`/api/tutor/cancellation-requests/${request.id}/accept`);
    expect(accepted.body).toMatchObject({ state: "accepted", decidedBy: "Tina Tutor", session: { status: "cancelled" } });
  });

  it("a session cancelled otherwise closes its open requests; a cancelled or past session cannot be asked about", async () => {
    const session = await schedule("Drama", 50);
    const request = (await ask(parent, "parent", session.id, "Rehearsal")).body;
    expect((await tina.client.post(`/api/tutor/sessions/${session.id}/cancel`, { reason: "Tutor ill" })).status).toBe(200);
    expect((await requestsOn(parent, "parent", session.id)).body.items[0]).toMatchObject({ id: request.id, state: "closed", decidedBy: "Tina Tutor" });
    expect((await openFor(admin, "admin")).body.items.map((item) => item.id)).not.toContain(request.id);
    const late = await ask(parent, "parent", session.id, "Again");
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe("Only a scheduled session can be cancelled; this one is cancelled.");
    const past = await schedule("Economics", -3);
    expect((await ask(parent, "parent", past.id, "Too late")).body.error.message).toBe("This session is over; it can no longer be cancelled.");
  });

  it("accepting a request on a session no longer scheduled is refused and changes nothing", async () => {
    const session = await schedule("Ethics", 60);
    const request = (await ask(parent, "parent", session.id, "Trip")).body;
    // A report filed on a session under way would complete it; here the database says so directly.
    await t.db.update(tutoringSession).set({ status: "completed" }).where(eq(tutoringSession.id, session.id));
    const refused = await admin.client.post(`/api/admin/cancellation-requests/${request.id}/accept`);
    expect(refused.status).toBe(409);
    expect((await requestsOn(admin, "admin", session.id)).body.items[0]!.state).toBe("requested");
  });
});

describe("who may", () => {
  let mayaSession: Session;
  let noahSession: Session;
  let theoSession: Session;
  let request: CancellationRequestView;
  beforeAll(async () => {
    mayaSession = await schedule("French", 200);
    noahSession = await schedule("Music", 201, [noah]);
    theoSession = await schedule("Art", 202, [maya], theo.memberId);
    request = (await ask(parent, "parent", mayaSession.id, "Holiday")).body;
  });

  it("parents and students ask only about their children's / their own sessions (404 outside)", async () => {
    await mailDelivered();
    const before = await countRows(t.db);
    expect((await ask(parent, "parent", noahSession.id, "x")).status).toBe(404);
    expect((await ask(pupil, "student", noahSession.id, "x")).status).toBe(404);
    expect((await requestsOn(parent, "parent", noahSession.id)).status).toBe(404);
    expect((await ask(otherParent, "parent", mayaSession.id, "x")).status).toBe(404);
    expect((await ask(parent, "parent", "not-a-session", "x")).status).toBe(404);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("only the session's tutor or an admin decides: another tutor and another workspace get 404, families 403", async () => {
    await mailDelivered();
    const before = await countRows(t.db);
    expect((await theo.client.post(`/api/tutor/cancellation-requests/${request.id}/accept`)).status).toBe(404);
    expect((await theo.client.post(`/api/tutor/cancellation-requests/${request.id}/decline`, { reason: "No" })).status).toBe(404);
    expect((await theo.client.get(`/api/tutor/sessions/${mayaSession.id}/cancellation-requests`)).status).toBe(404);
    expect((await openFor(theo, "tutor")).body.items.map((item) => item.id)).not.toContain(request.id);
    expect((await otherAdmin.client.post(`/api/admin/cancellation-requests/${request.id}/accept`)).status).toBe(404);
    expect((await otherAdmin.client.get(`/api/admin/sessions/${mayaSession.id}/cancellation-requests`)).status).toBe(404);
    expect((await openFor(otherAdmin, "admin")).body.items).toEqual([]);
    expect((await admin.client.post("/api/admin/cancellation-requests/not-a-request/accept")).status).toBe(404);
    for (const [who, path] of [
      [parent, `/api/tutor/cancellation-requests/${request.id}/accept`],
      [parent, `/api/admin/cancellation-requests/${request.id}/decline`],
      [pupil, `/api/admin/cancellation-requests/${request.id}/accept`],
      [tina, `/api/admin/cancellation-requests/${request.id}/accept`],
      [tina, `/api/parent/sessions/${mayaSession.id}/cancellation-requests`],
      [pupil, `/api/parent/sessions/${mayaSession.id}/cancellation-requests`],
    ] as const) {
      expect((await who.client.post(path, { reason: "No" })).status, path).toBe(403);
    }
    expect((await parent.client.get("/api/tutor/cancellation-requests")).status).toBe(403);
    expect((await pupil.client.get("/api/admin/cancellation-requests")).status).toBe(403);
    expect(await countRows(t.db)).toEqual(before);
    expect((await requestsOn(admin, "admin", mayaSession.id)).body.items[0]!.state).toBe("requested");
  });

  it("a group session's request names only the family's own child to them", async () => {
    const group = await schedule("Debate", 300, [maya, noah]);
    const asked = await ask(parent, "parent", group.id, "Away");
    expect(asked.body.session.studentNames).toEqual(["Maya Lopez"]);
    expect((await requestsOn(tina, "tutor", group.id)).body.items[0]!.session.studentNames).toEqual(["Maya Lopez", "Noah Kim"]);
    expect((await openFor(tina, "tutor")).body.items.map((item) => item.session.id)).toContain(group.id);
    expect((await openFor(theo, "tutor")).body.items.map((item) => item.session.id)).not.toContain(group.id);
    expect((await requestsOn(parent, "parent", theoSession.id)).body.items).toEqual([]);
  });
});
