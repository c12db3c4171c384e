import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { addCharge, createFamily, createTaxRate, draftFees, issue, setBillingSettings } from "../../../../tests/invoice-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { ledgerEntry } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { accountBalance } from "./ledger.ts";
import { verifyLedger } from "./verify-ledger.ts";

const clock = fixedClock(new Date("2026-11-10T10:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let payer: MemberFixture;
let otherParent: MemberFixture;
let vat: string;
let family: { studentId: string; accountId: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t, { fullName: "Ivy Invoicer", workspaceName: "Invoice Tutoring" });
  payer = await createMember(t, { admin, role: "parent", fullName: "Paula Payer" });
  otherParent = await createMember(t, { admin, role: "parent", fullName: "Olga Other" });
  family = await createFamily(t, admin, "Nina North", payer.memberId);
  vat = await createTaxRate(admin.client, "VAT", 2000);
  await setBillingSettings(admin.client, { defaultTaxRateId: vat, paymentTermsDays: 14 });
}, 120_000);
afterAll(() => t?.close());

const balanceOf = (accountId: string) => withWorkspace(t.deps.db, admin.organizationId, (tx) => accountBalance(tx, admin.organizationId, accountId));

describe("drafting and issuing from uninvoiced work", () => {
  it("lists a family's uninvoiced charges, drafts them for a period, and issues with the next number, dates, tax and a ledger tax entry", async () => {
    const first = await addCharge(t, admin, family.accountId, 4000, { at: new Date("2026-11-03T10:00:00Z"), studentId: family.studentId, minutes: 60 });
    const second = await addCharge(t, admin, family.accountId, 2000, { at: new Date("2026-11-05T10:00:00Z"), studentId: family.studentId, minutes: 30 });
    await addCharge(t, admin, family.accountId, 999, { at: new Date("2026-10-20T10:00:00Z") });

    const uninvoiced = await admin.client.get(`/api/admin/billing/uninvoiced?accountId=${family.accountId}&from=2026-11-01&to=2026-11-30`);
    expect(uninvoiced.status).toBe(200);
    expect(uninvoiced.body.accounts).toHaveLength(1);
    expect(uninvoiced.body.accounts[0]).toMatchObject({ accountId: family.accountId, totalMinor: 6000 });
    expect(uninvoiced.body.accounts[0].charges.map((charge: { entryId: string }) => charge.entryId)).toEqual([first, second]);
    expect(uninvoiced.body.accounts[0].charges[0]).toMatchObject({ serviceDate: "2026-11-03", studentName: "Nina North", minutes: 60, amountMinor: 4000 });

    const draft = await admin.client.post("/api/admin/billing/invoices", { accountId: family.accountId, periodFrom: "2026-11-01", periodTo: "2026-11-30" });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ state: "draft", number: null, subtotalMinor: 6000 });
    expect(draft.body.lines.map((line: { chargeEntryId: string; taxRateBps: number }) => [line.chargeEntryId, line.taxRateBps])).toEqual([
      [first, 2000],
      [second, 2000],
    ]);
    // Each line names its student: the reader needs no other look-up.
    expect(draft.body.lines.map((line: { studentName: string | null }) => line.studentName)).toEqual(["Nina North", "Nina North"]);
    // A drafted charge is no longer uninvoiced.
    const after = await admin.client.get(`/api/admin/billing/uninvoiced?accountId=${family.accountId}&from=2026-11-01&to=2026-11-30`);
    expect(after.body.accounts).toEqual([]);

    const issued = await issue(admin.client, draft.body.id);
    expect(issued).toMatchObject({
      state: "issued",
      number: "INV-2026-0001",
      issuedOn: "2026-11-10",
      dueOn: "2026-11-24",
      subtotalMinor: 6000,
      taxMinor: 1200,
      totalMinor: 7200,
      outstandingMinor: 7200,
      taxBands: [{ name: "VAT", rateBps: 2000, amountMinor: 6000, taxMinor: 1200 }],
    });
    expect(issued.taxRule).toMatch(/Prices exclude tax \(VAT 20 %\)/);
    const taxEntries = await t.db
      .select()
      .from(ledgerEntry)
      .where(and(eq(ledgerEntry.organizationId, admin.organizationId), eq(ledgerEntry.causeKey, `invoice-tax:${draft.body.id}`)));
    expect(taxEntries.map((entry) => [entry.kind, entry.amountMinor])).toEqual([["tax", 1200]]);
    expect(await balanceOf(family.accountId)).toBe(999 + 6000 + 1200);
  });

  it("refuses a second draft or issue of the same invoice: 409", async () => {
    const list = await admin.client.get("/api/admin/billing/invoices?state=issued");
    const id = list.body.items[0].id as string;
    expect((await admin.client.post(`/api/admin/billing/invoices/${id}/issue`)).status).toBe(409);
  });
});

describe("tax arithmetic", () => {
  it("exclusive: three lines of 0.33 at 20 % pay tax once on the rate's total (0.99 → 0.20), not per line (3 × 0.07)", async () => {
    const id = await draftFees(admin.client, family.accountId, [
      { description: "Worksheet A", amountMinor: 33, taxRateId: vat },
      { description: "Worksheet B", amountMinor: 33, taxRateId: vat },
      { description: "Worksheet C", amountMinor: 33, taxRateId: vat },
    ]);
    const issued = await issue(admin.client, id);
    expect(issued).toMatchObject({ subtotalMinor: 99, taxMinor: 20, totalMinor: 119 });
    // The fee lines entered the ledger at issue, each once, and point at their entries.
    for (const line of issued.lines) expect(line.chargeEntryId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("inclusive: the tax is contained in the total, rounded half-up (0.99 gross at 20 % holds 0.165 → 0.17)", async () => {
    await setBillingSettings(admin.client, { pricesIncludeTax: true });
    try {
      const id = await draftFees(admin.client, family.accountId, [
        { description: "Notes A", amountMinor: 33 },
        { description: "Notes B", amountMinor: 33 },
        { description: "Notes C", amountMinor: 33 },
      ]);
      const issued = await issue(admin.client, id);
      expect(issued).toMatchObject({ pricesIncludeTax: true, subtotalMinor: 99, taxMinor: 17, totalMinor: 99 });
      expect(issued.taxRule).toMatch(/Prices include tax/);
      // No tax entry: the lines' amounts already hold it.
      const taxEntries = await t.db
        .select()
        .from(ledgerEntry)
        .where(eq(ledgerEntry.causeKey, `invoice-tax:${issued.id}`));
      expect(taxEntries).toEqual([]);
    } finally {
      await setBillingSettings(admin.client, { pricesIncludeTax: false });
    }
  });

  it("a currency without decimals (JPY): 1,005 yen at 10 % is 100.5 → 101 yen of tax", async () => {
    const yenAdmin = await createAdmin(t, { fullName: "Yuki Yen", workspaceName: "Yen Tutoring" });
    expect((await yenAdmin.client.patch("/api/admin/workspace", { currency: "JPY" })).status).toBe(200);
    const yenFamily = await createFamily(t, yenAdmin, "Kenji Kato");
    const rate = await createTaxRate(yenAdmin.client, "Consumption tax", 1000);
    const id = await draftFees(yenAdmin.client, yenFamily.accountId, [{ description: "Lesson pack", amountMinor: 1005, taxRateId: rate }]);
    const issued = await issue(yenAdmin.client, id);
    expect(issued).toMatchObject({ currency: "JPY", subtotalMinor: 1005, taxMinor: 101, totalMinor: 1106, number: "INV-2026-0001" });
  });
});

describe("an issued invoice is frozen", () => {
  it("PATCH and DELETE answer 409, and the database refuses an UPDATE of its total even past the application", async () => {
    const id = await draftFees(admin.client, family.accountId, [{ description: "Registration", amountMinor: 5000 }]);
    const issued = await issue(admin.client, id);
    const patch = await admin.client.patch(`/api/admin/billing/invoices/${id}`, { notes: "changed" });
    expect(patch.status).toBe(409);
    expect(patch.body.error.message).toMatch(/credit note/);
    expect((await admin.client.delete(`/api/admin/billing/invoices/${id}`)).status).toBe(409);
    await expect(t.db.execute(sql`update invoice set total_minor = 1, subtotal_minor = 1 where id = ${id}`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/cannot change: correct it with a credit note/) },
    });
    expect((await admin.client.get(`/api/admin/billing/invoices/${id}`)).body.totalMinor).toBe(issued.totalMinor);
  });

  it("a draft changes: a fee line added, a session line removed (its charge uninvoiced again), notes; then deleted", async () => {
    const charge = await addCharge(t, admin, family.accountId, 1500, { at: new Date("2026-11-06T10:00:00Z") });
    const draft = await admin.client.post("/api/admin/billing/invoices", { accountId: family.accountId, periodFrom: "2026-11-06", periodTo: "2026-11-06" });
    expect(draft.status).toBe(201);
    const sessionLine = draft.body.lines.find((line: { chargeEntryId: string }) => line.chargeEntryId === charge);
    const changed = await admin.client.patch(`/api/admin/billing/invoices/${draft.body.id}`, {
      notes: "Thanks!",
      addLines: [{ description: "Book", amountMinor: 1200 }],
      removeLineIds: [sessionLine.id],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.notes).toBe("Thanks!");
    expect(changed.body.lines.map((line: { kind: string; description: string }) => [line.kind, line.description])).toEqual([["fee", "Book"]]);
    const uninvoiced = await admin.client.get(`/api/admin/billing/uninvoiced?accountId=${family.accountId}&from=2026-11-06&to=2026-11-06`);
    expect(uninvoiced.body.accounts[0].charges.map((item: { entryId: string }) => item.entryId)).toEqual([charge]);
    expect((await admin.client.delete(`/api/admin/billing/invoices/${draft.body.id}`)).status).toBe(204);
    expect((await admin.client.get(`/api/admin/billing/invoices/${draft.body.id}`)).status).toBe(404);
  });

  it("an empty draft cannot be issued: 422", async () => {
    const id = await draftFees(admin.client, family.accountId, [{ description: "Temporary", amountMinor: 100 }]);
    const detail = await admin.client.get(`/api/admin/billing/invoices/${id}`);
    await admin.client.patch(`/api/admin/billing/invoices/${id}`, { removeLineIds: [detail.body.lines[0].id] });
    const response = await admin.client.post(`/api/admin/billing/invoices/${id}/issue`);
    expect(response.status).toBe(422);
    expect(response.body.error.message).toMatch(/without lines cannot be issued/);
    await admin.client.delete(`/api/admin/billing/invoices/${id}`);
  });
});

describe("voiding", () => {
  it("keeps the number, returns the charges to uninvoiced work, reverses its fee and tax entries; a second void is 409", async () => {
    const voidFamily = await createFamily(t, admin, "Victor Void");
    const charge = await addCharge(t, admin, voidFamily.accountId, 3000, { at: new Date("2026-11-04T09:00:00Z") });
    const draft = await admin.client.post("/api/admin/billing/invoices", { accountId: voidFamily.accountId, periodFrom: "2026-11-01", periodTo: "2026-11-10" });
    await admin.client.patch(`/api/admin/billing/invoices/${draft.body.id}`, { addLines: [{ description: "Materials", amountMinor: 500 }] });
    const issued = await issue(admin.client, draft.body.id);
    expect(issued.totalMinor).toBe(4200);
    expect(await balanceOf(voidFamily.accountId)).toBe(4200);

    const voided = await admin.client.post(`/api/admin/billing/invoices/${issued.id}/void`, { reason: "Wrong family" });
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ state: "void", number: issued.number, voidReason: "Wrong family", outstandingMinor: 0 });
    expect(voided.body.lines.every((line: { live: boolean }) => !line.live)).toBe(true);
    expect(await balanceOf(voidFamily.accountId)).toBe(3000);
    const uninvoiced = await admin.client.get(`/api/admin/billing/uninvoiced?accountId=${voidFamily.accountId}`);
    expect(uninvoiced.body.accounts[0].charges.map((item: { entryId: string }) => item.entryId)).toEqual([charge]);
    expect((await admin.client.post(`/api/admin/billing/invoices/${issued.id}/void`, { reason: "Again" })).status).toBe(409);

    // The charge can be invoiced again, with the next number.
    const again = await admin.client.post("/api/admin/billing/invoices", { accountId: voidFamily.accountId, periodFrom: "2026-11-01", periodTo: "2026-11-10" });
    expect(again.status).toBe(201);
    const reissued = await issue(admin.client, again.body.id);
    expect(reissued.number).not.toBe(issued.number);
    const check = await withWorkspace(t.deps.db, admin.organizationId, (tx) => verifyLedger(tx, admin.organizationId));
    expect(check.ok).toBe(true);
  });
});

describe("refusals", () => {
  it("negative, zero and overflowing amounts are 422 naming the field", async () => {
    for (const [amountMinor, message] of [
      [-100, /must not be negative/],
      [0, /must be more than zero/],
      [10_000_000_001, /must be at most/],
      [1.5, /whole number/],
    ] as const) {
      const response = await admin.client.post("/api/admin/billing/invoices", { accountId: family.accountId, lines: [{ description: "Bad", amountMinor }] });
      expect(response.status, String(amountMinor)).toBe(422);
      expect(JSON.stringify(response.body.error.issues)).toMatch(message);
      expect(response.body.error.issues[0].path).toEqual(["lines", 0, "amountMinor"]);
    }
  });

  it("another workspace's account is 404; a period ending over a year ahead, or reversed, is 422", async () => {
    const stranger = await createAdmin(t, { workspaceName: "Stranger Tutoring" });
    const strangerFamily = await createFamily(t, stranger, "Sam Stranger");
    const foreign = await admin.client.post("/api/admin/billing/invoices", {
      accountId: strangerFamily.accountId,
      lines: [{ description: "X", amountMinor: 100 }],
    });
    expect(foreign.status).toBe(404);
    const far = await admin.client.post("/api/admin/billing/invoices", { accountId: family.accountId, periodFrom: "2026-11-01", periodTo: "2028-01-01" });
    expect(far.status).toBe(422);
    expect(far.body.error.issues[0]).toMatchObject({ path: ["periodTo"], message: expect.stringMatching(/a year from today/) });
    const reversed = await admin.client.post("/api/admin/billing/invoices", { accountId: family.accountId, periodFrom: "2026-11-10", periodTo: "2026-11-01" });
    expect(reversed.status).toBe(422);
    expect(reversed.body.error.issues[0].path).toEqual(["periodTo"]);
    const nothing = await admin.client.post("/api/admin/billing/invoices", { accountId: family.accountId, periodFrom: "2025-01-01", periodTo: "2025-01-31" });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error.message).toMatch(/no uninvoiced work/);
  });
});

describe("reads and visibility", () => {
  it("lists overdue first, filters by state and family", async () => {
    clock.set(new Date("2026-12-20T10:00:00.000Z"));
    try {
      const list = await admin.client.get(`/api/admin/billing/invoices?accountId=${family.accountId}`);
      expect(list.status).toBe(200);
      const flags = list.body.items.map((item: { overdue: boolean }) => item.overdue);
      expect(flags[0]).toBe(true);
      expect(flags).toEqual([...flags].sort((x: boolean, y: boolean) => Number(y) - Number(x)));
      expect(list.body.items.find((item: { number: string }) => item.number === "INV-2026-0001").overdue).toBe(true);
      const overdue = await admin.client.get("/api/admin/billing/invoices?state=overdue");
      expect(overdue.body.items.every((item: { overdue: boolean }) => item.overdue)).toBe(true);
      const voids = await admin.client.get("/api/admin/billing/invoices?state=void");
      expect(voids.body.items.map((item: { state: string }) => item.state)).toEqual(["void"]);
    } finally {
      clock.set(new Date("2026-11-10T10:00:00.000Z"));
    }
  });

  it("a payer sees the family's issued invoice, never a draft; another parent gets 404", async () => {
    const list = await admin.client.get(`/api/admin/billing/invoices?accountId=${family.accountId}&state=issued`);
    const issuedId = list.body.items[0].id as string;
    const draftId = await draftFees(admin.client, family.accountId, [{ description: "Draft only", amountMinor: 100 }]);
    expect((await payer.client.get(`/api/parent/billing/invoices/${issuedId}`)).status).toBe(200);
    expect((await payer.client.get(`/api/parent/billing/invoices/${draftId}`)).status).toBe(404);
    expect((await otherParent.client.get(`/api/parent/billing/invoices/${issuedId}`)).status).toBe(404);
    expect((await otherParent.client.get(`/api/parent/billing/invoices/not-an-id`)).status).toBe(404);
    await admin.client.delete(`/api/admin/billing/invoices/${draftId}`);
  });
});

describe("open invoices and the credited state", () => {
  let keyCounter = 0;
  const key = () => `test-invoices-${++keyCounter}-${Date.now()}`;
  const feeInvoice = async (accountId: string, amountMinor: number) =>
    issue(admin.client, await draftFees(admin.client, accountId, [{ description: "Term fee", amountMinor }]));
  const pay = (accountId: string, invoiceId: string, amountMinor: number) =>
    admin.client.post("/api/admin/billing/payments", {
      accountId,
      method: "cash",
      amountMinor,
      receivedOn: "2026-11-10",
      allocations: [{ invoiceId, amountMinor }],
      idempotencyKey: key(),
    });
  const credit = (accountId: string, invoiceId: string, amountMinor: number) =>
    admin.client.post("/api/admin/billing/credit-notes", {
      accountId,
      invoiceId,
      reason: "Goodwill",
      lines: [{ description: "Goodwill", amountMinor }],
      idempotencyKey: key(),
    });
  const numbersOf = (body: { items: { number: string | null }[] }) => body.items.map((item) => item.number).sort();

  it("state=open lists every issued invoice not fully paid (not drafts, paid or void ones), up to 100 a page", async () => {
    const { accountId } = await createFamily(t, admin, "Oona Open");
    const unpaid = await feeInvoice(accountId, 1000);
    const partly = await feeInvoice(accountId, 1000);
    const paid = await feeInvoice(accountId, 1000);
    const voided = await feeInvoice(accountId, 1000);
    await draftFees(admin.client, accountId, [{ description: "Draft only", amountMinor: 100 }]);
    expect((await pay(accountId, partly.id, 400)).status).toBe(201);
    expect((await pay(accountId, paid.id, paid.totalMinor)).status).toBe(201);
    expect((await admin.client.post(`/api/admin/billing/invoices/${voided.id}/void`, { reason: "Mistake" })).status).toBe(200);

    const open = await admin.client.get(`/api/admin/billing/invoices?accountId=${accountId}&state=open&pageSize=100`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ total: 2, pageSize: 100 });
    expect(numbersOf(open.body)).toEqual([unpaid.number, partly.number].sort());
    expect((await admin.client.get("/api/admin/billing/invoices?state=opened")).status).toBe(422);
  });

  it("an invoice credit notes settled wholly reads credited (list, filter, invoice, a parent's overview); settled by a payment and a credit note, paid", async () => {
    const { accountId } = await createFamily(t, admin, "Carla Credited", payer.memberId);
    const credited = await feeInvoice(accountId, 1000);
    const mixed = await feeInvoice(accountId, 1000);
    // The credit notes carry the invoice's tax: each note's total is what it settles.
    expect((await credit(accountId, credited.id, 1000)).body.totalMinor).toBe(credited.totalMinor);
    const part = await credit(accountId, mixed.id, 400);
    expect(part.status).toBe(201);
    expect((await pay(accountId, mixed.id, mixed.totalMinor - part.body.totalMinor)).status).toBe(201);

    expect((await admin.client.get(`/api/admin/billing/invoices/${credited.id}`)).body).toMatchObject({ state: "credited", outstandingMinor: 0 });
    expect((await admin.client.get(`/api/admin/billing/invoices/${mixed.id}`)).body).toMatchObject({ state: "paid", outstandingMinor: 0 });
    const list = await admin.client.get(`/api/admin/billing/invoices?accountId=${accountId}`);
    expect(list.body.items.map((item: { id: string; state: string }) => [item.id, item.state]).sort()).toEqual(
      [
        [credited.id, "credited"],
        [mixed.id, "paid"],
      ].sort(),
    );
    expect(numbersOf((await admin.client.get(`/api/admin/billing/invoices?accountId=${accountId}&state=credited`)).body)).toEqual([credited.number]);
    expect(numbersOf((await admin.client.get(`/api/admin/billing/invoices?accountId=${accountId}&state=paid`)).body)).toEqual([mixed.number]);
    expect((await payer.client.get(`/api/parent/billing/invoices/${credited.id}`)).body.state).toBe("credited");
    const overview = await payer.client.get("/api/parent/billing");
    const account = overview.body.accounts.find((item: { id: string }) => item.id === accountId);
    expect(account.invoices.map((item: { id: string; state: string }) => [item.id, item.state]).sort()).toEqual(
      [
        [credited.id, "credited"],
        [mixed.id, "paid"],
      ].sort(),
    );
  });
});

describe("batches", () => {
  it("previews per family without writing, then issues one invoice per family with work, sharing a batch id", async () => {
    const a = await createFamily(t, admin, "Anna Batch");
    const b = await createFamily(t, admin, "Ben Batch");
    await addCharge(t, admin, a.accountId, 1000, { at: new Date("2026-09-10T10:00:00Z") });
    await addCharge(t, admin, a.accountId, 1001, { at: new Date("2026-09-11T10:00:00Z") });
    await addCharge(t, admin, b.accountId, 2500, { at: new Date("2026-09-12T10:00:00Z") });
    const preview = await admin.client.post("/api/admin/billing/invoice-batches/preview", { periodFrom: "2026-09-01", periodTo: "2026-09-30" });
    expect(preview.status).toBe(200);
    expect(preview.body.families).toEqual([
      { accountId: a.accountId, accountName: expect.any(String), lineCount: 2, subtotalMinor: 2001, taxMinor: 400, totalMinor: 2401 },
      { accountId: b.accountId, accountName: expect.any(String), lineCount: 1, subtotalMinor: 2500, taxMinor: 500, totalMinor: 3000 },
    ]);
    const batch = await admin.client.post("/api/admin/billing/invoice-batches", { periodFrom: "2026-09-01", periodTo: "2026-09-30" });
    expect(batch.status).toBe(201);
    expect(batch.body.invoices.map((item: { accountId: string; totalMinor: number }) => [item.accountId, item.totalMinor])).toEqual([
      [a.accountId, 2401],
      [b.accountId, 3000],
    ]);
    const detail = await admin.client.get(`/api/admin/billing/invoices/${batch.body.invoices[0].invoiceId}`);
    expect(detail.body.batchId).toBe(batch.body.batchId);
    const emptyPreview = await admin.client.post("/api/admin/billing/invoice-batches/preview", { periodFrom: "2026-09-01", periodTo: "2026-09-30" });
    expect(emptyPreview.body.families).toEqual([]);
  });
});
