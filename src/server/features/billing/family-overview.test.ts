import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { accountOfStudent, issuedInvoice, paymentBody, postPayment } from "../../../../tests/payment-factories.ts";
import { createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { invoice } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";

const NOW = new Date("2026-11-02T10:00:00.000Z");
let t: TestApp;
let admin: AdminFixture;
let payer: MemberFixture;
let notPayer: MemberFixture;
let tutor: MemberFixture;
let studentMember: MemberFixture;
let ownAccount: string;
let otherAccount: string;
let overdueId: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await createAdmin(t, { fullName: "Fiona Family", workspaceName: "Family Tutoring" });
  payer = await createMember(t, { admin, role: "parent", fullName: "Paolo Payer" });
  notPayer = await createMember(t, { admin, role: "parent", fullName: "Nina Nopayer" });
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Tara Tutor" });
  studentMember = await createMember(t, { admin, role: "student", fullName: "Stu Student" });
  const child = await createStudent(admin.client, { name: "Cleo Child" });
  await linkGuardian(admin.client, child.id, payer.memberId);
  ownAccount = await accountOfStudent(t.db, child.id);
  otherAccount = await accountOfStudent(t.db, (await createStudent(admin.client, { name: "Otis Other" })).id);

  overdueId = (await issuedInvoice(t.db, admin, ownAccount, 3000, new Date("2026-10-01T10:00:00.000Z"))).invoiceId;
  const current = await issuedInvoice(t.db, admin, ownAccount, 2000, NOW);
  await postPayment(admin.client, paymentBody(ownAccount, { amountMinor: 2500, allocations: [{ invoiceId: current.invoiceId, amountMinor: 2000 }] }));
  await withWorkspace(t.db, admin.organizationId, (tx) => tx.insert(invoice).values({ organizationId: admin.organizationId, accountId: ownAccount }));
  await issuedInvoice(t.db, admin, otherAccount, 999, NOW);
}, 90_000);
afterAll(() => t?.close());

describe("a parent's billing", () => {
  it("shows the accounts they pay: balance, credit, hours, invoices (never a draft) with state and overdue, and payments", async () => {
    const res = await payer.client.get("/api/parent/billing");
    expect(res.status, res.text).toBe(200);
    expect(res.body.currency).toBe("USD");
    expect(res.body.accounts).toHaveLength(1);
    const [account] = res.body.accounts;
    expect(account).toMatchObject({ id: ownAccount, name: "Cleo Child", balanceMinor: 2500, creditMinor: 500, students: [{ name: "Cleo Child" }] });
    expect(account.hours.pools.map((pool: { studentName: string }) => pool.studentName)).toEqual(["Cleo Child"]);
    expect(account.invoices).toHaveLength(2);
    expect(account.invoices.find((item: { id: string }) => item.id === overdueId)).toMatchObject({ state: "issued", outstandingMinor: 3000, overdue: true });
    expect(account.invoices.find((item: { id: string }) => item.id !== overdueId)).toMatchObject({ state: "paid", outstandingMinor: 0, overdue: false });
    expect(account.payments).toEqual([expect.objectContaining({ amountMinor: 2500, refundedMinor: 0, method: "cash" })]);
    expect(account.creditNotes).toEqual([]);
  });

  it("shows a parent who pays no account nothing", async () => {
    const res = await notPayer.client.get("/api/parent/billing");
    expect(res.status).toBe(200);
    expect(res.body.accounts).toEqual([]);
  });

  it("is refused to tutors and students", async () => {
    expect((await tutor.client.get("/api/parent/billing")).status).toBe(403);
    expect((await studentMember.client.get("/api/parent/billing")).status).toBe(403);
  });

  it("pages the ledger of an account the parent pays; any other account is 404", async () => {
    const own = await payer.client.get(`/api/parent/billing/accounts/${ownAccount}/ledger`);
    expect(own.status).toBe(200);
    expect(own.body.items.map((entry: { kind: string }) => entry.kind)).toEqual(["payment", "session_charge", "session_charge"]);
    expect((await payer.client.get(`/api/parent/billing/accounts/${otherAccount}/ledger`)).status).toBe(404);
    expect((await notPayer.client.get(`/api/parent/billing/accounts/${ownAccount}/ledger`)).status).toBe(404);
    expect((await payer.client.get("/api/parent/billing/accounts/nonsense/ledger")).status).toBe(404);
  });
});
