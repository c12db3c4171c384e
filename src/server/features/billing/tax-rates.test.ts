import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createFamily, draftFees, issue } from "../../../../tests/invoice-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";

let t: TestApp;
let admin: AdminFixture;
let tutor: MemberFixture;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { workspaceName: "Tax Tutoring" });
  tutor = await createMember(t, { admin, role: "tutor" });
}, 120_000);
afterAll(() => t?.close());

describe("tax rates", () => {
  it("are created, renamed and archived; the rate changes freely until an issued invoice used it, then 409", async () => {
    const created = await admin.client.post("/api/admin/billing/tax-rates", { name: "VAT", rateBps: 2000 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "VAT", rateBps: 2000, archived: false, used: false });
    const id = created.body.id as string;
    expect((await admin.client.patch(`/api/admin/billing/tax-rates/${id}`, { rateBps: 1750 })).body.rateBps).toBe(1750);

    const { accountId } = await createFamily(t, admin, "Tim Tax");
    await issue(admin.client, await draftFees(admin.client, accountId, [{ description: "Fee", amountMinor: 1000, taxRateId: id }]));
    const refused = await admin.client.patch(`/api/admin/billing/tax-rates/${id}`, { rateBps: 2000 });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/create a new rate instead/);
    const renamed = await admin.client.patch(`/api/admin/billing/tax-rates/${id}`, { name: "VAT (old)", archived: true });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "VAT (old)", rateBps: 1750, archived: true, used: true });

    // An archived rate is offered no more.
    const onArchived = await admin.client.post("/api/admin/billing/invoices", { accountId, lines: [{ description: "Fee", amountMinor: 100, taxRateId: id }] });
    expect(onArchived.status).toBe(422);
    expect(onArchived.body.error.issues[0]).toMatchObject({ path: ["lines", 0, "taxRateId"], message: expect.stringMatching(/archived/) });
    const list = await admin.client.get("/api/admin/billing/tax-rates");
    expect(list.body.items.map((rate: { name: string }) => rate.name)).toContain("VAT (old)");
  });

  it("refuses a rate outside 0–100 %, an unknown id (404), and non-admins (403)", async () => {
    for (const rateBps of [-1, 10_001, 12.5]) {
      const response = await admin.client.post("/api/admin/billing/tax-rates", { name: "Odd", rateBps });
      expect(response.status, String(rateBps)).toBe(422);
      expect(response.body.error.issues[0].path).toEqual(["rateBps"]);
    }
    expect((await admin.client.patch("/api/admin/billing/tax-rates/00000000-0000-4000-8000-000000000000", { name: "X" })).status).toBe(404);
    expect((await tutor.client.get("/api/admin/billing/tax-rates")).status).toBe(403);
  });
});

describe("billing settings", () => {
  it("saves a valid change and reads it back", async () => {
    const rate = await admin.client.post("/api/admin/billing/tax-rates", { name: "Standard", rateBps: 2000 });
    const saved = await admin.client.patch("/api/admin/billing/settings", {
      defaultTaxRateId: rate.body.id,
      invoiceNumberFormat: "F/{YYYY}/{NNNNNN}",
      paymentTermsDays: 30,
      overdueReminderDays: [3, 10, 30],
      businessAddress: "1 High Street\nTown",
    });
    expect(saved.status).toBe(200);
    expect((await admin.client.get("/api/admin/billing/settings")).body).toMatchObject({
      defaultTaxRateId: rate.body.id,
      invoiceNumberFormat: "F/{YYYY}/{NNNNNN}",
      paymentTermsDays: 30,
      overdueReminderDays: [3, 10, 30],
    });
    // The default rate cannot be archived while it is the default.
    expect((await admin.client.patch(`/api/admin/billing/tax-rates/${rate.body.id}`, { archived: true })).status).toBe(409);
  });

  it("refuses each invalid setting with a message naming it", async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ invoiceNumberFormat: "INV-{YYYY}" }, "invoiceNumberFormat", /\{NNNN\}/],
      [{ creditNoteNumberFormat: "CN-{MM}-{NNNN}" }, "creditNoteNumberFormat", /only letters, digits/],
      [{ paymentTermsDays: 366 }, "paymentTermsDays", /at most 365/],
      [{ paymentTermsDays: -1 }, "paymentTermsDays", /at least 0/],
      [{ overdueReminderDays: [14, 7] }, "overdueReminderDays", /increasing order/],
      [{ overdueReminderDays: [7, 7] }, "overdueReminderDays", /without repeats/],
      [{ overdueReminderDays: [1, 2, 3, 4, 5, 6, 7] }, "overdueReminderDays", /at most 6/],
      [{ overdueReminderDays: [0] }, "overdueReminderDays", /at least 1/],
      [{ noShowShareBps: 10_001 }, "noShowShareBps", /at most 10000/],
      [{ lateCancellationShareBps: -5 }, "lateCancellationShareBps", /at least 0/],
      [{ lowBalanceMinutes: 6001 }, "lowBalanceMinutes", /at most 6000/],
      [{ autopayDisputeWindowDays: 31 }, "autopayDisputeWindowDays", /Autopay waiting time must be at most 30 days/],
      [{ autopayDisputeWindowDays: 1.5 }, "autopayDisputeWindowDays", /Autopay waiting time/],
      [{ defaultTaxRateId: "00000000-0000-4000-8000-000000000000" }, "defaultTaxRateId", /does not exist/],
    ];
    for (const [body, field, message] of cases) {
      const response = await admin.client.patch("/api/admin/billing/settings", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.issues[0].path[0], JSON.stringify(body)).toBe(field);
      expect(response.body.error.issues[0].message, JSON.stringify(body)).toMatch(message);
    }
  });
});
