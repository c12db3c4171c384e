import { Anchor, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, useParams } from "react-router";
import { disputeMessageCreateSchema, type Dispute } from "../../../shared/schemas/billing-disputes.ts";
import { useApiForm } from "../../components/forms/use-api-form.ts";
import { FormError } from "../../components/ui/form-error.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { BackToBilling } from "../../features/billing/components/back-to-billing.tsx";
import { SectionCard } from "../../components/ui/section-card.tsx";
import { BillingDocumentState } from "../../features/billing/components/billing-not-found.tsx";
import { DisputeStateBadge } from "../../features/billing/components/dispute-state-badge.tsx";
import { DisputeThread } from "../../features/billing/components/dispute-thread.tsx";
import { familyInvoicePath } from "../../features/billing/components/family-documents.tsx";
import { familyCreditNotePdfHref, useFamilyDispute, useWithdrawDispute, useWriteDisputeMessage } from "../../features/billing/family-api.ts";
import { formatMoney } from "../../lib/format-money.ts";
import { notifySuccess } from "../../lib/notify.ts";

const OUTCOME: Record<Dispute["state"], string> = {
  open: "Waiting for the tutoring business's answer. You can add to the thread meanwhile.",
  credited: "The tutoring business agreed and issued a credit note for this line.",
  explained: "The tutoring business explained the line; the thread is closed.",
  withdrawn: "You withdrew this question; the thread is closed.",
};

/** A question about one invoice line: its thread with the tutoring business, a new message, and withdrawing it. */
export default function ParentBillingDispute() {
  const { disputeId = "" } = useParams();
  const dispute = useFamilyDispute(disputeId);
  return (
    <Stack gap="md" pb={64}>
      <BackToBilling />
      <BillingDocumentState query={dispute} label="the question" notFoundTitle="Question not found">
        {(data) => (
          <>
            <PageHeader title={`Question about ${data.lineDescription}`}>
              <Group gap="xs">
                <DisputeStateBadge state={data.state} />
                <Text size="sm">
                  <Anchor underline="always" component={Link} to={familyInvoicePath(data.invoiceId)}>
                    Invoice {data.invoiceNumber}
                  </Anchor>
                  , line of {formatMoney(data.lineAmountMinor, data.currency)}
                </Text>
              </Group>
            </PageHeader>
            <SectionCard title="Thread" description={OUTCOME[data.state]}>
              {data.state === "credited" && data.creditNoteId ? (
                <Text>
                  Credit note {data.creditNoteNumber}:{" "}
                  <Anchor underline="always" href={familyCreditNotePdfHref(data.creditNoteId)} target="_blank" rel="noopener">
                    PDF of credit note {data.creditNoteNumber}
                  </Anchor>
                </Text>
              ) : null}
              <DisputeThread dispute={data} />
              {data.state === "open" ? <MessageForm disputeId={data.id} /> : null}
            </SectionCard>
            {data.state === "open" ? <WithdrawSection disputeId={data.id} /> : null}
          </>
        )}
      </BillingDocumentState>
    </Stack>
  );
}

function MessageForm({ disputeId }: { disputeId: string }) {
  const write = useWriteDisputeMessage(disputeId);
  const { form, onSubmit, send, formError } = useApiForm(disputeMessageCreateSchema, write, { initialValues: { body: "" } });
  const submit = onSubmit(({ body }) =>
    send({ body }, () => {
      form.reset();
      notifySuccess("Message sent", "The tutoring business is told by email.");
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea label="Add a message" autosize minRows={3} maxRows={10} {...form.getInputProps("body")} />
        <FormError error={formError} title="Could not send the message" />
        <Group>
          <Button type="submit" loading={write.isPending}>
            Send the message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function WithdrawSection({ disputeId }: { disputeId: string }) {
  const [opened, modal] = useDisclosure(false);
  const withdraw = useWithdrawDispute(disputeId);
  const { onSubmit, send, formError } = useApiForm(null, withdraw, { initialValues: {} });
  const submit = onSubmit(() =>
    send(undefined, () => {
      modal.close();
      notifySuccess("Question withdrawn", "The line stands as invoiced.");
    }),
  );
  return (
    <SectionCard title="Withdraw the question" description="When the line turns out to be right: the thread closes and the line stands as invoiced.">
      <Group>
        <Button variant="default" color="red" onClick={modal.open}>
          Withdraw the question
        </Button>
      </Group>
      <Modal opened={opened} onClose={modal.close} title="Withdraw this question?" centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text>The thread closes. You can question the line again later.</Text>
            <FormError error={formError} title="Could not withdraw the question" />
            <Group justify="flex-end">
              <Button variant="default" onClick={modal.close}>
                Keep it open
              </Button>
              <Button type="submit" color="red" loading={withdraw.isPending}>
                Withdraw
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </SectionCard>
  );
}
