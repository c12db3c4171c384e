/**
 * The CRM task digest: one mail per person on the day (in the workspace's zone, from 07:00)
 * their open tasks fall due, listing those and the overdue ones; sent once however often and
 * however many instances run; nothing before the day, nothing for done or cancelled tasks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../../../../tests/db.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { LeadDetail, Task } from "../../../shared/schemas/crm.ts";
import { fixedClock } from "../../core/clock.ts";
import { sendTaskDigests } from "./task-digest.ts";

// Monday 2 November 2026, 06:00 in London (UTC in winter).
const clock = fixedClock(new Date("2026-11-02T06:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;

const digests = async (email: string) => (await mailsTo(t.db, email)).filter((mail) => /task|Overdue/i.test(mail.subject));
const makeTask = async (client: SessionCast["tina"]["client"], area: "admin" | "tutor", body: Record<string, unknown>) => {
  const made = await client.post<Task>(`/api/${area}/crm/tasks`, body);
  expect(made.status, made.text).toBe(201);
  return made.body;
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
  const lead = await cast.tina.client.post<LeadDetail>("/api/tutor/crm/leads", {
    guardianName: "Pat Prospect",
    studentName: "Sam",
    email: "pat@example.com",
    source: "phone",
    consentBasis: "consent",
  });
  await makeTask(cast.tina.client, "tutor", { title: "Call Pat back", dueOn: "2026-11-03", leadId: lead.body.id });
  await makeTask(cast.tina.client, "tutor", { title: "Send the price list", dueOn: "2026-11-03" });
  const done = await makeTask(cast.tina.client, "tutor", { title: "Already done", dueOn: "2026-11-03" });
  await cast.tina.client.patch(`/api/tutor/crm/tasks/${done.id}`, { status: "done" });
  await makeTask(cast.tina.client, "tutor", { title: "Follow up the walk-in", dueOn: "2026-11-02" });
  // Theo's only task is done: he gets no digest.
  const theos = await makeTask(cast.admin.client, "admin", { title: "Theo's done task", dueOn: "2026-11-02", assigneeMemberId: cast.theo.memberId });
  await cast.admin.client.patch(`/api/admin/crm/tasks/${theos.id}`, { status: "done" });
});
afterAll(async () => t?.close());

describe("the task digest", () => {
  it("waits for the morning in the workspace's zone", async () => {
    expect(await sendTaskDigests(t.deps)).toEqual({ mails: 0, tasks: 0 });
  });

  it("mails on the due day the tasks due that day, once per person, not for done tasks", async () => {
    clock.set(new Date("2026-11-02T07:05:00.000Z"));
    expect(await sendTaskDigests(t.deps)).toEqual({ mails: 1, tasks: 1 });
    const [first] = await digests(cast.tina.user.email);
    expect(first!.subject).toBe("A task due today in Ada Tutoring");
    expect(first!.body).toContain("Due today:\n\n- Follow up the walk-in\n");
    expect(first!.body).not.toContain("Call Pat back");
    expect(await digests(cast.theo.user.email)).toHaveLength(0);
    // Again the same day, and by several instances at once: nothing more.
    expect(await Promise.all([sendTaskDigests(t.deps), sendTaskDigests(t.deps)])).toEqual([
      { mails: 0, tasks: 0 },
      { mails: 0, tasks: 0 },
    ]);
  });

  it("sends nothing before a task's day, and on its day lists it with the overdue still open", async () => {
    clock.set(new Date("2026-11-02T20:00:00.000Z"));
    expect(await sendTaskDigests(t.deps)).toEqual({ mails: 0, tasks: 0 });
    clock.set(new Date("2026-11-03T06:59:00.000Z"));
    expect(await sendTaskDigests(t.deps)).toEqual({ mails: 0, tasks: 0 });
    clock.set(new Date("2026-11-03T08:00:00.000Z"));
    const runs = await Promise.all([sendTaskDigests(t.deps), sendTaskDigests(t.deps), sendTaskDigests(t.deps)]);
    expect(runs.reduce((sum, run) => sum + run.mails, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.tasks, 0)).toBe(2);
    const mails = await digests(cast.tina.user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe("2 tasks due today in Ada Tutoring");
    expect(mails[1]!.body).toContain("Due today:\n\n- Call Pat back (Pat Prospect (for Sam))\n- Send the price list");
    expect(mails[1]!.body).toContain("Overdue, still open:\n\n- Follow up the walk-in, due 2026-11-02");
    expect(mails[1]!.body).not.toContain("Already done");
    expect(mails[1]!.body).toContain("/tutor/crm");
  });
});
