/** A credit note as a PDF: what it credits (and which invoice), tax bands and its total. */
import type { SQL } from "drizzle-orm";
import { formatMoney } from "../../../../shared/money.ts";
import type { Transaction } from "../../../db/tenant.ts";
import { formatBps } from "../arithmetic.ts";
import { creditNoteDetail } from "../credit-note-reads.ts";
import { renderBillingDocument } from "./document.ts";
import { documentParties } from "./parties.ts";

export async function creditNotePdf(
  tx: Transaction,
  organizationId: string,
  creditNoteId: string,
  visible?: SQL,
): Promise<{ content: Buffer; number: string }> {
  const note = await creditNoteDetail(tx, organizationId, creditNoteId, visible);
  const parties = await documentParties(tx, organizationId, note.accountId);
  const money = (minor: number) => formatMoney(minor, parties.currency, parties.locale);
  const content = await renderBillingDocument({
    title: "Credit note",
    workspace: parties.workspace,
    recipient: parties.recipient,
    facts: [
      { label: "Number", value: note.number },
      { label: "Issued", value: note.issuedOn },
      ...(note.invoiceNumber ? [{ label: "Credits invoice", value: note.invoiceNumber }] : []),
    ],
    columns: [
      { header: "Description", width: 0.7 },
      { header: "Tax", width: 0.12, align: "right" },
      { header: "Amount", width: 0.18, align: "right" },
    ],
    rows: note.lines.map((line) => [line.description, formatBps(line.taxRateBps), money(line.amountMinor)]),
    taxBands: note.taxBands.map((band) => ({
      label: `${band.name || "Tax"} ${formatBps(band.rateBps)} on ${money(band.amountMinor)}`,
      value: money(band.taxMinor),
    })),
    totals: [
      { label: note.pricesIncludeTax ? "Subtotal (tax included)" : "Subtotal", value: money(note.subtotalMinor) },
      { label: note.pricesIncludeTax ? "Of which tax" : "Tax", value: money(note.taxMinor) },
      { label: "Total credited", value: money(note.totalMinor), bold: true },
    ],
    paragraphs: [
      { heading: "Reason", text: note.reason },
      { heading: "Tax", text: note.taxRule },
    ],
  });
  return { content, number: note.number };
}
