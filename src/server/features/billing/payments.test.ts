import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { accountOfStudent, issuedInvoice, paymentBody, postPayment, postRefund } from "../../../../tests/payment-factories.ts";
import { createStudent } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { auditEntries } from "../../../../tests/db.ts";
import { fixedClock } from "../../core/clock.ts";
import { billingNotice, invoice, ledgerEntry, payment } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { accountCredit } from "./allocations.ts";
import { accountBalance } from "./ledger.ts";

const NOW = new Date("2026-11-02T10:00:00.000Z");
let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let parent: MemberFixture;
let accountId: string;
let otherFamilyAccountId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await createAdmin(t, { fullName: "Petra Payments", workspaceName: "Payments Tutoring" });
  otherAdmin = await createAdmin(t, { fullName: "Otto Other", workspaceName: "Other Tutoring" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Pia Parent" });
  accountId = await accountOfStudent(t.db, (await createStudent(admin.client, { name: "Ada Account" })).id);
  otherFamilyAccountId = await accountOfStudent(t.db, (await createStudent(admin.client, { name: "Bo Other" })).id);
}, 90_000);
afterAll(() => t?.close());

/** A family with no history: credit left by other tests would pay its invoices at issue. */
const freshAccount = async (name: string) => accountOfStudent(t.db, (await createStudent(admin.client, { name })).id);
const inWorkspace = <T>(work: Parameters<typeof withWorkspace<T>>[2]) => withWorkspace(t.db, admin.organizationId, work);
const balanceOf = (id: string) => inWorkspace((tx) => accountBalance(tx, admin.organizationId, id));
const creditOf = (id: string) => inWorkspace((tx) => accountCredit(tx, admin.organizationId, id));
const invoiceRow = async (id: string) => (await t.db.select().from(invoice).where(eq(invoice.id, id)))[0]!;

describe("recording a payment", () => {
  it("allocates to the chosen invoices, and what is left over is the account's credit", async () => {
    const first = await issuedInvoice(t.db, admin, accountId, 3000, NOW);
    const second = await issuedInvoice(t.db, admin, accountId, 2000, NOW);
    const before = await balanceOf(accountId);
    const res = await postPayment(
      admin.client,
      paymentBody(accountId, {
        amountMinor: 6000,
        method: "bank_transfer",
        reference: "BACS 123",
        allocations: [
          { invoiceId: first.invoiceId, amountMinor: 3000 },
          { invoiceId: second.invoiceId, amountMinor: 1000 },
        ],
      }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ accountId, amountMinor: 6000, allocatedMinor: 4000, refundedMinor: 0, unallocatedMinor: 2000, currency: "USD" });
    expect(res.body.allocations.map((item: { invoiceNumber: string }) => item.invoiceNumber)).toEqual([first.number, second.number]);
    expect((await invoiceRow(first.invoiceId)).paidMinor).toBe(3000);
    expect((await invoiceRow(second.invoiceId)).paidMinor).toBe(1000);
    expect(await balanceOf(accountId)).toBe(before - 6000);
    expect(await creditOf(accountId)).toBe(2000);

    const [entry] = await t.db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.causeKey, `payment:${res.body.id}`));
    expect(entry).toMatchObject({ kind: "payment", amountMinor: -6000, paymentId: res.body.id });
    const notices = await t.db
      .select()
      .from(billingNotice)
      .where(eq(billingNotice.dedupeKey, `payment:${res.body.id}`));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "payment_recorded", accountId });
    const audit = await auditEntries(t.db, { action: "PAYMENT_RECORDED", organizationId: admin.organizationId });
    expect(audit.at(-1)?.metadata).toMatchObject({ paymentId: res.body.id, amountMinor: 6000 });
  });

  it("applies the credit to the next invoice issued", async () => {
    const credit = await creditOf(accountId);
    expect(credit).toBeGreaterThan(0);
    const next = await issuedInvoice(t.db, admin, accountId, credit + 500, NOW);
    expect((await invoiceRow(next.invoiceId)).paidMinor).toBe(credit);
    expect(await creditOf(accountId)).toBe(0);
  });

  it("records a request once per idempotency key, and refuses a different request with the same key", async () => {
    const body = paymentBody(accountId, { amountMinor: 1234 });
    const first = await postPayment(admin.client, body);
    expect(first.status, first.text).toBe(201);
    const again = await postPayment(admin.client, body);
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const rows = await t.db.select().from(payment).where(eq(payment.idempotencyKey, body.idempotencyKey));
    expect(rows).toHaveLength(1);

    const different = await postPayment(admin.client, { ...body, amountMinor: 1235 });
    expect(different.status).toBe(409);
    expect(different.body.error.issues[0].path).toEqual(["idempotencyKey"]);
  });

  it("refuses bad amounts and dates, naming the field, and writes nothing", async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ amountMinor: -100 }, "amountMinor"],
      [{ amountMinor: 0 }, "amountMinor"],
      [{ amountMinor: 10_000_000_001 }, "amountMinor"],
      [{ amountMinor: 12.5 }, "amountMinor"],
      [{ receivedOn: "2026-11-04" }, "receivedOn"],
      [{ receivedOn: "2027-12-01" }, "receivedOn"],
      [{ receivedOn: "1999-12-31" }, "receivedOn"],
      [{ method: "bitcoin" }, "method"],
    ];
    const before = await t.db.select().from(payment);
    for (const [overrides, field] of refusals) {
      const res = await postPayment(admin.client, { ...paymentBody(accountId), ...overrides });
      expect(res.status, `${JSON.stringify(overrides)}: ${res.text}`).toBe(422);
      expect(res.body.error.issues.map((issue: { path: string[] }) => issue.path[0])).toContain(field);
    }
    expect(await t.db.select().from(payment)).toHaveLength(before.length);
    // Tomorrow in the workspace's zone is still accepted (a payment made late in a zone ahead).
    expect((await postPayment(admin.client, paymentBody(accountId, { amountMinor: 100, receivedOn: "2026-11-03" }))).status).toBe(201);
  });

  it("refuses an allocation to another family's invoice (422) or beyond what an invoice owes, and an account of another workspace (404)", async () => {
    const mine = await freshAccount("Cy Clean");
    const theirs = await issuedInvoice(t.db, admin, await freshAccount("Di Different"), 1000, NOW);
    const ours = await issuedInvoice(t.db, admin, mine, 1000, NOW);
    const before = await t.db.select().from(payment);

    const other = await postPayment(admin.client, paymentBody(mine, { amountMinor: 1000, allocations: [{ invoiceId: theirs.invoiceId, amountMinor: 1000 }] }));
    expect(other.status).toBe(422);
    expect(other.body.error.issues[0].path).toEqual(["allocations", 0, "invoiceId"]);

    const tooMuch = await postPayment(admin.client, paymentBody(mine, { amountMinor: 5000, allocations: [{ invoiceId: ours.invoiceId, amountMinor: 1001 }] }));
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.issues[0].path).toEqual(["allocations", 0, "amountMinor"]);

    const overAmount = await postPayment(admin.client, paymentBody(mine, { amountMinor: 500, allocations: [{ invoiceId: ours.invoiceId, amountMinor: 600 }] }));
    expect(overAmount.status).toBe(422);

    const foreign = await postPayment(otherAdmin.client, paymentBody(accountId));
    expect(foreign.status).toBe(404);
    expect(await t.db.select().from(payment)).toHaveLength(before.length);
    expect((await invoiceRow(ours.invoiceId)).paidMinor).toBe(0);
  });

  it("lists payments with filters and reads one; another workspace's payment is 404", async () => {
    const created = await postPayment(admin.client, paymentBody(otherFamilyAccountId, { method: "cheque", amountMinor: 700, receivedOn: "2026-10-15" }));
    expect(created.status).toBe(201);
    const list = await admin.client.get(`/api/admin/billing/payments?accountId=${otherFamilyAccountId}&method=cheque`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id]);
    const dated = await admin.client.get("/api/admin/billing/payments?from=2026-10-01&to=2026-10-31");
    expect(dated.body.items.map((item: { id: string }) => item.id)).toEqual([created.body.id]);
    expect((await admin.client.get(`/api/admin/billing/payments/${created.body.id}`)).body).toMatchObject({ amountMinor: 700, method: "cheque" });
    expect((await otherAdmin.client.get(`/api/admin/billing/payments/${created.body.id}`)).status).toBe(404);
    expect((await admin.client.get("/api/admin/billing/payments/not-an-id")).status).toBe(404);
  });

  it("is refused to a parent", async () => {
    expect((await parent.client.get("/api/admin/billing/payments")).status).toBe(403);
    expect((await postPayment(parent.client, paymentBody(accountId))).status).toBe(403);
  });
});

describe("refunds", () => {
  it("give back at most the payment's unallocated amount, once per key, with a reason", async () => {
    const family = await freshAccount("Ed Refund");
    const bill = await issuedInvoice(t.db, admin, family, 1000, NOW);
    const paid = await postPayment(admin.client, paymentBody(family, { amountMinor: 3000, allocations: [{ invoiceId: bill.invoiceId, amountMinor: 1000 }] }));
    expect(paid.status, paid.text).toBe(201);
    const paymentId = paid.body.id as string;
    const balance = await balanceOf(family);

    const tooMuch = await postRefund(admin.client, paymentId, { amountMinor: 2001, reason: "Overpaid" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.issues[0].path).toEqual(["amountMinor"]);
    const noReason = await postRefund(admin.client, paymentId, { amountMinor: 100, reason: "  " });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.issues[0].path).toEqual(["reason"]);
    const future = await postRefund(admin.client, paymentId, { amountMinor: 100, reason: "Overpaid", refundedOn: "2026-12-25" });
    expect(future.status).toBe(422);

    const body = { amountMinor: 1500, reason: "Overpaid by mistake", idempotencyKey: "refund-key-1", refundedOn: "2026-11-02" };
    const refund = await postRefund(admin.client, paymentId, body);
    expect(refund.status, refund.text).toBe(201);
    expect(refund.body).toMatchObject({ refundedMinor: 1500, unallocatedMinor: 500 });
    expect(refund.body.refunds[0]).toMatchObject({ amountMinor: 1500, reason: "Overpaid by mistake" });
    expect(await balanceOf(family)).toBe(balance + 1500);

    const again = await postRefund(admin.client, paymentId, body);
    expect(again.status).toBe(200);
    expect(again.body.refunds).toHaveLength(1);
    expect((await postRefund(admin.client, paymentId, { ...body, amountMinor: 10 })).status).toBe(409);

    expect((await postRefund(admin.client, paymentId, { amountMinor: 501, reason: "Rest" })).status).toBe(422);
    expect((await postRefund(admin.client, paymentId, { amountMinor: 500, reason: "Rest" })).status).toBe(201);
    const entries = await t.db
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.paymentId, paymentId), eq(ledgerEntry.kind, "refund")));
    expect(entries.map((entry) => entry.amountMinor).sort()).toEqual([1500, 500]);
    expect(await auditEntries(t.db, { action: "REFUND_RECORDED", organizationId: admin.organizationId })).toHaveLength(2);
    expect((await postRefund(admin.client, "00000000-0000-4000-8000-000000000000", { amountMinor: 1, reason: "x" })).status).toBe(404);
  });
});
