import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type AdminFixture } from "../../../../tests/factories.ts";
import { createFamily, draftFees, setBillingSettings } from "../../../../tests/invoice-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { createDatabase } from "../../db/client.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { issueInvoice } from "./invoice-issue.ts";
import { counterYear, formatDocumentNumber } from "./invoice-numbers.ts";

const clock = fixedClock(new Date("2026-11-10T10:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let accountIds: string[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t, { workspaceName: "Numbering Tutoring" });
  accountIds = [];
  for (const name of ["Ada Number", "Ben Number", "Cy Number", "Di Number", "Ed Number"]) accountIds.push((await createFamily(t, admin, name)).accountId);
}, 120_000);
afterAll(() => t?.close());

describe("number formats", () => {
  it("pads the number to the N's, writes the year of issue, and keeps every digit past the padding", () => {
    expect(formatDocumentNumber("INV-{YYYY}-{NNNN}", "2026-11-10", 7)).toBe("INV-2026-0007");
    expect(formatDocumentNumber("{N}", "2026-11-10", 12345)).toBe("12345");
    expect(formatDocumentNumber("CN/{NNNNNN}", "2026-11-10", 42)).toBe("CN/000042");
    expect(counterYear("INV-{YYYY}-{NNNN}", "2026-01-01")).toBe(2026);
    expect(counterYear("INV-{NNNN}", "2026-01-01")).toBe(0);
  });

  it("refuses a format without the number token, with two of them, or with other braces: 422 naming the field", async () => {
    for (const format of ["INV-{YYYY}", "{NNNN}-{NN}", "INV-{MM}-{NNNN}", "INV-{NNNNNNNNN}", "INV<{NNNN}>"]) {
      const response = await admin.client.patch("/api/admin/billing/settings", { invoiceNumberFormat: format });
      expect(response.status, format).toBe(422);
      expect(response.body.error.issues[0].path, format).toEqual(["invoiceNumberFormat"]);
    }
  });
});

describe("gapless numbers under concurrency", () => {
  it("50 concurrent issues in one workspace take 50 consecutive numbers: no gap, no duplicate", async () => {
    await setBillingSettings(admin.client, { invoiceNumberFormat: "G-{YYYY}-{NNNNN}" });
    const drafts: string[] = [];
    for (let index = 0; index < 50; index++) {
      drafts.push(await draftFees(admin.client, accountIds[index % accountIds.length]!, [{ description: `Fee ${index}`, amountMinor: 100 + index }]));
    }
    // The app's pool (5 connections, 3 s to get one) cannot hold 50 transactions that each
    // wait their turn for the money lock; 50 connections of their own let all 50 run at once.
    const db = createDatabase(t.databaseUrl, { max: 50 });
    try {
      const context = { organizationId: admin.organizationId, actorUserId: admin.user.id, now: clock.now() };
      const issued = await Promise.all(drafts.map((id) => withWorkspace(db, admin.organizationId, (tx) => issueInvoice(tx, context, id))));
      const numbers = issued.map((invoice) => invoice.number).sort();
      expect(new Set(numbers).size).toBe(50);
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => `G-2026-${String(index + 1).padStart(5, "0")}`));
    } finally {
      await db.$client.end();
    }
  }, 120_000);

  it("concurrent issue requests through the API also take consecutive numbers", async () => {
    const drafts: string[] = [];
    for (let index = 0; index < 8; index++)
      drafts.push(await draftFees(admin.client, accountIds[index % accountIds.length]!, [{ description: `More ${index}`, amountMinor: 100 }]));
    const responses = await Promise.all(drafts.map((id) => admin.client.post(`/api/admin/billing/invoices/${id}/issue`)));
    expect(responses.map((response) => response.status)).toEqual(drafts.map(() => 200));
    expect(responses.map((response) => response.body.number as string).sort()).toEqual(
      Array.from({ length: 8 }, (_, index) => `G-2026-${String(index + 51).padStart(5, "0")}`),
    );
  }, 60_000);

  it("a new year restarts a format with {YYYY}; one without it never restarts", async () => {
    clock.set(new Date("2027-01-02T10:00:00.000Z"));
    const issuedNewYear = await admin.client.post(
      `/api/admin/billing/invoices/${await draftFees(admin.client, accountIds[0]!, [{ description: "January", amountMinor: 100 }])}/issue`,
    );
    expect(issuedNewYear.body.number).toBe("G-2027-00001");
    await setBillingSettings(admin.client, { invoiceNumberFormat: "ALL-{NNN}" });
    const first = await admin.client.post(
      `/api/admin/billing/invoices/${await draftFees(admin.client, accountIds[0]!, [{ description: "One", amountMinor: 100 }])}/issue`,
    );
    clock.set(new Date("2028-01-02T10:00:00.000Z"));
    const second = await admin.client.post(
      `/api/admin/billing/invoices/${await draftFees(admin.client, accountIds[0]!, [{ description: "Two", amountMinor: 100 }])}/issue`,
    );
    expect([first.body.number, second.body.number]).toEqual(["ALL-001", "ALL-002"]);
  });
});
