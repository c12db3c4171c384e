/**
 * The growth playbook: steps tick themselves as the workspace's data says they are done (and
 * untick when it no longer does), a step no data can tell is ticked by hand, any open step may
 * be skipped with a reason; bad decisions are refused by name and write nothing; each decision
 * is audited; another workspace's decisions stay its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, countRows } from "../../../../tests/db.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { Playbook, PlaybookStep } from "../../../shared/schemas/growth-playbook.ts";

let t: TestApp;
let cast: SessionCast;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  cast = await createSessionCast(t);
});
afterAll(async () => t?.close());

const PATH = "/api/admin/growth-playbook";
const stepOf = (playbook: Playbook, key: PlaybookStep["key"]) => playbook.steps.find((step) => step.key === key)!;
const read = async () => {
  const res = await cast.admin.client.get<Playbook>(PATH);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe("the growth playbook", () => {
  it("starts with what a new workspace already has: its tutors, the billing reminders on by default", async () => {
    const playbook = await read();
    expect(playbook.total).toBe(17);
    expect(stepOf(playbook, "tutors-joined")).toMatchObject({ state: "done", tickedBy: "data", evidence: "2 active tutors" });
    expect(stepOf(playbook, "availability-set")).toMatchObject({ state: "open", evidence: "0 of 2 active tutors" });
    expect(stepOf(playbook, "low-balance-reminders")).toMatchObject({ state: "done", evidence: "on, below 2 hours" });
    expect(stepOf(playbook, "overdue-reminders")).toMatchObject({ state: "done", evidence: "7, 14, 30 days after the due date" });
    expect(stepOf(playbook, "ten-summaries")).toMatchObject({ state: "open", evidence: "0 of 10 summaries shared" });
    expect(stepOf(playbook, "reports-on-time")).toMatchObject({ state: "open", evidence: "no completed sessions in the last 30 days" });
    expect(stepOf(playbook, "reviews-asked")).toMatchObject({ state: "open", tickedBy: "hand", evidence: null, decision: null });
    // Each step names its figure from the analytics registry and where to do it.
    expect(stepOf(playbook, "first-package")).toMatchObject({
      kpi: { metricKey: "prepaid-hours-outstanding", name: "Prepaid hours outstanding" },
      link: { href: "/admin/billing" },
    });
    expect(playbook.steps.every((step) => step.kpi !== null && step.advice.length > 100)).toBe(true);
    expect(playbook.done).toBe(3);
  });

  it("ticks a step by itself once the data says it is done, and opens it again when it no longer does", async () => {
    for (const tutor of [cast.tina, cast.theo]) {
      const res = await cast.admin.client.put(`/api/admin/tutors/${tutor.memberId}/availability`, {
        slots: [{ weekday: 2, startsAt: "16:00", endsAt: "19:00" }],
      });
      expect(res.status, res.text).toBe(200);
    }
    expect(stepOf(await read(), "availability-set")).toMatchObject({ state: "done", evidence: "2 of 2 active tutors" });
    const cleared = await cast.admin.client.put(`/api/admin/tutors/${cast.theo.memberId}/availability`, { slots: [] });
    expect(cleared.status).toBe(200);
    expect(stepOf(await read(), "availability-set")).toMatchObject({ state: "open", evidence: "1 of 2 active tutors" });
  });

  it("takes a hand tick for a step no data can tell, a skip with its reason for any open step, and opens either again; each audited", async () => {
    const ticked = await cast.admin.client.put<Playbook>(`${PATH}/steps/reviews-asked`, { state: "ticked" });
    expect(ticked.status, ticked.text).toBe(200);
    expect(stepOf(ticked.body, "reviews-asked")).toMatchObject({ state: "done", decision: { state: "ticked", reason: null, byName: "Ada Admin" } });

    const skipped = await cast.admin.client.put<Playbook>(`${PATH}/steps/referral-lead`, { state: "skipped", reason: "  Our families come from schools  " });
    expect(skipped.status, skipped.text).toBe(200);
    expect(stepOf(skipped.body, "referral-lead")).toMatchObject({ state: "skipped", decision: { state: "skipped", reason: "Our families come from schools" } });
    expect(skipped.body.skipped).toBe(1);

    const reopened = await cast.admin.client.put<Playbook>(`${PATH}/steps/referral-lead`, { state: "open" });
    expect(stepOf(reopened.body, "referral-lead")).toMatchObject({ state: "open", decision: null });

    const entries = await auditEntries(t.db, { action: "GROWTH_STEP_DECIDED", organizationId: cast.admin.organizationId });
    expect(entries.map((entry) => entry.description)).toEqual(
      expect.arrayContaining([
        'Ada Admin ticked the growth playbook\'s step "Ask families for a public review"',
        'Ada Admin skipped (Our families come from schools) the growth playbook\'s step "Ask happy families for referrals"',
        'Ada Admin opened again the growth playbook\'s step "Ask happy families for referrals"',
      ]),
    );
    // Another workspace has its own playbook.
    const other = await cast.otherAdmin.client.get<Playbook>(PATH);
    expect(stepOf(other.body, "reviews-asked")).toMatchObject({ state: "open", decision: null });
  });

  it("refuses a hand tick of a step the data ticks, a skip without a reason, a reason without a skip and an unknown step, naming each, and writes nothing", async () => {
    const before = await countRows(t.db);
    for (const [step, body, status, message] of [
      ["first-package", { state: "ticked" }, 422, "This step is ticked from your workspace's data"],
      ["first-package", { state: "skipped" }, 422, "Say why the step is skipped."],
      ["first-package", { state: "skipped", reason: "   " }, 422, "Say why the step is skipped."],
      ["reviews-asked", { state: "ticked", reason: "Done" }, 422, "Only a skipped step takes a reason."],
      ["reviews-asked", { state: "done" }, 422, "State must be ticked, skipped or open."],
      ["reviews-asked", { state: "skipped", reason: "x".repeat(501) }, 422, "The reason must be at most 500 characters."],
      ["no-such-step", { state: "open" }, 404, "The playbook's step was not found."],
    ] as const) {
      const res = await cast.admin.client.put(`${PATH}/steps/${step}`, body);
      expect(res.status, `${step} ${JSON.stringify(body)}`).toBe(status);
      expect(res.text, `${step} ${JSON.stringify(body)}`).toContain(message);
    }
    expect(await countRows(t.db)).toEqual(before);
  });

  it("ticks the cancellation policy step once billing names a document for parents and every parent has acknowledged its current version", async () => {
    expect(stepOf(await read(), "policy-acknowledged")).toMatchObject({
      state: "open",
      evidence: "no cancellation policy document named in the billing settings",
    });
    const policy = await cast.admin.client.post("/api/admin/resources/links", {
      title: "Cancellation policy",
      category: "Policies",
      audience: ["parent"],
      requiresAcknowledgement: true,
      url: "https://example.com/policy",
    });
    expect(policy.status, policy.text).toBe(201);
    expect((await cast.admin.client.patch("/api/admin/billing/settings", { cancellationPolicyResourceId: policy.body.id })).status).toBe(200);
    expect(stepOf(await read(), "policy-acknowledged")).toMatchObject({ state: "open", evidence: "0 of 2 parents acknowledged" });
    for (const parent of [cast.parent, cast.otherParent])
      expect((await parent.client.post(`/api/parent/resources/${policy.body.id}/acknowledgements`, { version: 1 })).status).toBe(200);
    expect(stepOf(await read(), "policy-acknowledged")).toMatchObject({ state: "done", tickedBy: "data", evidence: "2 of 2 parents acknowledged" });
    // A new version asks everyone again.
    expect((await cast.admin.client.post(`/api/admin/resources/${policy.body.id}/versions/links`, { url: "https://example.com/policy-v2" })).status).toBe(201);
    expect(stepOf(await read(), "policy-acknowledged")).toMatchObject({ state: "open", evidence: "0 of 2 parents acknowledged" });
  });

  it("is the admins' own: a tutor and a parent are refused", async () => {
    for (const member of [cast.tina, cast.parent]) {
      expect((await member.client.get(PATH)).status).toBe(403);
      expect((await member.client.put(`${PATH}/steps/reviews-asked`, { state: "ticked" })).status).toBe(403);
    }
  });
});
