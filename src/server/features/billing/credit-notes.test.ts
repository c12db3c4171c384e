import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createFamily, draftFees, issue } from "../../../../tests/invoice-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { accountCredit } from "./allocations.ts";
import { accountBalance } from "./ledger.ts";
import { verifyLedger } from "./verify-ledger.ts";

const clock = fixedClock(new Date("2026-11-10T10:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let payer: MemberFixture;
let otherParent: MemberFixture;
let accountId: string;
let keyCounter = 0;
const key = () => `test-credit-${++keyCounter}-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t, { workspaceName: "Credit Tutoring" });
  payer = await createMember(t, { admin, role: "parent", fullName: "Carl Credit" });
  otherParent = await createMember(t, { admin, role: "parent", fullName: "Oscar Other" });
  accountId = (await createFamily(t, admin, "Cora Credit", payer.memberId)).accountId;
}, 120_000);
afterAll(() => t?.close());

const money = <T>(work: (tx: Parameters<Parameters<typeof withWorkspace>[2]>[0]) => Promise<T>) => withWorkspace(t.deps.db, admin.organizationId, work);

async function invoiceOf(amountMinor: number) {
  return issue(admin.client, await draftFees(admin.client, accountId, [{ description: "Term fee", amountMinor }]));
}

const creditNote = (body: Record<string, unknown>) =>
  admin.client.post("/api/admin/billing/credit-notes", { accountId, reason: "Goodwill", idempotencyKey: key(), ...body });

describe("credit notes", () => {
  it("against an unpaid invoice: numbered, a ledger credit, and it offsets what is outstanding", async () => {
    const invoice = await invoiceOf(10_000);
    const response = await creditNote({ invoiceId: invoice.id, lines: [{ description: "Missed lesson", amountMinor: 3000 }] });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      number: "CN-2026-0001",
      invoiceNumber: invoice.number,
      totalMinor: 3000,
      unallocatedMinor: 0,
      allocations: [{ invoiceId: invoice.id, amountMinor: 3000 }],
    });
    const after = await admin.client.get(`/api/admin/billing/invoices/${invoice.id}`);
    expect(after.body).toMatchObject({
      state: "partly_paid",
      paidMinor: 3000,
      outstandingMinor: 7000,
      creditNotes: [{ number: "CN-2026-0001", totalMinor: 3000 }],
    });
    expect(await money((tx) => accountBalance(tx, admin.organizationId, accountId))).toBe(7000);

    // Voiding an invoice with money applied is refused: the credit note is the correction.
    const voided = await admin.client.post(`/api/admin/billing/invoices/${invoice.id}/void`, { reason: "Oops" });
    expect(voided.status).toBe(409);
    expect(voided.body.error.message).toMatch(/record a credit note instead/);
  });

  it("against a paid invoice: releases the payment's allocation, which becomes credit for the next invoice", async () => {
    const invoice = await invoiceOf(5000);
    const paid = await admin.client.post("/api/admin/billing/payments", {
      accountId,
      method: "cash",
      amountMinor: 5000,
      receivedOn: "2026-11-10",
      allocations: [{ invoiceId: invoice.id, amountMinor: 5000 }],
      idempotencyKey: key(),
    });
    expect(paid.status).toBe(201);
    expect((await admin.client.get(`/api/admin/billing/invoices/${invoice.id}`)).body.state).toBe("paid");

    const response = await creditNote({ invoiceId: invoice.id, lines: [{ description: "Overcharged", amountMinor: 2000 }] });
    expect(response.status).toBe(201);
    const after = await admin.client.get(`/api/admin/billing/invoices/${invoice.id}`);
    expect(after.body).toMatchObject({ state: "paid", paidMinor: 5000 });
    expect(
      after.body.allocations.map((item: { paymentId: string | null; amountMinor: number }) => [item.paymentId ? "payment" : "credit note", item.amountMinor]),
    ).toEqual(
      expect.arrayContaining([
        ["payment", 5000],
        ["payment", -2000],
        ["credit note", 2000],
      ]),
    );
    expect(after.body.allocations).toHaveLength(3);
    expect(await money((tx) => accountCredit(tx, admin.organizationId, accountId))).toBe(2000);

    const next = await invoiceOf(3000);
    expect(next).toMatchObject({ state: "partly_paid", paidMinor: 2000, outstandingMinor: 1000 });
    expect(await money((tx) => accountCredit(tx, admin.organizationId, accountId))).toBe(0);
  });

  it("never credits an invoice more than its total in all: 422", async () => {
    const invoice = await invoiceOf(1000);
    expect((await creditNote({ invoiceId: invoice.id, lines: [{ description: "Half", amountMinor: 600 }] })).status).toBe(201);
    const over = await creditNote({ invoiceId: invoice.id, lines: [{ description: "Too much", amountMinor: 401 }] });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toMatch(/at most 400 more/);
  });

  it("refuses zero, negative, overflowing lines, another workspace's account (404) and a draft invoice (422)", async () => {
    for (const amountMinor of [0, -5, 10_000_000_001]) {
      const response = await creditNote({ lines: [{ description: "Bad", amountMinor }] });
      expect(response.status, String(amountMinor)).toBe(422);
      expect(response.body.error.issues[0].path).toEqual(["lines", 0, "amountMinor"]);
    }
    const stranger = await createAdmin(t, { workspaceName: "Other Credit Tutoring" });
    const foreign = await createFamily(t, stranger, "Fay Foreign");
    expect((await creditNote({ accountId: foreign.accountId, lines: [{ description: "X", amountMinor: 100 }] })).status).toBe(404);
    const draft = await draftFees(admin.client, accountId, [{ description: "Draft", amountMinor: 100 }]);
    const onDraft = await creditNote({ invoiceId: draft, lines: [{ description: "X", amountMinor: 100 }] });
    expect(onDraft.status).toBe(422);
    expect(onDraft.body.error.issues[0].path).toEqual(["invoiceId"]);
    await admin.client.delete(`/api/admin/billing/invoices/${draft}`);
  });

  it("the same idempotency key returns the first note; a different body with it is 409", async () => {
    const body = { accountId, reason: "Refund of a book", idempotencyKey: key(), lines: [{ description: "Book", amountMinor: 700 }] };
    const first = await admin.client.post("/api/admin/billing/credit-notes", body);
    const again = await admin.client.post("/api/admin/billing/credit-notes", body);
    expect(first.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const different = await admin.client.post("/api/admin/billing/credit-notes", { ...body, lines: [{ description: "Book", amountMinor: 800 }] });
    expect(different.status).toBe(409);
    expect(different.body.error.issues[0].path).toEqual(["idempotencyKey"]);
  });

  it("lists, reads and prints for admins; a payer reads the family's notes; another parent gets 404", async () => {
    const list = await admin.client.get(`/api/admin/billing/credit-notes?accountId=${accountId}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(4);
    const id = list.body.items[0].id as string;
    expect((await payer.client.get(`/api/parent/billing/credit-notes/${id}`)).status).toBe(200);
    expect((await otherParent.client.get(`/api/parent/billing/credit-notes/${id}`)).status).toBe(404);
    const pdf = await admin.client.get(`/api/admin/billing/credit-notes/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("the ledger still verifies, and its balance is outstanding invoices less unallocated credit (nothing uninvoiced here)", async () => {
    const check = await money((tx) => verifyLedger(tx, admin.organizationId));
    expect(check.ok).toBe(true);
    const invoices = await admin.client.get(`/api/admin/billing/invoices?accountId=${accountId}&pageSize=100`);
    const outstanding = invoices.body.items.reduce((sum: number, item: { outstandingMinor: number }) => sum + item.outstandingMinor, 0);
    const balance = await money((tx) => accountBalance(tx, admin.organizationId, accountId));
    const credit = await money((tx) => accountCredit(tx, admin.organizationId, accountId));
    expect(balance).toBe(outstanding - credit);
  });
});
