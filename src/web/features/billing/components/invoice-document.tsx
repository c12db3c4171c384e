import { Anchor, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { InvoiceDetail } from "../../../../shared/schemas/billing-invoices.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { attendanceLabel, formatMinutes } from "../format.ts";
import { DocumentTotals } from "./document-totals.tsx";
import { InvoicePolicies } from "./invoice-policies.tsx";
import { InvoiceStateBadge } from "./invoice-state-badge.tsx";

export type InvoiceLine = InvoiceDetail["lines"][number];

export interface InvoiceDocumentProps {
  invoice: InvoiceDetail;
  /** Whose screens these are: a session line links to the session's page in this area. */
  area: "admin" | "parent";
  /** The invoice's PDF (the area's own address). */
  pdfHref?: string;
  /** What each line offers at its end (the parent's "Question this line"). */
  lineAction?: (line: InvoiceLine) => ReactNode;
}

/** "1 Dec 2026 – 31 Dec 2026", or null without a period. */
const periodOf = (invoice: InvoiceDetail) =>
  invoice.periodFrom && invoice.periodTo ? `${formatDay(invoice.periodFrom)} – ${formatDay(invoice.periodTo)}` : null;

/** One fact of a document's description list (inside a `dl`): its label and its value. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600} component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * An invoice as both areas show it: who and when, every line explained (a session line with its
 * date, tutor, student, attendance, the cancellation policy version that priced it, minutes and
 * amount, linked to the session), the tax bands, totals, the tax rule, and what is paid and
 * still owed.
 */
export function InvoiceDocument({ invoice, area, pdfHref, lineAction }: InvoiceDocumentProps) {
  const { currency } = invoice;
  const money = (minor: number) => formatMoney(minor, currency);
  const studentOf = (line: InvoiceLine) => line.studentName ?? "—";
  const period = periodOf(invoice);

  const columns: DataColumn<InvoiceLine>[] = [
    { header: "Item", rowHeader: true, minWidth: 200, cell: (line) => <LineTitle line={line} area={area} /> },
    { header: "Date", nowrap: true, cell: (line) => (line.serviceDate ? formatDay(line.serviceDate) : "—") },
    { header: "Tutor", cell: (line) => line.tutorName ?? "—" },
    { header: "Student", cell: studentOf },
    { header: "Attendance", cell: (line) => attendanceLabel(line.attendance) },
    { header: "Policy", nowrap: true, cell: (line) => (line.policyVersion === null ? "—" : `Version ${line.policyVersion}`) },
    { header: "Duration", nowrap: true, align: "right", cell: (line) => (line.minutes === null ? "—" : formatMinutes(line.minutes)) },
    { header: "Amount", nowrap: true, align: "right", cell: (line) => money(line.amountMinor) },
    ...(lineAction ? [{ header: "Actions", headerHidden: true, cell: (line: InvoiceLine) => lineAction(line) }] : []),
  ];

  return (
    <Stack gap="lg">
      <SectionCard
        title="Invoice details"
        actions={
          pdfHref ? (
            <Button
              component="a"
              href={pdfHref}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
            >
              Download PDF
            </Button>
          ) : null
        }
      >
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm" m={0}>
          <Detail label="Number">{invoice.number ?? "Not issued yet"}</Detail>
          <Detail label="State">
            <InvoiceStateBadge state={invoice.state} overdue={invoice.overdue} />
          </Detail>
          <Detail label="Family">{invoice.accountName}</Detail>
          <Detail label="Issued">{invoice.issuedOn ? formatDay(invoice.issuedOn, "long") : "Not issued yet"}</Detail>
          <Detail label="Due">{invoice.dueOn ? formatDay(invoice.dueOn, "long") : "—"}</Detail>
          {period ? <Detail label="Period">{period}</Detail> : null}
        </SimpleGrid>
        {invoice.state === "void" && invoice.voidReason ? <Text size="sm">Voided: {invoice.voidReason}</Text> : null}
        {invoice.notes ? <Text style={{ whiteSpace: "pre-line" }}>{invoice.notes}</Text> : null}
      </SectionCard>

      <SectionCard title="Lines" description="Each session with its date, tutor, student, attendance and the cancellation policy version that priced it.">
        <DataTable
          rows={invoice.lines}
          columns={columns}
          rowKey={(line) => line.id}
          caption={`The lines of invoice ${invoice.number ?? "(draft)"}`}
          captionHidden
          listLabel="Invoice lines"
          minWidth={900}
          card={(line) => <LineCard line={line} area={area} student={studentOf(line)} amount={money(line.amountMinor)} action={lineAction?.(line)} />}
          empty={<Text c="dimmed">This invoice has no lines.</Text>}
        />
      </SectionCard>

      <InvoicePolicies policies={invoice.policies} area={area} />

      <SectionCard title="Totals">
        <DocumentTotals
          currency={currency}
          subtotalMinor={invoice.subtotalMinor}
          taxMinor={invoice.taxMinor}
          totalMinor={invoice.totalMinor}
          taxBands={invoice.taxBands}
          taxRule={invoice.taxRule}
          paidMinor={invoice.state === "draft" ? null : invoice.paidMinor}
          outstandingMinor={invoice.state === "draft" || invoice.state === "void" ? null : invoice.outstandingMinor}
        />
        {invoice.creditNotes.length > 0 ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Credit notes against this invoice
            </Text>
            {invoice.creditNotes.map((note) => (
              <Text key={note.id} size="sm">
                {note.number}, {formatDay(note.issuedOn)}: {money(note.totalMinor)}
              </Text>
            ))}
          </Stack>
        ) : null}
      </SectionCard>
    </Stack>
  );
}

/** The line's description; a session line's is the link to the session's page. */
function LineTitle({ line, area }: { line: InvoiceLine; area: "admin" | "parent" }) {
  if (!line.sessionId) return <>{line.description}</>;
  return (
    <Anchor component={Link} to={`/${area}/sessions/${encodeURIComponent(line.sessionId)}`} fw={600}>
      {line.description}
    </Anchor>
  );
}

/** A line on a phone: the title, then what the table's columns say, in a sentence or two. */
function LineCard({
  line,
  area,
  student,
  amount,
  action,
}: {
  line: InvoiceLine;
  area: "admin" | "parent";
  student: string;
  amount: string;
  action: ReactNode;
}) {
  const facts = [
    line.serviceDate ? formatDay(line.serviceDate) : null,
    line.tutorName,
    student === "—" ? null : student,
    line.attendance ? attendanceLabel(line.attendance) : null,
    line.policyVersion === null ? null : `policy version ${line.policyVersion}`,
    line.minutes === null ? null : formatMinutes(line.minutes),
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          <LineTitle line={line} area={area} />
        </Text>
        <Text fw={600} style={{ whiteSpace: "nowrap" }}>
          {amount}
        </Text>
      </Group>
      {facts.length > 0 ? (
        <Text size="sm" c="dimmed">
          {facts.join(" · ")}
        </Text>
      ) : null}
      {action ? <Group>{action}</Group> : null}
    </Stack>
  );
}
