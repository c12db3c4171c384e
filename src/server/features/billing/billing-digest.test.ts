import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "../../../../tests/db.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { accountOfStudent, issuedInvoice, paymentBody, postPayment } from "../../../../tests/payment-factories.ts";
import { createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { fixedClock } from "../../core/clock.ts";
import { billingDigest, billingNotice } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { sendBillingDigests } from "./billing-digest-job.ts";
import { noticeOverdueInvoices } from "./overdue-reminders-job.ts";

// Data: invoices issued through billing's service (tests/payment-factories.ts; issuing writes
// the 'invoice_issued' notice), a payment through the API, other notices written directly.
// The jobs' functions are called as their schedules would, on a fixed clock.
const clock = fixedClock(new Date("2026-11-10T09:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let mother: MemberFixture;
let father: MemberFixture;
let accountId: string;
let invoiceNumber: string;

async function notice(account: string, dedupeKey: string, text: string) {
  await withWorkspace(t.deps.db, admin.organizationId, (tx) =>
    tx.insert(billingNotice).values({ organizationId: admin.organizationId, accountId: account, kind: "low_balance", dedupeKey, text, createdAt: clock.now() }),
  );
}

const unsent = (account: string) =>
  t.db
    .select()
    .from(billingNotice)
    .where(and(eq(billingNotice.accountId, account), sql`${billingNotice.sentAt} is null`));

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t, { fullName: "Gina Digest", workspaceName: "Digest Tutoring" });
  mother = await createMember(t, { admin, role: "parent", fullName: "Mia Mother" });
  father = await createMember(t, { admin, role: "parent", fullName: "Finn Father" });
  const child = await createStudent(admin.client, { name: "Ivy Digest" });
  await linkGuardian(admin.client, child.id, mother.memberId);
  await linkGuardian(admin.client, child.id, father.memberId);
  accountId = await accountOfStudent(t.db, child.id);
}, 120_000);
afterAll(() => t?.close());

describe("the family billing digest", () => {
  it("sends one mail per payer listing every notice, the invoice's PDF attached", async () => {
    ({ number: invoiceNumber } = await issuedInvoice(t.deps.db, admin, accountId, 4550, clock.now()));
    await notice(accountId, "test:first", "Ivy has 1 hour 30 minutes of package time left.");
    const result = await sendBillingDigests(t.deps);
    expect(result).toMatchObject({ families: 1, mails: 2 });

    for (const payer of [mother, father]) {
      const mails = await mailsTo(t.db, payer.user.email);
      const billing = mails.filter((mail) => mail.subject.startsWith("Billing from Digest Tutoring"));
      expect(billing).toHaveLength(1);
      expect(billing[0]!.body).toContain(invoiceNumber);
      expect(billing[0]!.body).toContain("Ivy has 1 hour 30 minutes of package time left.");
      expect(billing[0]!.body).toContain(`[Attachments: Invoice ${invoiceNumber}.pdf]`);
    }
    // The queued mail carries the PDF's bytes.
    const { rows } = await t.db.execute<{ content: string }>(
      sql`select data->'attachments'->0->>'contentBase64' as content from pgboss.job where name = 'mail' and data->>'to' = ${mother.user.email} and data ? 'attachments'`,
    );
    expect(Buffer.from(rows[0]!.content, "base64").subarray(0, 5).toString()).toBe("%PDF-");
    expect(await unsent(accountId)).toEqual([]);
    const [claimed] = await t.db.select().from(billingDigest).where(eq(billingDigest.accountId, accountId));
    expect(claimed?.day).toBe("2026-11-10");
  });

  it("never a second billing mail the same day: later notices wait for the next day's digest", async () => {
    clock.advance(3 * 60 * 60 * 1000);
    const paid = await postPayment(admin.client, paymentBody(accountId, { amountMinor: 4550, receivedOn: "2026-11-10" }));
    expect(paid.status).toBe(201);
    await notice(accountId, "test:second", "Hours expire soon.");
    expect(await sendBillingDigests(t.deps)).toMatchObject({ families: 0, mails: 0 });
    clock.advance(60 * 60 * 1000);
    expect(await sendBillingDigests(t.deps)).toMatchObject({ families: 0, mails: 0 });
    expect((await unsent(accountId)).length).toBeGreaterThanOrEqual(2);
    const sameDay = await mailsTo(t.db, mother.user.email);
    expect(sameDay.filter((mail) => mail.subject.startsWith("Billing from"))).toHaveLength(1);

    clock.set(new Date("2026-11-11T08:00:00.000Z"));
    expect(await sendBillingDigests(t.deps)).toMatchObject({ families: 1, mails: 2 });
    const nextDay = (await mailsTo(t.db, mother.user.email)).filter((mail) => mail.subject.startsWith("Billing from"));
    expect(nextDay).toHaveLength(2);
    expect(nextDay[1]!.body).toContain("Hours expire soon.");
    expect(nextDay[1]!.body).not.toContain("package time left");
    expect(await unsent(accountId)).toEqual([]);
    expect(await sendBillingDigests(t.deps)).toMatchObject({ families: 0 });
  });
});

describe("overdue reminders", () => {
  let other: string;
  let unpaidId: string;
  let paidId: string;
  const overdueNotices = () =>
    t.db
      .select({ dedupeKey: billingNotice.dedupeKey })
      .from(billingNotice)
      .where(and(eq(billingNotice.accountId, other), eq(billingNotice.kind, "invoice_overdue")))
      .orderBy(billingNotice.createdAt);

  beforeAll(async () => {
    clock.set(new Date("2026-11-12T10:00:00.000Z"));
    other = await accountOfStudent(t.db, (await createStudent(admin.client, { name: "Otis Overdue" })).id);
    ({ invoiceId: unpaidId } = await issuedInvoice(t.deps.db, admin, other, 3000, clock.now()));
    ({ invoiceId: paidId } = await issuedInvoice(t.deps.db, admin, other, 2000, clock.now()));
    const paid = await postPayment(
      admin.client,
      paymentBody(other, { amountMinor: 2000, receivedOn: "2026-11-12", allocations: [{ invoiceId: paidId, amountMinor: 2000 }] }),
    );
    expect(paid.status).toBe(201);
  });

  it("notices an unpaid invoice once per step of the settings (7, 14, 30 days after its due date), never a paid one", async () => {
    // Issued on 12 November with 14 days' terms: due on 26 November.
    clock.set(new Date("2026-12-02T10:00:00.000Z"));
    await noticeOverdueInvoices(t.deps);
    expect(await overdueNotices()).toEqual([]);

    clock.set(new Date("2026-12-03T10:00:00.000Z"));
    await noticeOverdueInvoices(t.deps);
    await noticeOverdueInvoices(t.deps);
    expect(await overdueNotices()).toEqual([{ dedupeKey: `overdue:${unpaidId}:7` }]);

    clock.set(new Date("2026-12-10T10:00:00.000Z"));
    await noticeOverdueInvoices(t.deps);
    clock.advance(60 * 60 * 1000);
    await noticeOverdueInvoices(t.deps);
    expect(await overdueNotices()).toEqual([{ dedupeKey: `overdue:${unpaidId}:7` }, { dedupeKey: `overdue:${unpaidId}:14` }]);

    clock.set(new Date("2027-01-20T10:00:00.000Z"));
    await noticeOverdueInvoices(t.deps);
    await noticeOverdueInvoices(t.deps);
    const keys = (await overdueNotices()).map((row) => row.dedupeKey);
    expect(keys).toEqual([`overdue:${unpaidId}:7`, `overdue:${unpaidId}:14`, `overdue:${unpaidId}:30`]);
    expect(keys.some((key) => key.includes(paidId))).toBe(false);
  });
});
