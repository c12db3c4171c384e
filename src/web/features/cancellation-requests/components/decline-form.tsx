import { Button, Group, Stack, Textarea } from "@mantine/core";
import type { FormEvent } from "react";
import { CANCELLATION_DECLINE_MAX } from "../../../../shared/schemas/cancellation-requests.ts";

/**
 * The reason for declining a cancellation request, which the family reads. Loaded when the
 * Decline button is first pressed (decide-actions.tsx keeps the state and sends it).
 */
export function DeclineForm({
  label,
  reason,
  reasonError,
  pending,
  onReason,
  onSubmit,
  onBack,
}: {
  label: string;
  reason: string;
  reasonError: string | null;
  pending: boolean;
  onReason: (reason: string) => void;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Decline the ${label}`}>
      <Stack gap="xs">
        <Textarea
          label="Reason for declining"
          description="The family reads it."
          withAsterisk
          value={reason}
          onChange={(event) => onReason(event.currentTarget.value)}
          error={reasonError}
          autosize
          minRows={2}
          maxLength={CANCELLATION_DECLINE_MAX}
        />
        <Group gap="xs">
          <Button type="submit" color="red" variant="light" loading={pending}>
            Decline request
          </Button>
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
