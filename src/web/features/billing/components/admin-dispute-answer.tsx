import { Button, Group, SegmentedControl, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { disputeCreditSchema, disputeMessageCreateSchema, type Dispute } from "../../../../shared/schemas/billing-disputes.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";
import { moneyText } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCreditDispute, useExplainDispute, useWriteDisputeMessage } from "../admin-api.ts";
import { MoneyField, readAmount } from "./admin-money-field.tsx";

type Answer = "reply" | "explain" | "credit";
const ANSWERS = [
  { value: "reply", label: "Reply" },
  { value: "explain", label: "Explain and close" },
  { value: "credit", label: "Credit and close" },
];

/** An open dispute's answer: a reply in the thread, an explanation that closes it, or a credit note for part or all of the line. */
export function AdminDisputeAnswer({ dispute }: { dispute: Dispute }) {
  const [answer, setAnswer] = useState<Answer>("reply");
  return (
    <SectionCard title="Answer" description="The family's payers are emailed with your answer.">
      <SegmentedControl data={ANSWERS} value={answer} onChange={(value) => setAnswer(value as Answer)} aria-label="How to answer" fullWidth maw={520} />
      {answer === "credit" ? <CreditForm dispute={dispute} /> : <MessageForm key={answer} dispute={dispute} closes={answer === "explain"} />}
    </SectionCard>
  );
}

function MessageForm({ dispute, closes }: { dispute: Dispute; closes: boolean }) {
  const reply = useWriteDisputeMessage(dispute.id);
  const explain = useExplainDispute(dispute.id);
  const mutation = closes ? explain : reply;
  const { form, onSubmit, send, formError } = useApiForm(disputeMessageCreateSchema, mutation, { initialValues: { body: "" } });
  const submit = onSubmit((values) =>
    send(values, () => {
      notifySuccess(closes ? "Dispute explained" : "Reply sent", closes ? "The dispute is closed with your explanation." : "Your message is in the thread.");
      form.reset();
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={closes ? "Explanation" : "Message"}
          autosize
          minRows={3}
          maxLength={2000}
          required
          withAsterisk={false}
          {...form.getInputProps("body")}
        />
        <FormError error={formError} title={closes ? "Could not send the explanation" : "Could not send the reply"} />
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            {closes ? "Send explanation and close" : "Send reply"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreditForm({ dispute }: { dispute: Dispute }) {
  const credit = useCreditDispute(dispute.id);
  const { currency } = dispute;
  const { form, onSubmit, send, formError } = useApiForm(disputeCreditSchema, credit, {
    initialValues: { amount: moneyText(dispute.lineAmountMinor, currency), reason: `Credit for ${dispute.lineDescription}`.slice(0, 500) },
    input: (values) => {
      const amount = readAmount(values.amount, currency, "Amount");
      return "error" in amount ? null : { amountMinor: amount.minor, reason: values.reason };
    },
    fieldOf: (path) => (path[0] === "amountMinor" ? "amount" : path[0] === "reason" ? "reason" : null),
    validate: (values) => {
      const errors: Record<string, string> = {};
      const amount = readAmount(values.amount, currency, "Amount");
      if ("error" in amount) errors.amount = amount.error;
      return errors;
    },
  });
  const submit = onSubmit((values) => {
    const amount = readAmount(values.amount, currency, "Amount");
    if ("error" in amount) return;
    return send({ amountMinor: amount.minor, reason: values.reason }, (answered) =>
      notifySuccess("Credit note issued", `Credit note ${answered.creditNoteNumber ?? ""} answers the dispute.`),
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <MoneyField
          label={`Amount to credit (${currency})`}
          description="At most the line's amount."
          currency={currency}
          maw={260}
          {...form.getInputProps("amount")}
        />
        <TextInput label="Reason" description="Printed on the credit note." maxLength={500} {...form.getInputProps("reason")} />
        <FormError error={formError} title="Could not issue the credit note" />
        <Group>
          <Button type="submit" loading={credit.isPending}>
            Issue credit note and close
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
