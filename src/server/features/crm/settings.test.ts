/**
 * The CRM's settings: the defaults until saved, changes audited, a default owner who must be
 * an active admin or tutor (enquiries then go to them), bad values named; the stages added,
 * renamed, reordered (won and lost last) and archived (not with leads in them, not the won,
 * lost or last open one); tutors and another workspace refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../../tests/db.ts";
import { ApiClient } from "../../../../tests/client.ts";
import { createSessionCast, type SessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { CrmSettings, LeadPage, StageList } from "../../../shared/schemas/crm.ts";
import { organization } from "../../db/auth-schema.ts";
import { eq } from "drizzle-orm";

let t: TestApp;
let cast: SessionCast;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: "100" } });
  cast = await createSessionCast(t);
});
afterAll(async () => t?.close());

const names = (list: StageList) => list.items.map((stage) => stage.name);

describe("CRM settings", () => {
  it("are the defaults until saved; a change is audited and the default owner takes the next enquiry", async () => {
    const admin = cast.admin.client;
    const first = await admin.get<CrmSettings>("/api/admin/crm/settings");
    expect(first.body).toEqual({
      purgeMonths: 12,
      ownerAssignment: "default_owner",
      defaultOwnerMemberId: null,
      lostReasons: ["Price", "Timing or schedule", "Chose another provider", "No response", "Need not a fit"],
    });
    const changed = await admin.patch<CrmSettings>("/api/admin/crm/settings", {
      purgeMonths: 6,
      defaultOwnerMemberId: cast.tina.memberId,
      lostReasons: ["Price", "Moved away"],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ purgeMonths: 6, defaultOwnerMemberId: cast.tina.memberId, lostReasons: ["Price", "Moved away"] });
    const [entry] = await auditEntries(t.db, { action: "CRM_SETTINGS_CHANGED", organizationId: cast.admin.organizationId });
    expect(entry?.description).toContain("leads kept 6 months unless they convert");

    const [row] = await t.db.select({ slug: organization.slug }).from(organization).where(eq(organization.id, cast.admin.organizationId));
    const sent = await new ApiClient(t.app).post(`/api/public/workspaces/${row!.slug}/enquiries`, {
      guardianName: "Olive Owner",
      email: "olive@example.com",
      consent: true,
    });
    expect(sent.status).toBe(202);
    const [lead] = (await admin.get<LeadPage>("/api/admin/crm/leads")).body.items;
    expect(lead).toMatchObject({ guardianName: "Olive Owner", owner: { memberId: cast.tina.memberId } });
    expect((await admin.get<StageList>("/api/admin/crm/stages")).body.lostReasons).toEqual(["Price", "Moved away"]);
  });

  it("refuse a default owner who is not an active admin or tutor, and bad values, naming each", async () => {
    for (const [body, field] of [
      [{ defaultOwnerMemberId: cast.parent.memberId }, "defaultOwnerMemberId"],
      [{ defaultOwnerMemberId: "no-such-member" }, "defaultOwnerMemberId"],
      [{ purgeMonths: 0 }, "purgeMonths"],
      [{ purgeMonths: 61 }, "purgeMonths"],
      [{ lostReasons: [] }, "lostReasons"],
      [{ lostReasons: ["Price", "price"] }, "lostReasons"],
      [{ ownerAssignment: "lottery" }, "ownerAssignment"],
    ] as const) {
      const refused = await cast.admin.client.patch("/api/admin/crm/settings", body);
      expect({ field, status: refused.status, path: refused.body.error?.issues?.[0]?.path?.[0] }).toEqual({ field, status: 422, path: field });
    }
    expect((await cast.admin.client.patch("/api/admin/crm/settings", {})).status).toBe(422);
  });

  it("are the admins' alone", async () => {
    expect((await cast.tina.client.get("/api/admin/crm/settings")).status).toBe(403);
    expect((await cast.tina.client.patch("/api/admin/crm/settings", { purgeMonths: 3 })).status).toBe(403);
    expect((await cast.tina.client.post("/api/admin/crm/stages", { name: "Sneaky" })).status).toBe(403);
  });
});

describe("the pipeline's stages", () => {
  it("are added after an open stage or the last open one, renamed, reordered with won and lost last, and audited", async () => {
    const admin = cast.admin.client;
    const stages = (await admin.get<StageList>("/api/admin/crm/stages")).body;
    const contacted = stages.items.find((stage) => stage.name === "Contacted")!;
    const added = await admin.post<StageList>("/api/admin/crm/stages", { name: "Assessment", afterStageId: contacted.id });
    expect(added.status, added.text).toBe(201);
    expect(names(added.body)).toEqual(["New", "Contacted", "Assessment", "Consultation", "Trial booked", "Trial attended", "Won", "Lost"]);
    const last = await admin.post<StageList>("/api/admin/crm/stages", { name: "Deposit paid" });
    expect(names(last.body).slice(-3)).toEqual(["Deposit paid", "Won", "Lost"]);
    expect((await admin.post("/api/admin/crm/stages", { name: "assessment" })).status).toBe(409);

    const assessment = last.body.items.find((stage) => stage.name === "Assessment")!;
    const renamed = await admin.patch<StageList>(`/api/admin/crm/stages/${assessment.id}`, { name: "Level check" });
    expect(names(renamed.body)).toContain("Level check");
    expect((await admin.patch(`/api/admin/crm/stages/${assessment.id}`, { name: "New" })).status).toBe(409);
    expect((await admin.patch("/api/admin/crm/stages/not-a-stage", { name: "X" })).status).toBe(404);

    const ids = renamed.body.items.map((stage) => stage.id);
    const reversedOpen = [...ids.slice(0, -2).reverse(), ...ids.slice(-2)];
    const reordered = await admin.put<StageList>("/api/admin/crm/stages/order", { stageIds: reversedOpen });
    expect(reordered.status, reordered.text).toBe(200);
    expect(names(reordered.body)[0]).toBe("Deposit paid");
    const wonFirst = await admin.put("/api/admin/crm/stages/order", { stageIds: [ids.at(-2), ...ids.slice(0, -2), ids.at(-1)] });
    expect([wonFirst.status, wonFirst.body.error.issues[0].path[0]]).toEqual([422, "stageIds"]);
    expect((await admin.put("/api/admin/crm/stages/order", { stageIds: ids.slice(1) })).status).toBe(422);
    expect((await auditEntries(t.db, { action: "CRM_STAGES_CHANGED", organizationId: cast.admin.organizationId })).length).toBeGreaterThanOrEqual(4);
  });

  it("are archived only when open, empty and not the last open one; another workspace cannot touch them", async () => {
    const admin = cast.admin.client;
    const stages = (await admin.get<StageList>("/api/admin/crm/stages")).body.items;
    const byName = (name: string) => stages.find((stage) => stage.name === name)!;
    // Olive's enquiry stands in New.
    expect((await admin.post(`/api/admin/crm/stages/${byName("New").id}/archive`)).status).toBe(409);
    expect((await admin.post(`/api/admin/crm/stages/${byName("Won").id}/archive`)).status).toBe(409);
    expect((await cast.otherAdmin.client.post(`/api/admin/crm/stages/${byName("Deposit paid").id}/archive`)).status).toBe(404);
    expect((await cast.otherAdmin.client.patch(`/api/admin/crm/stages/${byName("Deposit paid").id}`, { name: "Mine" })).status).toBe(404);
    const archived = await admin.post<StageList>(`/api/admin/crm/stages/${byName("Deposit paid").id}/archive`);
    expect(archived.status, archived.text).toBe(200);
    expect(names(archived.body)).not.toContain("Deposit paid");
    expect((await admin.post(`/api/admin/crm/stages/${byName("Deposit paid").id}/archive`)).status).toBe(404);
  });
});
