import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../../tests/csv.ts";
import { auditEntries } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { accountOfStudent, issuedInvoice, paymentBody, postPayment } from "../../../../tests/payment-factories.ts";
import { createStudent } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { payment } from "../../db/billing-schema.ts";
import { EXPORT_PAGE_SIZE } from "./exports.ts";

// Data: invoices issued through billing's service (tests/payment-factories.ts), payments and
// credit notes through the API, and many payments inserted directly for the paging test.
let t: TestApp;
let admin: AdminFixture;
let tutor: MemberFixture;
let accountId: string;
let november: { invoiceId: string; number: string };
let december: { invoiceId: string; number: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Erin Export", workspaceName: "Export Tutoring" });
  tutor = await createMember(t, { admin, role: "tutor" });
  accountId = await accountOfStudent(t.db, (await createStudent(admin.client, { name: 'Kai, the "Ace"' })).id);
  november = await issuedInvoice(t.deps.db, admin, accountId, 4550, new Date("2026-11-10T10:00:00.000Z"));
  december = await issuedInvoice(t.deps.db, admin, accountId, 3000, new Date("2026-12-02T10:00:00.000Z"));
  const paid = await postPayment(
    admin.client,
    paymentBody(accountId, {
      amountMinor: 5000,
      receivedOn: "2026-11-12",
      reference: "=cmd|' /C calc'!A0",
      allocations: [{ invoiceId: november.invoiceId, amountMinor: 4550 }],
    }),
  );
  expect(paid.status).toBe(201);
  const credited = await admin.client.post("/api/admin/billing/credit-notes", {
    accountId,
    invoiceId: december.invoiceId,
    reason: "+1 lesson cancelled",
    lines: [{ description: "Cancelled lesson", amountMinor: 1000 }],
    idempotencyKey: `credit-${randomUUID()}`,
  });
  expect(credited.status).toBe(201);
}, 120_000);
afterAll(() => t?.close());

const csv = async (path: string) => {
  const res = await admin.client.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  return parseCsv(res.text);
};

describe("the accounting exports", () => {
  it("invoices: one row per issued invoice in the period, amounts as decimals", async () => {
    const rows = await csv("/api/admin/billing/exports/invoices.csv?from=2026-11-01&to=2026-11-30");
    expect(rows[0]!.slice(0, 4)).toEqual(["Invoice number", "Status", "Issued on", "Due on"]);
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(rows[0]!.map((name, index) => [name, rows[1]![index]]));
    expect(row).toMatchObject({
      "Invoice number": november.number,
      Status: "issued",
      "Issued on": "2026-11-10",
      Account: 'Kai, the "Ace"',
      "Total (USD)": "45.50",
      "Paid (USD)": "45.50",
      "Outstanding (USD)": "0.00",
      "Invoice id": november.invoiceId,
    });
    const all = await csv("/api/admin/billing/exports/invoices.csv");
    expect(all.slice(1).map((cells) => cells[0])).toEqual([november.number, december.number]);
  });

  it("invoice lines: each line with its invoice's number", async () => {
    const rows = await csv("/api/admin/billing/exports/invoice-lines.csv?from=2026-12-01");
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(december.number);
    expect(rows[1]![rows[0]!.indexOf("Amount (USD)")]).toBe("30.00");
  });

  it("payments: a reference that looks like a formula is made text; allocated and unallocated amounts", async () => {
    const rows = await csv("/api/admin/billing/exports/payments.csv?from=2026-11-12&to=2026-11-12");
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(rows[0]!.map((name, index) => [name, rows[1]![index]]));
    expect(row).toMatchObject({
      Reference: "'=cmd|' /C calc'!A0",
      "Amount (USD)": "50.00",
      "Allocated to invoices (USD)": "45.50",
      "Refunded (USD)": "0.00",
      "Unallocated (USD)": "4.50",
    });
  });

  it("credit notes: the invoice they credit, a reason starting with + made text", async () => {
    const rows = await csv("/api/admin/billing/exports/credit-notes.csv");
    expect(rows).toHaveLength(2);
    const row = Object.fromEntries(rows[0]!.map((name, index) => [name, rows[1]![index]]));
    expect(row).toMatchObject({
      "Invoice number": december.number,
      Reason: "'+1 lesson cancelled",
      "Total (USD)": "10.00",
      "Allocated to invoices (USD)": "10.00",
    });
  });

  it("streams past a page: every row once, in order", async () => {
    const count = EXPORT_PAGE_SIZE + 5;
    await t.db.insert(payment).values(
      Array.from({ length: count }, (_, index) => ({
        organizationId: admin.organizationId,
        accountId,
        method: "cash" as const,
        amountMinor: index + 1,
        receivedOn: "2026-10-01",
        idempotencyKey: `bulk-${index}`,
      })),
    );
    const rows = await csv("/api/admin/billing/exports/payments.csv?to=2026-10-31");
    expect(rows).toHaveLength(count + 1);
    const ids = rows.slice(1).map((cells) => cells.at(-1));
    expect(new Set(ids).size).toBe(count);
    expect(
      rows
        .slice(1)
        .map((cells) => cells[5])
        .sort((a, b) => Number(a) - Number(b))
        .at(-1),
    ).toBe("10.05");
  });

  it("are the admins', audited; a bad period is refused", async () => {
    expect((await tutor.client.get("/api/admin/billing/exports/invoices.csv")).status).toBe(403);
    const backwards = await admin.client.get("/api/admin/billing/exports/payments.csv?from=2026-12-01&to=2026-11-01");
    expect(backwards.status).toBe(422);
    expect((await auditEntries(t.db, { action: "BILLING_EXPORTED", organizationId: admin.organizationId })).length).toBeGreaterThanOrEqual(5);
  });
});
