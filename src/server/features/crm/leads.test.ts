/**
 * CRM leads through the API: the default pipeline, leads added by hand with their purge date,
 * who sees which (admins all, a tutor their own, another workspace none), refusals naming the
 * field, stage moves (lost with a reason, won only by converting), changes and logged calls on
 * the timeline, duplicates offered on email or the phone's digits, and audit entries without
 * the lead's personal data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../../tests/db.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { LeadDetail, LeadPage, StageList } from "../../../shared/schemas/crm.ts";
import { fixedClock } from "../../core/clock.ts";

const clock = fixedClock(new Date("2026-11-02T09:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let stages: StageList;

const stage = (name: string) => stages.items.find((item) => item.name === name)!.id;
const issuesOf = (body: { error: { issues?: { path: (string | number)[]; message: string }[] } }) =>
  (body.error.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

const pat = {
  guardianName: "Pat Prospect",
  studentName: "Sam Prospect",
  email: "Pat@Example.com",
  phone: "+44 7700 900123",
  source: "phone",
  consentBasis: "pre_contract",
  subjects: ["Maths"],
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
  const read = await cast.admin.client.get<StageList>("/api/admin/crm/stages");
  expect(read.status, read.text).toBe(200);
  stages = read.body;
});
afterAll(async () => t?.close());

describe("the pipeline", () => {
  it("starts with the default stages in order, one won and one lost, and the reasons a lead is lost", async () => {
    expect(stages.items.map((item) => [item.name, item.outcome])).toEqual([
      ["New", "open"],
      ["Contacted", "open"],
      ["Consultation", "open"],
      ["Trial booked", "open"],
      ["Trial attended", "open"],
      ["Won", "won"],
      ["Lost", "lost"],
    ]);
    expect(stages.lostReasons).toContain("Price");
    // A second read (the tutor's) writes nothing more.
    expect((await cast.tina.client.get<StageList>("/api/tutor/crm/stages")).body.items.map((item) => item.id)).toEqual(stages.items.map((item) => item.id));
  });
});

describe("a lead added by hand", () => {
  let lead: LeadDetail;

  beforeAll(async () => {
    const made = await cast.admin.client.post<LeadDetail>("/api/admin/crm/leads", { ...pat, ownerMemberId: cast.tina.memberId });
    expect(made.status, made.text).toBe(201);
    lead = made.body;
  });

  it("stands in the first stage, owned as asked, with its purge date 12 months on and its first timeline entry", () => {
    expect(lead).toMatchObject({
      guardianName: "Pat Prospect",
      studentName: "Sam Prospect",
      email: "pat@example.com",
      source: "phone",
      owner: { memberId: cast.tina.memberId, name: "Tina Tutor" },
      stage: { name: "New", outcome: "open" },
      purgeOn: "2027-11-02",
      convertedAt: null,
      duplicates: [],
    });
    expect(lead.timeline.map((entry) => [entry.kind, entry.summary, entry.actorName])).toEqual([["created", "Added by hand: came by phone", "Ada Admin"]]);
  });

  it("is audited without the lead's name or contacts", async () => {
    const [entry] = await auditEntries(t.db, { action: "LEAD_CREATED", organizationId: cast.admin.organizationId });
    expect(entry).toMatchObject({ description: "Lead added (phone)", metadata: { leadId: lead.id }, studentId: null });
    expect(JSON.stringify({ description: entry!.description, metadata: entry!.metadata })).not.toMatch(/Pat|Sam|example\.com|7700/);
  });

  it("is seen by the admin and its owner, not by another tutor nor another workspace", async () => {
    expect((await cast.tina.client.get(`/api/tutor/crm/leads/${lead.id}`)).status).toBe(200);
    expect((await cast.theo.client.get(`/api/tutor/crm/leads/${lead.id}`)).status).toBe(404);
    expect((await cast.otherAdmin.client.get(`/api/admin/crm/leads/${lead.id}`)).status).toBe(404);
    expect((await cast.parent.client.get(`/api/admin/crm/leads/${lead.id}`)).status).toBe(403);
    const theirs = await cast.theo.client.get<LeadPage>("/api/tutor/crm/leads");
    expect(theirs.body.items.map((item) => item.id)).not.toContain(lead.id);
    const tinas = await cast.tina.client.get<LeadPage>("/api/tutor/crm/leads");
    expect(tinas.body.items.map((item) => item.id)).toContain(lead.id);
  });

  it("moves through the stages on its timeline; lost asks one of the workspace's reasons; won is only by converting", async () => {
    clock.advance(60_000);
    const moved = await cast.tina.client.post<LeadDetail>(`/api/tutor/crm/leads/${lead.id}/move`, { stageId: stage("Contacted") });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.stage.name).toBe("Contacted");
    expect(moved.body.timeline[0]).toMatchObject({ kind: "stage", summary: "Moved from New to Contacted", actorName: "Tina Tutor" });

    const again = await cast.tina.client.post(`/api/tutor/crm/leads/${lead.id}/move`, { stageId: stage("Contacted") });
    expect([again.status, issuesOf(again.body)]).toEqual([409, [["stageId", "The lead is in Contacted already."]]]);
    const won = await cast.admin.client.post(`/api/admin/crm/leads/${lead.id}/move`, { stageId: stage("Won") });
    expect(won.status).toBe(409);
    const noReason = await cast.admin.client.post(`/api/admin/crm/leads/${lead.id}/move`, { stageId: stage("Lost") });
    expect(noReason.status).toBe(422);
    expect(issuesOf(noReason.body)[0]![0]).toBe("lostReason");
    const badReason = await cast.admin.client.post(`/api/admin/crm/leads/${lead.id}/move`, { stageId: stage("Lost"), lostReason: "Vibes" });
    expect(issuesOf(badReason.body)[0]).toEqual(["lostReason", expect.stringContaining("must be one of")]);
    const unknown = await cast.admin.client.post(`/api/admin/crm/leads/${lead.id}/move`, { stageId: "00000000-0000-4000-8000-000000000000" });
    expect([unknown.status, issuesOf(unknown.body)]).toEqual([422, [["stageId", "No such stage in the pipeline."]]]);

    clock.advance(60_000);
    const lost = await cast.admin.client.post<LeadDetail>(`/api/admin/crm/leads/${lead.id}/move`, { stageId: stage("Lost"), lostReason: "Price" });
    expect(lost.body).toMatchObject({ stage: { name: "Lost" }, lostReason: "Price", stageEnteredAt: clock.now().toISOString() });
    expect(lost.body.timeline[0]!.summary).toBe("Moved from Contacted to Lost: Price");
    // Back into the pipeline: the reason goes.
    clock.advance(60_000);
    const back = await cast.admin.client.post<LeadDetail>(`/api/admin/crm/leads/${lead.id}/move`, { stageId: stage("Consultation") });
    expect(back.body).toMatchObject({ stage: { name: "Consultation" }, lostReason: null });
  });

  it("takes changes and logged calls on its timeline; its name and a contact must remain", async () => {
    clock.advance(60_000);
    const changed = await cast.tina.client.patch<LeadDetail>(`/api/tutor/crm/leads/${lead.id}`, { phone: "07700 900456", level: "GCSE" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ phone: "07700 900456", level: "GCSE" });
    expect(changed.body.timeline[0]!.summary).toBe("Changed: phone, level");
    const unchanged = await cast.tina.client.patch<LeadDetail>(`/api/tutor/crm/leads/${lead.id}`, { level: "GCSE" });
    expect(unchanged.body.timeline).toHaveLength(changed.body.timeline.length);

    const noContact = await cast.tina.client.patch(`/api/tutor/crm/leads/${lead.id}`, { email: "", phone: "" });
    expect([noContact.status, issuesOf(noContact.body)]).toEqual([422, [["email", "Give an email address or a phone number."]]]);
    const giveAway = await cast.tina.client.patch(`/api/tutor/crm/leads/${lead.id}`, { ownerMemberId: cast.theo.memberId });
    expect(issuesOf(giveAway.body)).toEqual([["ownerMemberId", "Only an admin gives a lead to someone else."]]);

    clock.advance(60_000);
    const call = await cast.tina.client.post<LeadDetail>(`/api/tutor/crm/leads/${lead.id}/activities`, {
      kind: "call",
      body: "Booked a consultation for Thursday.",
    });
    expect(call.status, call.text).toBe(201);
    expect(call.body.timeline[0]).toMatchObject({ kind: "call", summary: "Call", body: "Booked a consultation for Thursday." });
    const empty = await cast.tina.client.post(`/api/tutor/crm/leads/${lead.id}/activities`, { kind: "call", body: "  " });
    expect(issuesOf(empty.body)).toEqual([["body", "Say what happened."]]);
  });
});

describe("refusals", () => {
  it("name the field and write nothing", async () => {
    const before = (await cast.admin.client.get<LeadPage>("/api/admin/crm/leads")).body.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...pat, guardianName: "", studentName: "" }, "guardianName"],
      [{ ...pat, email: null, phone: null }, "email"],
      [{ ...pat, email: "not-an-email" }, "email"],
      [{ ...pat, phone: "call me" }, "phone"],
      [{ ...pat, source: "billboard" }, "source"],
      [{ ...pat, consentBasis: "vibes" }, "consentBasis"],
      [{ ...pat, stageId: stage("Won") }, "stageId"],
      [{ ...pat, ownerMemberId: cast.parent.memberId }, "ownerMemberId"],
      [{ ...pat, guardianName: "<script>" }, "guardianName"],
    ];
    for (const [body, field] of cases) {
      const refused = await cast.admin.client.post("/api/admin/crm/leads", body);
      expect({ field, status: refused.status, first: issuesOf(refused.body)[0]?.[0] }).toEqual({ field, status: 422, first: field });
    }
    const tutorGivesAway = await cast.tina.client.post("/api/tutor/crm/leads", { ...pat, ownerMemberId: cast.theo.memberId });
    expect(issuesOf(tutorGivesAway.body)[0]![0]).toBe("ownerMemberId");
    expect((await cast.admin.client.get<LeadPage>("/api/admin/crm/leads")).body.total).toBe(before);
  });
});

describe("duplicates and the list", () => {
  it("offers the leads with the same email (any case) or the same phone digits, and filters the list", async () => {
    const first = await cast.theo.client.post<LeadDetail>("/api/tutor/crm/leads", {
      guardianName: "Dana Dup",
      email: "dana@example.com",
      source: "referral",
      consentBasis: "consent",
    });
    clock.advance(1000);
    const sameEmail = await cast.theo.client.post<LeadDetail>("/api/tutor/crm/leads", {
      studentName: "Devi Dup",
      email: "DANA@example.com",
      source: "walk_in",
      consentBasis: "consent",
    });
    clock.advance(1000);
    const samePhone = await cast.theo.client.post<LeadDetail>("/api/tutor/crm/leads", {
      guardianName: "Dan Dup",
      phone: "(020) 7946-0000",
      source: "phone",
      consentBasis: "consent",
    });
    await cast.theo.client.patch(`/api/tutor/crm/leads/${first.body.id}`, { phone: "020 7946 0000" });
    const view = await cast.theo.client.get<LeadDetail>(`/api/tutor/crm/leads/${first.body.id}`);
    expect(view.body.duplicates.map((match) => [match.id, match.matchedOn])).toEqual([
      [sameEmail.body.id, "email"],
      [samePhone.body.id, "phone"],
    ]);
    expect(view.body.owner?.memberId).toBe(cast.theo.memberId);

    const admin = cast.admin.client;
    const byQuery = await admin.get<LeadPage>("/api/admin/crm/leads?q=dup");
    expect(byQuery.body.total).toBe(3);
    const bySource = await admin.get<LeadPage>("/api/admin/crm/leads?source=walk_in");
    expect(bySource.body.items.map((item) => item.id)).toEqual([sameEmail.body.id]);
    const byOwner = await admin.get<LeadPage>(`/api/admin/crm/leads?ownerMemberId=${cast.theo.memberId}&pageSize=2`);
    expect([byOwner.body.total, byOwner.body.items.length]).toEqual([3, 2]);
    const byStage = await admin.get<LeadPage>(`/api/admin/crm/leads?stageId=${stage("Consultation")}`);
    expect(byStage.body.items.map((item) => item.guardianName)).toEqual(["Pat Prospect"]);
    const badQuery = await admin.get("/api/admin/crm/leads?source=billboard&pageSize=500");
    expect(badQuery.status).toBe(422);
  });
});
