import { Anchor, Box, Button, Group, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { Link } from "react-router";
import type { PaymentSummary } from "../../../../shared/schemas/billing-payments.ts";
import { Can } from "../../../components/auth/can.tsx";
import { DataTable, type DataColumn } from "../../../components/data/data-table.tsx";
import { ListPager } from "../../../components/data/list-pager.tsx";
import { useListParams } from "../../../components/data/use-list-params.ts";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { formatDay } from "../../../lib/format-time.ts";
import { accountHref, BILLING_PAGE_SIZE, BILLING_TABS, paymentHref, usePayments } from "../admin-api.ts";
import { AdminEmpty } from "./admin-empty.tsx";
import { AdminPaymentModal } from "./admin-payment-form.tsx";
import { PAYMENT_METHOD_LABELS } from "../format.ts";

const FILTERS = { tab: BILLING_TABS };

export function paymentColumns(currency: string, withFamily = true): DataColumn<PaymentSummary>[] {
  const money = (minor: number) => formatMoney(minor, currency);
  return [
    {
      header: "Received",
      rowHeader: true,
      nowrap: true,
      cell: (payment) => (
        <Anchor component={Link} to={paymentHref(payment.id)} fw={600}>
          {formatDay(payment.receivedOn)}
        </Anchor>
      ),
    },
    ...(withFamily
      ? [
          {
            header: "Family",
            maxWidth: 220,
            cell: (payment: PaymentSummary) => (
              <Anchor component={Link} to={accountHref(payment.accountId)} onClick={(event) => event.stopPropagation()}>
                {payment.accountName}
              </Anchor>
            ),
          },
        ]
      : []),
    { header: "Method", cell: (payment) => PAYMENT_METHOD_LABELS[payment.method] },
    { header: "Reference", maxWidth: 200, cell: (payment) => payment.reference || "—" },
    { header: "Amount", align: "right", nowrap: true, cell: (payment) => money(payment.amountMinor) },
    { header: "Allocated", align: "right", nowrap: true, cell: (payment) => money(payment.allocatedMinor) },
    { header: "Refunded", align: "right", nowrap: true, cell: (payment) => money(payment.refundedMinor) },
    { header: "Credit", align: "right", nowrap: true, cell: (payment) => money(payment.unallocatedMinor) },
  ];
}

/** Payments received, newest first (a row opens the payment), and "Record payment". */
export function AdminPaymentsList() {
  const list = useListParams(FILTERS);
  const payments = usePayments(null, list.params.page);
  const [recording, record] = useDisclosure(false);

  return (
    <Stack gap="md">
      <QueryState query={payments} label="payments">
        {(page) => (
          <>
            <Can permission="admin:billing:write">
              <Group>
                <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={record.open}>
                  Record payment
                </Button>
              </Group>
              <AdminPaymentModal opened={recording} onClose={record.close} currency={page.currency} />
            </Can>
            {page.total === 0 ? (
              <AdminEmpty
                title="No payments yet."
                description="Record a payment when a family pays: it is allocated to their open invoices, the rest is their credit."
              />
            ) : (
              <Box>
                <DataTable
                  rows={page.items}
                  columns={paymentColumns(page.currency)}
                  rowKey={(payment) => payment.id}
                  caption="Payments received, newest first"
                  captionHidden
                  listLabel="Payments"
                  minWidth={900}
                  rowHref={(payment) => paymentHref(payment.id)}
                  busy={payments.isPlaceholderData}
                  highlightOnHover
                />
                <ListPager
                  page={page.page}
                  pageSize={page.pageSize || BILLING_PAGE_SIZE}
                  total={page.total}
                  noun={["payment", "payments"]}
                  onPage={list.setPage}
                />
              </Box>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
