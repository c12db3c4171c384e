/**
 * Billing's invariants under random sequences of operations, run on the service functions in
 * one workspace (sessions and their reports through the API, as people make them), an hour
 * passing at each step: sessions scheduled and their reports filed and corrected (drawing
 * package hours, charging what no hours cover, undoing what was billed before), package hours
 * expiring, package sales, session charges and their undoing as a re-marked session undoes
 * them (a reversal, or a credit note where an issued invoice bills the charge), invoices
 * issued for charges and voided (which cancels the packages they sell), payments with random
 * allocations, credit notes (with and without an invoice) and refunds. After every step, for
 * every account:
 *
 * - its balance (the latest running balance) is the sum of its entries;
 * - balance = Σ outstanding of issued invoices + Σ uninvoiced charges (and reversals of
 *   charges) − Σ unallocated credit + Σ transfers: a charge an issued invoice bills is never
 *   undone behind the invoice's back;
 * - each invoice's paid amount is the sum of its allocations, within [0, total];
 * - no payment or credit note has allocated (and refunded) more than it holds;
 * - no hour grant is below zero;
 *
 * and the ledger's hash chain verifies (every VERIFY_EVERY steps and at the end of each run).
 * A refused operation (a 4xx AppError) must leave everything as it was: the checks run after it too.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture } from "../../../../tests/factories.ts";
import { setBillingSettings } from "../../../../tests/package-factories.ts";
import { accountOfStudent } from "../../../../tests/payment-factories.ts";
import { assignTutor, createSession, createStudent, setTutorProfile } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { Actor } from "../../core/audit.ts";
import { fixedClock } from "../../core/clock.ts";
import type { MemberContext } from "../../core/context.ts";
import { invoice, ledgerEntry, payment } from "../../db/billing-schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { AppError } from "../../lib/app-error.ts";
import { issueCreditNote } from "./credit-notes.ts";
import { expireHours } from "./hours-expiry-job.ts";
import { issueInvoiceForCharges } from "./invoice-issue.ts";
import { voidInvoice } from "./invoice-void.ts";
import { undoCharge } from "./charge-corrections.ts";
import { appendEntries } from "./ledger.ts";
import { createProduct, sellPackage } from "./packages.ts";
import { recordPayment, recordRefund } from "./payments.ts";
import { verifyLedger } from "./verify-ledger.ts";

/*
 * Each step is a real transaction (a payment is some twenty queries; a session or a report is
 * an API request), about 70 ms on a two-core machine: the default 4 runs of 250 steps (1,000
 * operations) take over a minute, which the whole test run can afford; each run draws new
 * operations (with 3, a run drew no void that could succeed). BILLING_PROPERTY_RUNS runs more when there is time.
 */
const RUNS = Number(process.env.BILLING_PROPERTY_RUNS ?? 4);
const STEPS = 250;
const VERIFY_EVERY = 50;

let t: TestApp;
let admin: AdminFixture;
let actor: Actor;
let productId: string;
let tutorMemberId: string;
const families: { accountId: string; studentId: string }[] = [];
/** The app's clock and the services' `now`: an hour passes at each step, so package hours expire within a run. */
const HOUR = 3_600_000;
const clock = fixedClock(new Date("2026-11-02T08:00:00.000Z"));
const tick = () => {
  clock.advance(HOUR);
  return clock.now();
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createAdmin(t, { fullName: "Pim Properties", workspaceName: "Property Tutoring" });
  actor = {
    viewer: {
      organizationId: admin.organizationId,
      user: { id: admin.user.id, name: admin.user.name },
      role: "admin",
      membership: { id: admin.memberId, role: "admin", status: "active" },
    } as unknown as MemberContext,
    ipAddress: "127.0.0.1",
  };
  // A tutor who teaches every student at 60.00 an hour; sales give hours at once (credit allowed).
  const tutor = await createMember(t, { admin, role: "tutor", fullName: "Tia Tutor" });
  tutorMemberId = tutor.memberId;
  await setTutorProfile(admin.client, tutorMemberId, { chargeRateMinor: 6_000 });
  await setBillingSettings(admin.client, { allowCredit: true });
  for (const name of ["Ann Prop", "Bob Prop", "Cid Prop"]) {
    const created = await createStudent(admin.client, { name });
    await assignTutor(admin.client, { tutorMemberId, studentId: created.id, startsOn: "2020-01-01" });
    families.push({ studentId: created.id, accountId: await accountOfStudent(t.db, created.id) });
  }
  // Valid three days (72 steps): hours run out and expire while sessions draw on them.
  const product = await createProduct(
    t.db,
    actor,
    { name: "Five hours", description: "", minutes: 300, priceMinor: 25_000, validDays: 3, scope: "family", taxRateId: null },
    tick(),
  );
  productId = product.id;
}, 90_000);
afterAll(() => t?.close());

const org = () => admin.organizationId;
const inWorkspace = <T>(work: (tx: Transaction) => Promise<T>) => withWorkspace(t.db, org(), work);
const context = (now: Date) => ({ organizationId: org(), actorUserId: admin.user.id, now });

type Operation =
  | { kind: "charge"; family: number; amount: number }
  | { kind: "reverse"; pick: number }
  | { kind: "invoice"; family: number }
  | { kind: "void"; pick: number }
  | { kind: "sell"; family: number }
  | { kind: "pay"; family: number; amount: number; allocate: number[] }
  | { kind: "refund"; pick: number; amount: number }
  | { kind: "creditNote"; family: number; pick: number; amount: number; againstInvoice: boolean }
  | { kind: "session"; students: boolean[]; minutes: number }
  | { kind: "mark"; pick: number; attendance: number[] }
  | { kind: "expire" };

const familyArb = fc.integer({ min: 0, max: 2 });
const amountArb = fc.integer({ min: 1, max: 60_000 });
const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("charge" as const), family: familyArb, amount: amountArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reverse" as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("invoice" as const), family: familyArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("void" as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("sell" as const), family: familyArb }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      family: familyArb,
      amount: amountArb,
      allocate: fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), amount: amountArb }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("creditNote" as const), family: familyArb, pick: fc.nat(), amount: amountArb, againstInvoice: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("session" as const),
      students: fc.tuple(fc.boolean(), fc.boolean(), fc.boolean()).map((chosen) => (chosen.some(Boolean) ? chosen : [true, false, false])),
      minutes: fc.constantFrom(30, 45, 60),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("mark" as const),
      pick: fc.nat(),
      attendance: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("expire" as const) }) },
);

const ATTENDANCE = ["present", "late", "absent"] as const;
/** A session made at step s starts an hour later, so sessions of successive steps never overlap. */
const sessionsMade: { id: string; studentIds: string[]; endsAt: number }[] = [];
const local = (date: Date) => date.toISOString().slice(0, 16);

/** An answer of the API as the services answer: a refusal (4xx) is an AppError, anything else a failure. */
function expectAnswer(what: string, response: { status: number; text: string }, ok: number) {
  if (response.status === ok) return;
  if (response.status >= 400 && response.status < 500) throw new AppError("CONFLICT", 409, `${what}: ${response.status} ${response.text}`);
  throw new Error(`${what}: ${response.status} ${response.text}`);
}

const pickOf = <T>(items: T[], pick: number): T | undefined => (items.length === 0 ? undefined : items[pick % items.length]);

/** Charges of the account not on a live invoice line and not reversed: what can be invoiced. */
async function invoiceableCharges(accountId: string): Promise<string[]> {
  const rows = await t.db.execute<{ id: string }>(sql`
    select e.id from ledger_entry e
    where e.organization_id = ${org()} and e.account_id = ${accountId} and e.kind = 'session_charge'
      and not exists (select 1 from invoice_line l where l.organization_id = e.organization_id and l.charge_entry_id = e.id and l.live)
      and not exists (select 1 from ledger_entry r where r.organization_id = e.organization_id and r.reverses_entry_id = e.id)
    order by e.sequence`);
  return rows.rows.map((row) => row.id);
}

async function openInvoices(accountId: string) {
  return t.db
    .select()
    .from(invoice)
    .where(
      and(eq(invoice.organizationId, org()), eq(invoice.accountId, accountId), eq(invoice.status, "issued"), sql`${invoice.paidMinor} < ${invoice.totalMinor}`),
    )
    .orderBy(invoice.number);
}

async function apply(operation: Operation, step: number): Promise<void> {
  const now = tick();
  const family = "family" in operation ? families[operation.family]! : undefined;
  switch (operation.kind) {
    case "charge":
      await inWorkspace((tx) =>
        appendEntries(tx, context(now), [
          {
            accountId: family!.accountId,
            kind: "session_charge",
            amountMinor: operation.amount,
            description: "Lesson",
            causeKey: `property:${randomUUID()}`,
            studentId: family!.studentId,
          },
        ]),
      );
      return;
    case "reverse": {
      // A charge written apart from sessions, undone as a re-marked session's is, wherever it
      // stands: uninvoiced, on a draft, a void invoice or an issued one ("mark" re-marks real sessions).
      const charges = await t.db
        .select()
        .from(ledgerEntry)
        .where(
          and(
            eq(ledgerEntry.organizationId, org()),
            eq(ledgerEntry.kind, "session_charge"),
            isNull(ledgerEntry.sessionId),
            sql`not exists (select 1 from ledger_entry undo where undo.organization_id = ${ledgerEntry.organizationId} and undo.reverses_entry_id = ${ledgerEntry.id})`,
          ),
        )
        .orderBy(ledgerEntry.sequence);
      const charge = pickOf(charges, operation.pick);
      if (charge) await inWorkspace((tx) => undoCharge(tx, context(now), charge, "Re-marked"));
      return;
    }
    case "invoice": {
      const charges = await invoiceableCharges(family!.accountId);
      if (charges.length > 0) await inWorkspace((tx) => issueInvoiceForCharges(tx, context(now), family!.accountId, charges));
      return;
    }
    case "void": {
      const issued = await t.db
        .select()
        .from(invoice)
        .where(and(eq(invoice.organizationId, org()), eq(invoice.status, "issued")))
        .orderBy(invoice.number);
      // Most voids pick an invoice nothing was paid on, which may be voided; the others pick any
      // issued invoice, so that paid ones are refused too. Picking among all of them alone could
      // leave a whole run without a void that succeeds (every issued invoice paid).
      const voidable = issued.filter((row) => row.paidMinor === 0);
      const chosen = pickOf(operation.pick % 4 === 0 || voidable.length === 0 ? issued : voidable, operation.pick);
      if (chosen) await inWorkspace((tx) => voidInvoice(tx, context(now), chosen.id, "Issued in error"));
      return;
    }
    case "sell":
      await sellPackage(t.db, actor, family!.accountId, { productId, studentId: null, idempotencyKey: `sell-${step}-${randomUUID()}` }, now);
      return;
    case "pay": {
      const open = await openInvoices(family!.accountId);
      const allocations = operation.allocate
        .map((percent, index) => ({ row: open[index], percent }))
        .filter((item) => item.row !== undefined)
        .map(({ row, percent }) => ({ invoiceId: row!.id, amountMinor: Math.max(1, Math.floor(((row!.totalMinor - row!.paidMinor) * percent) / 100)) }));
      const amountMinor = Math.max(
        operation.amount,
        allocations.reduce((sum, item) => sum + item.amountMinor, 0),
      );
      await recordPayment(
        t.db,
        actor,
        {
          accountId: family!.accountId,
          method: "bank_transfer",
          amountMinor,
          receivedOn: now.toISOString().slice(0, 10),
          reference: "",
          allocations,
          idempotencyKey: `pay-${randomUUID()}`,
        },
        now,
      );
      return;
    }
    case "refund": {
      const payments = await t.db.select().from(payment).where(eq(payment.organizationId, org())).orderBy(payment.createdAt, payment.id);
      const chosen = pickOf(payments, operation.pick);
      if (chosen) {
        await recordRefund(
          t.db,
          actor,
          chosen.id,
          { amountMinor: operation.amount, refundedOn: now.toISOString().slice(0, 10), reason: "Returned", idempotencyKey: `refund-${randomUUID()}` },
          now,
        );
      }
      return;
    }
    case "session": {
      // Through the API, as an admin schedules it; marked by a later "mark" once it has ended.
      const start = new Date(now.getTime() + HOUR);
      const studentIds = families.filter((_, index) => operation.students[index]).map((item) => item.studentId);
      const batch = await createSession(admin.client, {
        tutorMemberId,
        studentIds,
        startsAt: local(start),
        endsAt: local(new Date(start.getTime() + operation.minutes * 60_000)),
        timeZone: "UTC",
      });
      sessionsMade.push({ id: batch.items[0]!.id, studentIds, endsAt: start.getTime() + operation.minutes * 60_000 });
      return;
    }
    case "mark": {
      // A report filed or corrected through the API: billing draws hours, charges, or undoes what it billed before.
      const ended = sessionsMade.filter((item) => item.endsAt <= now.getTime());
      const chosen = pickOf(ended, operation.pick);
      if (!chosen) return;
      const students = chosen.studentIds.map((studentId, index) => {
        const attendance = ATTENDANCE[operation.attendance[index % operation.attendance.length]!]!;
        const rated = attendance === "absent" ? null : 3;
        return { studentId, attendance, previousHomework: "none_set", understanding: rated, engagement: rated };
      });
      const filed = await admin.client.put(`/api/admin/sessions/${chosen.id}/report`, { topics: "Property", students });
      expectAnswer("Filing a report", filed, 200);
      return;
    }
    case "expire":
      await expireHours(t.deps);
      return;
    case "creditNote": {
      const issued = operation.againstInvoice
        ? await t.db
            .select()
            .from(invoice)
            .where(and(eq(invoice.organizationId, org()), eq(invoice.accountId, family!.accountId), eq(invoice.status, "issued")))
            .orderBy(invoice.number)
        : [];
      const against = pickOf(issued, operation.pick);
      await inWorkspace((tx) =>
        issueCreditNote(tx, context(now), {
          accountId: family!.accountId,
          invoiceId: against?.id ?? null,
          reason: "Goodwill",
          lines: [{ description: "Credit", amountMinor: operation.amount }],
          idempotencyKey: `cn-${randomUUID()}`,
        }),
      );
      return;
    }
  }
}

/** Every account whose money does not add up, with the terms (empty when all hold). */
async function brokenAccounts() {
  const rows = await t.db.execute(sql`
    with
      sums as (select account_id, sum(amount_minor) as total from ledger_entry where organization_id = ${org()} group by account_id),
      latest as (select distinct on (account_id) account_id, balance_after_minor as balance from ledger_entry where organization_id = ${org()} order by account_id, sequence desc),
      outstanding as (select account_id, sum(total_minor - paid_minor) as amount from invoice where organization_id = ${org()} and status = 'issued' group by account_id),
      uninvoiced as (
        select e.account_id, sum(e.amount_minor) as amount from ledger_entry e
        where e.organization_id = ${org()} and (
          (e.kind in ('session_charge', 'package_sale')
            and not exists (select 1 from invoice_line l where l.organization_id = e.organization_id and l.charge_entry_id = e.id and l.live))
          or (e.kind = 'reversal' and exists (select 1 from ledger_entry c where c.organization_id = e.organization_id and c.id = e.reverses_entry_id and c.kind in ('session_charge', 'package_sale'))))
        group by e.account_id),
      transfers as (select account_id, sum(amount_minor) as amount from ledger_entry where organization_id = ${org()} and kind = 'transfer' group by account_id),
      credit as (
        select account_id, sum(unallocated) as amount from (
          select payment.account_id, ${sql.raw(PAYMENT_UNALLOCATED)} as unallocated from payment where payment.organization_id = ${org()}
          union all
          select credit_note.account_id, ${sql.raw(CREDIT_NOTE_UNALLOCATED)} from credit_note where credit_note.organization_id = ${org()}
        ) sources group by account_id)
    select a.id, latest.balance, sums.total, outstanding.amount as outstanding, uninvoiced.amount as uninvoiced, credit.amount as credit, transfers.amount as transfers
    from payer_account a
      left join sums on sums.account_id = a.id
      left join latest on latest.account_id = a.id
      left join outstanding on outstanding.account_id = a.id
      left join uninvoiced on uninvoiced.account_id = a.id
      left join transfers on transfers.account_id = a.id
      left join credit on credit.account_id = a.id
    where a.organization_id = ${org()}
      and (coalesce(latest.balance, 0) <> coalesce(sums.total, 0)
        or coalesce(latest.balance, 0) <> coalesce(outstanding.amount, 0) + coalesce(uninvoiced.amount, 0) - coalesce(credit.amount, 0) + coalesce(transfers.amount, 0))`);
  return rows.rows;
}

const PAYMENT_UNALLOCATED = `(payment.amount_minor
  - coalesce((select sum(a.amount_minor) from allocation a where a.organization_id = payment.organization_id and a.payment_id = payment.id), 0)
  - coalesce((select sum(r.amount_minor) from payment_refund r where r.organization_id = payment.organization_id and r.payment_id = payment.id), 0))`;
const CREDIT_NOTE_UNALLOCATED = `(credit_note.total_minor
  - coalesce((select sum(a.amount_minor) from allocation a where a.organization_id = credit_note.organization_id and a.credit_note_id = credit_note.id), 0))`;

/** Invoices whose paid amount is not their allocations' sum or leaves [0, total]; sources over-allocated; grants below zero. */
async function brokenDocuments() {
  const invoices = await t.db.execute(sql`
    select i.id, i.paid_minor, i.total_minor from invoice i
    where i.organization_id = ${org()} and (i.paid_minor < 0 or i.paid_minor > i.total_minor
      or i.paid_minor <> coalesce((select sum(a.amount_minor) from allocation a where a.organization_id = i.organization_id and a.invoice_id = i.id), 0))`);
  const sources = await t.db.execute(sql`
    select payment.id from payment where payment.organization_id = ${org()} and ${sql.raw(PAYMENT_UNALLOCATED)} < 0
    union all
    select credit_note.id from credit_note where credit_note.organization_id = ${org()} and ${sql.raw(CREDIT_NOTE_UNALLOCATED)} < 0`);
  const grants = await t.db.execute(sql`
    select g.id from hour_grant g
    where g.organization_id = ${org()} and g.minutes + coalesce((select sum(m.minutes) from hour_movement m where m.organization_id = g.organization_id and m.grant_id = g.id), 0) < 0`);
  return [...invoices.rows, ...sources.rows, ...grants.rows];
}

async function checkLedger(): Promise<void> {
  const check = await inWorkspace((tx) => verifyLedger(tx, org()));
  expect(check.problem).toBeNull();
}

describe("billing's invariants", () => {
  it(
    "hold after every step of random sessions and reports, sales, expiries, charges, invoices, voids, payments, refunds and credit notes",
    async () => {
      const counts = new Map<string, { done: number; refused: number }>();
      await fc.assert(
        fc.asyncProperty(fc.array(operationArb, { minLength: STEPS, maxLength: STEPS }), async (operations) => {
          for (const [step, operation] of operations.entries()) {
            const count = counts.get(operation.kind) ?? { done: 0, refused: 0 };
            counts.set(operation.kind, count);
            try {
              await apply(operation, step);
              count.done += 1;
            } catch (error) {
              if (!(error instanceof AppError) || error.status >= 500) throw error;
              count.refused += 1;
            }
            const accounts = await brokenAccounts();
            if (accounts.length > 0) throw new Error(`Step ${step} (${JSON.stringify(operation)}) broke accounts: ${JSON.stringify(accounts)}`);
            const documents = await brokenDocuments();
            if (documents.length > 0) throw new Error(`Step ${step} (${JSON.stringify(operation)}) broke documents: ${JSON.stringify(documents)}`);
            if (step % VERIFY_EVERY === 0) await checkLedger();
          }
          await checkLedger();
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      // Each kind of operation really ran (not only refused).
      for (const kind of ["charge", "reverse", "invoice", "void", "pay", "refund", "creditNote", "sell", "session", "mark", "expire"])
        expect(counts.get(kind)?.done ?? 0, kind).toBeGreaterThan(0);
    },
    RUNS * 60_000,
  );
});
