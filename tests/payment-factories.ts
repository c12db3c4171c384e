/**
 * Billing factories for payments and accounts: a student's account, a charge in the ledger,
 * an issued invoice for it (through billing's own service functions: the invoice API is
 * another part's), and payment requests through the real API. No test-runner imports.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PaymentCreate } from "../src/shared/schemas/billing-payments.ts";
import type { Database } from "../src/server/db/client.ts";
import { student } from "../src/server/db/schema.ts";
import { withWorkspace } from "../src/server/db/tenant.ts";
import { issueInvoiceForCharges } from "../src/server/features/billing/invoice-issue.ts";
import { appendEntries } from "../src/server/features/billing/ledger.ts";
import type { ApiClient, ApiResponse } from "./client.ts";

export interface BillingActor {
  organizationId: string;
  user: { id: string };
}

/** The payer account of a student. */
export async function accountOfStudent(db: Database, studentId: string): Promise<string> {
  const [row] = await db.select({ accountId: student.payerAccountId }).from(student).where(eq(student.id, studentId));
  if (!row) throw new Error(`No student ${studentId}`);
  return row.accountId;
}

/** A session charge of amountMinor in the account's ledger (not yet invoiced); its entry id. */
export async function chargeAccount(db: Database, actor: BillingActor, accountId: string, amountMinor: number, now: Date): Promise<string> {
  const [entry] = await withWorkspace(db, actor.organizationId, (tx) =>
    appendEntries(tx, { organizationId: actor.organizationId, actorUserId: actor.user.id, now }, [
      { accountId, kind: "session_charge", amountMinor, description: "Lesson", causeKey: `test-charge:${randomUUID()}` },
    ]),
  );
  return entry!.id;
}

/** A charge of amountMinor invoiced at once, issued on `now`'s day (due after the workspace's payment terms). */
export async function issuedInvoice(
  db: Database,
  actor: BillingActor,
  accountId: string,
  amountMinor: number,
  now: Date,
): Promise<{ invoiceId: string; number: string }> {
  const chargeId = await chargeAccount(db, actor, accountId, amountMinor, now);
  return withWorkspace(db, actor.organizationId, (tx) =>
    issueInvoiceForCharges(tx, { organizationId: actor.organizationId, actorUserId: actor.user.id, now }, accountId, [chargeId]),
  );
}

/** A payment request body: cash received on 2026-11-02, nothing allocated, a fresh key. */
export function paymentBody(accountId: string, overrides: Partial<PaymentCreate> = {}): PaymentCreate {
  return {
    accountId,
    method: "cash",
    amountMinor: 5000,
    receivedOn: "2026-11-02",
    reference: "",
    allocations: [],
    idempotencyKey: `key-${randomUUID()}`,
    ...overrides,
  };
}

export async function postPayment(client: ApiClient, body: unknown): Promise<ApiResponse> {
  return client.post("/api/admin/billing/payments", body);
}

export async function postRefund(client: ApiClient, paymentId: string, body: Record<string, unknown>): Promise<ApiResponse> {
  return client.post(`/api/admin/billing/payments/${paymentId}/refunds`, { idempotencyKey: `refund-${randomUUID()}`, refundedOn: "2026-11-02", ...body });
}
