import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries, countRows } from "../../../../tests/db.ts";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createPackage, sellPackage, setBillingSettings } from "../../../../tests/package-factories.ts";
import { accountOfStudent } from "../../../../tests/payment-factories.ts";
import { createSession } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { PackageProduct, PackageProductList, PackagePurchase } from "../../../shared/schemas/billing-packages.ts";
import { fixedClock } from "../../core/clock.ts";
import { hourGrant, hourMovement, invoice, ledgerEntry, packagePurchase } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { activatePurchasesOfInvoice } from "./hours.ts";

const clock = fixedClock(new Date("2026-11-02T09:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tina: MemberFixture;
let parent: MemberFixture;
let pupil: MemberFixture;
let maya: string;
let noah: string;
let mayaAccount: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ admin, otherAdmin, tina, parent, pupil, maya, noah } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
  mayaAccount = await accountOfStudent(t.db, maya);
}, 90_000);
afterAll(() => t?.close());

const DAY = 86_400_000;

describe("the package catalogue", () => {
  it("adds, lists, changes, archives and puts back a package, each audited, prices with the workspace's currency", async () => {
    const created = await createPackage(admin.client, { name: "Five hours", minutes: 300, priceMinor: 25_000, validDays: 90, scope: "family" });
    expect(created).toMatchObject({ name: "Five hours", minutes: 300, priceMinor: 25_000, currency: "USD", validDays: 90, scope: "family", archived: false });

    const changed = await admin.client.patch<PackageProduct>(`/api/admin/billing/packages/${created.id}`, { priceMinor: 27_500, name: "Five hours plus" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: "Five hours plus", priceMinor: 27_500 });

    const archived = await admin.client.patch<PackageProduct>(`/api/admin/billing/packages/${created.id}`, { archived: true });
    expect(archived.body.archived).toBe(true);
    const other = await createPackage(admin.client, { name: "Another" });
    const list = await admin.client.get<PackageProductList>("/api/admin/billing/packages");
    expect(list.status).toBe(200);
    expect(list.body.currency).toBe("USD");
    const ids = list.body.items.map((item) => item.id);
    // On sale first, archived last.
    expect(ids.indexOf(other.id)).toBeLessThan(ids.indexOf(created.id));

    const back = await admin.client.patch<PackageProduct>(`/api/admin/billing/packages/${created.id}`, { archived: false });
    expect(back.body.archived).toBe(false);

    const audits = await auditEntries(t.db, { organizationId: admin.organizationId });
    const forProduct = audits.filter((entry) => (entry.metadata as { productId?: string } | null)?.productId === created.id);
    expect(forProduct.map((entry) => entry.action).sort()).toEqual(["PACKAGE_CREATED", "PACKAGE_UPDATED", "PACKAGE_UPDATED", "PACKAGE_UPDATED"]);
    expect(forProduct.map((entry) => entry.description)).toContain("Ada Admin changed the package Five hours plus: archived");
  });

  it("refuses a negative price, too few minutes, an amount past the limit and bad valid days, naming each field, and writes nothing", async () => {
    const before = await countRows(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ priceMinor: -1 }, "priceMinor", "Price must not be negative."],
      [{ priceMinor: 10_000_000_001 }, "priceMinor", "Price must be at most 100,000,000.00."],
      [{ priceMinor: 12.5 }, "priceMinor", "Price must be a whole number of minor units (cents, pence)."],
      [{ minutes: 0 }, "minutes", "Minutes must be at least 15."],
      [{ minutes: 60_001 }, "minutes", "Minutes must be at most 60000 (1000 hours)."],
      [{ validDays: 0 }, "validDays", "Valid days must be at least 1."],
      [{ validDays: 3651 }, "validDays", "Valid days must be at most 3650 (10 years)."],
      [{ scope: "school" }, "scope", "Scope must be student or family."],
      [{ name: "" }, "name", "Name is required."],
    ];
    for (const [change, field, message] of cases) {
      const res = await admin.client.post("/api/admin/billing/packages", {
        name: "Bad",
        minutes: 60,
        priceMinor: 100,
        validDays: 30,
        scope: "student",
        ...change,
      });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.error.issues).toContainEqual(expect.objectContaining({ path: [field], message }));
    }
    const product = await createPackage(admin.client);
    const badPatch = await admin.client.patch(`/api/admin/billing/packages/${product.id}`, { priceMinor: -5 });
    expect(badPatch.status).toBe(422);
    expect(badPatch.body.error.issues[0]).toMatchObject({ path: ["priceMinor"], message: "Price must not be negative." });
    const empty = await admin.client.patch(`/api/admin/billing/packages/${product.id}`, {});
    expect(empty.status).toBe(422);
    const unknownTax = await admin.client.patch(`/api/admin/billing/packages/${product.id}`, { taxRateId: "00000000-0000-4000-8000-000000000000" });
    expect(unknownTax.status).toBe(422);
    expect(unknownTax.body.error.issues[0]).toMatchObject({ path: ["taxRateId"], message: "No such tax rate in this workspace." });
    const after = await countRows(t.db);
    expect({ ...after, packageProduct: after.packageProduct - 1, auditLog: after.auditLog - 1 }).toEqual(before);
  });

  it("answers 404 for a package that is not the workspace's, and refuses tutors, parents, students and another workspace's admin", async () => {
    const product = await createPackage(admin.client);
    expect((await admin.client.patch("/api/admin/billing/packages/not-an-id", { name: "X" })).status).toBe(404);
    expect((await otherAdmin.client.patch(`/api/admin/billing/packages/${product.id}`, { name: "Stolen" })).status).toBe(404);
    const theirs = await otherAdmin.client.get<PackageProductList>("/api/admin/billing/packages");
    expect(theirs.body.items.map((item) => item.id)).not.toContain(product.id);
    for (const member of [tina, parent, pupil]) {
      expect((await member.client.get("/api/admin/billing/packages")).status).toBe(403);
      expect((await member.client.post("/api/admin/billing/packages", { name: "X", minutes: 60, priceMinor: 1, validDays: 1, scope: "student" })).status).toBe(
        403,
      );
      expect(
        (await member.client.post(`/api/admin/billing/accounts/${mayaAccount}/purchases`, { productId: product.id, idempotencyKey: "abcdefgh" })).status,
      ).toBe(403);
    }
    expect(
      (await otherAdmin.client.post(`/api/admin/billing/accounts/${mayaAccount}/purchases`, { productId: product.id, idempotencyKey: "abcdefgh" })).status,
    ).toBe(404);
  });
});

describe("selling a package", () => {
  it("writes the purchase (a snapshot of the product), its charge in the ledger and an issued invoice; the hours wait for payment", async () => {
    const product = await createPackage(admin.client, { name: "Maths ten", minutes: 600, priceMinor: 45_000, validDays: 120 });
    const purchase = await sellPackage(admin.client, mayaAccount, { productId: product.id, studentId: maya });
    expect(purchase).toMatchObject({
      accountId: mayaAccount,
      productId: product.id,
      studentId: maya,
      studentName: "Maya Lopez",
      name: "Maths ten",
      minutes: 600,
      priceMinor: 45_000,
      currency: "USD",
      validDays: 120,
      status: "awaiting_payment",
      activatedAt: null,
    });
    expect(purchase.invoiceNumber).toMatch(/^INV-2026-\d{4}$/);

    const [charge] = await t.db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.causeKey, `purchase:${purchase.id}`));
    expect(charge).toMatchObject({ kind: "package_sale", amountMinor: 45_000, accountId: mayaAccount, purchaseId: purchase.id, studentId: maya });
    const [issued] = await t.db.select().from(invoice).where(eq(invoice.id, purchase.invoiceId!));
    expect(issued).toMatchObject({ status: "issued", accountId: mayaAccount, totalMinor: 45_000, paidMinor: 0 });
    expect(await t.db.select().from(hourGrant).where(eq(hourGrant.purchaseId, purchase.id))).toEqual([]);
    const [audit] = (await auditEntries(t.db, { action: "PACKAGE_SOLD", organizationId: admin.organizationId })).filter(
      (entry) => (entry.metadata as { purchaseId: string }).purchaseId === purchase.id,
    );
    expect(audit!.description).toBe("Ada Admin sold the package Maths ten (10 h) to Maya Lopez");

    const listed = await admin.client.get<{ items: PackagePurchase[] }>(`/api/admin/billing/accounts/${mayaAccount}/purchases`);
    expect(listed.status).toBe(200);
    expect(listed.body.items[0]).toEqual(purchase);
    expect((await otherAdmin.client.get(`/api/admin/billing/accounts/${mayaAccount}/purchases`)).status).toBe(404);
    expect((await parent.client.get(`/api/admin/billing/accounts/${mayaAccount}/purchases`)).status).toBe(403);

    // The catalogue changes; what was bought does not.
    await admin.client.patch(`/api/admin/billing/packages/${product.id}`, { priceMinor: 50_000, minutes: 900, name: "Maths fifteen" });
    const [kept] = await t.db.select().from(packagePurchase).where(eq(packagePurchase.id, purchase.id));
    expect(kept).toMatchObject({ name: "Maths ten", minutes: 600, priceMinor: 45_000, validDays: 120 });
  });

  it("sells once per idempotency key: the same request again returns the first sale; another sale with the key is refused", async () => {
    const product = await createPackage(admin.client, { name: "Once", priceMinor: 1_000 });
    const body = { productId: product.id, studentId: maya, idempotencyKey: "form-open-0001" };
    const first = await admin.client.post<PackagePurchase>(`/api/admin/billing/accounts/${mayaAccount}/purchases`, body);
    const again = await admin.client.post<PackagePurchase>(`/api/admin/billing/accounts/${mayaAccount}/purchases`, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await t.db.select().from(ledgerEntry).where(eq(ledgerEntry.purchaseId, first.body.id))).toHaveLength(1);
    const other = await createPackage(admin.client, { name: "Other" });
    const reused = await admin.client.post(`/api/admin/billing/accounts/${mayaAccount}/purchases`, { ...body, productId: other.id });
    expect(reused.status).toBe(409);
    expect(reused.body.error.issues[0]).toMatchObject({ path: ["idempotencyKey"] });
  });

  it("refuses a student of another account, a student package without a student, a family package for one student and an archived package, naming the field", async () => {
    const studentPackage = await createPackage(admin.client, { name: "Student's" });
    const familyPackage = await createPackage(admin.client, { name: "Family's", scope: "family" });
    const archived = await createPackage(admin.client, { name: "Old" });
    await admin.client.patch(`/api/admin/billing/packages/${archived.id}`, { archived: true });
    const before = await countRows(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ productId: studentPackage.id, studentId: noah }, "studentId", "This student is not one of this account's students."],
      [{ productId: studentPackage.id }, "studentId", "Choose the student this package's hours are for."],
      [
        { productId: familyPackage.id, studentId: maya },
        "studentId",
        "This is a family package: its hours are for every student of the account; choose no student.",
      ],
      [{ productId: archived.id, studentId: maya }, "productId", "The package Old is archived and no longer sold."],
      [{ productId: "00000000-0000-4000-8000-000000000000", studentId: maya }, "productId", "No such package in the catalogue."],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.client.post(`/api/admin/billing/accounts/${mayaAccount}/purchases`, {
        idempotencyKey: `refused-${field}-${message.length}`,
        ...body,
      });
      expect(res.status, message).toBe(422);
      expect(res.body.error.issues[0]).toEqual({ path: [field], message });
    }
    expect(
      (await admin.client.post("/api/admin/billing/accounts/not-an-id/purchases", { productId: studentPackage.id, idempotencyKey: "abcdefgh" })).status,
    ).toBe(404);
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe("activating a purchase", () => {
  it("where credit is allowed, the invoice's issue activates the purchase: a grant from now for its valid days; again changes nothing", async () => {
    await setBillingSettings(admin.client, { allowCredit: true });
    const product = await createPackage(admin.client, { name: "Family forty", minutes: 2400, priceMinor: 160_000, validDays: 30, scope: "family" });
    const purchase = await sellPackage(admin.client, mayaAccount, { productId: product.id });
    expect(purchase).toMatchObject({ status: "active", studentId: null, activatedAt: clock.now().toISOString() });
    const grants = await t.db.select().from(hourGrant).where(eq(hourGrant.purchaseId, purchase.id));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ accountId: mayaAccount, studentId: null, minutes: 2400 });
    expect(grants[0]!.startsAt.toISOString()).toBe(clock.now().toISOString());
    expect(grants[0]!.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * DAY);

    const again = await withWorkspace(t.deps.db, admin.organizationId, (tx) =>
      activatePurchasesOfInvoice(
        tx,
        { organizationId: admin.organizationId, actorUserId: admin.user.id, now: new Date(clock.now().getTime() + DAY) },
        purchase.invoiceId!,
      ),
    );
    expect(again).toEqual([]);
    expect(
      await t.db
        .select()
        .from(hourGrant)
        .where(and(eq(hourGrant.purchaseId, purchase.id))),
    ).toHaveLength(1);
    await setBillingSettings(admin.client, { allowCredit: false });
  });

  it("a free package has nothing to invoice: its hours count at once", async () => {
    const product = await createPackage(admin.client, { name: "Trial hour", minutes: 60, priceMinor: 0 });
    const purchase = await sellPackage(admin.client, mayaAccount, { productId: product.id, studentId: maya });
    expect(purchase).toMatchObject({ status: "active", invoiceId: null, priceMinor: 0 });
    expect(await t.db.select().from(hourGrant).where(eq(hourGrant.purchaseId, purchase.id))).toHaveLength(1);
    expect(await t.db.select().from(ledgerEntry).where(eq(ledgerEntry.purchaseId, purchase.id))).toEqual([]);
  });
});

describe("voiding the invoice that sold a package", () => {
  const voidOf = (invoiceId: string) => admin.client.post(`/api/admin/billing/invoices/${invoiceId}/void`, { reason: "Sold by mistake" });
  const purchaseRow = async (id: string) => (await t.db.select().from(packagePurchase).where(eq(packagePurchase.id, id)))[0]!;
  const saleEntries = (purchaseId: string) => t.db.select().from(ledgerEntry).where(eq(ledgerEntry.purchaseId, purchaseId));

  it("cancels a purchase waiting for payment: its sale is reversed, so no later invoice bills it", async () => {
    const product = await createPackage(admin.client, { name: "Unwanted five", minutes: 300, priceMinor: 20_000 });
    const purchase = await sellPackage(admin.client, mayaAccount, { productId: product.id, studentId: maya });
    expect((await voidOf(purchase.invoiceId!)).status).toBe(200);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "cancelled", cancelledAt: clock.now() });
    expect((await saleEntries(purchase.id)).map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ["package_sale", 20_000],
      ["reversal", -20_000],
    ]);
    const uninvoiced = await admin.client.get<{ accounts: { charges: { entryId: string }[] }[] }>(`/api/admin/billing/uninvoiced?accountId=${mayaAccount}`);
    const saleId = (await saleEntries(purchase.id)).find((entry) => entry.kind === "package_sale")!.id;
    expect(uninvoiced.body.accounts.flatMap((account) => account.charges.map((charge) => charge.entryId))).not.toContain(saleId);
    const [audit] = (await auditEntries(t.db, { action: "INVOICE_VOIDED", organizationId: admin.organizationId })).slice(-1);
    expect(audit!.metadata).toMatchObject({ cancelledPackages: ["Unwanted five"] });
  });

  it("cancels an active purchase whose hours no session used: what its grant holds is booked out as a cancellation", async () => {
    await setBillingSettings(admin.client, { allowCredit: true });
    const product = await createPackage(admin.client, { name: "Active unused", minutes: 120, priceMinor: 9_000 });
    const purchase = await sellPackage(admin.client, mayaAccount, { productId: product.id, studentId: maya });
    expect(purchase.status).toBe("active");
    expect((await voidOf(purchase.invoiceId!)).status).toBe(200);
    const [grant] = await t.db.select().from(hourGrant).where(eq(hourGrant.purchaseId, purchase.id));
    const moves = await t.db.select().from(hourMovement).where(eq(hourMovement.grantId, grant!.id));
    expect(moves.map((move) => [move.kind, move.minutes])).toEqual([["cancellation", -120]]);
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "cancelled", activatedAt: clock.now() });
    await setBillingSettings(admin.client, { allowCredit: false });
  });

  it("refuses (409) once a session used its hours, and changes nothing: a credit note is the correction", async () => {
    await setBillingSettings(admin.client, { allowCredit: true });
    // Valid one day: the soonest-expiring of her grants, so the session draws on it.
    const product = await createPackage(admin.client, { name: "Used two", minutes: 120, priceMinor: 9_000, validDays: 1 });
    const purchase = await sellPackage(admin.client, mayaAccount, { productId: product.id, studentId: maya });
    const start = new Date(clock.now().getTime() + 3_600_000);
    const local = (date: Date) => date.toISOString().slice(0, 16);
    const batch = await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [maya],
      startsAt: local(start),
      endsAt: local(new Date(start.getTime() + 3_600_000)),
      timeZone: "UTC",
    });
    clock.set(new Date(start.getTime() + 2 * 3_600_000));
    const filed = await tina.client.put(`/api/tutor/sessions/${batch.items[0]!.id}/report`, {
      topics: "Algebra",
      students: [{ studentId: maya, attendance: "present", previousHomework: "none_set", understanding: 4, engagement: 4 }],
    });
    expect(filed.status, filed.text).toBe(200);
    const refused = await voidOf(purchase.invoiceId!);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain("Used two");
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "active", cancelledAt: null });
    expect(await saleEntries(purchase.id)).toHaveLength(1);
    const [still] = await t.db.select().from(invoice).where(eq(invoice.id, purchase.invoiceId!));
    expect(still!.status).toBe("issued");
    await setBillingSettings(admin.client, { allowCredit: false });
  });
});

describe("the workspace currency", () => {
  it("stays once a package has a price, and once the ledger holds amounts, saying why", async () => {
    await createPackage(otherAdmin.client, { name: "Theirs" });
    const refused = await otherAdmin.client.patch("/api/admin/workspace", { currency: "EUR" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "The currency stays USD: 1 package has a price in USD, and amounts are never converted. Packages are never removed from the catalogue, so the currency can no longer change.",
    );
    const withLedger = await admin.client.patch("/api/admin/workspace", { currency: "EUR" });
    expect(withLedger.status).toBe(409);
    expect(withLedger.body.error.message).toMatch(/^The currency stays USD: the billing ledger holds amounts in USD/);
    expect(withLedger.body.error.issues[0].path).toEqual(["currency"]);
  });
});
