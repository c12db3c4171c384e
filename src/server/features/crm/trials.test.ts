/**
 * Trial lessons and conversion through the API: a trial booked on the tutor's calendar with the
 * sessions' conflict checks (a clash named), moving the lead to Trial booked; who may book and
 * give feedback (the owner and admins; the trial's tutor); follow-up tasks made once, due one
 * and three days after the trial; converting in one step and once (twice, and two at once):
 * the family's account, the students, the tutor's assignment, the guardian's invitation mail,
 * the lead won; and the lead's timeline read from the student's record.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, mailsTo } from "../../../../tests/db.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { LeadDetail, StageList, TaskPage } from "../../../shared/schemas/crm.ts";
import type { LeadConversion, StudentLeadTimeline, Trial, TrialList } from "../../../shared/schemas/crm-trials.ts";
import { fixedClock } from "../../core/clock.ts";
import { assignment, payerAccount, student, workspaceInvitation } from "../../db/schema.ts";
import { leadStudent } from "../../db/crm-schema.ts";

const clock = fixedClock(new Date("2026-11-02T09:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let stages: StageList;

const issuesOf = (body: { error: { issues?: { path: (string | number)[]; message: string }[] } }) =>
  (body.error.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

async function newLead(owner: "admin" | "tina" | "theo", fields: Record<string, unknown> = {}) {
  const client = owner === "admin" ? cast.admin.client : cast[owner].client;
  const made = await client.post<LeadDetail>(`/api/${owner === "admin" ? "admin" : "tutor"}/crm/leads`, {
    guardianName: "Gina Guardian",
    studentName: "Sam Starter",
    email: `gina-${Math.random().toString(36).slice(2, 8)}@example.com`,
    source: "phone",
    consentBasis: "pre_contract",
    subjects: ["Maths"],
    ...fields,
  });
  expect(made.status, made.text).toBe(201);
  return made.body;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t, { assignedFrom: "2026-01-01" });
  stages = (await cast.admin.client.get<StageList>("/api/admin/crm/stages")).body;
  // Tina teaches Maya on Wednesday 16:00–17:00: the trial's clash.
  const taught = await cast.admin.client.post("/api/admin/sessions", {
    tutorMemberId: cast.tina.memberId,
    studentIds: [cast.maya],
    subject: "Maths",
    startsAt: "2026-11-04T16:00",
    endsAt: "2026-11-04T17:00",
    confirmOutsideAvailability: true,
  });
  expect(taught.status, taught.text).toBe(201);
});
afterAll(async () => t?.close());

describe("booking a trial", () => {
  it("refuses a time the tutor is already booked, naming the clash, and writes nothing", async () => {
    const lead = await newLead("tina");
    const clash = await cast.tina.client.post(`/api/tutor/crm/leads/${lead.id}/trials`, {
      startsAt: "2026-11-04T16:30",
      durationMinutes: 45,
      confirmOutsideAvailability: true,
    });
    expect(clash.status, clash.text).toBe(409);
    expect(clash.body.error.message).toMatch(/Tina Tutor already has a session then: Maths on .*16:00–17:00/);
    const trials = await cast.tina.client.get<TrialList>(`/api/tutor/crm/leads/${lead.id}/trials`);
    expect(trials.body.items).toEqual([]);
  });

  it("puts a session without students on the tutor's calendar, on the timeline, and moves the lead to Trial booked", async () => {
    const lead = await newLead("tina");
    clock.advance(60_000);
    const booked = await cast.tina.client.post<Trial>(`/api/tutor/crm/leads/${lead.id}/trials`, {
      startsAt: "2026-11-04T14:00",
      durationMinutes: 60,
      confirmOutsideAvailability: true,
    });
    expect(booked.status, booked.text).toBe(201);
    expect(booked.body).toMatchObject({
      leadId: lead.id,
      tutor: { memberId: cast.tina.memberId, name: "Tina Tutor" },
      subject: "Maths",
      startsAt: "2026-11-04T14:00:00.000Z",
      endsAt: "2026-11-04T15:00:00.000Z",
      sessionStatus: "scheduled",
      feedback: null,
    });
    const session = await cast.tina.client.get(`/api/tutor/sessions/${booked.body.sessionId}`);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ students: [], notes: "Trial lesson booked from the CRM." });
    const after = (await cast.tina.client.get<LeadDetail>(`/api/tutor/crm/leads/${lead.id}`)).body;
    expect(after.stage.name).toBe("Trial booked");
    expect(after.timeline.slice(0, 2).map((entry) => [entry.kind, entry.summary])).toEqual([
      ["stage", "Moved from New to Trial booked"],
      ["trial", expect.stringMatching(/^Trial booked: Maths with Tina Tutor on .*14:00–15:00/)],
    ]);
    const [audit] = await auditEntries(t.db, { action: "LEAD_TRIAL_BOOKED", organizationId: cast.admin.organizationId });
    expect(audit).toMatchObject({ metadata: { leadId: lead.id, trialId: booked.body.id } });
    expect(JSON.stringify(audit)).not.toMatch(/Gina|Sam Starter/);
  });

  it("is the owner's and admins': another tutor, another workspace answer 404; a parent 403; an admin names the tutor", async () => {
    const lead = await newLead("tina");
    const body = { startsAt: "2026-11-05T10:00", durationMinutes: 30, confirmOutsideAvailability: true };
    expect((await cast.theo.client.post(`/api/tutor/crm/leads/${lead.id}/trials`, body)).status).toBe(404);
    expect((await cast.theo.client.get(`/api/tutor/crm/leads/${lead.id}/trials`)).status).toBe(404);
    expect((await cast.otherAdmin.client.post(`/api/admin/crm/leads/${lead.id}/trials`, { ...body, tutorMemberId: cast.theo.memberId })).status).toBe(404);
    expect((await cast.parent.client.post(`/api/admin/crm/leads/${lead.id}/trials`, body)).status).toBe(403);
    const noTutor = await cast.admin.client.post(`/api/admin/crm/leads/${lead.id}/trials`, body);
    expect([noTutor.status, issuesOf(noTutor.body)]).toEqual([422, [["tutorMemberId", "Choose the tutor."]]]);
    const byAdmin = await cast.admin.client.post<Trial>(`/api/admin/crm/leads/${lead.id}/trials`, { ...body, tutorMemberId: cast.theo.memberId });
    expect(byAdmin.status, byAdmin.text).toBe(201);
    expect(byAdmin.body.tutor.name).toBe("Theo Teacher");
  });
});

describe("feedback after the trial", () => {
  let lead: LeadDetail;
  let trial: Trial;

  beforeAll(async () => {
    lead = await newLead("tina");
    // Theo teaches the trial of Tina's lead: the feedback is his to give.
    const booked = await cast.admin.client.post<Trial>(`/api/admin/crm/leads/${lead.id}/trials`, {
      tutorMemberId: cast.theo.memberId,
      startsAt: "2026-11-06T15:00",
      durationMinutes: 60,
      confirmOutsideAvailability: true,
    });
    expect(booked.status, booked.text).toBe(201);
    trial = booked.body;
  });

  it("is refused before the trial, and to a tutor who did not teach it", async () => {
    const early = await cast.theo.client.post(`/api/tutor/crm/trials/${trial.id}/feedback`, { attended: true, recommendation: "enrol" });
    expect([early.status, early.body.error.message]).toEqual([409, "The trial has not begun yet: give feedback after it."]);
    clock.set(new Date("2026-11-06T16:30:00.000Z"));
    const wrongTutor = await cast.tina.client.post(`/api/tutor/crm/trials/${trial.id}/feedback`, { attended: true, recommendation: "enrol" });
    expect(wrongTutor.status).toBe(404);
    const otherWorkspace = await cast.otherAdmin.client.post(`/api/admin/crm/trials/${trial.id}/feedback`, { attended: true, recommendation: "enrol" });
    expect(otherWorkspace.status).toBe(404);
    const bad = await cast.theo.client.post(`/api/tutor/crm/trials/${trial.id}/feedback`, { attended: "maybe", recommendation: "later" });
    expect(issuesOf(bad.body).map(([path]) => path)).toEqual(["attended", "recommendation"]);
  });

  it("waits in the trial tutor's list (also for a lead someone else owns) and every admin's, not the owner's who did not teach it", async () => {
    const awaiting = async (client: typeof cast.theo.client, area: "admin" | "tutor") =>
      (await client.get<TrialList>(`/api/${area}/crm/trials/awaiting-feedback`)).body.items.map((item) => [item.id, item.leadName]);
    expect(await awaiting(cast.theo.client, "tutor")).toContainEqual([trial.id, "Gina Guardian (for Sam Starter)"]);
    expect(await awaiting(cast.admin.client, "admin")).toContainEqual([trial.id, "Gina Guardian (for Sam Starter)"]);
    expect((await awaiting(cast.tina.client, "tutor")).map(([id]) => id)).not.toContain(trial.id);
    expect((await cast.parent.client.get("/api/tutor/crm/trials/awaiting-feedback")).status).toBe(403);
  });

  it("by the trial's tutor: on the timeline, the session done, follow-ups due on days 1 and 3 for the owner, once", async () => {
    const filed = await cast.theo.client.post<Trial>(`/api/tutor/crm/trials/${trial.id}/feedback`, {
      attended: true,
      notes: "Quick with fractions.",
      recommendation: "enrol",
    });
    expect(filed.status, filed.text).toBe(200);
    expect(filed.body).toMatchObject({
      sessionStatus: "completed",
      feedback: { attended: true, notes: "Quick with fractions.", recommendation: "enrol", byName: "Theo Teacher" },
    });
    const again = await cast.admin.client.post(`/api/admin/crm/trials/${trial.id}/feedback`, { attended: false, recommendation: "not_a_fit" });
    expect([again.status, again.body.error.message]).toEqual([409, "The trial's feedback was filed already."]);
    expect((await cast.theo.client.get<TrialList>("/api/tutor/crm/trials/awaiting-feedback")).body.items.map((item) => item.id)).not.toContain(trial.id);

    const tasks = await cast.tina.client.get<TaskPage>(`/api/tutor/crm/tasks?leadId=${lead.id}`);
    expect(tasks.body.items.filter((task) => task.kind === "trial_follow_up").map((task) => [task.title, task.dueOn, task.assignee.name])).toEqual([
      ["Follow up the trial (day 1)", "2026-11-07", "Tina Tutor"],
      ["Follow up the trial (day 3)", "2026-11-09", "Tina Tutor"],
    ]);
    const after = (await cast.tina.client.get<LeadDetail>(`/api/tutor/crm/leads/${lead.id}`)).body;
    expect(after.stage.name).toBe("Trial attended");
    expect(after.timeline.find((entry) => entry.kind === "trial" && entry.summary.startsWith("Trial feedback"))).toMatchObject({
      summary: "Trial feedback: attended; recommends enrol",
      body: "Quick with fractions.",
      actorName: "Theo Teacher",
    });
  });
});

describe("converting a lead", () => {
  it("makes the family, the student, the assignment to the trial's tutor and the guardian's invitation once, however often asked", async () => {
    const lead = await newLead("tina", { email: "gina.convert@example.com" });
    clock.set(new Date("2026-11-10T09:00:00.000Z"));
    const booked = await cast.tina.client.post<Trial>(`/api/tutor/crm/leads/${lead.id}/trials`, {
      startsAt: "2026-11-11T10:00",
      durationMinutes: 60,
      subject: "Physics",
      confirmOutsideAvailability: true,
    });
    expect(booked.status, booked.text).toBe(201);
    clock.set(new Date("2026-11-12T09:00:00.000Z"));

    // Two at once, then a third: one conversion, the same answer each time.
    const path = `/api/tutor/crm/leads/${lead.id}/convert`;
    const [first, second] = await Promise.all([cast.tina.client.post<LeadConversion>(path, {}), cast.tina.client.post<LeadConversion>(path, {})]);
    expect([first.status, second.status], first.text + second.text).toEqual([200, 200]);
    const third = await cast.admin.client.post<LeadConversion>(`/api/admin/crm/leads/${lead.id}/convert`, { students: [{ name: "Someone Else" }] });
    expect(third.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);

    const conversion = first.body;
    expect(conversion).toMatchObject({
      leadId: lead.id,
      convertedAt: "2026-11-12T09:00:00.000Z",
      account: { name: "Gina Guardian" },
      students: [{ name: "Sam Starter" }],
      assignments: [{ tutorMemberId: cast.tina.memberId, subject: "Physics" }],
      invitations: [{ email: "gina.convert@example.com" }],
    });
    const studentId = conversion.students[0]!.id;
    expect(conversion.invitations[0]!.studentId).toBe(studentId);
    expect(await t.db.select().from(student).where(eq(student.name, "Sam Starter"))).toHaveLength(1);
    expect(await t.db.select().from(student).where(eq(student.name, "Someone Else"))).toHaveLength(0);
    expect(await t.db.select().from(assignment).where(eq(assignment.studentId, studentId))).toHaveLength(1);
    expect(await t.db.select().from(workspaceInvitation).where(eq(workspaceInvitation.email, "gina.convert@example.com"))).toHaveLength(1);
    expect(await t.db.select().from(leadStudent).where(eq(leadStudent.leadId, lead.id))).toHaveLength(1);
    const [record] = await t.db.select({ accountId: student.payerAccountId }).from(student).where(eq(student.id, studentId));
    expect(record!.accountId).toBe(conversion.account.id);

    const mails = await mailsTo(t.db, "gina.convert@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toMatch(/Tina Tutor invited you to join Ada Tutoring on Glassroom as a parent[\s\S]*\/invite\?token=/);

    const won = (await cast.tina.client.get<LeadDetail>(`/api/tutor/crm/leads/${lead.id}`)).body;
    expect(won).toMatchObject({ stage: { name: "Won", outcome: "won" }, convertedAt: "2026-11-12T09:00:00.000Z" });
    expect(won.timeline.slice(0, 2).map((entry) => [entry.kind, entry.summary])).toEqual([
      ["converted", "Converted: 1 student, assigned to the tutor, 1 guardian invited"],
      ["stage", "Moved from Trial booked to Won"],
    ]);
    expect(await auditEntries(t.db, { action: "LEAD_CONVERTED", organizationId: cast.admin.organizationId })).toHaveLength(1);
    const moveWon = await cast.admin.client.post(`/api/admin/crm/leads/${lead.id}/move`, { stageId: stages.items.find((item) => item.name === "New")!.id });
    expect(moveWon.status).toBe(409);
  });

  it("gathers several students into an existing family's account, without a tutor when there was no trial", async () => {
    const lead = await newLead("admin", { email: "two.kids@example.com", studentName: null });
    const noName = await cast.admin.client.post(`/api/admin/crm/leads/${lead.id}/convert`, {});
    expect([noName.status, issuesOf(noName.body)]).toEqual([422, [["students", "Name the student: the lead names none."]]]);
    const [mayas] = await t.db.select({ accountId: student.payerAccountId }).from(student).where(eq(student.id, cast.maya));
    const converted = await cast.admin.client.post<LeadConversion>(`/api/admin/crm/leads/${lead.id}/convert`, {
      account: { kind: "existing", accountId: mayas!.accountId },
      students: [{ name: "Ava Sibling" }, { name: "Ben Sibling" }],
      guardianEmails: [],
    });
    expect(converted.status, converted.text).toBe(200);
    expect(converted.body).toMatchObject({
      account: { id: mayas!.accountId },
      students: [{ name: "Ava Sibling" }, { name: "Ben Sibling" }],
      assignments: [],
      invitations: [],
    });
    const inAccount = await t.db.select({ name: student.name }).from(student).where(eq(student.payerAccountId, mayas!.accountId));
    expect(inAccount.map((row) => row.name).sort()).toEqual(["Ava Sibling", "Ben Sibling", "Maya Lopez"]);
    // The accounts the new students were given at first hold nothing and list as no family.
    expect(await t.db.select().from(payerAccount).where(eq(payerAccount.name, "Ava Sibling"))).toHaveLength(1);
  });

  it("refuses another tutor's lead (404) and a guardian already a member (422 naming the email), writing nothing", async () => {
    const lead = await newLead("tina", { email: "pat-again@example.com" });
    expect((await cast.theo.client.post(`/api/tutor/crm/leads/${lead.id}/convert`, {})).status).toBe(404);
    expect((await cast.otherAdmin.client.post(`/api/admin/crm/leads/${lead.id}/convert`, {})).status).toBe(404);
    expect((await cast.parent.client.post(`/api/admin/crm/leads/${lead.id}/convert`, {})).status).toBe(403);
    const before = await t.db.select().from(student);
    const member = await cast.admin.client.post(`/api/admin/crm/leads/${lead.id}/convert`, { guardianEmails: [cast.parent.user.email] });
    expect(member.status, member.text).toBe(422);
    expect(issuesOf(member.body)[0]![0]).toBe("guardianEmails.0");
    expect(await t.db.select().from(student)).toHaveLength(before.length);
    expect((await cast.admin.client.get<LeadDetail>(`/api/admin/crm/leads/${lead.id}`)).body.convertedAt).toBeNull();
  });
});

describe("the student's record", () => {
  it("shows the lead's timeline to admins and the student's tutors; others get 404", async () => {
    const lead = await newLead("tina", { email: "timeline@example.com", studentName: "Tia Timeline" });
    const converted = await cast.tina.client.post<LeadConversion>(`/api/tutor/crm/leads/${lead.id}/convert`, { tutorMemberId: cast.tina.memberId });
    expect(converted.status, converted.text).toBe(200);
    const studentId = converted.body.students[0]!.id;
    const asAdmin = await cast.admin.client.get<StudentLeadTimeline>(`/api/admin/crm/students/${studentId}/lead-timeline`);
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(asAdmin.body.lead).toMatchObject({ id: lead.id, source: "phone" });
    expect(asAdmin.body.timeline.map((entry) => entry.kind)).toEqual(["converted", "stage", "created"]);
    const asTutor = await cast.tina.client.get<StudentLeadTimeline>(`/api/tutor/crm/students/${studentId}/lead-timeline`);
    expect(asTutor.body).toEqual(asAdmin.body);
    expect((await cast.theo.client.get(`/api/tutor/crm/students/${studentId}/lead-timeline`)).status).toBe(404);
    expect((await cast.otherAdmin.client.get(`/api/admin/crm/students/${studentId}/lead-timeline`)).status).toBe(404);
    expect((await cast.parent.client.get(`/api/admin/crm/students/${studentId}/lead-timeline`)).status).toBe(403);
    const notALead = await cast.admin.client.get<StudentLeadTimeline>(`/api/admin/crm/students/${cast.maya}/lead-timeline`);
    expect(notALead.body).toEqual({ lead: null, timeline: [] });
  });
});
