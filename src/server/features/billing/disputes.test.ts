import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, latestMail, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { auditEntries } from "../../../../tests/db.ts";
import { accountOfStudent, issuedInvoice } from "../../../../tests/payment-factories.ts";
import { createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { billingNotice, creditNote, invoiceLine } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { accountBalance } from "./ledger.ts";

// Data: invoices are issued through billing's service (tests/payment-factories.ts issuedInvoice),
// everything about disputes through the API.
const clock = fixedClock(new Date("2026-11-10T10:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let payer: MemberFixture;
let otherParent: MemberFixture;
let tutor: MemberFixture;
let studentMember: MemberFixture;
let outsider: MemberFixture;
let accountId: string;
let invoiceId: string;
let lineId: string;

async function lineOf(id: string): Promise<string> {
  const [line] = await t.db.select({ id: invoiceLine.id }).from(invoiceLine).where(eq(invoiceLine.invoiceId, id));
  return line!.id;
}

const disputePath = (invoice: string, line: string) => `/api/parent/billing/invoices/${invoice}/lines/${line}/disputes`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t, { fullName: "Dana Dispute", workspaceName: "Dispute Tutoring" });
  payer = await createMember(t, { admin, role: "parent", fullName: "Pat Payer" });
  otherParent = await createMember(t, { admin, role: "parent", fullName: "Olive Other" });
  tutor = await createMember(t, { admin, role: "tutor", fullName: "Tom Tutor" });
  studentMember = await createMember(t, { admin, role: "student", fullName: "Sam Student" });
  const child = await createStudent(admin.client, { name: "Nia North" });
  await linkGuardian(admin.client, child.id, payer.memberId);
  accountId = await accountOfStudent(t.db, child.id);
  ({ invoiceId } = await issuedInvoice(t.deps.db, admin, accountId, 4550, clock.now()));
  lineId = await lineOf(invoiceId);
  const otherAdmin = await createAdmin(t, { workspaceName: "Elsewhere Tutoring" });
  outsider = await createMember(t, { admin: otherAdmin, role: "parent", fullName: "Xena Outsider" });
}, 120_000);
afterAll(() => t?.close());

describe("opening a dispute", () => {
  it("refuses an empty reason (422 naming the field)", async () => {
    const res = await payer.client.post(disputePath(invoiceId, lineId), { reason: "   " });
    expect(res.status).toBe(422);
    expect(res.body.error.issues[0].path).toEqual(["reason"]);
  });

  it("is for payers only: another parent and another workspace's parent get 404, a tutor and a student 403", async () => {
    const body = { reason: "I was not there" };
    expect((await otherParent.client.post(disputePath(invoiceId, lineId), body)).status).toBe(404);
    expect((await outsider.client.post(disputePath(invoiceId, lineId), body)).status).toBe(404);
    expect((await tutor.client.post(disputePath(invoiceId, lineId), body)).status).toBe(403);
    expect((await studentMember.client.post(disputePath(invoiceId, lineId), body)).status).toBe(403);
  });

  it("opens one per line, mails the admins and audits it; a second open dispute on the line is refused (409)", async () => {
    const res = await payer.client.post(disputePath(invoiceId, lineId), { reason: "The lesson was cut short by 20 minutes." });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      state: "open",
      invoiceId,
      invoiceLineId: lineId,
      accountId,
      lineAmountMinor: 4550,
      openedByName: "Pat Payer",
      messages: [],
    });
    const mail = await latestMail(t.db, admin.user.email, "disputed");
    expect(mail?.body).toContain("The lesson was cut short by 20 minutes.");
    expect((await auditEntries(t.db, { action: "BILLING_DISPUTE_OPENED", organizationId: admin.organizationId })).length).toBe(1);

    const again = await payer.client.post(disputePath(invoiceId, lineId), { reason: "Again" });
    expect(again.status).toBe(409);
  });

  it("does not show the dispute to a parent who does not pay, nor to another workspace", async () => {
    const [mine] = (await payer.client.get("/api/parent/billing/disputes")).body.items;
    expect(mine).toBeDefined();
    expect((await otherParent.client.get("/api/parent/billing/disputes")).body.items).toEqual([]);
    expect((await otherParent.client.get(`/api/parent/billing/disputes/${mine.id}`)).status).toBe(404);
    expect((await outsider.client.get(`/api/parent/billing/disputes/${mine.id}`)).status).toBe(404);
    expect((await tutor.client.get("/api/admin/billing/disputes")).status).toBe(403);
  });
});

describe("answering a dispute", () => {
  let disputeId: string;

  it("both sides write in the thread; an admin's reply becomes a notice for the family's digest", async () => {
    [{ id: disputeId }] = (await payer.client.get("/api/parent/billing/disputes")).body.items;
    const parentMessage = await payer.client.post(`/api/parent/billing/disputes/${disputeId}/messages`, { body: "The tutor left at 4:40." });
    expect(parentMessage.status).toBe(201);
    // The thread is in time order: the reply comes a minute later.
    clock.advance(60_000);
    const reply = await admin.client.post(`/api/admin/billing/disputes/${disputeId}/messages`, { body: "Checking with the tutor." });
    expect(reply.status).toBe(201);
    expect(reply.body.messages.map((message: { authorRole: string; body: string }) => [message.authorRole, message.body])).toEqual([
      ["parent", "The tutor left at 4:40."],
      ["admin", "Checking with the tutor."],
    ]);
    const notices = await t.db.select().from(billingNotice).where(eq(billingNotice.accountId, accountId));
    expect(notices.filter((notice) => notice.kind === "dispute_answered")).toHaveLength(1);
  });

  it("an explanation ends it (explained); nothing more can be written in it", async () => {
    const res = await admin.client.post(`/api/admin/billing/disputes/${disputeId}/explain`, { body: "The session ran the full hour per the tutor's report." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: "explained", creditNoteId: null });
    expect(res.body.resolvedAt).not.toBeNull();
    expect((await payer.client.post(`/api/parent/billing/disputes/${disputeId}/messages`, { body: "But…" })).status).toBe(409);
    expect((await admin.client.post(`/api/admin/billing/disputes/${disputeId}/explain`, { body: "Again" })).status).toBe(409);
    expect((await auditEntries(t.db, { action: "BILLING_DISPUTE_EXPLAINED", organizationId: admin.organizationId })).length).toBe(1);
  });

  it("a credit note answers a new dispute on the same line: at most the line's amount, offsetting the invoice", async () => {
    const opened = await payer.client.post(disputePath(invoiceId, lineId), { reason: "Still 20 minutes short." });
    expect(opened.status).toBe(201);
    const id = opened.body.id as string;
    const list = (await admin.client.get("/api/admin/billing/disputes")).body.items as { id: string; state: string }[];
    expect(list[0]).toMatchObject({ id, state: "open" });

    const tooMuch = await admin.client.post(`/api/admin/billing/disputes/${id}/credit`, { amountMinor: 4551, reason: "Short lesson" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.issues[0].path).toEqual(["amountMinor"]);

    const before = await withWorkspace(t.deps.db, admin.organizationId, (tx) => accountBalance(tx, admin.organizationId, accountId));
    const credited = await admin.client.post(`/api/admin/billing/disputes/${id}/credit`, { amountMinor: 1500, reason: "Short lesson" });
    expect(credited.status).toBe(200);
    expect(credited.body).toMatchObject({ state: "credited" });
    expect(credited.body.creditNoteNumber).toMatch(/^CN-/);
    const [note] = await t.db.select().from(creditNote).where(eq(creditNote.id, credited.body.creditNoteId));
    expect(note).toMatchObject({ invoiceId, totalMinor: 1500 });
    const after = await withWorkspace(t.deps.db, admin.organizationId, (tx) => accountBalance(tx, admin.organizationId, accountId));
    expect(after).toBe(before - 1500);
    expect((await auditEntries(t.db, { action: "BILLING_DISPUTE_CREDITED", organizationId: admin.organizationId })).length).toBe(1);
    const answered = await t.db
      .select()
      .from(billingNotice)
      .where(and(eq(billingNotice.accountId, accountId), eq(billingNotice.dedupeKey, `dispute:${id}:answer`)));
    expect(answered[0]?.creditNoteId).toBe(note!.id);
  });

  it("a credit is refused past what the invoice has left to credit (422), and on a voided invoice (409)", async () => {
    const opened = await payer.client.post(disputePath(invoiceId, lineId), { reason: "And the rest?" });
    const id = opened.body.id as string;
    const tooMuch = await admin.client.post(`/api/admin/billing/disputes/${id}/credit`, { amountMinor: 4000, reason: "Whole lesson" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.issues[0].path).toEqual(["amountMinor"]);

    expect((await admin.client.post(`/api/admin/billing/disputes/${id}/explain`, { body: "The rest was taught." })).status).toBe(200);

    const other = await issuedInvoice(t.deps.db, admin, accountId, 2500, clock.now());
    const otherLine = await lineOf(other.invoiceId);
    const onOther = (await payer.client.post(disputePath(other.invoiceId, otherLine), { reason: "Never booked" })).body.id as string;
    expect((await admin.client.post(`/api/admin/billing/invoices/${other.invoiceId}/void`, { reason: "Issued in error" })).status).toBe(200);
    expect((await admin.client.post(`/api/admin/billing/disputes/${onOther}/credit`, { amountMinor: 100, reason: "Never booked" })).status).toBe(409);
    expect((await payer.client.post(disputePath(other.invoiceId, otherLine), { reason: "Once more" })).status).toBe(409);
  });

  it("the parent may withdraw an open dispute, once", async () => {
    const second = await issuedInvoice(t.deps.db, admin, accountId, 3000, clock.now());
    const opened = await payer.client.post(disputePath(second.invoiceId, await lineOf(second.invoiceId)), { reason: "Wrong date" });
    const id = opened.body.id as string;
    expect((await otherParent.client.post(`/api/parent/billing/disputes/${id}/withdraw`)).status).toBe(404);
    const withdrawn = await payer.client.post(`/api/parent/billing/disputes/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.state).toBe("withdrawn");
    expect((await payer.client.post(`/api/parent/billing/disputes/${id}/withdraw`)).status).toBe(409);
    expect((await auditEntries(t.db, { action: "BILLING_DISPUTE_WITHDRAWN", organizationId: admin.organizationId })).length).toBe(1);
  });
});
