import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { ledgerEntry, payerAccountMember } from "../../db/billing-schema.ts";
import { student } from "../../db/schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { accountBalance, appendEntries, reverseEntry } from "./ledger.ts";
import { verifyLedger } from "./verify-ledger.ts";

let t: TestApp;
let admin: AdminFixture;
let parent: MemberFixture;
let accountId: string;
const at = new Date("2026-11-02T10:00:00.000Z");

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Lena Ledger", workspaceName: "Ledger Tutoring" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Paul Payer" });
  const created = await createStudent(admin.client, { name: "Nora North" });
  await linkGuardian(admin.client, created.id, parent.memberId);
  const [row] = await t.db.select({ accountId: student.payerAccountId }).from(student).where(eq(student.id, created.id));
  accountId = row!.accountId;
}, 60_000);
afterAll(() => t?.close());

const context = () => ({ organizationId: admin.organizationId, actorUserId: admin.user.id, now: at });

describe("payer accounts", () => {
  it("a new student gets an account of their own, and a linked guardian becomes its payer", async () => {
    expect(accountId).toMatch(/^[0-9a-f-]{36}$/);
    const payers = await t.db.select().from(payerAccountMember).where(eq(payerAccountMember.accountId, accountId));
    expect(payers.map((payer) => payer.memberId)).toEqual([parent.memberId]);
  });
});

describe("the ledger", () => {
  it("appends entries with consecutive numbers, running balances and a hash chain that verifies", async () => {
    await withWorkspace(t.deps.db, admin.organizationId, async (tx) => {
      await appendEntries(tx, context(), [
        { accountId, kind: "session_charge", amountMinor: 4550, description: "Maths, 1 h", causeKey: "test:charge:1" },
        { accountId, kind: "payment", amountMinor: -2000, description: "Cash", causeKey: "test:payment:1" },
      ]);
      expect(await accountBalance(tx, admin.organizationId, accountId)).toBe(2550);
    });
    const check = await withWorkspace(t.deps.db, admin.organizationId, (tx) => verifyLedger(tx, admin.organizationId));
    expect(check).toMatchObject({ ok: true, entriesChecked: 2, problem: null });
  });

  it("writes a cause once: the same cause key again changes nothing and returns the first entry", async () => {
    const [first, again] = await withWorkspace(t.deps.db, admin.organizationId, async (tx) => {
      const [a] = await appendEntries(tx, context(), [{ accountId, kind: "fee", amountMinor: 500, description: "Workbook", causeKey: "test:fee:1" }]);
      const [b] = await appendEntries(tx, context(), [{ accountId, kind: "fee", amountMinor: 500, description: "Workbook", causeKey: "test:fee:1" }]);
      return [a!, b!];
    });
    expect(again.id).toBe(first.id);
    expect(await withWorkspace(t.deps.db, admin.organizationId, (tx) => accountBalance(tx, admin.organizationId, accountId))).toBe(3050);
  });

  it("reverses an entry exactly once", async () => {
    await withWorkspace(t.deps.db, admin.organizationId, async (tx) => {
      const [fee] = await tx
        .select()
        .from(ledgerEntry)
        .where(and(eq(ledgerEntry.organizationId, admin.organizationId), eq(ledgerEntry.causeKey, "test:fee:1")));
      const reversal = await reverseEntry(tx, context(), fee!, "Workbook not needed");
      const twice = await reverseEntry(tx, context(), fee!, "Workbook not needed");
      expect(twice.id).toBe(reversal.id);
      expect(reversal.amountMinor).toBe(-500);
      expect(await accountBalance(tx, admin.organizationId, accountId)).toBe(2550);
    });
  });

  it("refuses a zero amount: nothing moved", async () => {
    await expect(
      withWorkspace(t.deps.db, admin.organizationId, (tx) =>
        appendEntries(tx, context(), [{ accountId, kind: "fee", amountMinor: 0, description: "Nothing", causeKey: "test:zero" }]),
      ),
    ).rejects.toThrow(RangeError);
  });

  it("the application's role may not change or delete an entry: PostgreSQL refuses", async () => {
    for (const statement of [sql`update ledger_entry set amount_minor = 1`, sql`delete from ledger_entry`]) {
      await expect(withWorkspace(t.deps.db, admin.organizationId, (tx) => tx.execute(statement))).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/permission denied for table ledger_entry/) },
      });
    }
  });

  it("a changed entry (by someone past the application, here the superuser) breaks the chain at that entry", async () => {
    await t.db.execute(sql`update ledger_entry set amount_minor = 9999 where organization_id = ${admin.organizationId} and sequence = 2`);
    const check = await withWorkspace(t.deps.db, admin.organizationId, (tx) => verifyLedger(tx, admin.organizationId));
    expect(check.ok).toBe(false);
    expect(check.problem).toMatch(/Entry 2 was changed after it was written/);
    expect(check.entriesChecked).toBe(1);
  });
});
