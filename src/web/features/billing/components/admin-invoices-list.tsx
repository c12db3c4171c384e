import { Anchor, Box, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "react-router";
import { INVOICE_STATE_LABELS } from "../../../../shared/billing-states.ts";
import { INVOICE_FILTER_STATES, type InvoiceSummary } from "../../../../shared/schemas/billing-invoices.ts";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { useUrlSearchParams } from "../../../lib/url-search-params.ts";
import { accountHref, BILLING_PAGE_SIZE, invoiceHref, useInvoices, type InvoiceFilters } from "../admin-api.ts";
import { AdminEmpty } from "./admin-empty.tsx";
import { AdminFamilyPicker } from "./admin-family-picker.tsx";
import { InvoiceStateBadge } from "./invoice-state-badge.tsx";

const FILTER_LABELS: Record<(typeof INVOICE_FILTER_STATES)[number], string> = { ...INVOICE_STATE_LABELS, overdue: "Overdue", open: "Open (not fully paid)" };
const STATE_OPTIONS = [{ value: "any", label: "Any state" }, ...INVOICE_FILTER_STATES.map((state) => ({ value: state, label: FILTER_LABELS[state] }))];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const invoiceNumber = (invoice: { number: string | null }) => invoice.number ?? "Draft";
const period = (invoice: InvoiceSummary) =>
  invoice.periodFrom && invoice.periodTo ? `${formatDay(invoice.periodFrom)} – ${formatDay(invoice.periodTo)}` : "—";

/** The invoices' columns; a family's own page leaves out the family. */
export function invoiceColumns(withFamily = true): DataColumn<InvoiceSummary>[] {
  return [
    {
      header: "Invoice",
      rowHeader: true,
      nowrap: true,
      cell: (invoice) => (
        <Anchor component={Link} to={invoiceHref(invoice.id)} fw={600}>
          {invoiceNumber(invoice)}
        </Anchor>
      ),
    },
    ...(withFamily
      ? [
          {
            header: "Family",
            maxWidth: 220,
            cell: (invoice: InvoiceSummary) => (
              <Anchor component={Link} to={accountHref(invoice.accountId)} onClick={(event) => event.stopPropagation()}>
                {invoice.accountName}
              </Anchor>
            ),
          },
        ]
      : []),
    { header: "State", cell: (invoice) => <InvoiceStateBadge state={invoice.state} overdue={invoice.overdue} /> },
    { header: "Period", cell: period },
    { header: "Issued", nowrap: true, cell: (invoice) => (invoice.issuedOn ? formatDay(invoice.issuedOn) : "—") },
    { header: "Due", nowrap: true, cell: (invoice) => (invoice.dueOn ? formatDay(invoice.dueOn) : "—") },
    { header: "Total", align: "right", nowrap: true, cell: (invoice) => formatMoney(invoice.totalMinor, invoice.currency) },
    { header: "Outstanding", align: "right", nowrap: true, cell: (invoice) => formatMoney(invoice.outstandingMinor, invoice.currency) },
  ];
}

/** The invoices list's filters from the URL (?state=&accountId=&from=&to=&page=); anything unreadable is no filter. */
function readFilters(params: URLSearchParams): InvoiceFilters & { accountName: string } {
  const state = params.get("state");
  const page = Number(params.get("page"));
  const day = (key: string) => (DAY.test(params.get(key) ?? "") ? params.get(key) : null);
  return {
    state: state && (INVOICE_FILTER_STATES as readonly string[]).includes(state) ? state : null,
    accountId: params.get("accountId") || null,
    accountName: params.get("family") ?? "",
    from: day("from"),
    to: day("to"),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Invoices, overdue first, then newest: filter by state, family and issue dates; a row opens the invoice. */
export function AdminInvoicesList() {
  const [params, setParams] = useUrlSearchParams();
  const { accountName, ...filters } = readFilters(params);
  const invoices = useInvoices(filters);
  const change = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (next) => {
        for (const [key, value] of Object.entries({ ...changes, page: changes.page ?? null })) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
      },
      { replace, preventScrollReset: true },
    );
  const filtered = Boolean(filters.state || filters.accountId || filters.from || filters.to);

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" role="search" aria-label="Filter invoices">
        <Select
          label="State"
          data={STATE_OPTIONS}
          value={filters.state ?? "any"}
          onChange={(value) => change({ state: value && value !== "any" ? value : null })}
          allowDeselect={false}
          w={{ base: "100%", xs: 200 }}
        />
        <AdminFamilyPicker
          label="Family"
          emptyLabel="Any family"
          value={filters.accountId ? { id: filters.accountId, name: accountName || "Chosen family" } : null}
          onChange={(picked) => change({ accountId: picked?.id ?? null, family: picked?.name ?? null })}
          w={{ base: "100%", xs: 260 }}
        />
        <TextInput
          type="date"
          label="Issued from"
          value={filters.from ?? ""}
          onChange={(event) => change({ from: event.currentTarget.value || null }, true)}
          w={{ base: "calc(50% - var(--mantine-spacing-md) / 2)", xs: 170 }}
        />
        <TextInput
          type="date"
          label="Issued to"
          value={filters.to ?? ""}
          onChange={(event) => change({ to: event.currentTarget.value || null }, true)}
          w={{ base: "calc(50% - var(--mantine-spacing-md) / 2)", xs: 170 }}
        />
      </Group>
      <QueryState query={invoices} label="invoices">
        {(page) =>
          page.total === 0 ? (
            <AdminEmpty
              title={filtered ? "No invoice matches these filters." : "No invoices yet."}
              description={filtered ? "Choose another state, family or dates." : "Issue a batch from uninvoiced work, or sell a package to a family."}
            />
          ) : (
            <Box>
              <DataTable
                rows={page.items}
                columns={invoiceColumns()}
                rowKey={(invoice) => invoice.id}
                caption="Invoices, overdue ones first, then the newest. Open an invoice to see its lines and payments."
                captionHidden
                listLabel="Invoices"
                card={(invoice) => <InvoiceCard invoice={invoice} />}
                minWidth={960}
                rowHref={(invoice) => invoiceHref(invoice.id)}
                busy={invoices.isPlaceholderData}
                highlightOnHover
              />
              <ListPager
                page={page.page}
                pageSize={page.pageSize || BILLING_PAGE_SIZE}
                total={page.total}
                noun={["invoice", "invoices"]}
                onPage={(next) => change({ page: String(next) })}
              />
            </Box>
          )
        }
      </QueryState>
    </Stack>
  );
}

function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={invoiceHref(invoice.id)} fw={600}>
          {invoiceNumber(invoice)} · {invoice.accountName}
        </Anchor>
        <InvoiceStateBadge state={invoice.state} overdue={invoice.overdue} />
      </Group>
      <Text size="sm">
        Total {formatMoney(invoice.totalMinor, invoice.currency)} · outstanding {formatMoney(invoice.outstandingMinor, invoice.currency)}
      </Text>
      <Text size="sm" c="dimmed">
        {[invoice.dueOn ? `Due ${formatDay(invoice.dueOn)}` : "Not issued", invoice.periodFrom ? `Period ${period(invoice)}` : null]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </Stack>
  );
}
