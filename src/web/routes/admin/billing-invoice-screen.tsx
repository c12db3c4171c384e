import { Alert, Anchor, Button, Group, Stack, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import type { InvoiceDetail } from "../../../shared/schemas/billing-invoices.ts";
import { QueryState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { accountHref, invoicePdfHref, useInvoice, useUpdateInvoice } from "../../features/billing/admin-api.ts";
import { AdminFeeLineForm } from "../../features/billing/components/admin-fee-line-form.tsx";
import { AdminInvoiceActions } from "../../features/billing/components/admin-invoice-actions.tsx";
import { AdminInvoiceActivity } from "../../features/billing/components/admin-invoice-activity.tsx";
import { InvoiceDocument } from "../../features/billing/components/invoice-document.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { notifySuccess } from "../../lib/notify.ts";

/** One invoice: the document; a draft's fee lines, issue and delete; an issued one's payments, credit notes, void and disputes. */
export default function AdminBillingInvoice() {
  const { invoiceId = "" } = useParams();
  const invoice = useInvoice(invoiceId);

  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="lg" maw={1100} pb={64}>
      <div>
        <BackLink to="/admin/billing?tab=invoices">Invoices</BackLink>
      </div>
      {invoice.isError && invoice.error instanceof ApiError && invoice.error.status === 404 ? (
        <>
          <Title order={1} size="h2">
            Invoice not found
          </Title>
          <Alert color="gray" title="This invoice does not exist in your workspace">
            It may have been mistyped in the address. Find it in the invoices list instead.
          </Alert>
        </>
      ) : (
        <QueryState query={invoice} label="the invoice">
          {(data) => <Invoice invoice={data} />}
        </QueryState>
      )}
    </Stack>
  );
}

function Invoice({ invoice }: { invoice: InvoiceDetail }) {
  const update = useUpdateInvoice(invoice.id);
  const draft = invoice.state === "draft";

  return (
    <>
      <Stack gap="xs">
        <Title order={1} size="h2">
          {invoice.number ? `Invoice ${invoice.number}` : "Draft invoice"}
        </Title>
        <Group gap="xs">
          <Anchor component={Link} to={accountHref(invoice.accountId)}>
            {invoice.accountName}
          </Anchor>
        </Group>
        <AdminInvoiceActions invoice={invoice} />
      </Stack>
      <InvoiceDocument
        invoice={invoice}
        area="admin"
        pdfHref={draft ? undefined : invoicePdfHref(invoice.id)}
        lineAction={
          draft
            ? (line) => (
                <Button
                  size="compact-sm"
                  variant="default"
                  color="red"
                  aria-label={`Remove ${line.description}`}
                  loading={update.isPending && update.variables?.removeLineIds?.includes(line.id)}
                  onClick={() =>
                    update.mutate({ removeLineIds: [line.id] }, { onSuccess: () => notifySuccess("Line removed", `${line.description} is off the draft.`) })
                  }
                >
                  Remove
                </Button>
              )
            : undefined
        }
      />
      {draft ? (
        <SectionCard
          title="Add a fee"
          description="A charge written by hand (materials, an exam fee). Its amount enters the family's balance when the invoice is issued."
        >
          <AdminFeeLineForm invoice={invoice} />
        </SectionCard>
      ) : null}
      {draft ? null : <AdminInvoiceActivity invoice={invoice} />}
    </>
  );
}
