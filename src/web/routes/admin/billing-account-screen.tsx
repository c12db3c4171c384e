import { Alert, Box, Button, Group, Stack, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useParams } from "react-router";
import type { AccountDetail } from "../../../shared/schemas/billing-accounts.ts";
import { Can } from "../../components/auth/can.tsx";
import { DataTable } from "../../components/data/data-table.tsx";
import { ListPager } from "../../components/data/list-pager.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { BILLING_PAGE_SIZE, invoiceHref, paymentHref, useAccount, useInvoices, usePayments } from "../../features/billing/admin-api.ts";
import { AdminAccountCards } from "../../features/billing/components/admin-account-cards.tsx";
import { AdminAccountHours } from "../../features/billing/components/admin-account-hours.tsx";
import { AdminAccountLedger } from "../../features/billing/components/admin-account-ledger.tsx";
import { AdminAccountMerge, AdminAccountSplit } from "../../features/billing/components/admin-account-merge-split.tsx";
import { AdminAccountFigures, AdminAccountPeople } from "../../features/billing/components/admin-account-overview.tsx";
import { AdminDraftInvoiceModal } from "../../features/billing/components/admin-draft-invoice.tsx";
import { AdminAccountStatement } from "../../features/billing/components/admin-account-statement.tsx";
import { invoiceColumns } from "../../features/billing/components/admin-invoices-list.tsx";
import { AdminPaymentModal } from "../../features/billing/components/admin-payment-form.tsx";
import { paymentColumns } from "../../features/billing/components/admin-payments-list.tsx";
import { AdminSellPackageModal } from "../../features/billing/components/admin-sell-package.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { ApiError } from "../../lib/api-client.ts";

/** A family's account: balance, hours, invoices, payments, payers, statements, the ledger, merge and split. */
export default function AdminBillingAccount() {
  const { accountId = "" } = useParams();
  const account = useAccount(accountId);
  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="lg" maw={1100} pb={64}>
      <div>
        <BackLink to="/admin/billing">Families</BackLink>
      </div>
      {account.isError && account.error instanceof ApiError && account.error.status === 404 ? (
        <>
          <Title order={1} size="h2">
            Family not found
          </Title>
          <Alert color="gray" title="This account does not exist in your workspace">
            It may have been merged into another family, or mistyped in the address. Find the family in the list instead.
          </Alert>
        </>
      ) : (
        <QueryState query={account} label="the family's account">
          {(data) => <Account account={data} />}
        </QueryState>
      )}
    </Stack>
  );
}

function Account({ account }: { account: AccountDetail }) {
  const [selling, sell] = useDisclosure(false);
  const [paying, pay] = useDisclosure(false);
  const [drafting, draft] = useDisclosure(false);
  const [invoicePage, setInvoicePage] = useState(1);
  const [paymentPage, setPaymentPage] = useState(1);
  const invoices = useInvoices({ state: null, accountId: account.id, from: null, to: null, page: invoicePage });
  const payments = usePayments(account.id, paymentPage);

  return (
    <>
      <Stack gap="sm">
        <Title order={1} size="h2">
          {account.name}
        </Title>
        <Can permission="admin:billing:write">
          <Group gap="sm">
            <Button onClick={sell.open}>Sell a package</Button>
            <Button variant="default" onClick={pay.open}>
              Record payment
            </Button>
            <Button variant="default" onClick={draft.open}>
              Draft an invoice
            </Button>
          </Group>
          <AdminDraftInvoiceModal opened={drafting} onClose={draft.close} account={account} />
          <AdminSellPackageModal opened={selling} onClose={sell.close} account={account} />
          <AdminPaymentModal opened={paying} onClose={pay.close} currency={account.currency} family={{ id: account.id, name: account.name }} />
        </Can>
      </Stack>
      <AdminAccountFigures account={account} />
      <SectionCard
        title="Hours"
        description="Package hours left per student, used soonest-expiring first; the run-out date counts the sessions already scheduled."
      >
        <AdminAccountHours accountId={account.id} />
      </SectionCard>
      <SectionCard title="Invoices">
        <QueryState query={invoices} label="the family's invoices">
          {(page) => (
            <Box>
              <DataTable
                rows={page.items}
                columns={invoiceColumns(false)}
                rowKey={(invoice) => invoice.id}
                caption={`Invoices of ${account.name}, overdue first`}
                captionHidden
                listLabel="Invoices"
                minWidth={820}
                rowHref={(invoice) => invoiceHref(invoice.id)}
                busy={invoices.isPlaceholderData}
                highlightOnHover
                empty={<Alert color="gray">No invoices yet.</Alert>}
              />
              <ListPager
                page={page.page}
                pageSize={page.pageSize || BILLING_PAGE_SIZE}
                total={page.total}
                noun={["invoice", "invoices"]}
                onPage={setInvoicePage}
                withSummary={false}
              />
            </Box>
          )}
        </QueryState>
      </SectionCard>
      <SectionCard title="Payments">
        <QueryState query={payments} label="the family's payments">
          {(page) => (
            <Box>
              <DataTable
                rows={page.items}
                columns={paymentColumns(page.currency, false)}
                rowKey={(payment) => payment.id}
                caption={`Payments from ${account.name}, newest first`}
                captionHidden
                listLabel="Payments"
                minWidth={760}
                rowHref={(payment) => paymentHref(payment.id)}
                busy={payments.isPlaceholderData}
                highlightOnHover
                empty={<Alert color="gray">No payments yet.</Alert>}
              />
              <ListPager
                page={page.page}
                pageSize={page.pageSize || BILLING_PAGE_SIZE}
                total={page.total}
                noun={["payment", "payments"]}
                onPage={setPaymentPage}
                withSummary={false}
              />
            </Box>
          )}
        </QueryState>
      </SectionCard>
      <SectionCard title="Card payments" description="The card saved for autopay, autopay's tries with Stripe's reasons, and payments through Stripe Checkout.">
        <AdminAccountCards accountId={account.id} />
      </SectionCard>
      <AdminAccountPeople account={account} />
      <SectionCard title="Statement" description="Opening balance, every entry of the period and the closing balance.">
        <AdminAccountStatement accountId={account.id} />
      </SectionCard>
      <SectionCard title="Ledger entries">
        <AdminAccountLedger accountId={account.id} />
      </SectionCard>
      <Can permission="admin:billing:write">
        <SectionCard title="Merge or split" description="When two accounts are one family, or one account holds two families." danger>
          <AdminAccountMerge account={account} />
          <AdminAccountSplit account={account} />
        </SectionCard>
      </Can>
    </>
  );
}
