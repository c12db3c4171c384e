/**
 * CRM tasks through the API: made for oneself or (admins) for another admin or tutor, about a
 * lead or on their own; listed open by due day with the overdue first; done, cancelled and
 * reopened, each on the lead's timeline; who sees which, and refusals naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { LeadDetail, Task, TaskPage } from "../../../shared/schemas/crm.ts";
import { fixedClock } from "../../core/clock.ts";

const clock = fixedClock(new Date("2026-11-02T09:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let tinasLead: LeadDetail;

const issuesOf = (body: { error: { issues?: { path: (string | number)[]; message: string }[] } }) =>
  (body.error.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
  const made = await cast.tina.client.post<LeadDetail>("/api/tutor/crm/leads", {
    guardianName: "Lena Lead",
    email: "lena@example.com",
    source: "referral",
    consentBasis: "consent",
  });
  expect(made.status, made.text).toBe(201);
  tinasLead = made.body;
});
afterAll(async () => t?.close());

describe("tasks", () => {
  let call: Task;

  it("are made for oneself about a lead, on its timeline, and listed open by due day, overdue first", async () => {
    const made = await cast.tina.client.post<Task>("/api/tutor/crm/tasks", { title: "Call Lena back", dueOn: "2026-11-03", leadId: tinasLead.id });
    expect(made.status, made.text).toBe(201);
    call = made.body;
    expect(call).toMatchObject({
      title: "Call Lena back",
      kind: "manual",
      status: "open",
      assignee: { memberId: cast.tina.memberId, name: "Tina Tutor" },
      lead: { id: tinasLead.id, name: "Lena Lead" },
    });
    const overdue = await cast.tina.client.post<Task>("/api/tutor/crm/tasks", { title: "Send the price list", dueOn: "2026-10-30" });
    expect(overdue.body.lead).toBeNull();
    const given = await cast.admin.client.post<Task>("/api/admin/crm/tasks", {
      title: "Check Tina's follow-ups",
      dueOn: "2026-11-05",
      assigneeMemberId: cast.tina.memberId,
    });
    expect(given.status, given.text).toBe(201);

    const mine = await cast.tina.client.get<TaskPage>("/api/tutor/crm/tasks");
    expect(mine.body.items.map((task) => task.title)).toEqual(["Send the price list", "Call Lena back", "Check Tina's follow-ups"]);
    const lead = await cast.tina.client.get<LeadDetail>(`/api/tutor/crm/leads/${tinasLead.id}`);
    expect(lead.body.timeline[0]).toMatchObject({ kind: "task", summary: "Task: Call Lena back, due 2026-11-03" });
    // Theo sees none of Tina's; the admin sees all, and filters by assignee and lead.
    expect((await cast.theo.client.get<TaskPage>("/api/tutor/crm/tasks")).body.total).toBe(0);
    expect((await cast.admin.client.get<TaskPage>(`/api/admin/crm/tasks?assigneeMemberId=${cast.tina.memberId}`)).body.total).toBe(3);
    expect((await cast.admin.client.get<TaskPage>(`/api/admin/crm/tasks?leadId=${tinasLead.id}`)).body.items.map((task) => task.id)).toEqual([call.id]);
    expect((await cast.otherAdmin.client.get<TaskPage>("/api/admin/crm/tasks")).body.total).toBe(0);
  });

  it("are done, cancelled and reopened, each on the lead's timeline; another's task is 404", async () => {
    clock.advance(60_000);
    const done = await cast.tina.client.patch<Task>(`/api/tutor/crm/tasks/${call.id}`, { status: "done" });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ status: "done", closedAt: clock.now().toISOString() });
    const twice = await cast.tina.client.patch(`/api/tutor/crm/tasks/${call.id}`, { status: "done" });
    expect([twice.status, issuesOf(twice.body)]).toEqual([409, [["status", "The task is done already."]]]);
    expect((await cast.tina.client.get<TaskPage>("/api/tutor/crm/tasks?state=closed")).body.items.map((task) => task.id)).toEqual([call.id]);
    clock.advance(60_000);
    const reopened = await cast.tina.client.patch<Task>(`/api/tutor/crm/tasks/${call.id}`, { status: "open", dueOn: "2026-11-10" });
    expect(reopened.body).toMatchObject({ status: "open", closedAt: null, dueOn: "2026-11-10" });
    const lead = await cast.tina.client.get<LeadDetail>(`/api/tutor/crm/leads/${tinasLead.id}`);
    expect(lead.body.timeline.slice(0, 2).map((entry) => entry.summary)).toEqual(["Reopened: Call Lena back", "Done: Call Lena back"]);
    expect((await cast.theo.client.patch(`/api/tutor/crm/tasks/${call.id}`, { status: "cancelled" })).status).toBe(404);
    expect((await cast.otherAdmin.client.patch(`/api/admin/crm/tasks/${call.id}`, { status: "cancelled" })).status).toBe(404);
    expect((await cast.tina.client.patch("/api/tutor/crm/tasks/not-a-task", { status: "done" })).status).toBe(404);
  });

  it("refuse bad input naming the field, and write nothing", async () => {
    const before = (await cast.admin.client.get<TaskPage>("/api/admin/crm/tasks?state=all")).body.total;
    const cases: [string, Record<string, unknown>, string][] = [
      ["tutor", { title: "", dueOn: "2026-11-03" }, "title"],
      ["tutor", { title: "Call", dueOn: "2026-02-30" }, "dueOn"],
      ["tutor", { title: "Call", dueOn: "2026-11-03", assigneeMemberId: cast.theo.memberId }, "assigneeMemberId"],
      // Theo's lead is not Tina's to task.
      ["tutor", { title: "Call", dueOn: "2026-11-03", leadId: "00000000-0000-4000-8000-000000000000" }, "leadId"],
      ["admin", { title: "Call", dueOn: "2026-11-03", assigneeMemberId: cast.parent.memberId }, "assigneeMemberId"],
      ["admin", { title: "x".repeat(201), dueOn: "2026-11-03" }, "title"],
    ];
    for (const [area, body, field] of cases) {
      const client = area === "admin" ? cast.admin.client : cast.tina.client;
      const refused = await client.post(`/api/${area}/crm/tasks`, body);
      expect({ field, status: refused.status, first: issuesOf(refused.body)[0]?.[0] }).toEqual({ field, status: 422, first: field });
    }
    const theosLead = await cast.theo.client.post<LeadDetail>("/api/tutor/crm/leads", {
      guardianName: "Theo's Lead",
      phone: "0123 456 789",
      source: "phone",
      consentBasis: "consent",
    });
    const notHers = await cast.tina.client.post("/api/tutor/crm/tasks", { title: "Call", dueOn: "2026-11-03", leadId: theosLead.body.id });
    expect(issuesOf(notHers.body)).toEqual([["leadId", "No such lead among yours."]]);
    const empty = await cast.tina.client.patch(`/api/tutor/crm/tasks/${call.id}`, {});
    expect(empty.status).toBe(422);
    expect((await cast.admin.client.get<TaskPage>("/api/admin/crm/tasks?state=all")).body.total).toBe(before);
  });
});
