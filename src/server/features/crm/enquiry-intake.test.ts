/**
 * The workspace's public enquiry page: an enquiry becomes a lead of the first stage with its
 * first-response task for the owner (the default owner, else the first admin; or round-robin),
 * a mail to the owner, UTM parameters making it a campaign's; the spam trap answers as accepted
 * and writes nothing; an unknown workspace is 404; refusals name the field.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../../../../tests/db.ts";
import { ApiClient } from "../../../../tests/client.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { LeadPage, TaskPage } from "../../../shared/schemas/crm.ts";
import { fixedClock } from "../../core/clock.ts";
import { crmSettings } from "../../db/crm-schema.ts";
import { organization } from "../../db/auth-schema.ts";

const clock = fixedClock(new Date("2026-11-02T21:00:00.000Z"));
let t: TestApp;
let cast: SessionCast;
let visitor: ApiClient;
let slug: string;

const enquiry = {
  guardianName: "Vera Visitor",
  studentName: "Vic Visitor",
  email: "vera@example.com",
  subjects: ["Physics"],
  message: "Help with GCSE physics, please.",
  consent: true,
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_MULTIPLIER: "100" } });
  cast = await createSessionCast(t);
  visitor = new ApiClient(t.app);
  const [row] = await t.db.select({ slug: organization.slug }).from(organization).where(eq(organization.id, cast.admin.organizationId));
  slug = row!.slug;
});
afterAll(async () => t?.close());

describe("the enquiry page", () => {
  it("names the workspace, and an unknown address is 404", async () => {
    const form = await visitor.get(`/api/public/workspaces/${slug}/enquiry-form`);
    expect([form.status, form.body]).toEqual([200, { workspaceName: "Ada Tutoring", slug }]);
    expect((await visitor.get("/api/public/workspaces/no-such-business/enquiry-form")).status).toBe(404);
    expect((await visitor.post("/api/public/workspaces/no-such-business/enquiries", enquiry)).status).toBe(404);
  });

  it("turns an enquiry into a lead with a first-response task due within a day for the first admin, who is mailed", async () => {
    const sent = await visitor.post(`/api/public/workspaces/${slug}/enquiries`, enquiry);
    expect([sent.status, sent.body]).toEqual([202, { received: true }]);
    const leads = await cast.admin.client.get<LeadPage>("/api/admin/crm/leads");
    expect(leads.body.items[0]).toMatchObject({
      guardianName: "Vera Visitor",
      studentName: "Vic Visitor",
      source: "enquiry_page",
      owner: { memberId: cast.admin.memberId },
      stage: { name: "New" },
      purgeOn: "2027-11-02",
    });
    const detail = await cast.admin.client.get<{ timeline: { kind: string; summary: string; body: string | null }[] }>(
      `/api/admin/crm/leads/${leads.body.items[0]!.id}`,
    );
    expect(detail.body.timeline.map((entry) => [entry.kind, entry.summary, entry.body])).toEqual([
      ["task", "Task: First response to Vera Visitor (for Vic Visitor), due 2026-11-03", null],
      ["created", "Enquired on the enquiry page", "Help with GCSE physics, please."],
    ]);
    const tasks = await cast.admin.client.get<TaskPage>("/api/admin/crm/tasks");
    expect(tasks.body.items[0]).toMatchObject({ kind: "first_response", dueOn: "2026-11-03", assignee: { memberId: cast.admin.memberId } });
    const mails = await mailsTo(t.db, cast.admin.user.email);
    expect(mails.map((mail) => mail.subject)).toContain("New enquiry for Ada Tutoring: Vera Visitor (for Vic Visitor)");
  });

  it("gives enquiries in turn to the admins and tutors when the workspace asks for round-robin; UTM parameters make it a campaign's", async () => {
    await t.db.insert(crmSettings).values({ organizationId: cast.admin.organizationId, ownerAssignment: "round_robin", updatedAt: clock.now() });
    const owners: string[] = [];
    for (const index of [1, 2, 3]) {
      clock.advance(1000);
      const sent = await visitor.post(`/api/public/workspaces/${slug}/enquiries`, {
        ...enquiry,
        email: `rr${index}@example.com`,
        utm: { source: "newsletter", campaign: "autumn" },
      });
      expect(sent.status, sent.text).toBe(202);
      const [latest] = (await cast.admin.client.get<LeadPage>("/api/admin/crm/leads?pageSize=1")).body.items;
      expect(latest!.source).toBe("campaign");
      owners.push(latest!.owner!.name);
    }
    // Admin first (Ada), then by name: Theo Teacher, Tina Tutor.
    expect(owners).toEqual(["Theo Teacher", "Tina Tutor", "Ada Admin"]);
  });

  it("answers a filled spam trap as accepted and writes nothing; refusals name the field", async () => {
    const before = (await cast.admin.client.get<LeadPage>("/api/admin/crm/leads")).body.total;
    const trapped = await visitor.post(`/api/public/workspaces/${slug}/enquiries`, { ...enquiry, homepage: "http://spam.example" });
    expect(trapped.status).toBe(202);
    for (const [body, field] of [
      [{ ...enquiry, consent: false }, "consent"],
      [{ ...enquiry, email: "nope" }, "email"],
      [{ ...enquiry, guardianName: "" }, "guardianName"],
      [{ ...enquiry, phone: "call me" }, "phone"],
    ] as const) {
      const refused = await visitor.post(`/api/public/workspaces/${slug}/enquiries`, body);
      expect({ field, status: refused.status, path: refused.body.error.issues?.[0]?.path?.[0] }).toEqual({ field, status: 422, path: field });
    }
    expect((await cast.admin.client.get<LeadPage>("/api/admin/crm/leads")).body.total).toBe(before);
  });
});
