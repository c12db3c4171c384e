/** An invoice as a PDF: its lines (date, description, tutor, attendance, minutes, amount), tax bands and totals. */
import type { SQL } from "drizzle-orm";
import { INVOICE_STATE_LABELS } from "../../../../shared/billing-states.ts";
import { formatMoney } from "../../../../shared/money.ts";
import type { Transaction } from "../../../db/tenant.ts";
import { formatBps } from "../arithmetic.ts";
import { invoiceDetail } from "../invoice-reads.ts";
import { renderBillingDocument } from "./document.ts";
import { documentParties } from "./parties.ts";

export async function invoicePdf(
  tx: Transaction,
  organizationId: string,
  invoiceId: string,
  now: Date,
  visible?: SQL,
): Promise<{ content: Buffer; number: string | null }> {
  const invoice = await invoiceDetail(tx, organizationId, invoiceId, now, visible);
  const parties = await documentParties(tx, organizationId, invoice.accountId);
  const money = (minor: number) => formatMoney(minor, parties.currency, parties.locale);
  const facts = [
    { label: "Number", value: invoice.number ?? "Draft" },
    ...(invoice.issuedOn ? [{ label: "Issued", value: invoice.issuedOn }] : []),
    ...(invoice.dueOn ? [{ label: "Due", value: invoice.dueOn }] : []),
    ...(invoice.periodFrom && invoice.periodTo ? [{ label: "Period", value: `${invoice.periodFrom} to ${invoice.periodTo}` }] : []),
    { label: "State", value: invoice.overdue ? "Overdue" : INVOICE_STATE_LABELS[invoice.state] },
  ];
  const details = (line: (typeof invoice.lines)[number]) =>
    [
      line.tutorName,
      line.attendance?.replace("_", " "),
      line.minutes !== null ? `${line.minutes} min` : null,
      line.policyVersion !== null ? `policy v${line.policyVersion}` : null,
    ]
      .filter(Boolean)
      .join(" · ");
  const content = await renderBillingDocument({
    title: invoice.state === "void" ? "Invoice (void)" : "Invoice",
    workspace: parties.workspace,
    recipient: parties.recipient,
    facts,
    columns: [
      { header: "Date", width: 0.14 },
      { header: "Description", width: 0.4 },
      { header: "Details", width: 0.24 },
      { header: "Tax", width: 0.08, align: "right" },
      { header: "Amount", width: 0.14, align: "right" },
    ],
    rows: invoice.lines.map((line) => [line.serviceDate ?? "", line.description, details(line), formatBps(line.taxRateBps), money(line.amountMinor)]),
    taxBands: invoice.taxBands.map((band) => ({
      label: `${band.name || "Tax"} ${formatBps(band.rateBps)} on ${money(band.amountMinor)}`,
      value: money(band.taxMinor),
    })),
    totals: [
      { label: invoice.pricesIncludeTax ? "Subtotal (tax included)" : "Subtotal", value: money(invoice.subtotalMinor) },
      { label: invoice.pricesIncludeTax ? "Of which tax" : "Tax", value: money(invoice.taxMinor) },
      { label: "Total", value: money(invoice.totalMinor), bold: true },
      { label: "Paid", value: money(invoice.paidMinor) },
      { label: "Amount due", value: money(invoice.outstandingMinor), bold: true },
    ],
    paragraphs: [
      { heading: "Tax", text: invoice.taxRule },
      { heading: "Notes", text: invoice.notes },
      { heading: "How to pay", text: invoice.state === "void" ? "" : parties.paymentInstructions },
      { heading: "Void", text: invoice.voidReason ? `This invoice was voided: ${invoice.voidReason}` : "" },
    ],
  });
  return { content, number: invoice.number };
}
