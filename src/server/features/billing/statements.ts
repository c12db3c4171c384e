/**
 * An account's statement: its ledger over a period, day by day in the workspace's time zone.
 * Opening balance = the running balance of the account's last entry before the first day;
 * then every entry of the period with its running balance; closing balance = the running
 * balance after the period's last entry. It prints the workspace chain's latest entry (its
 * sequence number and hash): a later statement whose chain still holds that entry proves
 * nothing written before it has changed (verify-ledger.ts checks the chain).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { formatMoney, minorToDecimal } from "../../../shared/money.ts";
import type { Statement, StatementQuery } from "../../../shared/schemas/billing-statements.ts";
import type { MemberContext } from "../../core/context.ts";
import { BYTE_ORDER_MARK, csvNumber, csvRow } from "../../core/csv.ts";
import { creditNote, invoice, ledgerEntry } from "../../db/billing-schema.ts";
import { organization, payerAccount } from "../../db/schema.ts";
import type { Queryable } from "../../db/tenant.ts";
import { isRecordId } from "../../core/ids.ts";
import { workspaceToday } from "../../core/workspace-time.ts";
import { invalidField, notFound } from "../../lib/app-error.ts";
import { renderBillingDocument } from "./pdf/document.ts";
import { documentParties } from "./pdf/parties.ts";
import { payerOf } from "./policy.ts";

/**
 * The account, when the viewer may see it: any account of the workspace for an admin, only an
 * account they pay for (policy.ts) for a parent. Anything else is "not found".
 */
export async function visibleAccount(tx: Queryable, viewer: MemberContext, area: "admin" | "parent", accountId: string): Promise<{ id: string; name: string }> {
  if (!isRecordId(accountId)) throw notFound("The account");
  const organizationId = viewer.organizationId;
  const [account] = await tx
    .select({ id: payerAccount.id, name: payerAccount.name })
    .from(payerAccount)
    .where(
      and(eq(payerAccount.organizationId, organizationId), eq(payerAccount.id, accountId), area === "parent" ? payerOf(viewer, payerAccount.id) : undefined),
    );
  if (!account) throw notFound("The account");
  return account;
}

/** The workspace's name, currency and time zone. */
export async function workspaceOf(tx: Queryable, organizationId: string): Promise<{ name: string; currency: string; timeZone: string }> {
  const [row] = await tx
    .select({ name: organization.name, currency: organization.currency, timeZone: organization.timeZone })
    .from(organization)
    .where(eq(organization.id, organizationId));
  if (!row) throw notFound("The workspace");
  return row;
}

/** The period asked for; without dates, from the first of this month to today (the workspace's days). */
export async function statementPeriod(
  tx: Queryable,
  organizationId: string,
  query: Pick<StatementQuery, "from" | "to">,
  now: Date,
): Promise<{ from: string; to: string }> {
  const to = query.to ?? (await workspaceToday(tx, organizationId, now));
  const from = query.from ?? `${to.slice(0, 8)}01`;
  if (from > to) throw invalidField("to", "To date must not be before the from date.");
  return { from, to };
}

/** The statement of an account already known visible to the viewer. */
export async function accountStatement(
  tx: Queryable,
  organizationId: string,
  account: { id: string; name: string },
  period: { from: string; to: string },
): Promise<Statement> {
  const workspace = await workspaceOf(tx, organizationId);
  const localDay = sql<string>`(${ledgerEntry.createdAt} at time zone ${workspace.timeZone})::date`;
  const ofAccount = and(eq(ledgerEntry.organizationId, organizationId), eq(ledgerEntry.accountId, account.id));

  const [before] = await tx
    .select({ balance: ledgerEntry.balanceAfterMinor })
    .from(ledgerEntry)
    .where(and(ofAccount, sql`${localDay} < ${period.from}::date`))
    .orderBy(desc(ledgerEntry.sequence))
    .limit(1);
  const openingBalanceMinor = before?.balance ?? 0;

  const rows = await tx
    .select({
      sequence: ledgerEntry.sequence,
      date: sql<string>`${localDay}::text`,
      createdAt: ledgerEntry.createdAt,
      kind: ledgerEntry.kind,
      description: ledgerEntry.description,
      amountMinor: ledgerEntry.amountMinor,
      balanceAfterMinor: ledgerEntry.balanceAfterMinor,
      invoiceId: ledgerEntry.invoiceId,
      creditNoteId: ledgerEntry.creditNoteId,
      paymentId: ledgerEntry.paymentId,
      sessionId: ledgerEntry.sessionId,
      studentId: ledgerEntry.studentId,
    })
    .from(ledgerEntry)
    .where(and(ofAccount, sql`${localDay} between ${period.from}::date and ${period.to}::date`))
    .orderBy(asc(ledgerEntry.sequence));

  const invoiceIds = [...new Set(rows.flatMap((row) => (row.invoiceId ? [row.invoiceId] : [])))];
  const creditNoteIds = [...new Set(rows.flatMap((row) => (row.creditNoteId ? [row.creditNoteId] : [])))];
  const invoiceNumbers = new Map(
    invoiceIds.length === 0
      ? []
      : (
          await tx
            .select({ id: invoice.id, number: invoice.number })
            .from(invoice)
            .where(and(eq(invoice.organizationId, organizationId), inArray(invoice.id, invoiceIds)))
        ).map((row) => [row.id, row.number]),
  );
  const creditNoteNumbers = new Map(
    creditNoteIds.length === 0
      ? []
      : (
          await tx
            .select({ id: creditNote.id, number: creditNote.number })
            .from(creditNote)
            .where(and(eq(creditNote.organizationId, organizationId), inArray(creditNote.id, creditNoteIds)))
        ).map((row) => [row.id, row.number]),
  );

  const [latest] = await tx
    .select({ sequence: ledgerEntry.sequence, hash: ledgerEntry.hash })
    .from(ledgerEntry)
    .where(eq(ledgerEntry.organizationId, organizationId))
    .orderBy(desc(ledgerEntry.sequence))
    .limit(1);

  return {
    account,
    workspace: workspace.name,
    currency: workspace.currency,
    from: period.from,
    to: period.to,
    openingBalanceMinor,
    closingBalanceMinor: rows.at(-1)?.balanceAfterMinor ?? openingBalanceMinor,
    entries: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      invoiceNumber: row.invoiceId ? (invoiceNumbers.get(row.invoiceId) ?? null) : null,
      creditNoteNumber: row.creditNoteId ? (creditNoteNumbers.get(row.creditNoteId) ?? null) : null,
    })),
    ledger: { latestSequence: latest?.sequence ?? 0, latestHash: latest?.hash ?? "" },
  };
}

/**
 * The statement as CSV: a header row, an opening balance row, one row per entry, a closing
 * balance row and a row naming the ledger's latest entry and hash. Amounts as decimal text.
 */
export function statementCsv(statement: Statement): string {
  const amount = (minor: number) => csvNumber(minorToDecimal(minor, statement.currency));
  const lines = [
    csvRow(["Date", "Ledger entry", "Kind", "Description", "Invoice", "Credit note", `Amount (${statement.currency})`, `Balance (${statement.currency})`]),
    csvRow([statement.from, "", "opening_balance", `Opening balance of ${statement.account.name}`, "", "", "", amount(statement.openingBalanceMinor)]),
    ...statement.entries.map((entry) =>
      csvRow([
        entry.date,
        csvNumber(entry.sequence),
        entry.kind,
        entry.description,
        entry.invoiceNumber,
        entry.creditNoteNumber,
        amount(entry.amountMinor),
        amount(entry.balanceAfterMinor),
      ]),
    ),
    csvRow([statement.to, "", "closing_balance", `Closing balance of ${statement.account.name}`, "", "", "", amount(statement.closingBalanceMinor)]),
    csvRow([
      "",
      csvNumber(statement.ledger.latestSequence),
      "ledger_hash",
      `Latest ledger entry ${statement.ledger.latestSequence}: ${statement.ledger.latestHash || "none"}`,
      "",
      "",
      "",
      "",
    ]),
  ];
  return `${BYTE_ORDER_MARK}${lines.join("")}`;
}

/** The statement as a PDF (billing's document layout, pdf/document.ts), the ledger's latest hash printed under it. */
export async function statementPdf(tx: Queryable, organizationId: string, statement: Statement): Promise<Buffer> {
  const parties = await documentParties(tx, organizationId, statement.account.id);
  const money = (minor: number) => formatMoney(minor, statement.currency, parties.locale);
  const documentOf = (entry: Statement["entries"][number]) => [entry.invoiceNumber, entry.creditNoteNumber].filter(Boolean).join(" · ");
  return renderBillingDocument({
    title: "Statement",
    workspace: parties.workspace,
    recipient: parties.recipient,
    facts: [
      { label: "From", value: statement.from },
      { label: "To", value: statement.to },
    ],
    columns: [
      { header: "Date", width: 0.13 },
      { header: "Description", width: 0.42 },
      { header: "Document", width: 0.15 },
      { header: "Amount", width: 0.15, align: "right" },
      { header: "Balance", width: 0.15, align: "right" },
    ],
    rows: [
      [statement.from, "Opening balance", "", "", money(statement.openingBalanceMinor)],
      ...statement.entries.map((entry) => [entry.date, entry.description, documentOf(entry), money(entry.amountMinor), money(entry.balanceAfterMinor)]),
    ],
    totals: [
      { label: "Opening balance", value: money(statement.openingBalanceMinor) },
      { label: "Closing balance", value: money(statement.closingBalanceMinor), bold: true },
    ],
    paragraphs: [
      {
        heading: "Ledger",
        text:
          statement.ledger.latestSequence === 0
            ? "The workspace's ledger has no entries yet."
            : `When this statement was made, the workspace's ledger ended at entry ${statement.ledger.latestSequence}, whose hash is ${statement.ledger.latestHash}. Each entry's hash covers the one before it: a later statement whose ledger still holds this entry and hash shows that nothing written before it has changed.`,
      },
      { heading: "How to pay", text: statement.closingBalanceMinor > 0 ? parties.paymentInstructions : "" },
    ],
  });
}
