import { Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ADJUSTMENT_CATEGORIES, type AdjustmentCategory } from "../../../../shared/pay-states.ts";
import { adjustmentCreateSchema, type AdjustmentCreate } from "../../../../shared/schemas/tutor-pay.ts";
import { useApiForm } from "../../../components/forms/use-api-form.ts";
import { FormError } from "../../../components/ui/form-error.tsx";
import { formatMoney } from "../../../lib/format-money.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { amountOf, MoneyField, readAmount } from "../../billing/components/admin-money-field.tsx";
import { todayIn } from "../../billing/components/admin-period-fields.tsx";
import { useDateTime } from "../../session/display-time-zone.ts";
import { newIdempotencyKey, useAddAdjustment } from "../api.ts";
import { ADJUSTMENT_CATEGORY_LABELS } from "../format.ts";

const CATEGORY_OPTIONS = ADJUSTMENT_CATEGORIES.map((category) => ({ value: category, label: ADJUSTMENT_CATEGORY_LABELS[category] }));

interface AdjustmentValues {
  category: AdjustmentCategory;
  /** "pay": the tutor is paid more; "take": the amount is taken back (a negative adjustment). */
  direction: "pay" | "take";
  amount: string;
  reason: string;
  earnedOn: string;
}

/** "Add an adjustment": a modal whose form (and its idempotency key) is new each time it opens. */
export function AdjustmentModal({
  opened,
  onClose,
  memberId,
  tutorName,
  currency,
}: {
  opened: boolean;
  onClose: () => void;
  memberId: string;
  tutorName: string;
  currency: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Adjust ${tutorName}'s pay`} size="lg">
      {opened ? <AdjustmentForm memberId={memberId} tutorName={tutorName} currency={currency} onDone={onClose} /> : null}
    </Modal>
  );
}

function AdjustmentForm({ memberId, tutorName, currency, onDone }: { memberId: string; tutorName: string; currency: string; onDone: () => void }) {
  const { timeZone } = useDateTime();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const add = useAddAdjustment(memberId);

  // An amount that cannot be read is sent as 0 to the schema, so that the other fields are still
  // checked; the form's own rule names the amount (its message wins).
  const request = (values: AdjustmentValues): AdjustmentCreate => {
    const minor = amountOf(values.amount, currency);
    return {
      category: values.category,
      amountMinor: values.direction === "take" ? -minor : minor,
      reason: values.reason.trim(),
      earnedOn: values.earnedOn,
      idempotencyKey,
    };
  };

  const { form, onSubmit, send, formError } = useApiForm(adjustmentCreateSchema, add, {
    initialValues: { category: "travel", direction: "pay", amount: "", reason: "", earnedOn: todayIn(timeZone) } as AdjustmentValues,
    input: request,
    fieldOf: (path) => ({ category: "category", amountMinor: "amount", reason: "reason", earnedOn: "earnedOn" })[String(path[0])] ?? null,
    validate: (values): Record<string, string> => {
      const errors: Record<string, string> = {};
      const amount = readAmount(values.amount, currency, "Amount");
      if ("error" in amount) errors.amount = amount.error;
      if (!values.earnedOn) errors.earnedOn = "Date is required.";
      return errors;
    },
  });

  const submit = onSubmit((checked) =>
    send(request(checked), (earning) => {
      notifySuccess("Adjustment added", `${formatMoney(earning.amountMinor, currency)} for ${tutorName}, paid in the next pay run.`);
      onDone();
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">It is paid in the next pay run, and the tutor sees it on their statement with its reason.</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select label="Kind" data={CATEGORY_OPTIONS} allowDeselect={false} data-autofocus {...form.getInputProps("category")} />
          <TextInput type="date" label="Date" required withAsterisk={false} {...form.getInputProps("earnedOn")} />
        </SimpleGrid>
        <Radio.Group label="Direction" {...form.getInputProps("direction")}>
          <Group gap="lg" mt={6}>
            <Radio value="pay" label="Pay the tutor more" />
            <Radio value="take" label="Take back" />
          </Group>
        </Radio.Group>
        <MoneyField label={`Amount (${currency})`} currency={currency} required withAsterisk={false} {...form.getInputProps("amount")} />
        <TextInput
          label="Reason"
          description="The tutor reads it on their statement."
          required
          withAsterisk={false}
          maxLength={300}
          {...form.getInputProps("reason")}
        />
        <FormError error={formError} title="Could not add the adjustment" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add adjustment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
