import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import type { FamilyAccount } from "../../../../shared/schemas/billing-accounts.ts";
import { DataTable } from "../../../components/data/data-table.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { familyCreditNotePdfHref, familyInvoicePdfHref } from "../family-api.ts";
import { PAYMENT_METHOD_LABELS } from "../format.ts";
import { FamilyPanel } from "./family-panel.tsx";
import { InvoiceStateBadge } from "./invoice-state-badge.tsx";

type Invoice = FamilyAccount["invoices"][number];
type CreditNote = FamilyAccount["creditNotes"][number];
type Payment = FamilyAccount["payments"][number];

export const familyInvoicePath = (invoiceId: string) => `/parent/billings/invoices/${encodeURIComponent(invoiceId)}`;

const day = (value: string | null) => (value ? formatDay(value) : "—");

/** A PDF link named for its document, so that a list of them reads apart. */
function PdfLink({ href, name }: { href: string; name: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener" aria-label={`PDF of ${name}`} style={{ whiteSpace: "nowrap" }}>
      PDF
    </Anchor>
  );
}

/** The account's invoices, newest first: each opens on its own page, line by line. */
export function FamilyInvoices({ account, currency }: { account: FamilyAccount; currency: string }) {
  const money = (minor: number) => formatMoney(minor, currency);
  const name = (invoice: Invoice) => `Invoice ${invoice.number ?? ""}`.trim();
  return (
    <FamilyPanel title="Invoices" description="Open an invoice to see each session it bills, or to question a line.">
      <DataTable<Invoice>
        rows={account.invoices}
        rowKey={(invoice) => invoice.id}
        listLabel="Invoices"
        caption="Invoices of this account"
        captionHidden
        minWidth={720}
        rowHref={(invoice) => familyInvoicePath(invoice.id)}
        columns={[
          {
            header: "Invoice",
            rowHeader: true,
            nowrap: true,
            cell: (invoice) => (
              <Anchor component={Link} to={familyInvoicePath(invoice.id)} fw={600}>
                {invoice.number}
              </Anchor>
            ),
          },
          { header: "Issued", nowrap: true, cell: (invoice) => day(invoice.issuedOn) },
          { header: "Due", nowrap: true, cell: (invoice) => day(invoice.dueOn) },
          { header: "State", cell: (invoice) => <InvoiceStateBadge state={invoice.state} overdue={invoice.overdue} /> },
          { header: "Total", nowrap: true, align: "right", cell: (invoice) => money(invoice.totalMinor) },
          { header: "Outstanding", nowrap: true, align: "right", cell: (invoice) => money(invoice.outstandingMinor) },
          { header: "PDF", headerHidden: true, cell: (invoice) => <PdfLink href={familyInvoicePdfHref(invoice.id)} name={name(invoice)} /> },
        ]}
        card={(invoice) => (
          <Stack gap={4}>
            <Anchor component={Link} to={familyInvoicePath(invoice.id)} fw={600}>
              {name(invoice)}
            </Anchor>
            <InvoiceStateBadge state={invoice.state} overdue={invoice.overdue} />
            <Text size="sm">
              Issued {day(invoice.issuedOn)}, due {day(invoice.dueOn)}
            </Text>
            <Text size="sm">
              Total {money(invoice.totalMinor)}, outstanding {money(invoice.outstandingMinor)}
            </Text>
            <PdfLink href={familyInvoicePdfHref(invoice.id)} name={name(invoice)} />
          </Stack>
        )}
        empty={<Text c="dimmed">No invoice yet.</Text>}
      />
    </FamilyPanel>
  );
}

/** Credit notes: money given back against an invoice or as credit. */
export function FamilyCreditNotes({ account, currency }: { account: FamilyAccount; currency: string }) {
  const invoiceNumber = (note: CreditNote) => account.invoices.find((invoice) => invoice.id === note.invoiceId)?.number ?? null;
  return (
    <FamilyPanel title="Credit notes">
      <DataTable<CreditNote>
        rows={account.creditNotes}
        rowKey={(note) => note.id}
        listLabel="Credit notes"
        caption="Credit notes of this account"
        captionHidden
        minWidth={640}
        columns={[
          { header: "Credit note", rowHeader: true, nowrap: true, cell: (note) => note.number },
          { header: "Issued", nowrap: true, cell: (note) => formatDay(note.issuedOn) },
          { header: "Against", nowrap: true, cell: (note) => invoiceNumber(note) ?? "Account credit" },
          { header: "Reason", cell: (note) => note.reason },
          { header: "Amount", nowrap: true, align: "right", cell: (note) => formatMoney(note.totalMinor, currency) },
          { header: "PDF", headerHidden: true, cell: (note) => <PdfLink href={familyCreditNotePdfHref(note.id)} name={`credit note ${note.number}`} /> },
        ]}
        empty={<Text c="dimmed">No credit note.</Text>}
      />
    </FamilyPanel>
  );
}

/** Payments the tutoring business recorded, with anything refunded. */
export function FamilyPayments({ account, currency }: { account: FamilyAccount; currency: string }) {
  return (
    <FamilyPanel title="Payments">
      <DataTable<Payment>
        rows={account.payments}
        rowKey={(payment) => payment.id}
        listLabel="Payments"
        caption="Payments received for this account"
        captionHidden
        minWidth={560}
        columns={[
          { header: "Received", rowHeader: true, nowrap: true, cell: (payment) => formatDay(payment.receivedOn) },
          { header: "Method", cell: (payment) => PAYMENT_METHOD_LABELS[payment.method] },
          { header: "Reference", cell: (payment) => payment.reference || "—" },
          { header: "Amount", nowrap: true, align: "right", cell: (payment) => formatMoney(payment.amountMinor, currency) },
          {
            header: "Refunded",
            nowrap: true,
            align: "right",
            cell: (payment) => (payment.refundedMinor > 0 ? formatMoney(payment.refundedMinor, currency) : "—"),
          },
        ]}
        empty={<Text c="dimmed">No payment recorded yet.</Text>}
      />
    </FamilyPanel>
  );
}
