import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, type AdminFixture } from "../../../../tests/factories.ts";
import { accountOfStudent, issuedInvoice } from "../../../../tests/payment-factories.ts";
import { createStudent } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { allocation, creditNote, hourGrant, invoice, packageProduct, packagePurchase, payment } from "../../db/billing-schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { accountCredit, allocate, applyAccountCredit, releasePaymentAllocations, unallocatedOf } from "./allocations.ts";

const NOW = new Date("2026-11-02T10:00:00.000Z");
let t: TestApp;
let admin: AdminFixture;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Alice Allocations", workspaceName: "Allocation Tutoring" });
}, 60_000);
afterAll(() => t?.close());

const context = (now = NOW) => ({ organizationId: admin.organizationId, actorUserId: admin.user.id, now });
const inWorkspace = <T>(work: (tx: Transaction) => Promise<T>) => withWorkspace(t.db, admin.organizationId, work);
const freshAccount = async (name: string) => accountOfStudent(t.db, (await createStudent(admin.client, { name })).id);
const paidOf = async (invoiceId: string) => (await t.db.select().from(invoice).where(eq(invoice.id, invoiceId)))[0]!.paidMinor;

/** A payment row only: these tests are about allocations, not the ledger. */
async function paymentOf(accountId: string, amountMinor: number, createdAt = NOW): Promise<string> {
  const id = randomUUID();
  await inWorkspace((tx) =>
    tx
      .insert(payment)
      .values({ organizationId: admin.organizationId, id, accountId, method: "cash", amountMinor, receivedOn: "2026-11-02", idempotencyKey: id, createdAt }),
  );
  return id;
}

async function creditNoteOf(accountId: string, totalMinor: number, createdAt = NOW): Promise<string> {
  const id = randomUUID();
  await inWorkspace((tx) =>
    tx.insert(creditNote).values({
      organizationId: admin.organizationId,
      id,
      accountId,
      number: `TEST-CN-${id.slice(0, 8)}`,
      reason: "Test",
      issuedOn: "2026-11-02",
      pricesIncludeTax: false,
      taxRule: "",
      taxBreakdown: [],
      subtotalMinor: totalMinor,
      taxMinor: 0,
      totalMinor,
      idempotencyKey: id,
      createdAt,
    }),
  );
  return id;
}

describe("allocate", () => {
  it("applies a payment to an issued invoice of its account, keeping paid_minor, and refuses beyond either side", async () => {
    const accountId = await freshAccount("Ann Allocate");
    const bill = await issuedInvoice(t.db, admin, accountId, 1000, NOW);
    const paymentId = await paymentOf(accountId, 700);
    await inWorkspace((tx) => allocate(tx, context(), { paymentId, invoiceId: bill.invoiceId, amountMinor: 400 }));
    expect(await paidOf(bill.invoiceId)).toBe(400);
    expect(await inWorkspace((tx) => unallocatedOf(tx, admin.organizationId, { paymentId }))).toBe(300);

    const refuse = (amountMinor: number) => inWorkspace((tx) => allocate(tx, context(), { paymentId, invoiceId: bill.invoiceId, amountMinor }));
    await expect(refuse(301)).rejects.toMatchObject({ status: 422, issues: [{ path: ["amountMinor"] }] });
    await expect(refuse(0)).rejects.toMatchObject({ status: 422 });
    const bigger = await paymentOf(accountId, 5000);
    await expect(inWorkspace((tx) => allocate(tx, context(), { paymentId: bigger, invoiceId: bill.invoiceId, amountMinor: 601 }))).rejects.toMatchObject({
      status: 422,
      issues: [{ path: ["amountMinor"] }],
    });
    expect(await paidOf(bill.invoiceId)).toBe(400);
  });

  it("refuses another family's invoice and a draft", async () => {
    const accountId = await freshAccount("Ben Boundaries");
    const theirs = await issuedInvoice(t.db, admin, await freshAccount("Cat Theirs"), 1000, NOW);
    const paymentId = await paymentOf(accountId, 500);
    await expect(inWorkspace((tx) => allocate(tx, context(), { paymentId, invoiceId: theirs.invoiceId, amountMinor: 100 }))).rejects.toMatchObject({
      status: 422,
      issues: [{ path: ["invoiceId"] }],
    });
    const [draft] = await inWorkspace((tx) => tx.insert(invoice).values({ organizationId: admin.organizationId, accountId }).returning());
    await expect(inWorkspace((tx) => allocate(tx, context(), { paymentId, invoiceId: draft!.id, amountMinor: 100 }))).rejects.toMatchObject({ status: 422 });
  });

  it("activates the invoice's waiting package purchases once it is paid in full", async () => {
    const accountId = await freshAccount("Dee Package");
    const bill = await issuedInvoice(t.db, admin, accountId, 1200, NOW);
    const purchaseId = await inWorkspace(async (tx) => {
      const [product] = await tx
        .insert(packageProduct)
        .values({ organizationId: admin.organizationId, name: "Ten hours", minutes: 600, priceMinor: 1200, validDays: 90, scope: "family" })
        .returning();
      const [purchase] = await tx
        .insert(packagePurchase)
        .values({
          organizationId: admin.organizationId,
          accountId,
          productId: product!.id,
          name: "Ten hours",
          minutes: 600,
          priceMinor: 1200,
          validDays: 90,
          invoiceId: bill.invoiceId,
        })
        .returning();
      return purchase!.id;
    });
    const paymentId = await paymentOf(accountId, 1200);
    await inWorkspace((tx) => allocate(tx, context(), { paymentId, invoiceId: bill.invoiceId, amountMinor: 1199 }));
    expect((await t.db.select().from(packagePurchase).where(eq(packagePurchase.id, purchaseId)))[0]!.status).toBe("awaiting_payment");
    await inWorkspace((tx) => allocate(tx, context(), { paymentId, invoiceId: bill.invoiceId, amountMinor: 1 }));
    expect((await t.db.select().from(packagePurchase).where(eq(packagePurchase.id, purchaseId)))[0]!.status).toBe("active");
    expect(await t.db.select().from(hourGrant).where(eq(hourGrant.purchaseId, purchaseId))).toHaveLength(1);
  });
});

describe("releasing payment allocations", () => {
  it("takes back the most recently allocated payment first, with negative rows, and never more than payments hold", async () => {
    const accountId = await freshAccount("Eve Release");
    const bill = await issuedInvoice(t.db, admin, accountId, 1000, NOW);
    const older = await paymentOf(accountId, 600);
    const newer = await paymentOf(accountId, 400);
    await inWorkspace((tx) => allocate(tx, context(), { paymentId: older, invoiceId: bill.invoiceId, amountMinor: 600 }));
    await inWorkspace((tx) => allocate(tx, context(new Date(NOW.getTime() + 1000)), { paymentId: newer, invoiceId: bill.invoiceId, amountMinor: 400 }));

    const released = await inWorkspace((tx) => releasePaymentAllocations(tx, context(new Date(NOW.getTime() + 2000)), bill.invoiceId, 500));
    expect(released.map((row) => [row.paymentId, row.amountMinor])).toEqual([
      [newer, -400],
      [older, -100],
    ]);
    expect(await paidOf(bill.invoiceId)).toBe(500);
    expect(await inWorkspace((tx) => accountCredit(tx, admin.organizationId, accountId))).toBe(500);
    await expect(inWorkspace((tx) => releasePaymentAllocations(tx, context(), bill.invoiceId, 501))).rejects.toMatchObject({ status: 422 });
  });
});

describe("account credit", () => {
  it("sums unallocated payments and credit notes, and applies them to an invoice oldest first", async () => {
    const accountId = await freshAccount("Fay Credit");
    const oldest = await creditNoteOf(accountId, 300, new Date("2026-10-01T00:00:00Z"));
    const middle = await paymentOf(accountId, 500, new Date("2026-10-02T00:00:00Z"));
    const newest = await paymentOf(accountId, 900, new Date("2026-10-03T00:00:00Z"));
    expect(await inWorkspace((tx) => accountCredit(tx, admin.organizationId, accountId))).toBe(1700);
    expect(await inWorkspace((tx) => unallocatedOf(tx, admin.organizationId, { creditNoteId: oldest }))).toBe(300);

    // Issuing applies the credit itself; this invoice is inserted issued, so the test applies it.
    const invoiceId = randomUUID();
    await inWorkspace((tx) =>
      tx.insert(invoice).values({
        organizationId: admin.organizationId,
        id: invoiceId,
        accountId,
        status: "issued",
        number: `TEST-${invoiceId.slice(0, 8)}`,
        issuedOn: "2026-11-02",
        dueOn: "2026-11-16",
        issuedAt: NOW,
        subtotalMinor: 1000,
        totalMinor: 1000,
      }),
    );
    const made = await inWorkspace((tx) => applyAccountCredit(tx, context(), invoiceId));
    expect(made.map((row) => [row.creditNoteId ?? row.paymentId, row.amountMinor])).toEqual([
      [oldest, 300],
      [middle, 500],
      [newest, 200],
    ]);
    expect(await paidOf(invoiceId)).toBe(1000);
    expect(await inWorkspace((tx) => accountCredit(tx, admin.organizationId, accountId))).toBe(700);
    expect(await inWorkspace((tx) => applyAccountCredit(tx, context(), invoiceId))).toEqual([]);
    expect(await t.db.select().from(allocation).where(eq(allocation.invoiceId, invoiceId))).toHaveLength(3);
  });
});
