import { Anchor, Badge, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "react-router";
import { disputeOpenSchema, type DisputeSummary } from "../../../../shared/schemas/billing-disputes.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useOpenDispute } from "../family-api.ts";
import type { InvoiceLine } from "./invoice-document.tsx";
import { familyDisputePath } from "./family-disputes.tsx";

/**
 * The end of an invoice line for its payer: "Question this line" (a reason, then the tutoring
 * business answers in a thread), or, once asked, where the question stands and its thread.
 */
export function QuestionLine({
  invoiceId,
  line,
  currency,
  dispute,
}: {
  invoiceId: string;
  line: InvoiceLine;
  currency: string;
  dispute: DisputeSummary | undefined;
}) {
  const [opened, modal] = useDisclosure(false);
  if (dispute) {
    const label =
      dispute.state === "credited"
        ? `Credited${dispute.creditNoteNumber ? ` (${dispute.creditNoteNumber})` : ""}`
        : dispute.state === "open"
          ? "Questioned"
          : dispute.state === "explained"
            ? "Answered"
            : "Question withdrawn";
    return (
      <Group gap="xs" wrap="wrap">
        <Badge
          variant="outline"
          color={dispute.state === "credited" ? "teal" : "grape"}
          tt="none"
          style={{ whiteSpace: "nowrap" }}
          styles={{ label: { overflow: "visible" } }}
        >
          {label}
        </Badge>
        <Anchor component={Link} to={familyDisputePath(dispute.id)} size="sm" aria-label={`Thread about ${line.description}`}>
          Thread
        </Anchor>
      </Group>
    );
  }
  return (
    <>
      <Button variant="default" size="compact-sm" onClick={modal.open} aria-label={`Question this line: ${line.description}`}>
        Question this line
      </Button>
      <Modal opened={opened} onClose={modal.close} title="Question this line" size="lg" centered>
        {opened ? <QuestionForm invoiceId={invoiceId} line={line} currency={currency} onClose={modal.close} /> : null}
      </Modal>
    </>
  );
}

function QuestionForm({ invoiceId, line, currency, onClose }: { invoiceId: string; line: InvoiceLine; currency: string; onClose: () => void }) {
  const open = useOpenDispute(invoiceId);
  const { form, onSubmit, send, formError } = useApiForm(disputeOpenSchema, open, { initialValues: { reason: "" } });
  const submit = onSubmit(({ reason }) =>
    send({ lineId: line.id, reason }, () => {
      onClose();
      notifySuccess("Question sent", "The tutoring business answers in the line's thread; you hear of it by email.");
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          {line.description}: {formatMoney(line.amountMinor, currency)}
        </Text>
        <Textarea
          label="What is wrong with this line?"
          description="Say what you expected instead: the tutoring business reads it and answers here."
          autosize
          minRows={3}
          maxRows={10}
          data-autofocus
          {...form.getInputProps("reason")}
        />
        <FormError error={formError} title="Could not send the question" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={open.isPending}>
            Send the question
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
