import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type AdminFixture } from "../../../../tests/factories.ts";
import { createFamily, draftFees, setBillingSettings } from "../../../../tests/invoice-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
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
  it("50 concurrent issue requests in one workspace take 50 consecutive numbers: no gap, no duplicate", async () => {
    await setBillingSettings(admin.client, { invoiceNumberFormat: "G-{YYYY}-{NNNNN}" });
    const drafts: string[] = [];
    for (let index = 0; index < 50; index++) {
      drafts.push(await draftFees(admin.client, accountIds[index % accountIds.length]!, [{ description: `Fee ${index}`, amountMinor: 100 + index }]));
    }
    // All at once through the API, on the app's own pool (5 connections in tests): the burst
    // waits its turn in memory instead of holding connections while it waits for the money lock.
    const responses = await Promise.all(drafts.map((id) => admin.client.post(`/api/admin/billing/invoices/${id}/issue`)));
    expect(responses.map((response) => (response.status === 200 ? 200 : `${response.status} ${response.text}`))).toEqual(drafts.map(() => 200));
    const numbers = responses.map((response) => response.body.number as string).sort();
    expect(new Set(numbers).size).toBe(50);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, index) => `G-2026-${String(index + 1).padStart(5, "0")}`));
  }, 120_000);

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
