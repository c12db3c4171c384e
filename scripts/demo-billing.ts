/**
 * The demo's billing, through the real API, walking through the term with the demo clock:
 * - at the start of the term: the billing settings, a materials sales tax, the packages
 *   catalogue; siblings gathered into one family account each; two families buy a package and
 *   pay for it at once (their hours then cover their sessions);
 * - a month in: the month's invoices issued in one batch; over the next days most families pay,
 *   one pays part, one does not (its invoice is overdue by today);
 * - today: a family questions a line of its invoice and the admin answers with a credit note,
 *   and another question waits for the admin. The last weeks' work stays uninvoiced.
 */
import { randomUUID } from "node:crypto";
import type { ApiClient } from "../tests/client.ts";
import { signIn, type FactoryContext } from "../tests/factories.ts";
import { DEMO_BILLING, DEMO_PASSWORD, familyEmail } from "./demo-data.ts";

export interface DemoFamilyAccount {
  /** The family's first guardian (the demo data names families by them). */
  guardian: string;
  surname: string;
  studentIds: string[];
  childNames: string[];
}

export interface DemoBillingSummary {
  packagesSold: number;
  invoicesIssued: number;
  paid: number;
  partlyPaid: number;
  overdue: number;
  creditNotes: number;
  openDisputes: number;
  /** Sessions re-marked after their invoice: each credited by a credit note of its own. */
  attendanceCorrections: number;
}

const key = () => randomUUID().replaceAll("-", "");

async function expectStatus<T>(step: string, response: Promise<{ status: number; body: T; text: string }>, ...statuses: number[]): Promise<T> {
  const answer = await response;
  if (!statuses.includes(answer.status)) throw new Error(`${step} failed with ${answer.status}: ${answer.text}`);
  return answer.body;
}

/** Settings, tax and catalogue; returns each package's id by its key. */
export async function setUpBilling(admin: ApiClient): Promise<Map<string, string>> {
  await expectStatus("Billing settings", admin.patch("/api/admin/billing/settings", DEMO_BILLING.settings), 200);
  await expectStatus("Materials tax rate", admin.post("/api/admin/billing/tax-rates", DEMO_BILLING.materialsTax), 201);
  const products = new Map<string, string>();
  for (const { key: productKey, ...product } of DEMO_BILLING.packages) {
    const created = await expectStatus<{ id: string }>(`Package ${product.name}`, admin.post("/api/admin/billing/packages", product), 201);
    products.set(productKey, created.id);
  }
  return products;
}

interface AccountRow {
  id: string;
  name: string;
  students: { id: string }[];
}

/** Each family's children in one account, named after the family; returns the account id by first guardian. */
export async function gatherFamilies(admin: ApiClient, families: DemoFamilyAccount[]): Promise<Map<string, string>> {
  const listed = await expectStatus<{ items: AccountRow[] }>("Accounts", admin.get("/api/admin/billing/accounts?pageSize=100"), 200);
  const accountOf = (studentId: string) => listed.items.find((account) => account.students.some((student) => student.id === studentId))!.id;
  const byGuardian = new Map<string, string>();
  for (const family of families) {
    const [first, ...others] = family.studentIds.map(accountOf);
    for (const other of others) await expectStatus("Merging siblings", admin.post(`/api/admin/billing/accounts/${other}/merge`, { intoAccountId: first }), 200);
    await expectStatus("Naming the family", admin.patch(`/api/admin/billing/accounts/${first}`, { name: `${family.surname} family` }), 200);
    byGuardian.set(family.guardian, first!);
  }
  return byGuardian;
}

/** The opening packages, sold and paid in full by card at the front desk. */
export async function sellOpeningPackages(
  admin: ApiClient,
  products: Map<string, string>,
  accounts: Map<string, string>,
  families: DemoFamilyAccount[],
  today: string,
) {
  let sold = 0;
  for (const purchase of DEMO_BILLING.openingPurchases) {
    const family = families.find((candidate) => candidate.guardian === purchase.guardian)!;
    const accountId = accounts.get(purchase.guardian)!;
    const child = "child" in purchase ? family.studentIds[family.childNames.indexOf(purchase.child)] : null;
    const bought = await expectStatus<{ invoiceId: string; priceMinor: number }>(
      "Selling a package",
      admin.post(`/api/admin/billing/accounts/${accountId}/purchases`, {
        productId: products.get(purchase.packageKey),
        studentId: child ?? null,
        idempotencyKey: key(),
      }),
      201,
    );
    await recordPayment(admin, accountId, bought.invoiceId, bought.priceMinor, today, "card_terminal", `Front desk card ${1000 + sold}`);
    sold++;
  }
  return sold;
}

async function recordPayment(
  admin: ApiClient,
  accountId: string,
  invoiceId: string,
  amountMinor: number,
  receivedOn: string,
  method: string,
  reference: string,
) {
  await expectStatus(
    "Recording a payment",
    admin.post("/api/admin/billing/payments", {
      accountId,
      method,
      amountMinor,
      receivedOn,
      reference,
      allocations: [{ invoiceId, amountMinor }],
      idempotencyKey: key(),
    }),
    201,
  );
}

/** The month's invoices in one batch; returns them. */
export async function issueMonth(admin: ApiClient, periodFrom: string, periodTo: string) {
  const issued = await expectStatus<{ invoices: { invoiceId: string; number: string; accountId: string; totalMinor: number }[] }>(
    "Issuing the month's invoices",
    admin.post("/api/admin/billing/invoice-batches", { periodFrom, periodTo }),
    201,
    200,
  );
  return issued.invoices;
}

/** Days after the invoices: most families pay in full, one pays half, one does not pay; those paying by card are left to it. */
export async function collect(
  admin: ApiClient,
  invoices: { invoiceId: string; accountId: string; totalMinor: number }[],
  accounts: Map<string, string>,
  receivedOn: string,
  /** Accounts that pay by card (autopay, Checkout): no payment is recorded for them by hand. */
  payingByCard: string[],
) {
  const unpaid = accounts.get(DEMO_BILLING.unpaidGuardian);
  const partly = accounts.get(DEMO_BILLING.partlyPaidGuardian);
  const counts = { paid: 0, partlyPaid: 0, overdue: 0 };
  for (const [index, item] of invoices.entries()) {
    if (item.accountId === unpaid) {
      counts.overdue++;
      continue;
    }
    if (payingByCard.includes(item.accountId)) continue;
    const half = item.accountId === partly;
    const amount = half ? Math.floor(item.totalMinor / 2) : item.totalMinor;
    const method = index % 3 === 0 ? "cheque" : "bank_transfer";
    await recordPayment(
      admin,
      item.accountId,
      item.invoiceId,
      amount,
      receivedOn,
      method,
      method === "cheque" ? `Cheque ${2201 + index}` : `Transfer ${receivedOn.replaceAll("-", "")}-${index}`,
    );
    if (half) counts.partlyPaid++;
    else counts.paid++;
  }
  return counts;
}

interface InvoiceDetail {
  id: string;
  lines: { id: string; kind: string; amountMinor: number; description: string; sessionId: string | null; studentId: string | null }[];
}

/**
 * The dispute family questions their first session line; the admin answers with a credit note
 * for it. Another family's question waits for the admin.
 */
export async function questionLines(
  ctx: FactoryContext,
  admin: ApiClient,
  invoices: { invoiceId: string; accountId: string }[],
  accounts: Map<string, string>,
): Promise<{ creditNotes: number; openDisputes: number }> {
  const sessionLine = async (accountId: string | undefined) => {
    const invoice = invoices.find((item) => item.accountId === accountId);
    if (!invoice) return undefined;
    const detail = await expectStatus<InvoiceDetail>("Reading an invoice", admin.get(`/api/admin/billing/invoices/${invoice.invoiceId}`), 200);
    const line = detail.lines.find((candidate) => candidate.kind === "session" && candidate.amountMinor > 0);
    return line ? { invoiceId: detail.id, line } : undefined;
  };
  const disputed = await sessionLine(accounts.get(DEMO_BILLING.dispute.guardian));
  if (!disputed) throw new Error(`${DEMO_BILLING.dispute.guardian}'s invoice has no session line to question`);
  const parent = await signIn(ctx, familyEmail(DEMO_BILLING.dispute.guardian), DEMO_PASSWORD);
  const opened = await expectStatus<{ id: string }>(
    "Questioning a line",
    parent.post(`/api/parent/billing/invoices/${disputed.invoiceId}/lines/${disputed.line.id}/disputes`, { reason: DEMO_BILLING.dispute.reason }),
    201,
  );
  await expectStatus(
    "Answering with a credit note",
    admin.post(`/api/admin/billing/disputes/${opened.id}/credit`, { amountMinor: disputed.line.amountMinor, reason: DEMO_BILLING.dispute.creditReason }),
    200,
    201,
  );

  let openDisputes = 0;
  const waiting = await sessionLine(accounts.get(DEMO_BILLING.partlyPaidGuardian));
  if (waiting) {
    const other = await signIn(ctx, familyEmail(DEMO_BILLING.partlyPaidGuardian), DEMO_PASSWORD);
    await expectStatus(
      "Questioning another line",
      other.post(`/api/parent/billing/invoices/${waiting.invoiceId}/lines/${waiting.line.id}/disputes`, {
        reason: "This session was 45 minutes, not an hour: the tutor arrived late. Could the charge reflect that?",
      }),
      201,
    );
    openDisputes++;
  }
  return { creditNotes: 1, openDisputes };
}

interface ReportView {
  report: {
    topics: string;
    homeworkSet: string;
    privateNotes: string;
    students: {
      studentId: string;
      attendance: string;
      previousHomework: string;
      understanding: number | null;
      engagement: number | null;
      scorePercent: number | null;
    }[];
  } | null;
}

/**
 * The tutor's correction after the invoice was paid: a student of a charged session line was in
 * fact absent. Re-filing the report credits the invoiced line with a credit note (the payment
 * becomes the family's credit) and charges the no-show share as new, uninvoiced work.
 * Returns how many lines were corrected, and how many sessions became no-shows (every student absent).
 */
export async function correctAttendance(
  admin: ApiClient,
  invoices: { invoiceId: string; accountId: string }[],
  accounts: Map<string, string>,
): Promise<{ corrected: number; noShows: number }> {
  const none = { corrected: 0, noShows: 0 };
  const invoice = invoices.find((item) => item.accountId === accounts.get(DEMO_BILLING.attendanceCorrectionGuardian));
  if (!invoice) return none;
  const detail = await expectStatus<InvoiceDetail>("Reading an invoice", admin.get(`/api/admin/billing/invoices/${invoice.invoiceId}`), 200);
  const line = detail.lines.findLast((candidate) => candidate.kind === "session" && candidate.amountMinor > 0 && candidate.sessionId && candidate.studentId);
  if (!line) return none;
  const view = await expectStatus<ReportView>("Reading the report", admin.get(`/api/admin/sessions/${line.sessionId}/report`), 200);
  if (!view.report) return none;
  const { topics, homeworkSet, privateNotes } = view.report;
  const students = view.report.students.map(({ studentId, attendance, previousHomework, understanding, engagement, scorePercent }) =>
    studentId === line.studentId
      ? { studentId, attendance: "absent", previousHomework, understanding: null, engagement: null, scorePercent: null }
      : { studentId, attendance, previousHomework, understanding, engagement, scorePercent },
  );
  await expectStatus(
    "Correcting the attendance",
    admin.put(`/api/admin/sessions/${line.sessionId}/report`, {
      topics,
      homeworkSet,
      privateNotes: `${privateNotes}${privateNotes ? "\n" : ""}Attendance corrected: the student missed this session without notice.`.trim(),
      students,
    }),
    200,
  );
  return { corrected: 1, noShows: students.every((item) => item.attendance === "absent") ? 1 : 0 };
}
