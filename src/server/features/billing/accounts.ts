/**
 * Families' accounts as admins keep them: the list with each family's balance, credit,
 * outstanding and overdue amounts; one account's overview and ledger; renaming; payers added
 * and removed; merging two families (students and payers move, the balance moves by a pair of
 * transfer entries, documents stay with the account that issued them) and splitting one
 * (some students get an account of their own; no money moves).
 */
import { workspaceCurrency } from "../../core/currency.ts";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type {
  AccountDetail,
  AccountListQuery,
  AccountMergeResult,
  AccountPage,
  AccountSplit,
  AccountSplitResult,
  AccountSummary,
  LedgerEntry,
  LedgerPage,
} from "../../../shared/schemas/billing-accounts.ts";
import { formatMoney } from "../../../shared/money.ts";
import { type Actor, actorLabel } from "../../core/audit.ts";
import { isRecordId } from "../../core/ids.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import type { Database } from "../../db/client.ts";
import { invoice, ledgerEntry, payerAccountMember } from "../../db/billing-schema.ts";
import { member, payerAccount, student, studentGuardian, user } from "../../db/schema.ts";
import { type Queryable, type Transaction, withWorkspace } from "../../db/tenant.ts";
import { conflict, invalidField, notFound } from "../../lib/app-error.ts";
import { accountCredit, creditNoteUnallocatedSql, lockMoney, paymentUnallocatedSql } from "./allocations.ts";
import { describeMinutes, grantBalances } from "./hours.ts";
import { auditBilling, billingContextOf } from "./invoice-context.ts";
import { accountBalance, type LedgerEntryRow } from "./ledger.ts";

export const accountNotFound = () => notFound("The account");

const RECENT_ENTRIES = 10;

/*
 * Per account (an outer "payer_account" row; full table names, see paymentUnallocatedSql):
 * its latest running balance, its credit, and what its issued invoices still ask.
 */
const balanceSql = sql<string>`coalesce((select e.balance_after_minor from ledger_entry e where e.organization_id = payer_account.organization_id and e.account_id = payer_account.id order by e.sequence desc limit 1), 0)`;
const creditSql = sql<string>`(coalesce((select sum(${paymentUnallocatedSql}) from payment where payment.organization_id = payer_account.organization_id and payment.account_id = payer_account.id), 0)
  + coalesce((select sum(${creditNoteUnallocatedSql}) from credit_note where credit_note.organization_id = payer_account.organization_id and credit_note.account_id = payer_account.id), 0))`;
const outstandingSql = (dueBefore?: string) =>
  sql<string>`coalesce((select sum(i.total_minor - i.paid_minor) from invoice i where i.organization_id = payer_account.organization_id and i.account_id = payer_account.id and i.status = 'issued'${dueBefore ? sql` and i.due_on < ${dueBefore}` : sql``}), 0)`;

function amountColumns(today: string) {
  return {
    id: payerAccount.id,
    name: payerAccount.name,
    balance: balanceSql,
    credit: creditSql,
    outstanding: outstandingSql(),
    overdue: outstandingSql(today),
  };
}

type AmountRow = { id: string; name: string; balance: string; credit: string; outstanding: string; overdue: string };

/** Students and payers of the accounts, by account id (one query each for any number of accounts). */
async function peopleOf(tx: Queryable, organizationId: string, accountIds: string[]) {
  const students = new Map<string, { id: string; name: string }[]>();
  const payers = new Map<string, { memberId: string; name: string }[]>();
  if (accountIds.length === 0) return { students, payers };
  const studentRows = await tx
    .select({ accountId: student.payerAccountId, id: student.id, name: student.name })
    .from(student)
    .where(and(eq(student.organizationId, organizationId), inArray(student.payerAccountId, accountIds)))
    .orderBy(asc(student.name), asc(student.id));
  for (const row of studentRows) students.set(row.accountId, [...(students.get(row.accountId) ?? []), { id: row.id, name: row.name }]);
  const payerRows = await tx
    .select({ accountId: payerAccountMember.accountId, memberId: payerAccountMember.memberId, name: user.name })
    .from(payerAccountMember)
    .innerJoin(member, and(eq(member.organizationId, payerAccountMember.organizationId), eq(member.id, payerAccountMember.memberId)))
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(payerAccountMember.organizationId, organizationId), inArray(payerAccountMember.accountId, accountIds)))
    .orderBy(asc(user.name), asc(payerAccountMember.memberId));
  for (const row of payerRows) payers.set(row.accountId, [...(payers.get(row.accountId) ?? []), { memberId: row.memberId, name: row.name }]);
  return { students, payers };
}

async function summaries(tx: Queryable, organizationId: string, rows: AmountRow[]): Promise<AccountSummary[]> {
  const { students, payers } = await peopleOf(
    tx,
    organizationId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    students: students.get(row.id) ?? [],
    payers: payers.get(row.id) ?? [],
    balanceMinor: Number(row.balance),
    creditMinor: Number(row.credit),
    outstandingMinor: Number(row.outstanding),
    overdueMinor: Number(row.overdue),
  }));
}

/** Accounts whose name, or a student's name, contains the search. */
function accountSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql`(payer_account.name ilike ${pattern} or exists (select 1 from student s where s.organization_id = payer_account.organization_id and s.payer_account_id = payer_account.id and s.name ilike ${pattern}))`;
}

/**
 * An account with a student, or with history. An account merged into another keeps its
 * documents and entries but has no students left; the one a student got at creation and left
 * unused when merged into their family's has neither, and is no family to list.
 */
const accountInUse = sql`(exists (select 1 from student s where s.organization_id = payer_account.organization_id and s.payer_account_id = payer_account.id)
  or exists (select 1 from ledger_entry e where e.organization_id = payer_account.organization_id and e.account_id = payer_account.id)
  or exists (select 1 from invoice i where i.organization_id = payer_account.organization_id and i.account_id = payer_account.id))`;

export async function listAccounts(db: Database, actor: Actor, query: AccountListQuery, now: Date): Promise<AccountPage> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const where = and(eq(payerAccount.organizationId, organizationId), accountInUse, accountSearch(query.q));
    const [total] = await tx.select({ total: count() }).from(payerAccount).where(where);
    const today = await workspaceToday(tx, organizationId, now);
    const rows = await tx
      .select(amountColumns(today))
      .from(payerAccount)
      .where(where)
      .orderBy(asc(payerAccount.name), asc(payerAccount.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return {
      items: await summaries(tx, organizationId, rows),
      total: total?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
      currency: await workspaceCurrency(tx, organizationId),
    };
  });
}

export function toLedgerEntry(entry: LedgerEntryRow): LedgerEntry {
  return {
    id: entry.id,
    sequence: entry.sequence,
    kind: entry.kind,
    amountMinor: entry.amountMinor,
    balanceAfterMinor: entry.balanceAfterMinor,
    description: entry.description,
    at: entry.createdAt.toISOString(),
    links: {
      invoiceId: entry.invoiceId,
      creditNoteId: entry.creditNoteId,
      paymentId: entry.paymentId,
      sessionId: entry.sessionId,
      studentId: entry.studentId,
      purchaseId: entry.purchaseId,
      reversesEntryId: entry.reversesEntryId,
    },
  };
}

/** The account's entries, newest first. */
export async function ledgerPageOf(tx: Queryable, organizationId: string, accountId: string, page: number, pageSize: number): Promise<LedgerPage> {
  const where = and(eq(ledgerEntry.organizationId, organizationId), eq(ledgerEntry.accountId, accountId));
  const [total] = await tx.select({ total: count() }).from(ledgerEntry).where(where);
  const rows = await tx
    .select()
    .from(ledgerEntry)
    .where(where)
    .orderBy(desc(ledgerEntry.sequence))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items: rows.map(toLedgerEntry), total: total?.total ?? 0, page, pageSize, currency: await workspaceCurrency(tx, organizationId) };
}

/** One account's overview, or undefined when no account of the workspace matches `where` too. */
export async function accountDetail(tx: Queryable, organizationId: string, accountId: string, now: Date, where?: SQL): Promise<AccountDetail | undefined> {
  if (!isRecordId(accountId)) return undefined;
  const today = await workspaceToday(tx, organizationId, now);
  const rows = await tx
    .select(amountColumns(today))
    .from(payerAccount)
    .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId), where));
  if (rows.length === 0) return undefined;
  const [summary] = await summaries(tx, organizationId, rows);
  const recent = await ledgerPageOf(tx, organizationId, accountId, 1, RECENT_ENTRIES);
  return { ...summary!, currency: recent.currency, recentEntries: recent.items };
}

async function requireDetail(tx: Queryable, organizationId: string, accountId: string, now: Date): Promise<AccountDetail> {
  const detail = await accountDetail(tx, organizationId, accountId, now);
  if (!detail) throw accountNotFound();
  return detail;
}

export async function viewAccount(db: Database, actor: Actor, accountId: string, now: Date): Promise<AccountDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, (tx) => requireDetail(tx, organizationId, accountId, now));
}

export async function viewAccountLedger(db: Database, actor: Actor, accountId: string, page: number, pageSize: number): Promise<LedgerPage> {
  const organizationId = actor.viewer.organizationId;
  if (!isRecordId(accountId)) throw accountNotFound();
  return withWorkspace(db, organizationId, async (tx) => {
    await lockedAccount(tx, organizationId, accountId, { forUpdate: false });
    return ledgerPageOf(tx, organizationId, accountId, page, pageSize);
  });
}

async function lockedAccount(tx: Transaction, organizationId: string, accountId: string, options = { forUpdate: true }) {
  if (!isRecordId(accountId)) throw accountNotFound();
  const query = tx
    .select()
    .from(payerAccount)
    .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw accountNotFound();
  return row;
}

export async function renameAccount(db: Database, actor: Actor, accountId: string, name: string, now: Date): Promise<AccountDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const current = await lockedAccount(tx, organizationId, accountId);
    if (current.name !== name) {
      await tx
        .update(payerAccount)
        .set({ name })
        .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId)));
      await auditBilling(tx, billingContextOf(actor, now), "BILLING_ACCOUNT_RENAMED", `${actorLabel(actor)} renamed the account ${current.name} to ${name}`, {
        accountId,
      });
    }
    return requireDetail(tx, organizationId, accountId, now);
  });
}

/** A parent member of the workspace (payers are parents), or a 422 naming memberId. */
async function requireParent(tx: Transaction, organizationId: string, memberId: string) {
  const [row] = await tx
    .select({ id: member.id, role: member.role, status: member.status, name: user.name })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
  if (!row) throw invalidField("memberId", "No such member in this workspace.");
  if (row.role !== "parent") throw invalidField("memberId", "Only a parent can pay an account.");
  return row;
}

export async function addPayer(db: Database, actor: Actor, accountId: string, memberId: string, now: Date): Promise<AccountDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const account = await lockedAccount(tx, organizationId, accountId);
    const parent = await requireParent(tx, organizationId, memberId);
    const added = await tx.insert(payerAccountMember).values({ organizationId, accountId, memberId, createdAt: now }).onConflictDoNothing().returning();
    if (added.length > 0)
      await auditBilling(tx, billingContextOf(actor, now), "BILLING_PAYER_ADDED", `${actorLabel(actor)} made ${parent.name} a payer of ${account.name}`, {
        accountId,
        memberId,
      });
    return requireDetail(tx, organizationId, accountId, now);
  });
}

export async function removePayer(db: Database, actor: Actor, accountId: string, memberId: string, now: Date): Promise<AccountDetail> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const account = await lockedAccount(tx, organizationId, accountId);
    const removed = await tx
      .delete(payerAccountMember)
      .where(and(eq(payerAccountMember.organizationId, organizationId), eq(payerAccountMember.accountId, accountId), eq(payerAccountMember.memberId, memberId)))
      .returning();
    if (removed.length === 0) throw notFound("The payer");
    await auditBilling(tx, billingContextOf(actor, now), "BILLING_PAYER_REMOVED", `${actorLabel(actor)} removed a payer from ${account.name}`, {
      accountId,
      memberId,
    });
    return requireDetail(tx, organizationId, accountId, now);
  });
}

/**
 * Merges the account into another: its students and payers move. Only a settled account
 * merges (no draft or unpaid invoice, no uninvoiced work, no unapplied credit, no unused
 * hours, so a balance of nothing): money and hours are never left behind with an account that
 * no longer has a family, and documents keep the account they were issued to.
 */
export async function mergeAccount(db: Database, actor: Actor, accountId: string, intoAccountId: string, now: Date): Promise<AccountMergeResult> {
  const organizationId = actor.viewer.organizationId;
  if (accountId === intoAccountId) throw invalidField("intoAccountId", "An account cannot be merged into itself.");
  return withWorkspace(db, organizationId, async (tx) => {
    await lockMoney(tx, organizationId);
    const source = await lockedAccount(tx, organizationId, accountId);
    const [target] = await tx
      .select()
      .from(payerAccount)
      .where(and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, intoAccountId)))
      .for("update");
    if (!target) throw invalidField("intoAccountId", "No such account in this workspace.");
    const open = await openBusinessOf(tx, organizationId, source.id, now);
    if (open.length > 0)
      throw conflict(
        `${source.name} cannot be merged yet: ${open.join("; ")}. Settle these first, so that no money or hours stay with an account without a family.`,
      );

    await tx
      .update(student)
      .set({ payerAccountId: target.id, updatedAt: now })
      .where(and(eq(student.organizationId, organizationId), eq(student.payerAccountId, source.id)));
    await tx.execute(sql`insert into ${payerAccountMember} (organization_id, account_id, member_id, created_at)
      select organization_id, ${target.id}, member_id, ${now.toISOString()}::timestamptz from ${payerAccountMember}
      where organization_id = ${organizationId} and account_id = ${source.id}
      on conflict do nothing`);
    await tx.delete(payerAccountMember).where(and(eq(payerAccountMember.organizationId, organizationId), eq(payerAccountMember.accountId, source.id)));
    await auditBilling(tx, billingContextOf(actor, now), "BILLING_ACCOUNTS_MERGED", `${actorLabel(actor)} merged ${source.name} into ${target.name}`, {
      accountId: source.id,
      intoAccountId: target.id,
    });
    return { account: await requireDetail(tx, organizationId, target.id, now) };
  });
}

/** What keeps an account from merging, in words; empty when it is settled. */
async function openBusinessOf(tx: Transaction, organizationId: string, accountId: string, now: Date): Promise<string[]> {
  const [invoices] = await tx
    .select({
      drafts: sql<number>`count(*) filter (where ${invoice.status} = 'draft')::int`,
      unpaid: sql<number>`count(*) filter (where ${invoice.status} = 'issued' and ${invoice.paidMinor} < ${invoice.totalMinor})::int`,
    })
    .from(invoice)
    .where(and(eq(invoice.organizationId, organizationId), eq(invoice.accountId, accountId)));
  const uninvoiced = await uninvoicedChargesOf(tx, organizationId, accountId);
  const credit = await accountCredit(tx, organizationId, accountId);
  const hours = (await grantBalances(tx, organizationId, accountId, now)).reduce((sum, grant) => sum + grant.remainingMinutes, 0);
  const balance = await accountBalance(tx, organizationId, accountId);
  const currency = await workspaceCurrency(tx, organizationId);
  const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    invoices!.drafts > 0 ? counted(invoices!.drafts, "draft invoice (issue or delete it)", "draft invoices (issue or delete them)") : null,
    invoices!.unpaid > 0 ? counted(invoices!.unpaid, "unpaid invoice", "unpaid invoices") : null,
    uninvoiced > 0 ? counted(uninvoiced, "uninvoiced charge (invoice it)", "uninvoiced charges (invoice them)") : null,
    credit > 0 ? `${formatMoney(credit, currency)} of credit (refund it or apply it)` : null,
    hours > 0 ? `${describeMinutes(hours)} of package hours unused` : null,
    invoices!.unpaid === 0 && uninvoiced === 0 && credit === 0 && balance !== 0 ? `a balance of ${formatMoney(balance, currency)}` : null,
  ].filter((item): item is string => item !== null);
}

/** The account's charges (of these students, when given) not on any live invoice line and not reversed. */
async function uninvoicedChargesOf(tx: Transaction, organizationId: string, accountId: string, studentIds?: string[]): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(ledgerEntry)
    .where(
      and(
        eq(ledgerEntry.organizationId, organizationId),
        eq(ledgerEntry.accountId, accountId),
        inArray(ledgerEntry.kind, ["session_charge", "package_sale"]),
        studentIds ? inArray(ledgerEntry.studentId, studentIds) : undefined,
        sql`not exists (select 1 from invoice_line l where l.organization_id = ledger_entry.organization_id and l.charge_entry_id = ledger_entry.id and l.live)`,
        sql`not exists (select 1 from ledger_entry reversal where reversal.organization_id = ledger_entry.organization_id and reversal.reverses_entry_id = ledger_entry.id)`,
      ),
    );
  return row?.total ?? 0;
}

/**
 * Gives some students of an account an account of their own (named `name`): their guardians
 * become its payers, and stop paying the old one when they guard none of its students left. No
 * money moves: the old account keeps its balance and documents. Refused while the students
 * have uninvoiced work or unused hours of their own, which belong to the old account.
 */
export async function splitAccount(db: Database, actor: Actor, accountId: string, input: AccountSplit, now: Date): Promise<AccountSplitResult> {
  const organizationId = actor.viewer.organizationId;
  return withWorkspace(db, organizationId, async (tx) => {
    const source = await lockedAccount(tx, organizationId, accountId);
    const studentIds = [...new Set(input.studentIds)];
    const moving = await tx
      .select({ id: student.id })
      .from(student)
      .where(and(eq(student.organizationId, organizationId), eq(student.payerAccountId, source.id), inArray(student.id, studentIds)))
      .for("update");
    if (moving.length !== studentIds.length) throw invalidField("studentIds", "Every student must belong to this account.");
    // Their uninvoiced work and their own hours are the old account's: they cannot move with them.
    const uninvoiced = await uninvoicedChargesOf(tx, organizationId, source.id, studentIds);
    const ownHours = (await grantBalances(tx, organizationId, source.id, now))
      .filter((grant) => grant.grant.studentId !== null && studentIds.includes(grant.grant.studentId))
      .reduce((sum, grant) => sum + grant.remainingMinutes, 0);
    const open = [
      uninvoiced > 0 ? `${uninvoiced} uninvoiced charge${uninvoiced === 1 ? "" : "s"} (invoice ${uninvoiced === 1 ? "it" : "them"} first)` : null,
      ownHours > 0 ? `${describeMinutes(ownHours)} of their own package hours unused` : null,
    ].filter((item): item is string => item !== null);
    if (open.length > 0) throw conflict(`These students cannot leave ${source.name} yet: ${open.join("; ")}.`);

    const newId = randomUUID();
    await tx.insert(payerAccount).values({ organizationId, id: newId, name: input.name, createdAt: now });
    await tx
      .update(student)
      .set({ payerAccountId: newId, updatedAt: now })
      .where(and(eq(student.organizationId, organizationId), inArray(student.id, studentIds)));
    const guardians = await tx
      .selectDistinct({ memberId: studentGuardian.memberId })
      .from(studentGuardian)
      .where(and(eq(studentGuardian.organizationId, organizationId), inArray(studentGuardian.studentId, studentIds)));
    if (guardians.length > 0) {
      await tx
        .insert(payerAccountMember)
        .values(guardians.map((guardian) => ({ organizationId, accountId: newId, memberId: guardian.memberId, createdAt: now })))
        .onConflictDoNothing();
      await tx.execute(sql`delete from ${payerAccountMember} m
        where m.organization_id = ${organizationId} and m.account_id = ${source.id}
          and m.member_id in (${sql.join(
            guardians.map((guardian) => sql`${guardian.memberId}`),
            sql`, `,
          )})
          and not exists (select 1 from ${studentGuardian} g join ${student} s on s.organization_id = g.organization_id and s.id = g.student_id
            where g.organization_id = m.organization_id and g.member_id = m.member_id and s.payer_account_id = ${source.id})`);
    }
    await auditBilling(
      tx,
      billingContextOf(actor, now),
      "BILLING_ACCOUNT_SPLIT",
      `${actorLabel(actor)} moved ${studentIds.length} student(s) from ${source.name} to a new account ${input.name}`,
      {
        accountId: source.id,
        newAccountId: newId,
        studentIds,
      },
    );
    return { account: await requireDetail(tx, organizationId, newId, now) };
  });
}
