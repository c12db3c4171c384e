/**
 * Invoice test set-up: a family (a student's own payer account, optionally with a guardian as
 * payer), tax rates and billing settings through the API, and charges. Charges are written
 * straight into the ledger with appendEntries (what session billing and package sales write),
 * so that invoices can be tested apart from how the charges arose.
 */
import { eq } from "drizzle-orm";
import type { FeeLineInput } from "../src/shared/schemas/billing-invoices.ts";
import type { BillingSettingsUpdate } from "../src/shared/schemas/billing-tax.ts";
import type { LedgerKind } from "../src/shared/billing-states.ts";
import { appendEntries } from "../src/server/features/billing/ledger.ts";
import { student } from "../src/server/db/schema.ts";
import { withWorkspace } from "../src/server/db/tenant.ts";
import type { ApiClient } from "./client.ts";
import type { AdminFixture } from "./factories.ts";
import { createStudent, linkGuardian } from "./people-factories.ts";
import type { TestApp } from "./setup/test-app.ts";

function expectStatus(what: string, response: { status: number; body: unknown }, status: number) {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`);
}

/** A student (by name) and their family's payer account; the guardian member, when given, pays it. */
export async function createFamily(
  t: TestApp,
  admin: AdminFixture,
  name: string,
  guardianMemberId?: string,
): Promise<{ studentId: string; accountId: string }> {
  const created = await createStudent(admin.client, { name });
  if (guardianMemberId) await linkGuardian(admin.client, created.id, guardianMemberId);
  const [row] = await t.db.select({ accountId: student.payerAccountId }).from(student).where(eq(student.id, created.id));
  return { studentId: created.id, accountId: row!.accountId };
}

let chargeCounter = 0;

/** A charge in the family's ledger, as billing writes one (a session charge unless said otherwise). */
export async function addCharge(
  t: TestApp,
  admin: AdminFixture,
  accountId: string,
  amountMinor: number,
  options: {
    kind?: Extract<LedgerKind, "session_charge" | "package_sale">;
    at?: Date;
    description?: string;
    studentId?: string;
    sessionId?: string;
    minutes?: number;
  } = {},
): Promise<string> {
  chargeCounter += 1;
  const at = options.at ?? t.deps.clock.now();
  const [entry] = await withWorkspace(t.deps.db, admin.organizationId, (tx) =>
    appendEntries(tx, { organizationId: admin.organizationId, actorUserId: admin.user.id, now: at }, [
      {
        accountId,
        kind: options.kind ?? "session_charge",
        amountMinor,
        description: options.description ?? `Lesson ${chargeCounter}`,
        causeKey: `test-charge:${accountId}:${chargeCounter}:${Math.random()}`,
        studentId: options.studentId ?? null,
        sessionId: options.sessionId ?? null,
        minutes: options.minutes ?? null,
      },
    ]),
  );
  return entry!.id;
}

export async function createTaxRate(client: ApiClient, name: string, rateBps: number): Promise<string> {
  const response = await client.post("/api/admin/billing/tax-rates", { name, rateBps });
  expectStatus(`Creating the tax rate ${name}`, response, 201);
  return response.body.id as string;
}

export async function setBillingSettings(client: ApiClient, changes: BillingSettingsUpdate): Promise<void> {
  expectStatus("Changing the billing settings", await client.patch("/api/admin/billing/settings", changes), 200);
}

/** A draft of fee lines for the family; its id. */
export async function draftFees(client: ApiClient, accountId: string, lines: FeeLineInput[]): Promise<string> {
  const response = await client.post("/api/admin/billing/invoices", { accountId, lines });
  expectStatus("Drafting an invoice", response, 201);
  return response.body.id as string;
}

/** Issues a draft; the issued invoice. */
export async function issue(client: ApiClient, invoiceId: string) {
  const response = await client.post(`/api/admin/billing/invoices/${invoiceId}/issue`);
  expectStatus("Issuing an invoice", response, 200);
  return response.body;
}
