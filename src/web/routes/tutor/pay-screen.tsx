import { Stack } from "@mantine/core";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { useOwnPayStatement } from "../../features/tutor-pay/api.ts";
import { PayStatementView } from "../../features/tutor-pay/components/pay-statement.tsx";
import { useStatementRange } from "../../features/tutor-pay/statement-range.ts";

/** The tutor's own pay statement, read-only: the same view admins see of it. */
export default function TutorPay() {
  const range = useStatementRange();
  const statement = useOwnPayStatement(range.query);
  return (
    <>
      <PageHeader title="My pay" description="What you earned lesson by lesson: what is still pending and why, which pay run holds it, and when it was paid." />
      {/* Bottom room so that the floating Switch Role button never covers the last row. */}
      <Stack gap="lg" maw={1200} pb={64}>
        <QueryState query={statement} label="your pay statement">
          {(data) => <PayStatementView statement={data} range={range} viewer="tutor" busy={statement.isPlaceholderData} />}
        </QueryState>
      </Stack>
    </>
  );
}
