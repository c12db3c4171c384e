import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { accountOfStudent, chargeAccount, issuedInvoice, paymentBody, postPayment } from "../../../../tests/payment-factories.ts";
import { createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { auditEntries } from "../../../../tests/db.ts";
import { fixedClock } from "../../core/clock.ts";
import { invoice, ledgerEntry, payerAccountMember } from "../../db/billing-schema.ts";
import { student } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { appendEntries, reverseEntry } from "./ledger.ts";

const NOW = new Date("2026-11-02T10:00:00.000Z");
let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let parent: MemberFixture;
let tutor: MemberFixture;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await createAdmin(t, { fullName: "Alma Accounts", workspaceName: "Accounts Tutoring" });
  otherAdmin = await createAdmin(t, { fullName: "Oren Other", workspaceName: "Elsewhere Tutoring" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Paula Parent" });
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Theo Tutor" });
}, 90_000);
afterAll(() => t?.close());

async function family(name: string, guardian?: MemberFixture) {
  const created = await createStudent(admin.client, { name });
  if (guardian) await linkGuardian(admin.client, created.id, guardian.memberId);
  return { studentId: created.id, accountId: await accountOfStudent(t.db, created.id) };
}

describe("the accounts list and overview", () => {
  it("lists families with students, payers, balance, credit, outstanding and overdue, searchable by a student's name", async () => {
    const { accountId } = await family("Quentin Listed", parent);
    await issuedInvoice(t.db, admin, accountId, 4000, new Date("2026-10-01T10:00:00.000Z"));
    await issuedInvoice(t.db, admin, accountId, 1000, NOW);
    await postPayment(admin.client, paymentBody(accountId, { amountMinor: 500 }));
    // The payment's 500 is credit: issued invoices are paid only by allocation or at their issue.
    const res = await admin.client.get("/api/admin/billing/accounts?q=quentin");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      id: accountId,
      name: "Quentin Listed",
      students: [{ name: "Quentin Listed" }],
      payers: [{ memberId: parent.memberId, name: "Paula Parent" }],
      balanceMinor: 4500,
      creditMinor: 500,
      outstandingMinor: 5000,
      // Issued 1 October with 14 days' terms: due 15 October, overdue on 2 November.
      overdueMinor: 4000,
    });
    const detail = await admin.client.get(`/api/admin/billing/accounts/${accountId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ balanceMinor: 4500, currency: "USD" });
    expect(detail.body.recentEntries[0]).toMatchObject({ kind: "payment", amountMinor: -500, balanceAfterMinor: 4500 });
    expect((await otherAdmin.client.get(`/api/admin/billing/accounts/${accountId}`)).status).toBe(404);
    expect((await parent.client.get("/api/admin/billing/accounts")).status).toBe(403);
  });

  it("pages an account's ledger newest first, with what caused each entry", async () => {
    const { accountId } = await family("Lena Ledger");
    const bill = await issuedInvoice(t.db, admin, accountId, 2500, NOW);
    const paid = await postPayment(
      admin.client,
      paymentBody(accountId, { amountMinor: 2500, allocations: [{ invoiceId: bill.invoiceId, amountMinor: 2500 }] }),
    );
    const page = await admin.client.get(`/api/admin/billing/accounts/${accountId}/ledger?pageSize=1`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.body.items[0]).toMatchObject({ kind: "payment", links: { paymentId: paid.body.id } });
    const second = await admin.client.get(`/api/admin/billing/accounts/${accountId}/ledger?pageSize=1&page=2`);
    expect(second.body.items[0]).toMatchObject({ kind: "session_charge", amountMinor: 2500 });
    expect((await admin.client.get("/api/admin/billing/accounts/00000000-0000-4000-8000-000000000000/ledger")).status).toBe(404);
  });

  it("renames an account (audited)", async () => {
    const { accountId } = await family("Rita Rename");
    const res = await admin.client.patch(`/api/admin/billing/accounts/${accountId}`, { name: "The Rename family" });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("The Rename family");
    expect((await admin.client.patch(`/api/admin/billing/accounts/${accountId}`, { name: " " })).status).toBe(422);
    expect(await auditEntries(t.db, { action: "BILLING_ACCOUNT_RENAMED", organizationId: admin.organizationId })).toHaveLength(1);
  });
});

describe("payers", () => {
  it("adds and removes parents; any other member is refused", async () => {
    const { accountId } = await family("Pete Payers");
    const added = await admin.client.post(`/api/admin/billing/accounts/${accountId}/payers`, { memberId: parent.memberId });
    expect(added.status).toBe(200);
    expect(added.body.payers).toEqual([{ memberId: parent.memberId, name: "Paula Parent" }]);
    const refused = await admin.client.post(`/api/admin/billing/accounts/${accountId}/payers`, { memberId: tutor.memberId });
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues[0].path).toEqual(["memberId"]);
    const removed = await admin.client.delete(`/api/admin/billing/accounts/${accountId}/payers/${parent.memberId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.payers).toEqual([]);
    expect((await admin.client.delete(`/api/admin/billing/accounts/${accountId}/payers/${parent.memberId}`)).status).toBe(404);
  });
});

describe("merging and splitting families", () => {
  it("merge moves the students and the payers of a settled account; no money moves", async () => {
    const source = await family("Mia Merge", parent);
    const target = await family("Max Merge");
    await chargeAccount(t.db, admin, target.accountId, 1000, NOW);

    const res = await admin.client.post(`/api/admin/billing/accounts/${source.accountId}/merge`, { intoAccountId: target.accountId });
    expect(res.status, res.text).toBe(200);
    expect(res.body.account).toMatchObject({ id: target.accountId, balanceMinor: 1000 });
    expect(res.body.account.students.map((item: { name: string }) => item.name).sort()).toEqual(["Max Merge", "Mia Merge"]);
    expect(res.body.account.payers).toEqual([{ memberId: parent.memberId, name: "Paula Parent" }]);
    const [moved] = await t.db.select().from(student).where(eq(student.id, source.studentId));
    expect(moved!.payerAccountId).toBe(target.accountId);
    expect(await t.db.select().from(payerAccountMember).where(eq(payerAccountMember.accountId, source.accountId))).toEqual([]);
    expect(await t.db.select().from(ledgerEntry).where(eq(ledgerEntry.kind, "transfer"))).toEqual([]);
    expect(await auditEntries(t.db, { action: "BILLING_ACCOUNTS_MERGED", organizationId: admin.organizationId })).toHaveLength(1);
    // The emptied account, never used, is no family to list; the merged one is.
    const listed = await admin.client.get<{ items: { id: string }[] }>("/api/admin/billing/accounts?q=merge");
    expect(listed.body.items.map((item) => item.id)).toEqual([target.accountId]);

    expect((await admin.client.post(`/api/admin/billing/accounts/${target.accountId}/merge`, { intoAccountId: target.accountId })).status).toBe(422);
    expect(
      (await admin.client.post(`/api/admin/billing/accounts/${target.accountId}/merge`, { intoAccountId: "00000000-0000-4000-8000-000000000000" })).status,
    ).toBe(422);
  });

  it("merge is refused, naming what is open, while the account has an unpaid invoice or uninvoiced work; nothing moves", async () => {
    const source = await family("Una Unpaid", parent);
    const target = await family("Tom Target");
    await issuedInvoice(t.db, admin, source.accountId, 3000, NOW);
    await chargeAccount(t.db, admin, source.accountId, 500, NOW);
    const res = await admin.client.post(`/api/admin/billing/accounts/${source.accountId}/merge`, { intoAccountId: target.accountId });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/cannot be merged yet: 1 unpaid invoice; 1 uninvoiced charge/);
    const [still] = await t.db.select().from(student).where(eq(student.id, source.studentId));
    expect(still!.payerAccountId).toBe(source.accountId);
    expect(await t.db.select().from(payerAccountMember).where(eq(payerAccountMember.accountId, source.accountId))).toHaveLength(1);
  });

  it("merge is refused while the account has a draft invoice", async () => {
    const source = await family("Dora Draft");
    const target = await family("Dan Draft");
    await withWorkspace(t.db, admin.organizationId, (tx) => tx.insert(invoice).values({ organizationId: admin.organizationId, accountId: source.accountId }));
    const res = await admin.client.post(`/api/admin/billing/accounts/${source.accountId}/merge`, { intoAccountId: target.accountId });
    expect(res.status).toBe(409);
    const [still] = await t.db.select().from(student).where(eq(student.id, source.studentId));
    expect(still!.payerAccountId).toBe(source.accountId);
  });

  it("split gives students an account of their own with their guardians as payers; no money moves; refused while they have uninvoiced work", async () => {
    const stay = await family("Sam Split", parent);
    const leaving = await createStudent(admin.client, { name: "Lou Split" });
    await t.db.update(student).set({ payerAccountId: stay.accountId }).where(eq(student.id, leaving.id));
    const other = await createMember(t, { admin, role: "parent", fullName: "Olga Other" });
    await linkGuardian(admin.client, leaving.id, other.memberId);
    await t.db
      .insert(payerAccountMember)
      .values({ organizationId: admin.organizationId, accountId: stay.accountId, memberId: other.memberId })
      .onConflictDoNothing();
    await withWorkspace(t.db, admin.organizationId, (tx) =>
      appendEntries(tx, { organizationId: admin.organizationId, actorUserId: admin.user.id, now: NOW }, [
        { accountId: stay.accountId, kind: "session_charge", amountMinor: 800, description: "Lesson", causeKey: "split-test:charge", studentId: leaving.id },
      ]),
    );
    const refused = await admin.client.post(`/api/admin/billing/accounts/${stay.accountId}/split`, { studentIds: [leaving.id], name: "The Split family" });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/cannot leave Sam Split yet: 1 uninvoiced charge/);
    const [charge] = await t.db.select().from(ledgerEntry).where(eq(ledgerEntry.causeKey, "split-test:charge"));
    await withWorkspace(t.db, admin.organizationId, (tx) =>
      reverseEntry(tx, { organizationId: admin.organizationId, actorUserId: admin.user.id, now: NOW }, charge!, "Charged by mistake"),
    );

    const res = await admin.client.post(`/api/admin/billing/accounts/${stay.accountId}/split`, { studentIds: [leaving.id], name: "The Split family" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.account).toMatchObject({
      name: "The Split family",
      balanceMinor: 0,
      students: [{ id: leaving.id }],
      payers: [{ memberId: other.memberId }],
    });
    const remaining = await t.db
      .select()
      .from(payerAccountMember)
      .where(and(eq(payerAccountMember.accountId, stay.accountId)));
    expect(remaining.map((row) => row.memberId)).toEqual([parent.memberId]);

    const notTheirs = await admin.client.post(`/api/admin/billing/accounts/${stay.accountId}/split`, { studentIds: [leaving.id], name: "Again" });
    expect(notTheirs.status).toBe(422);
    expect(notTheirs.body.error.issues[0].path).toEqual(["studentIds"]);
  });
});
