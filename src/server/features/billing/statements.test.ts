import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../../../../tests/csv.ts";
import { createAdmin, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { accountOfStudent } from "../../../../tests/payment-factories.ts";
import { createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import { ledgerEntry } from "../../db/billing-schema.ts";
import { withWorkspace } from "../../db/tenant.ts";
import { appendEntries, type LedgerWrite } from "./ledger.ts";

// Data: ledger entries written with appendEntries at chosen times (the statement reads the
// ledger only); the statements through the API.
let t: TestApp;
let admin: AdminFixture;
let payer: MemberFixture;
let otherParent: MemberFixture;
let tutor: MemberFixture;
let accountId: string;
let otherAccountId: string;

async function entryAt(at: string, write: Omit<LedgerWrite, "accountId" | "causeKey"> & { accountId?: string }) {
  await withWorkspace(t.deps.db, admin.organizationId, (tx) =>
    appendEntries(tx, { organizationId: admin.organizationId, actorUserId: admin.user.id, now: new Date(at) }, [
      { accountId, causeKey: `statement-test:${at}:${write.description}`, ...write },
    ]),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Sofia Statement", workspaceName: "Statement Tutoring" });
  payer = await createMember(t, { admin, role: "parent", fullName: "Pia Payer" });
  otherParent = await createMember(t, { admin, role: "parent", fullName: "Otto Other" });
  tutor = await createMember(t, { admin, role: "tutor" });
  const child = await createStudent(admin.client, { name: "Lia Long" });
  await linkGuardian(admin.client, child.id, payer.memberId);
  accountId = await accountOfStudent(t.db, child.id);
  otherAccountId = await accountOfStudent(t.db, (await createStudent(admin.client, { name: "Ben Other" })).id);

  await entryAt("2026-11-01T09:00:00.000Z", { kind: "session_charge", amountMinor: 4550, description: "Maths, 1 h" });
  await entryAt("2026-11-02T09:00:00.000Z", { kind: "session_charge", amountMinor: 999, description: "Other family", accountId: otherAccountId });
  await entryAt("2026-11-05T09:00:00.000Z", { kind: "payment", amountMinor: -2000, description: '=HYPERLINK("http://evil.example","pay here")' });
  await entryAt("2026-11-20T09:00:00.000Z", { kind: "session_charge", amountMinor: 3005, description: 'Physics, "double", 1 h' });
  await entryAt("2026-12-05T09:00:00.000Z", { kind: "session_charge", amountMinor: 1000, description: "After the period" });
}, 120_000);
afterAll(() => t?.close());

const statementPath = (area: "admin" | "parent", id: string, query: string) => `/api/${area}/billing/accounts/${id}/statement?${query}`;

describe("an account's statement", () => {
  it("opens with the balance before the period, lists its entries with running balances and closes with the last one", async () => {
    const res = await admin.client.get(statementPath("admin", accountId, "from=2026-11-03&to=2026-11-30"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account: { id: accountId }, openingBalanceMinor: 4550, closingBalanceMinor: 5555, from: "2026-11-03", to: "2026-11-30" });
    expect(
      res.body.entries.map((entry: { date: string; kind: string; amountMinor: number; balanceAfterMinor: number }) => [
        entry.date,
        entry.kind,
        entry.amountMinor,
        entry.balanceAfterMinor,
      ]),
    ).toEqual([
      ["2026-11-05", "payment", -2000, 2550],
      ["2026-11-20", "session_charge", 3005, 5555],
    ]);
  });

  it("prints the workspace chain's latest entry and hash, so two statements can be compared", async () => {
    const [latest] = await t.db
      .select()
      .from(ledgerEntry)
      .where(eq(ledgerEntry.organizationId, admin.organizationId))
      .orderBy(desc(ledgerEntry.sequence))
      .limit(1);
    const first = await admin.client.get(statementPath("admin", accountId, "from=2026-11-03&to=2026-11-30"));
    expect(first.body.ledger).toEqual({ latestSequence: 5, latestHash: latest!.hash });
    await entryAt("2026-12-06T09:00:00.000Z", { kind: "adjustment", amountMinor: 1, description: "Rounding" });
    const later = await admin.client.get(statementPath("admin", accountId, "from=2026-11-03&to=2026-11-30"));
    expect(later.body.ledger.latestSequence).toBe(6);
    expect(later.body.ledger.latestHash).not.toBe(latest!.hash);
    // The period's figures do not move when later entries are written.
    expect(later.body.closingBalanceMinor).toBe(5555);
  });

  it("an empty period carries the opening balance to the close", async () => {
    const res = await admin.client.get(statementPath("admin", accountId, "from=2026-11-21&to=2026-11-30"));
    expect(res.body).toMatchObject({ openingBalanceMinor: 5555, closingBalanceMinor: 5555, entries: [] });
  });

  it("is the payers' to read: another parent gets 404, a tutor 403; a bad period 422", async () => {
    expect((await payer.client.get(statementPath("parent", accountId, "from=2026-11-03&to=2026-11-30"))).body.closingBalanceMinor).toBe(5555);
    expect((await otherParent.client.get(statementPath("parent", accountId, "from=2026-11-03&to=2026-11-30"))).status).toBe(404);
    expect((await payer.client.get(statementPath("parent", otherAccountId, "from=2026-11-03&to=2026-11-30"))).status).toBe(404);
    expect((await tutor.client.get(statementPath("admin", accountId, "from=2026-11-03&to=2026-11-30"))).status).toBe(403);
    const backwards = await admin.client.get(statementPath("admin", accountId, "from=2026-11-30&to=2026-11-03"));
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.issues[0].path).toEqual(["to"]);
  });

  it("without dates covers this month to today; an id that names no account answers 404", async () => {
    const res = await admin.client.get(`/api/admin/billing/accounts/${accountId}/statement`);
    expect(res.status).toBe(200);
    expect(res.body.from).toBe(`${res.body.to.slice(0, 8)}01`);
    expect((await admin.client.get("/api/admin/billing/accounts/not-an-id/statement")).status).toBe(404);
  });

  it("as CSV: RFC 4180 quoting, a formula in a description made text, amounts as plain decimals", async () => {
    const res = await payer.client.get(statementPath("parent", accountId, "from=2026-11-03&to=2026-11-30&format=csv"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="statement-2026-11-03-to-2026-11-30.csv"');
    expect(res.text).toContain('"Physics, ""double"", 1 h"');
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(["Date", "Ledger entry", "Kind", "Description", "Invoice", "Credit note", "Amount (USD)", "Balance (USD)"]);
    expect(rows[1]).toEqual(["2026-11-03", "", "opening_balance", "Opening balance of Lia Long", "", "", "", "45.50"]);
    expect(rows[2]).toEqual(["2026-11-05", "3", "payment", `'=HYPERLINK("http://evil.example","pay here")`, "", "", "-20.00", "25.50"]);
    expect(rows[3]).toEqual(["2026-11-20", "4", "session_charge", 'Physics, "double", 1 h', "", "", "30.05", "55.55"]);
    expect(rows[4]).toEqual(["2026-11-30", "", "closing_balance", "Closing balance of Lia Long", "", "", "", "55.55"]);
    expect(rows[5]![2]).toBe("ledger_hash");
  });

  it("as PDF", async () => {
    const res = await admin.client.get(statementPath("admin", accountId, "from=2026-11-03&to=2026-11-30&format=pdf"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.text.startsWith("%PDF-")).toBe(true);
  });
});
