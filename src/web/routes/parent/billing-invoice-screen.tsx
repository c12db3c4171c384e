import { Stack } from "@mantine/core";
import { useParams } from "react-router";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { BackToBilling } from "../../features/billing/components/back-to-billing.tsx";
import { BillingDocumentState } from "../../features/billing/components/billing-not-found.tsx";
import { InvoiceDocument } from "../../features/billing/components/invoice-document.tsx";
import { PayByCard } from "../../features/billing/components/pay-by-card.tsx";
import { QuestionLine } from "../../features/billing/components/question-line.tsx";
import { familyInvoicePdfHref, useFamilyDisputes, useFamilyInvoice } from "../../features/billing/family-api.ts";

/** One invoice of an account the parent pays: every line explained and linked to its session, the PDF, and "Question this line". */
export default function ParentBillingInvoice() {
  const { invoiceId = "" } = useParams();
  const invoice = useFamilyInvoice(invoiceId);
  const disputes = useFamilyDisputes();

  return (
    <Stack gap="md" pb={64}>
      <BackToBilling />
      <BillingDocumentState query={invoice} label="the invoice" notFoundTitle="Invoice not found">
        {(data) => {
          // Until the questions are read, no line offers a new one (it may have one already).
          const questionable = data.state !== "void" && data.state !== "draft" && disputes.isSuccess;
          return (
            <>
              <PageHeader title={`Invoice ${data.number ?? ""}`.trim()} description={`For ${data.accountName}. Question any line you do not recognise.`} />
              {data.state !== "void" && data.state !== "draft" && (
                <PayByCard invoiceId={data.id} outstandingMinor={data.outstandingMinor} currency={data.currency} />
              )}
              <InvoiceDocument
                invoice={data}
                area="parent"
                pdfHref={familyInvoicePdfHref(data.id)}
                lineAction={
                  questionable
                    ? (line) =>
                        line.live ? (
                          <QuestionLine
                            invoiceId={data.id}
                            line={line}
                            currency={data.currency}
                            dispute={(disputes.data?.items ?? []).find((dispute) => dispute.invoiceLineId === line.id && dispute.state !== "withdrawn")}
                          />
                        ) : null
                    : undefined
                }
              />
            </>
          );
        }}
      </BillingDocumentState>
    </Stack>
  );
}
