/**
 * The leads purge: a lead that never converted is deleted on its purge date (in the
 * workspace's zone), with its timeline and tasks; a converted lead and a lead still inside its
 * time are kept; the audit log says a lead was purged without its names or contacts.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../../tests/db.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { LeadDetail } from "../../../shared/schemas/crm.ts";
import { fixedClock } from "../../core/clock.ts";
import { crmTask, lead, leadActivity } from "../../db/crm-schema.ts";
import { purgeExpiredLeads } from "./purge-job.ts";

// 23:30 in London on 1 November: the purge date is a year on, 2027-11-01.
const clock = fixedClock(new Date("2026-11-01T23:30:00.000Z"));
let t: TestApp;
let cast: SessionCast;
const made: Record<"expiring" | "converted" | "later", LeadDetail> = {} as never;

const makeLead = async (name: string) => {
  const response = await cast.tina.client.post<LeadDetail>("/api/tutor/crm/leads", {
    guardianName: name,
    email: `${name.toLowerCase()}@example.com`,
    source: "walk_in",
    consentBasis: "consent",
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
};
const leadIds = async () => (await t.db.select({ id: lead.id }).from(lead).where(eq(lead.organizationId, cast.admin.organizationId))).map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp({ clock });
  cast = await createSessionCast(t);
  made.expiring = await makeLead("Erin");
  made.converted = await makeLead("Cora");
  await cast.tina.client.post("/api/tutor/crm/tasks", { title: "Call Erin", dueOn: "2026-11-03", leadId: made.expiring.id });
  clock.advance(2 * 3_600_000);
  made.later = await makeLead("Lara");
  // Conversion is not an operation yet: the converted lead is marked so directly.
  await t.db
    .update(lead)
    .set({ convertedAt: clock.now() })
    .where(and(eq(lead.organizationId, cast.admin.organizationId), eq(lead.id, made.converted.id)));
});
afterAll(async () => t?.close());

describe("the purge job", () => {
  it("shows each lead its purge date a year on, in the workspace's day", () => {
    expect([made.expiring.purgeOn, made.later.purgeOn]).toEqual(["2027-11-01", "2027-11-02"]);
  });

  it("keeps every lead before its date", async () => {
    clock.set(new Date("2027-10-31T23:59:00.000Z"));
    expect(await purgeExpiredLeads(t.deps)).toEqual({ leads: 0 });
    expect(await leadIds()).toHaveLength(3);
  });

  it("deletes on its date the lead that never converted, with its timeline and tasks, and audits it without its name", async () => {
    clock.set(new Date("2027-11-01T00:30:00.000Z"));
    expect(await purgeExpiredLeads(t.deps)).toEqual({ leads: 1 });
    expect((await leadIds()).sort()).toEqual([made.converted.id, made.later.id].sort());
    const left = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(leadActivity)
      .where(eq(leadActivity.leadId, made.expiring.id));
    expect(left[0]!.n).toBe(0);
    expect(await t.db.select().from(crmTask).where(eq(crmTask.leadId, made.expiring.id))).toEqual([]);
    const [entry] = await auditEntries(t.db, { action: "LEAD_PURGED", organizationId: cast.admin.organizationId });
    expect(entry).toMatchObject({
      description: "Lead deleted on its purge date (came by walk in, stage New)",
      metadata: { leadId: made.expiring.id },
      userId: null,
    });
    expect(JSON.stringify(entry)).not.toMatch(/Erin|example\.com/i);
    expect((await cast.tina.client.get(`/api/tutor/crm/leads/${made.expiring.id}`)).status).toBe(404);
    // A second run finds nothing more.
    expect(await purgeExpiredLeads(t.deps)).toEqual({ leads: 0 });
  });

  it("keeps a converted lead past its date", async () => {
    clock.set(new Date("2027-11-03T12:00:00.000Z"));
    expect(await purgeExpiredLeads(t.deps)).toEqual({ leads: 1 });
    expect(await leadIds()).toEqual([made.converted.id]);
  });
});
