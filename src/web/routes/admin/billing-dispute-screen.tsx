import { Alert, Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useParams } from "react-router";
import type { Dispute } from "../../../shared/schemas/billing-disputes.ts";
import { Can } from "../../components/auth/can.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { accountHref, invoiceHref, useDispute } from "../../features/billing/admin-api.ts";
import { AdminDisputeAnswer } from "../../features/billing/components/admin-dispute-answer.tsx";
import { DisputeStateBadge } from "../../features/billing/components/dispute-state-badge.tsx";
import { DisputeThread } from "../../features/billing/components/dispute-thread.tsx";
import { BackLink } from "../../features/students/components/people-ui.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { formatMoney } from "../../lib/format-money.ts";

/** A family's question about an invoice line: the thread, a reply, and the answer (an explanation or a credit). */
export default function AdminBillingDispute() {
  const { disputeId = "" } = useParams();
  const dispute = useDispute(disputeId);
  return (
    <Stack gap="lg" maw={900} pb={64}>
      <div>
        <BackLink to="/admin/billing?tab=disputes">Disputes</BackLink>
      </div>
      {dispute.isError && dispute.error instanceof ApiError && dispute.error.status === 404 ? (
        <>
          <Title order={1} size="h2">
            Dispute not found
          </Title>
          <Alert color="gray" title="This dispute does not exist in your workspace">
            Find it in the disputes list instead.
          </Alert>
        </>
      ) : (
        <QueryState query={dispute} label="the dispute">
          {(data) => <Thread dispute={data} />}
        </QueryState>
      )}
    </Stack>
  );
}

function Thread({ dispute }: { dispute: Dispute }) {
  return (
    <>
      <Stack gap="xs">
        <Title order={1} size="h2">
          Dispute about {dispute.lineDescription}
        </Title>
        <Group gap="sm">
          <DisputeStateBadge state={dispute.state} />
          <Text size="sm">
            <Anchor underline="always" component={Link} to={accountHref(dispute.accountId)}>
              {dispute.accountName}
            </Anchor>{" "}
            · invoice{" "}
            <Anchor underline="always" component={Link} to={invoiceHref(dispute.invoiceId)}>
              {dispute.invoiceNumber ?? "draft"}
            </Anchor>{" "}
            · line of {formatMoney(dispute.lineAmountMinor, dispute.currency)}
          </Text>
        </Group>
        {dispute.creditNoteNumber ? <Text size="sm">Answered with credit note {dispute.creditNoteNumber}.</Text> : null}
      </Stack>
      <SectionCard title="Thread">
        <DisputeThread dispute={dispute} />
      </SectionCard>
      {dispute.state === "open" ? (
        <Can permission="admin:billing:write">
          <AdminDisputeAnswer dispute={dispute} />
        </Can>
      ) : null}
    </>
  );
}
