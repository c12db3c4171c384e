import { EmptyState, Stack } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useFamilyBilling, useFamilyDisputes } from "../../features/billing/family-api.ts";
import { FamilyAccountView } from "../../features/billing/components/family-account.tsx";

/** The parent's billing: every account they pay, each with its balance, hours, documents and a statement. */
export default function ParentBillings() {
  const billing = useFamilyBilling();
  const disputes = useFamilyDisputes();
  return (
    <>
      <PageHeader title="Billing and packages" description="What you owe or have in credit, hours left, invoices, payments and statements." />
      <QueryState query={billing} label="your billing">
        {(data) =>
          data.accounts.length === 0 ? (
            <EmptyState
              py="xl"
              withIndicatorBackground
              icon={<IconReceipt size={28} aria-hidden="true" />}
              title="No billing account lists you as a payer yet."
              description="Your tutoring business adds you as the payer of your child's account. Ask them if you expected to see invoices here."
            />
          ) : (
            // Bottom room so that the floating Switch Role button never covers the last control.
            <Stack gap={48} pb={64}>
              {data.accounts.map((account) => (
                <FamilyAccountView
                  key={account.id}
                  account={account}
                  currency={data.currency}
                  disputes={(disputes.data?.items ?? []).filter((dispute) => dispute.accountId === account.id)}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </>
  );
}
