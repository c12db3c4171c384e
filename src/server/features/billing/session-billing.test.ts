import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createPackage, sellPackage, setBillingSettings } from "../../../../tests/package-factories.ts";
import { accountOfStudent } from "../../../../tests/payment-factories.ts";
import { assignTutor, createSession, createStudent, setTutorProfile } from "../../../../tests/people-factories.ts";
import { createSessionCast } from "../../../../tests/session-cast.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { PackageScope } from "../../../shared/billing-states.ts";
import { fixedClock } from "../../core/clock.ts";
import { billingNotice, cancellationPolicyVersion, hourGrant, hourMovement, ledgerEntry } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { accountBalance } from "./ledger.ts";
import { billSession } from "./session-billing.ts";
import { verifyLedger } from "./verify-ledger.ts";

const HOUR = 3_600_000;
const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
let t: TestApp;
let admin: AdminFixture;
let tina: MemberFixture;
let parent: MemberFixture;
let maya: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ admin, tina, parent, maya } = await createSessionCast(t, { assignedFrom: "2020-01-01" }));
  await setTutorProfile(admin.client, tina.memberId, { chargeRateMinor: 6_000 });
  // Hours count from the invoice's issue: a sale is usable at once.
  await setBillingSettings(admin.client, { allowCredit: true });
}, 90_000);
afterAll(() => t?.close());

/** A student of their own account, taught Mathematics by Tina (at the assignment's rate when given). */
async function newStudent(name: string, rateOverrideMinor: number | null = null): Promise<{ id: string; account: string }> {
  const { id } = await createStudent(admin.client, { name });
  await assignTutor(admin.client, { tutorMemberId: tina.memberId, studentId: id, startsOn: "2020-01-01", rateOverrideMinor });
  return { id, account: await accountOfStudent(t.db, id) };
}

/** Sells a package of `minutes` for the student (or their family) and returns its grant's id. */
async function hours(person: { id: string; account: string }, minutes: number, validDays: number, scope: PackageScope = "student"): Promise<string> {
  const product = await createPackage(admin.client, { name: `${minutes} min for ${validDays} days`, minutes, priceMinor: minutes * 50, validDays, scope });
  const purchase = await sellPackage(admin.client, person.account, { productId: product.id, studentId: scope === "student" ? person.id : null });
  const [grant] = await t.db.select().from(hourGrant).where(eq(hourGrant.purchaseId, purchase.id));
  return grant!.id;
}

const local = (date: Date) => date.toISOString().slice(0, 16);
let slot = 0;
/** A session of Tina's tomorrow (each in its own slot), for these students. */
async function session(studentIds: string[], minutes: number, hoursAhead = 24 + 2 * slot++): Promise<{ id: string; endsAt: Date }> {
  const start = new Date(Math.floor((clock.now().getTime() + hoursAhead * HOUR) / 60_000) * 60_000);
  const end = new Date(start.getTime() + minutes * 60_000);
  const batch = await createSession(admin.client, { tutorMemberId: tina.memberId, studentIds, startsAt: local(start), endsAt: local(end), timeZone: "UTC" });
  return { id: batch.items[0]!.id, endsAt: end };
}

/** Moves the clock past the session's end. */
function after(...sessions: { endsAt: Date }[]) {
  const last = Math.max(...sessions.map((item) => item.endsAt.getTime()));
  if (last >= clock.now().getTime()) clock.set(new Date(last + 60_000));
}

const present = (studentId: string) => ({ studentId, attendance: "present", previousHomework: "none_set", understanding: 4, engagement: 4 });
const absent = (studentId: string) => ({ studentId, attendance: "absent", previousHomework: "none_set", understanding: null, engagement: null });
async function report(sessionId: string, students: unknown[], client = tina.client) {
  const res = await client.put(`/api/${client === tina.client ? "tutor" : "admin"}/sessions/${sessionId}/report`, { topics: "Fractions", students });
  expect(res.status, res.text).toBe(200);
}

const movementsOf = (sessionId: string) =>
  t.db.select().from(hourMovement).where(eq(hourMovement.sessionId, sessionId)).orderBy(asc(hourMovement.createdAt), asc(hourMovement.causeKey));
const entriesOf = (sessionId: string) => t.db.select().from(ledgerEntry).where(eq(ledgerEntry.sessionId, sessionId)).orderBy(asc(ledgerEntry.sequence));
interface InvoiceBody {
  id: string;
  number: string;
  totalMinor: number;
  lines: { id: string }[];
}
/** A draft of the family's uninvoiced work up to now. */
async function draftOf(account: string): Promise<InvoiceBody> {
  const draft = await admin.client.post<InvoiceBody>("/api/admin/billing/invoices", {
    accountId: account,
    periodFrom: "2026-01-01",
    periodTo: clock.now().toISOString().slice(0, 10),
  });
  expect(draft.status, draft.text).toBe(201);
  return draft.body;
}
/** That draft, issued. */
async function issued(account: string): Promise<InvoiceBody> {
  const response = await admin.client.post<InvoiceBody>(`/api/admin/billing/invoices/${(await draftOf(account)).id}/issue`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}
const balanceOf = (account: string) => withWorkspace(t.deps.db, admin.organizationId, (tx) => accountBalance(tx, admin.organizationId, account));

describe("a completed session draws hours", () => {
  it("from the student's own grants first, soonest-expiring first, split across grants; the family's stay untouched", async () => {
    const sam = await newStudent("Sam Split");
    const longer = await hours(sam, 60, 30);
    const sooner = await hours(sam, 60, 10);
    const family = await hours(sam, 120, 5, "family");
    const balance = await balanceOf(sam.account);
    const lesson = await session([sam.id], 90);
    after(lesson);
    await report(lesson.id, [present(sam.id)]);

    // Written in one moment: ordered by minutes here, not by the order of writing.
    const moves = (await movementsOf(lesson.id)).sort((a, b) => a.minutes - b.minutes);
    expect(moves.map((move) => [move.grantId, move.kind, move.minutes])).toEqual([
      [sooner, "use", -60],
      [longer, "use", -30],
    ]);
    expect(moves.every((move) => move.causeKey.startsWith(`session:${lesson.id}:student:${sam.id}:g1:attended-90m:use:`))).toBe(true);
    expect(moves.some((move) => move.grantId === family)).toBe(false);
    expect(await entriesOf(lesson.id)).toEqual([]);
    expect(await balanceOf(sam.account)).toBe(balance);
  });
});

describe("what no hours cover", () => {
  it("is a session charge at the assignment's rate when it has one (here 45.00 an hour for the 30 minutes left)", async () => {
    const ola = await newStudent("Ola Override", 4_500);
    await hours(ola, 30, 30);
    const lesson = await session([ola.id], 60);
    after(lesson);
    await report(lesson.id, [present(ola.id)]);
    expect((await movementsOf(lesson.id)).map((move) => move.minutes)).toEqual([-30]);
    const [charge] = await entriesOf(lesson.id);
    expect(charge).toMatchObject({
      kind: "session_charge",
      accountId: ola.account,
      studentId: ola.id,
      amountMinor: 2_250,
      minutes: 30,
      rateMinor: 4_500,
      shareBps: 10_000,
    });
    expect(charge!.description).toMatch(/^Mathematics session of [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}, 30 min$/);
  });

  it("is charged at the tutor's rate without an assignment rate, and not at all without any rate", async () => {
    const tom = await newStudent("Tom Tutorrate");
    const lesson = await session([tom.id], 60);
    after(lesson);
    await report(lesson.id, [present(tom.id)]);
    expect(await entriesOf(lesson.id)).toEqual([expect.objectContaining({ amountMinor: 6_000, rateMinor: 6_000, minutes: 60 })]);

    await setTutorProfile(admin.client, tina.memberId, { chargeRateMinor: null });
    const unpriced = await session([tom.id], 60);
    after(unpriced);
    await report(unpriced.id, [present(tom.id)]);
    expect(await entriesOf(unpriced.id)).toEqual([]);
    const results = await withWorkspace(t.deps.db, admin.organizationId, (tx) =>
      billSession(tx, { organizationId: admin.organizationId, actorUserId: admin.user.id, now: clock.now() }, unpriced.id),
    );
    expect(results).toEqual([expect.objectContaining({ studentId: tom.id, amountMinor: 0, unpricedMinutes: 60 })]);
    await setTutorProfile(admin.client, tina.memberId, { chargeRateMinor: 6_000 });
  });
});

describe("no-shows and late cancellations", () => {
  it("charge the policy's share: half a no-show, a quarter of a late cancellation, nothing for a cancellation in time", async () => {
    await setBillingSettings(admin.client, { noShowShareBps: 5_000, lateCancellationShareBps: 2_500 });
    const [policy] = await t.db
      .select()
      .from(cancellationPolicyVersion)
      .where(and(eq(cancellationPolicyVersion.organizationId, admin.organizationId), eq(cancellationPolicyVersion.noShowShareBps, 5_000)));
    const nina = await newStudent("Nina Noshow");
    const missed = await session([nina.id], 60);
    after(missed);
    await report(missed.id, [absent(nina.id)]);
    expect(await entriesOf(missed.id)).toEqual([
      expect.objectContaining({ amountMinor: 3_000, minutes: 30, shareBps: 5_000, policyVersionId: policy!.id, rateMinor: 6_000 }),
    ]);
    expect((await entriesOf(missed.id))[0]!.description).toMatch(/30 min \(no-show: 50 % of 1 h\)$/);

    const late = await session([nina.id], 60, 2);
    const cancelled = await admin.client.post(`/api/admin/sessions/${late.id}/cancel`, { scope: "this", reason: "Ill" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.items[0].status).toBe("late_cancelled");
    expect(await entriesOf(late.id)).toEqual([expect.objectContaining({ amountMinor: 1_500, minutes: 15, shareBps: 2_500, policyVersionId: policy!.id })]);

    const inTime = await session([nina.id], 60, 72);
    expect((await admin.client.post(`/api/admin/sessions/${inTime.id}/cancel`, { scope: "this" })).body.items[0].status).toBe("cancelled");
    expect(await entriesOf(inTime.id)).toEqual([]);
  });
});

describe("an accepted cancellation request", () => {
  it("cancels late inside the notice period, and the late share is charged in the same transaction", async () => {
    const late = await session([maya], 60, 3);
    const asked = await parent.client.post<{ id: string }>(`/api/parent/sessions/${late.id}/cancellation-requests`, { reason: "Sick" });
    expect(asked.status).toBe(201);
    const accepted = await admin.client.post(`/api/admin/cancellation-requests/${asked.body.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(await entriesOf(late.id)).toEqual([
      expect.objectContaining({ kind: "session_charge", studentId: maya, amountMinor: 1_500, minutes: 15, shareBps: 2_500 }),
    ]);
  });
});

describe("re-marking a session", () => {
  it("reverses what it billed and writes the new billing under the next generation; the same marking again writes nothing", async () => {
    const rita = await newStudent("Rita Remark");
    const grant = await hours(rita, 120, 30);
    const lesson = await session([rita.id], 60);
    after(lesson);
    await report(lesson.id, [present(rita.id)]);
    clock.advance(60_000);
    // Corrected: she was absent after all (a no-show at 50 %).
    await report(lesson.id, [absent(rita.id)]);
    clock.advance(60_000);
    await report(lesson.id, [absent(rita.id)]);
    const moves = await movementsOf(lesson.id);
    expect(moves.map((move) => [move.kind, move.minutes, move.reversesMovementId !== null])).toEqual([
      ["use", -60, false],
      ["reversal", 60, true],
      ["use", -30, false],
    ]);
    expect(moves[1]!.reversesMovementId).toBe(moves[0]!.id);
    expect(moves[2]!.causeKey).toBe(`session:${lesson.id}:student:${rita.id}:g2:no_show-60m-5000bps:use:${grant}`);

    // And a charged one: present (60.00), then absent (30.00): the charge is reversed and written again.
    const tess = await newStudent("Tess Twice");
    const charged = await session([tess.id], 60);
    after(charged);
    await report(charged.id, [present(tess.id)]);
    await report(charged.id, [absent(tess.id)]);
    const entries = await entriesOf(charged.id);
    expect(entries.map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ["session_charge", 6_000],
      ["reversal", -6_000],
      ["session_charge", 3_000],
    ]);
    expect(entries[1]!.reversesEntryId).toBe(entries[0]!.id);
    expect(await balanceOf(tess.account)).toBe(3_000);

    // Billing again, directly, changes nothing.
    const again = await withWorkspace(t.deps.db, admin.organizationId, (tx) =>
      billSession(tx, { organizationId: admin.organizationId, actorUserId: admin.user.id, now: clock.now() }, charged.id),
    );
    expect(again).toEqual([expect.objectContaining({ changed: false, amountMinor: 3_000, chargedMinutes: 30 })]);
    expect(await entriesOf(charged.id)).toHaveLength(3);
    expect(await withWorkspace(t.deps.db, admin.organizationId, (tx) => verifyLedger(tx, admin.organizationId))).toMatchObject({ ok: true });
  });

  it("a charge on a draft leaves the draft (which never bills an undone charge) and is reversed", async () => {
    const dora = await newStudent("Dora Draft");
    const lesson = await session([dora.id], 60);
    after(lesson);
    await report(lesson.id, [present(dora.id)]);
    const draft = await draftOf(dora.account);
    expect(draft.lines).toHaveLength(1);
    await report(lesson.id, [absent(dora.id)]);
    const reread = await admin.client.get<{ lines: unknown[] }>(`/api/admin/billing/invoices/${draft.id}`);
    expect(reread.body.lines).toEqual([]);
    expect((await entriesOf(lesson.id)).map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ["session_charge", 6_000],
      ["reversal", -6_000],
      ["session_charge", 3_000],
    ]);
    expect(await balanceOf(dora.account)).toBe(3_000);
  });

  it("a charge an issued invoice bills is undone by a credit note against that invoice: the invoice, the credit and the balance agree", async () => {
    const ivy = await newStudent("Ivy Issued");
    const lesson = await session([ivy.id], 60);
    after(lesson);
    await report(lesson.id, [present(ivy.id)]);
    const invoice = await issued(ivy.account);
    expect(invoice.totalMinor).toBe(6_000);
    // Half of it paid by bank transfer before the correction.
    const paid = await admin.client.post("/api/admin/billing/payments", {
      accountId: ivy.account,
      method: "bank_transfer",
      amountMinor: 2_000,
      receivedOn: "2026-11-03",
      reference: "IVY-1",
      idempotencyKey: `ivy-${Date.now()}`,
      allocations: [{ invoiceId: invoice.id, amountMinor: 2_000 }],
    });
    expect(paid.status, paid.text).toBe(201);

    // She was absent after all: the 60.00 line is credited in full and 30.00 is charged anew.
    await report(lesson.id, [absent(ivy.id)]);
    const [charge, recharge] = await entriesOf(lesson.id);
    expect([charge!.amountMinor, recharge!.amountMinor, recharge!.kind]).toEqual([6_000, 3_000, "session_charge"]);
    const [undo] = await t.db.select().from(ledgerEntry).where(eq(ledgerEntry.reversesEntryId, charge!.id));
    expect(undo).toMatchObject({ kind: "credit_note", amountMinor: -6_000, invoiceId: invoice.id });
    const after_ = await admin.client.get<{ state: string; outstandingMinor: number; creditNotes: { number: string; totalMinor: number }[] }>(
      `/api/admin/billing/invoices/${invoice.id}`,
    );
    // The credit note took what was outstanding (40.00) and the 20.00 the payment had covered, which is now credit.
    expect(after_.body).toMatchObject({ state: "credited", outstandingMinor: 0, creditNotes: [{ totalMinor: 6_000 }] });
    expect(await balanceOf(ivy.account)).toBe(3_000 - 2_000);
    const uninvoiced = await admin.client.get<{ accounts: { accountId: string; charges: { entryId: string }[] }[] }>(
      `/api/admin/billing/uninvoiced?accountId=${ivy.account}`,
    );
    expect(uninvoiced.body.accounts.flatMap((account) => account.charges.map((item) => item.entryId))).toEqual([recharge!.id]);

    // The same marking again writes nothing; marked present again, the new charge (uninvoiced) is simply reversed.
    await report(lesson.id, [absent(ivy.id)]);
    expect(await entriesOf(lesson.id)).toHaveLength(2);
    await report(lesson.id, [present(ivy.id)]);
    expect((await entriesOf(lesson.id)).map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ["session_charge", 6_000],
      ["session_charge", 3_000],
      ["reversal", -3_000],
      ["session_charge", 6_000],
    ]);
    expect(await balanceOf(ivy.account)).toBe(6_000 - 2_000);
    expect(await withWorkspace(t.deps.db, admin.organizationId, (tx) => verifyLedger(tx, admin.organizationId))).toMatchObject({ ok: true });
  });

  it("a line an admin already credited is not credited twice: the re-marking is refused (409) and nothing changes", async () => {
    const cara = await newStudent("Cara Credited");
    const lesson = await session([cara.id], 60);
    after(lesson);
    await report(lesson.id, [present(cara.id)]);
    const invoice = await issued(cara.account);
    const credited = await admin.client.post("/api/admin/billing/credit-notes", {
      accountId: cara.account,
      invoiceId: invoice.id,
      reason: "Goodwill",
      idempotencyKey: `cara-${Date.now()}`,
      lines: [{ description: "Half of the lesson", amountMinor: 3_000, invoiceLineId: invoice.lines[0]!.id }],
    });
    expect(credited.status, credited.text).toBe(201);
    const balance = await balanceOf(cara.account);
    const refused = await tina.client.put<{ error: { message: string } }>(`/api/tutor/sessions/${lesson.id}/report`, {
      topics: "Fractions",
      students: [absent(cara.id)],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(`invoice ${invoice.number}`);
    expect(await entriesOf(lesson.id)).toHaveLength(1);
    expect(await balanceOf(cara.account)).toBe(balance);
  });

  it("a session cancelled after it was completed is not possible: a completed session cannot be cancelled (409), so its billing stays", async () => {
    const cleo = await newStudent("Cleo Complete");
    const lesson = await session([cleo.id], 60);
    after(lesson);
    await report(lesson.id, [present(cleo.id)]);
    expect((await admin.client.post(`/api/admin/sessions/${lesson.id}/cancel`, { scope: "this" })).status).toBe(409);
    expect(await entriesOf(lesson.id)).toHaveLength(1);
  });
});

describe("two markings at the same time", () => {
  it("debit once: two reports filed together, then two corrections together", async () => {
    const cody = await newStudent("Cody Concurrent");
    await hours(cody, 120, 30);
    const lesson = await session([cody.id], 60);
    after(lesson);
    await Promise.all([report(lesson.id, [present(cody.id)]), report(lesson.id, [present(cody.id)], admin.client)]);
    expect((await movementsOf(lesson.id)).map((move) => [move.kind, move.minutes])).toEqual([["use", -60]]);
    clock.advance(60_000);
    await Promise.all([report(lesson.id, [absent(cody.id)]), report(lesson.id, [absent(cody.id)], admin.client)]);
    expect((await movementsOf(lesson.id)).map((move) => [move.kind, move.minutes])).toEqual([
      ["use", -60],
      ["reversal", 60],
      ["use", -30],
    ]);

    const cash = await newStudent("Casey Cash");
    const charged = await session([cash.id], 60);
    after(charged);
    await Promise.all([report(charged.id, [present(cash.id)]), report(charged.id, [present(cash.id)], admin.client)]);
    expect((await entriesOf(charged.id)).map((entry) => entry.amountMinor)).toEqual([6_000]);
  });
});

describe("the low-balance notice", () => {
  it("is written once when a student's hours fall below the threshold, and once more after a top-up", async () => {
    const lou = await newStudent("Lou Low");
    await hours(lou, 180, 60);
    const noticesOf = () =>
      t.db
        .select()
        .from(billingNotice)
        .where(and(eq(billingNotice.accountId, lou.account), eq(billingNotice.kind, "low_balance")));
    const first = await session([lou.id], 60);
    const second = await session([lou.id], 60);
    const third = await session([lou.id], 30);
    after(first, second, third);
    await report(first.id, [present(lou.id)]);
    // 120 minutes left: not below the 2-hour threshold.
    expect(await noticesOf()).toEqual([]);
    await report(second.id, [present(lou.id)]);
    await report(third.id, [present(lou.id)]);
    const notices = await noticesOf();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toBe("Lou Low has 1 h of package hours left.");

    const topUp = await hours(lou, 60, 60);
    const fourth = await session([lou.id], 60);
    after(fourth);
    await report(fourth.id, [present(lou.id)]);
    const afterTopUp = await noticesOf();
    expect(afterTopUp).toHaveLength(2);
    expect(afterTopUp.map((notice) => notice.dedupeKey)).toContain(`low-balance:${lou.account}:${lou.id}:${topUp}`);
  });
});
