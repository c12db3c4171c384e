/**
 * A parent's billing: the accounts they pay (payer_account_member, policy.ts payerOf), each with
 * its balance and credit, the children's hours, packages, invoices (issued or void, never a
 * draft), credit notes and payments, and the account's ledger page by page. A parent who pays
 * no account sees none; any other account answers 404.
 */
import { workspaceCurrency } from "../../core/currency.ts";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { FamilyAccount, FamilyBilling, LedgerPage } from "../../../shared/schemas/billing-accounts.ts";
import type { Actor } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { creditNote, invoice, packagePurchase, payment } from "../../db/billing-schema.ts";
import { payerAccount, student } from "../../db/schema.ts";
import { type Transaction, withWorkspace } from "../../db/tenant.ts";
import { accountNotFound, ledgerPageOf } from "./accounts.ts";
import { accountCredit } from "./allocations.ts";
import { hoursSummary } from "./hours.ts";
import { invoiceCreditedSql, readStateOf } from "./invoice-reads.ts";
import { accountBalance } from "./ledger.ts";
import { payerOf } from "./policy.ts";

/** The documents of each kind shown per account, newest first (the rest are a statement away). */
export const FAMILY_LIST_LIMIT = 50;

async function familyAccount(tx: Transaction, organizationId: string, account: { id: string; name: string }, today: string, now: Date): Promise<FamilyAccount> {
  const students = await tx
    .select({ id: student.id, name: student.name })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), eq(student.payerAccountId, account.id)))
    .orderBy(student.name, student.id);
  const invoices = await tx
    .select({ row: invoice, credited: invoiceCreditedSql })
    .from(invoice)
    .where(and(eq(invoice.organizationId, organizationId), eq(invoice.accountId, account.id), ne(invoice.status, "draft")))
    .orderBy(desc(invoice.issuedOn), desc(invoice.number))
    .limit(FAMILY_LIST_LIMIT);
  const creditNotes = await tx
    .select()
    .from(creditNote)
    .where(and(eq(creditNote.organizationId, organizationId), eq(creditNote.accountId, account.id)))
    .orderBy(desc(creditNote.issuedOn), desc(creditNote.number))
    .limit(FAMILY_LIST_LIMIT);
  const payments = await tx
    .select({
      row: payment,
      // Full table names: drizzle leaves a single-table query's columns unqualified.
      refunded: sql<string>`coalesce((select sum(r.amount_minor) from payment_refund r where r.organization_id = payment.organization_id and r.payment_id = payment.id), 0)`,
    })
    .from(payment)
    .where(and(eq(payment.organizationId, organizationId), eq(payment.accountId, account.id)))
    .orderBy(desc(payment.receivedOn), desc(payment.createdAt))
    .limit(FAMILY_LIST_LIMIT);
  const packages = await tx
    .select()
    .from(packagePurchase)
    .where(and(eq(packagePurchase.organizationId, organizationId), eq(packagePurchase.accountId, account.id)))
    .orderBy(desc(packagePurchase.createdAt))
    .limit(FAMILY_LIST_LIMIT);
  return {
    id: account.id,
    name: account.name,
    balanceMinor: await accountBalance(tx, organizationId, account.id),
    creditMinor: await accountCredit(tx, organizationId, account.id),
    students,
    hours: await hoursSummary(tx, organizationId, account.id, now),
    packages: packages.map((purchase) => ({
      id: purchase.id,
      name: purchase.name,
      studentId: purchase.studentId,
      minutes: purchase.minutes,
      priceMinor: purchase.priceMinor,
      status: purchase.status,
      invoiceId: purchase.invoiceId,
      createdAt: purchase.createdAt.toISOString(),
      activatedAt: purchase.activatedAt?.toISOString() ?? null,
    })),
    invoices: invoices.map(({ row, credited }) => {
      const outstanding = row.status === "issued" ? row.totalMinor - row.paidMinor : 0;
      return {
        id: row.id,
        number: row.number,
        state: readStateOf(row, Number(credited)),
        issuedOn: row.issuedOn,
        dueOn: row.dueOn,
        totalMinor: row.totalMinor,
        paidMinor: row.paidMinor,
        outstandingMinor: outstanding,
        overdue: outstanding > 0 && row.dueOn !== null && row.dueOn < today,
      };
    }),
    creditNotes: creditNotes.map((row) => ({
      id: row.id,
      number: row.number,
      invoiceId: row.invoiceId,
      issuedOn: row.issuedOn,
      reason: row.reason,
      totalMinor: row.totalMinor,
    })),
    payments: payments.map(({ row, refunded }) => ({
      id: row.id,
      method: row.method,
      amountMinor: row.amountMinor,
      refundedMinor: Number(refunded),
      receivedOn: row.receivedOn,
      reference: row.reference,
    })),
  };
}

export async function familyBilling(db: Database, actor: Actor, now: Date): Promise<FamilyBilling> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const accounts = await tx
      .select({ id: payerAccount.id, name: payerAccount.name })
      .from(payerAccount)
      .where(and(eq(payerAccount.organizationId, organizationId), payerOf(actor.viewer, payerAccount.id)))
      .orderBy(payerAccount.name, payerAccount.id);
    const today = await workspaceToday(tx, organizationId, now);
    const overview: FamilyAccount[] = [];
    for (const account of accounts) overview.push(await familyAccount(tx, organizationId, account, today, now));
    return { currency: await workspaceCurrency(tx, organizationId), accounts: overview };
  });
}

/** The ledger of an account the parent pays, newest first; any other account is 404. */
export async function familyLedger(db: Database, actor: Actor, accountId: string, page: number, pageSize: number): Promise<LedgerPage> {
  const organizationId = actor.viewer.organizationId;
  if (!isRecordId(accountId)) throw accountNotFound();
  return withWorkspace(db, organizationId, async (tx) => {
    const [visible] = await tx
      .select({ id: payerAccount.id })
      .from(payerAccount)
      .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId), payerOf(actor.viewer, payerAccount.id)));
    if (!visible) throw accountNotFound();
    return ledgerPageOf(tx, organizationId, accountId, page, pageSize);
  });
}
