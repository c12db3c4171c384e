import { Stack } from "@mantine/core";
import { useParams } from "react-router";
import { BillingDocumentState } from "../../features/billing/components/billing-not-found.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { usePayRun } from "../../features/tutor-pay/api.ts";
import { PayRunActions, PayRunFacts, PayRunHeading, PayRunTutors } from "../../features/tutor-pay/components/pay-run-view.tsx";

const NOT_FOUND = {
  description: "It may have been mistyped in the address, or replaced by a newer draft. Find it in the pay runs list instead.",
  backTo: "/admin/pay?tab=runs",
  backLabel: "Back to pay runs",
};

/** One pay run: its period and status, Confirm, Mark paid, the payroll CSV, and each tutor's lines and total. */
export default function AdminPayRun() {
  const { payRunId = "" } = useParams();
  const run = usePayRun(payRunId);
  return (
    // Bottom room so that the floating Switch Role button never covers the last control.
    <Stack gap="lg" maw={1100} pb={64}>
      <div>
        <BackLink to="/admin/pay?tab=runs">Pay runs</BackLink>
      </div>
      <BillingDocumentState query={run} label="the pay run" notFoundTitle="Pay run not found" notFound={NOT_FOUND}>
        {(data) => (
          <>
            <PayRunHeading run={data} />
            <PayRunActions run={data} />
            <PayRunFacts run={data} />
            <PayRunTutors run={data} />
          </>
        )}
      </BillingDocumentState>
    </Stack>
  );
}
