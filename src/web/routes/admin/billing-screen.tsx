import { Stack, Tabs } from "@mantine/core";
import type { ReactNode } from "react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { BILLING_TABS, type BillingTab } from "../../features/billing/admin-api.ts";
import { AdminAccountsList } from "../../features/billing/components/admin-accounts-list.tsx";
import { AdminAgedBalances } from "../../features/billing/components/admin-aged-balances.tsx";
import { AdminBatch } from "../../features/billing/components/admin-batch.tsx";
import { AdminCreditNotesList } from "../../features/billing/components/admin-credit-notes-list.tsx";
import { AdminDisputesList } from "../../features/billing/components/admin-disputes-list.tsx";
import { AdminExports } from "../../features/billing/components/admin-exports.tsx";
import { AdminInvoicesList } from "../../features/billing/components/admin-invoices-list.tsx";
import { AdminLedgerVerification } from "../../features/billing/components/admin-ledger-verification.tsx";
import { AdminPackages } from "../../features/billing/components/admin-packages.tsx";
import { AdminPaymentsList } from "../../features/billing/components/admin-payments-list.tsx";
import { useUrlTab } from "../../lib/use-url-tab.ts";

const TABS: Record<BillingTab, { label: string; panel: () => ReactNode }> = {
  families: { label: "Families", panel: () => <AdminAccountsList /> },
  invoices: { label: "Invoices", panel: () => <AdminInvoicesList /> },
  batch: { label: "Uninvoiced & batch", panel: () => <AdminBatch /> },
  payments: { label: "Payments", panel: () => <AdminPaymentsList /> },
  "credit-notes": { label: "Credit notes", panel: () => <AdminCreditNotesList /> },
  disputes: { label: "Disputes", panel: () => <AdminDisputesList /> },
  packages: { label: "Packages", panel: () => <AdminPackages /> },
  aged: { label: "Aged balances", panel: () => <AdminAgedBalances /> },
  ledger: { label: "Ledger", panel: () => <AdminLedgerVerification /> },
  exports: { label: "Exports", panel: () => <AdminExports /> },
};

/**
 * Billing: one screen whose tabs (families, invoices, the batch, payments, credit notes,
 * disputes, packages, aged balances, the ledger, exports) are kept in the URL (?tab=), so that
 * Back, a reload and a shared link open the same tab. Only the chosen tab's panel is drawn.
 */
export default function Billing() {
  const [tab, setTab] = useUrlTab(BILLING_TABS);

  return (
    <>
      <PageHeader title="Billing" description="Families' balances, invoices, payments, credit notes and packages, and the ledger that records every amount." />
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Stack gap="md" pb={64}>
        <Tabs value={tab} onChange={setTab} keepMounted={false} activateTabWithKeyboard={false}>
          <Tabs.List aria-label="Billing sections" style={{ flexWrap: "wrap" }}>
            {BILLING_TABS.map((key) => (
              <Tabs.Tab key={key} value={key}>
                {TABS[key].label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {BILLING_TABS.map((key) => (
            <Tabs.Panel key={key} value={key} pt="lg">
              {key === tab ? TABS[key].panel() : null}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}
