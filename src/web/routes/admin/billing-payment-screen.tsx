import { Stack, Text, Title } from "@mantine/core";
import { useParams } from "react-router";
import type { Payment } from "../../../shared/schemas/billing-payments.ts";
import { Can } from "../../components/auth/can.tsx";
import { usePayment } from "../../features/billing/admin-api.ts";
import {
  AdminPaymentAllocations,
  AdminPaymentFacts,
  AdminPaymentFigures,
  AdminPaymentRefunds,
} from "../../features/billing/components/admin-payment-detail.tsx";
import { AdminRefundSection } from "../../features/billing/components/admin-refund-form.tsx";
import { BillingDocumentState } from "../../features/billing/components/billing-not-found.tsx";
import { PAYMENT_METHOD_LABELS } from "../../features/billing/format.ts";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { formatMoney } from "../../lib/format-money.ts";
import { formatDay } from "../../lib/format-time.ts";

const NOT_FOUND = {
  description: "It may have been mistyped in the address. Find it in the payments list instead.",
  backTo: "/admin/billing?tab=payments",
  backLabel: "Back to payments",
};

/** One payment: what was paid, what it paid, what is left as credit, its refunds, and a refund. */
export default function AdminBillingPayment() {
  const { paymentId = "" } = useParams();
  const payment = usePayment(paymentId);
  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="lg" maw={1100} pb={64}>
      <div>
        <BackLink to="/admin/billing?tab=payments">Payments</BackLink>
      </div>
      <BillingDocumentState query={payment} label="the payment" notFoundTitle="Payment not found" notFound={NOT_FOUND}>
        {(data) => <PaymentPage payment={data} />}
      </BillingDocumentState>
    </Stack>
  );
}

function PaymentPage({ payment }: { payment: Payment }) {
  return (
    <>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Payment of {formatMoney(payment.amountMinor, payment.currency)}
        </Title>
        <Text size="sm">
          {payment.accountName} · {PAYMENT_METHOD_LABELS[payment.method]} · received {formatDay(payment.receivedOn)}
        </Text>
      </Stack>
      <AdminPaymentFigures payment={payment} />
      <AdminPaymentFacts payment={payment} />
      <AdminPaymentAllocations payment={payment} />
      <AdminPaymentRefunds payment={payment} />
      <Can permission="admin:billing:write">
        <AdminRefundSection payment={payment} />
      </Can>
    </>
  );
}
